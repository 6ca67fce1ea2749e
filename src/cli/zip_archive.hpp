// A tiny wrapper around libzip: write a list of files (core/packaging/package_files.hpp) as one zip.
#pragma once
#include <string>
#include <vector>

#include "core/packaging/package_files.hpp"

namespace pl::cli {

// Writes `files` to a new zip at `path` (replacing an existing file), deflated, in the given order.
// Returns "" on success, otherwise one sentence saying what went wrong (for exit code 2).
std::string write_zip(const std::string& path, const std::vector<pl::packaging::PackageFile>& files);

}  // namespace pl::cli
