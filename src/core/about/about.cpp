#include "core/about/about.hpp"

namespace pl::about {

std::string about_line() {
    return std::string(kName) + " " + std::string(kVersion) + ", " + std::string(kLicence) +
           " licence; third-party notices: " + std::string(kNoticesFile);
}

}  // namespace pl::about
