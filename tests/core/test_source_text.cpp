// Every text a person reads comes from the sources: the C++ strings, the web modules, the pages, the
// docs. Each of those files must be valid UTF-8, and none may hold double-encoded UTF-8 (mojibake: a
// "±" saved as UTF-8, read back as Latin-1 and saved again reads "A-circumflex, plus-minus" on the canvas; issue 29 found the
// XOR/AND/OR/NAND preset names so). The patterns are written as byte escapes so this file passes itself.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "core/state/names.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kRepo = fs::path(PL_TEST_DATA_DIR) / ".." / "..";

// Byte offset of the first invalid UTF-8 sequence (overlong forms, surrogates and code points above
// U+10FFFF count as invalid), or npos.
std::size_t first_invalid_utf8(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t len = 0;
        unsigned cp = 0, min = 0;
        if (b < 0x80) { ++i; continue; }
        if ((b & 0xE0) == 0xC0) { len = 2; cp = b & 0x1F; min = 0x80; }
        else if ((b & 0xF0) == 0xE0) { len = 3; cp = b & 0x0F; min = 0x800; }
        else if ((b & 0xF8) == 0xF0) { len = 4; cp = b & 0x07; min = 0x10000; }
        else return i;
        if (i + len > s.size()) return i;
        for (std::size_t k = 1; k < len; ++k) {
            const auto c = static_cast<unsigned char>(s[i + k]);
            if ((c & 0xC0) != 0x80) return i;
            cp = (cp << 6) | (c & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
        i += len;
    }
    return std::string::npos;
}

// Byte offset of the first double-encoded character, or npos: a UTF-8 lead byte 0xC2/0xC3 read as
// Latin-1 and encoded again becomes U+00C2/U+00C3 (bytes C3 82 / C3 83) followed by a character
// U+0080..U+00BF (bytes C2 80..BF); a three-byte character such as an en dash or a curly quote
// (E2 80 ..) becomes U+00E2 then U+20AC (the euro sign, which Windows-1252 puts at 0x80).
std::size_t first_mojibake(const std::string& s) {
    for (std::size_t i = 0; i + 3 < s.size(); ++i) {
        const auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
        if (at(0) == 0xC3 && (at(1) == 0x82 || at(1) == 0x83) && at(2) == 0xC2 && at(3) >= 0x80 && at(3) <= 0xBF) return i;
        if (at(0) == 0xC3 && at(1) == 0xA2 && at(2) == 0xE2 && at(3) == 0x82) return i;
    }
    return std::string::npos;
}

std::vector<fs::path> text_sources() {
    const std::set<std::string> text_ext{".cpp", ".hpp", ".h", ".js", ".mjs", ".html", ".css", ".md", ".glsl",
                                         ".vert", ".frag", ".txt", ".json", ".cmake", ".sh", ".tsv", ".csv"};
    std::vector<fs::path> files;
    for (const char* dir : {"src", "web", "shaders", "tests", "docs", "scripts", "bench", "cmake"}) {
        if (!fs::exists(kRepo / dir)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(kRepo / dir)) {
            // The fuzzers' seed corpus holds hostile bytes on purpose.
            if (entry.is_regular_file() && text_ext.count(entry.path().extension().string()) &&
                entry.path().string().find("corpus") == std::string::npos)
                files.push_back(entry.path());
        }
    }
    for (const char* top : {"README.md", "ACCESSIBILITY.md", "CMakeLists.txt"})
        if (fs::exists(kRepo / top)) files.push_back(kRepo / top);
    return files;
}

// Line number (1-based) of a byte offset, for a message a person can act on.
std::size_t line_of(const std::string& text, std::size_t offset) {
    return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
}

// The first test name in a C++ test file that holds a ';', with its line ("" when none). ctest's
// doctest discovery splits a name at ';' into names that match no test (each then runs nothing and
// fails); a person reads the failure far from its cause.
std::string name_with_semicolon(const std::string& text) {
    const std::string opening = std::string("TEST_") + "CASE(\"";  // split: this file must pass itself
    for (std::size_t at = text.find(opening); at != std::string::npos; at = text.find(opening, at + 1)) {
        const std::size_t begin = at + opening.size();
        const std::size_t end = text.find("\")", begin);
        if (end == std::string::npos) break;
        const std::string name = text.substr(begin, end - begin);
        if (name.find(';') != std::string::npos) return "line " + std::to_string(line_of(text, at)) + ": " + name;
    }
    return "";
}

}  // namespace

TEST_CASE("source text: no test name holds a semicolon (ctest would split it into names that run nothing)") {
    CHECK(name_with_semicolon(std::string("TEST_") + "CASE(\"a; b\") {}") == "line 1: a; b");
    CHECK(name_with_semicolon(std::string("x\nTEST_") + "CASE(\"a, b\") { f(1; 2); }") == "");
    std::size_t read = 0;
    for (const auto& file : text_sources()) {
        if (file.extension() != ".cpp" || file.string().find("/tests/") == std::string::npos) continue;
        std::ifstream in(file, std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ++read;
        INFO(file.string());
        CHECK(name_with_semicolon(text) == "");
    }
    CHECK(read > 50);  // the walk found the tests
}

TEST_CASE("source text: every source and doc file is valid UTF-8 with no double-encoded characters") {
    const auto files = text_sources();
    REQUIRE(files.size() > 100);  // the walk found the tree
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::size_t bad = first_invalid_utf8(text);
        const std::size_t mojibake = first_mojibake(text);
        INFO(file.string());
        CHECK_MESSAGE(bad == std::string::npos, "invalid UTF-8 on line ", (bad == std::string::npos ? 0 : line_of(text, bad)));
        CHECK_MESSAGE(mojibake == std::string::npos, "double-encoded UTF-8 on line ",
                      (mojibake == std::string::npos ? 0 : line_of(text, mojibake)));
    }
}

TEST_CASE("source text: the checks themselves catch what they are for") {
    CHECK(first_mojibake("XOR (inputs \xC3\x82\xC2\xB1" "1)") == 12);  // the preset names of issue 29
    CHECK(first_mojibake("caf\xC3\x83\xC2\xA9 ") == 3);
    CHECK(first_mojibake("a \xC3\xA2\xE2\x82\xAC\xE2\x80\x9C b") == 2);   // an en dash saved twice
    CHECK(first_mojibake("XOR (inputs \xC2\xB1" "1) \xE2\x88\x92 caf\xC3\xA9 \xE2\x80\x93") == std::string::npos);
    CHECK(first_invalid_utf8("ok \xCE\xB3 \xE2\x80\x96w\xE2\x80\x96") == std::string::npos);
    CHECK(first_invalid_utf8("latin-1 \xB1") == 8);
    CHECK(first_invalid_utf8("overlong \xC0\xAF") == 9);
    CHECK(first_invalid_utf8("surrogate \xED\xA0\x80") == 10);
    CHECK(first_invalid_utf8("cut \xE2\x88") == 4);
}

TEST_CASE("source text: the preset names read as written (XOR (inputs \xC2\xB1" "1))") {
    for (pl::Preset preset : pl::enum_values<pl::Preset>()) {
        const std::string name(pl::display_name(preset));
        CAPTURE(name);
        CHECK(first_invalid_utf8(name) == std::string::npos);
        CHECK(first_mojibake(name + "    ") == std::string::npos);
    }
    CHECK(std::string(pl::display_name(pl::Preset::Xor)) == "XOR (inputs \xC2\xB1" "1)");
}
