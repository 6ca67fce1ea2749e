// Which characters the UI font has (cmake/FontRanges.cmake, the subset the font is cut to), for tests
// of texts the widget draws (header-only; not a test file itself).
#pragma once
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace pl::test {

inline std::vector<std::pair<unsigned, unsigned>> font_ranges() {
    std::ifstream file(std::string(PL_TEST_DATA_DIR) + "/../../cmake/FontRanges.cmake");
    std::stringstream text;
    text << file.rdbuf();
    const std::string all = text.str();
    const std::size_t start = all.find("PL_FONT_UNICODES \"");
    REQUIRE(start != std::string::npos);
    std::stringstream list(all.substr(start + 18, all.find('"', start + 18) - start - 18));
    std::vector<std::pair<unsigned, unsigned>> ranges;
    std::string item;
    while (std::getline(list, item, ',')) {
        const std::size_t dash = item.find('-');
        const unsigned lo = static_cast<unsigned>(std::stoul(item.substr(2, dash - 2), nullptr, 16));
        const unsigned hi = dash == std::string::npos ? lo : static_cast<unsigned>(std::stoul(item.substr(dash + 1), nullptr, 16));
        ranges.emplace_back(lo, hi);
    }
    return ranges;
}

// The first character of `text` (UTF-8) the font lacks, as "U+xxxx", or "" when the font has them all.
inline std::string missing_glyph(const std::string& text) {
    static const auto ranges = font_ranges();
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        unsigned cp = n == 1 ? c : c & (0xFFu >> (n + 1));
        for (std::size_t k = 1; k < n && i + k < text.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
        i += n;
        if (cp == '\n') continue;
        bool found = false;
        for (const auto& r : ranges) found = found || (cp >= r.first && cp <= r.second);
        if (!found) {
            std::ostringstream o;
            o << "U+" << std::hex << cp;
            return o.str();
        }
    }
    return {};
}

}  // namespace pl::test
