// What the product says about itself wherever a person asks (the widget's About line, perceptron-cli
// --version, the package manifests): its version (from project(VERSION), core/about/version.hpp), its
// licence, and where the third-party notices are. One place, so the three readers cannot disagree.
#pragma once
#include <string>
#include <string_view>

#include "core/about/version.hpp"

namespace pl::about {

inline constexpr std::string_view kName = "Perceptron Lab";
inline constexpr std::string_view kLicence = "MIT";  // SPDX identifier (LICENSE at the repository's root)
inline constexpr std::string_view kCopyright = "Copyright (c) 2026 The Perceptron Lab authors";
// The file beside the widget (and in every package) that lists the third-party works inside it with
// their licence texts; written at build time from the build's inputs (scripts/notices.mjs).
inline constexpr std::string_view kNoticesFile = "THIRD_PARTY_NOTICES.txt";

// "Perceptron Lab 0.2.0, MIT licence; third-party notices: THIRD_PARTY_NOTICES.txt"
std::string about_line();

}  // namespace pl::about
