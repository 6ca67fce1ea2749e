// What a package (SCORM, H5P, ...) holds, as plain data: the files and their bytes, in the order they go
// into the archive. The core builds these lists; the CLI (src/cli/zip_archive.hpp) and the browser
// (fflate) zip them, so both write the same package.
#pragma once
#include <string>
#include <vector>

namespace pl::packaging {

struct PackageFile {
    std::string path;   // inside the archive, '/'-separated, no leading '/'
    std::string bytes;  // the file's content (text or binary)
};

using PackageFiles = std::vector<PackageFile>;

}  // namespace pl::packaging
