// A scratch path of this test process under the system's temporary folder. The plain build's and the
// ASan build's tests run at the same time in the test command: a fixed name let one remove the other's
// files mid-test, so every name carries the process id. Header-only; not a test file itself.
#pragma once
#include <unistd.h>

#include <filesystem>
#include <string>

namespace pl::test {

inline std::filesystem::path temp_path(const std::string& name) {
    return std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
}

}  // namespace pl::test
