// write_zip: libzip (native: Debian's libzip-dev, found by pkg-config in CMakeLists.txt; the Node build:
// the same version built from Debian's source by scripts/setup.sh). The archive is written
// to a temporary name first and renamed at the end (zip_close), so a failed write leaves no half zip.
#include "zip_archive.hpp"

#include <cstdio>
#include <zip.h>

namespace pl::cli {

namespace {

// Every entry gets this one date and time, 1980-01-01 12:00:00, the first day a zip can hold. libzip would
// stamp each entry with the local time of the run, so two packages of the same lesson made a few seconds
// (or time zones) apart would differ in bytes; with one fixed stamp the same lesson always gives the same
// zip, and the native and the Node (WebAssembly) CLI give identical files (tests/e2e/cli_node.test.mjs).
// libzip turns the DOS fields into a time_t with mktime and back with localtime, both in the zone of the
// run: noon, not midnight, so no zone's clock change on that day can move the stamp.
constexpr zip_uint16_t kDosDate = (1980 - 1980) << 9 | 1 << 5 | 1;  // year since 1980 | month | day
constexpr zip_uint16_t kDosTime = 12 << 11 | 0 << 5 | 0;            // hour | minute | second / 2

std::string libzip_error(zip_t* archive) {
    const char* text = zip_strerror(archive);
    return text ? text : "unknown error";
}

}  // namespace

std::string write_zip(const std::string& path, const std::vector<pl::packaging::PackageFile>& files) {
    int code = 0;
    zip_t* archive = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (!archive) {
        zip_error_t error;
        zip_error_init_with_code(&error, code);
        std::string message = "The zip \"" + path + "\" cannot be written (" + zip_error_strerror(&error) + ").";
        zip_error_fini(&error);
        return message;
    }
    for (const pl::packaging::PackageFile& file : files) {
        // The bytes stay owned by `files` until zip_close, which is when libzip reads them (freep = 0).
        zip_source_t* source = zip_source_buffer(archive, file.bytes.data(), file.bytes.size(), 0);
        if (!source) {
            std::string message = "The zip \"" + path + "\" cannot be written (" + libzip_error(archive) + ").";
            zip_discard(archive);
            return message;
        }
        const zip_int64_t index = zip_file_add(archive, file.path.c_str(), source, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE);
        if (index < 0) {
            zip_source_free(source);
            std::string message = "The file \"" + file.path + "\" cannot be added to the zip (" + libzip_error(archive) + ").";
            zip_discard(archive);
            return message;
        }
        zip_set_file_compression(archive, static_cast<zip_uint64_t>(index), ZIP_CM_DEFLATE, 9);
        if (zip_file_set_dostime(archive, static_cast<zip_uint64_t>(index), kDosTime, kDosDate, 0) != 0) {
            std::string message = "The file \"" + file.path + "\" cannot be dated in the zip (" + libzip_error(archive) + ").";
            zip_discard(archive);
            return message;
        }
    }
    if (zip_close(archive) != 0) {
        std::string message = "The zip \"" + path + "\" cannot be written (" + libzip_error(archive) + ").";
        zip_discard(archive);
        std::remove(path.c_str());
        return message;
    }
    return "";
}

}  // namespace pl::cli
