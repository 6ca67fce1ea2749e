#include "core/base/base64url.hpp"

namespace pl {

namespace {
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// 0..63 for a base64url character, -1 for anything else.
int sextet(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}
}  // namespace

std::string base64url_encode(const std::uint8_t* bytes, std::size_t size) {
    std::string out;
    out.reserve((size * 4 + 2) / 3);
    std::size_t i = 0;
    for (; i + 3 <= size; i += 3) {  // three bytes = 24 bits = four characters
        const unsigned group = (unsigned{bytes[i]} << 16) | (unsigned{bytes[i + 1]} << 8) | bytes[i + 2];
        out += kAlphabet[(group >> 18) & 63];
        out += kAlphabet[(group >> 12) & 63];
        out += kAlphabet[(group >> 6) & 63];
        out += kAlphabet[group & 63];
    }
    const std::size_t rest = size - i;  // 1 byte -> 2 characters, 2 bytes -> 3 characters
    if (rest > 0) {
        unsigned group = unsigned{bytes[i]} << 16;
        if (rest == 2) group |= unsigned{bytes[i + 1]} << 8;
        out += kAlphabet[(group >> 18) & 63];
        out += kAlphabet[(group >> 12) & 63];
        if (rest == 2) out += kAlphabet[(group >> 6) & 63];
    }
    return out;
}

bool base64url_decode(std::string_view text, std::vector<std::uint8_t>& out) {
    for (int pad = 0; pad < 2 && !text.empty() && text.back() == '='; ++pad) text.remove_suffix(1);
    if (text.size() % 4 == 1) return false;  // 6 bits cannot hold a byte
    out.clear();
    out.reserve(text.size() / 4 * 3 + 2);
    unsigned bits = 0;
    int bit_count = 0;
    for (char c : text) {
        const int value = sextet(c);
        if (value < 0) return false;
        bits = (bits << 6) | static_cast<unsigned>(value);
        bit_count += 6;
        if (bit_count >= 8) {
            bit_count -= 8;
            out.push_back(static_cast<std::uint8_t>((bits >> bit_count) & 0xFFu));
        }
        bits &= (1u << bit_count) - 1u;  // keep only the bits not yet emitted
    }
    return bits == 0;  // the unused low bits of the last character must be zero (one text per byte string)
}

}  // namespace pl
