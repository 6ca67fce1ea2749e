// Base64url (RFC 4648 section 5): bytes as text that is safe in a URL without escaping.
// Alphabet A-Z a-z 0-9 '-' '_'; we write no '=' padding (links stay short). The decoder is strict
// so a damaged link is noticed rather than half-read: it rejects any other character, a length that
// no byte string encodes (4k+1), and non-zero leftover bits in the last character. Trailing '='
// padding, which some tools add, is accepted.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pl {

std::string base64url_encode(const std::uint8_t* bytes, std::size_t size);
inline std::string base64url_encode(const std::vector<std::uint8_t>& bytes) {
    return base64url_encode(bytes.data(), bytes.size());
}

// true and `out` = the bytes when `text` is valid base64url; false (out unspecified) otherwise.
bool base64url_decode(std::string_view text, std::vector<std::uint8_t>& out);

}  // namespace pl
