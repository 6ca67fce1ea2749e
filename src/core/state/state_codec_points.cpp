// The `d` value of a link: the points packed as grid integers, delta + zig-zag + LEB128 varints and
// labels as bits, in base64url (the format is described in state_codec.hpp).
#include "core/state/state_codec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include "core/base/base64url.hpp"
#include "core/base/decimal.hpp"

namespace pl {

namespace {

constexpr std::int64_t kMaxGridValue = static_cast<std::int64_t>(kMaxAbsCoordinate / kGridStep);
constexpr const char* kDamaged = "The link is damaged: the point data ";

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<std::uint8_t>((value & 0x7F) | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(value));
}

// Small magnitudes of either sign become small unsigned numbers: 0,-1,1,-2,... -> 0,1,2,3,...
std::uint64_t zigzag(std::int64_t v) {
    return v < 0 ? (static_cast<std::uint64_t>(-(v + 1)) << 1) | 1u : static_cast<std::uint64_t>(v) << 1;
}
std::int64_t unzigzag(std::uint64_t u) {
    const auto half = static_cast<std::int64_t>(u >> 1);
    return (u & 1u) ? -half - 1 : half;
}

std::int64_t to_grid(double x) {
    if (!std::isfinite(x)) return 0;
    const double clamped = std::min(std::max(x, -kMaxAbsCoordinate), kMaxAbsCoordinate);
    return static_cast<std::int64_t>(std::round(clamped / kGridStep));  // round: ties away from zero, as snap_to_grid
}

struct ByteReader {
    const std::vector<std::uint8_t>& bytes;
    std::size_t pos = 0;
    std::size_t left() const { return bytes.size() - pos; }

    // "" when a canonical varint of at most 64 bits was read; else what went wrong.
    const char* varint(std::uint64_t& out) {
        out = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= bytes.size()) return "ends in the middle of a point.";
            const std::uint8_t byte = bytes[pos++];
            const std::uint64_t bits = byte & 0x7Fu;
            if (shift == 63 && bits > 1) return "contains a malformed number.";  // more than 64 bits
            out |= bits << shift;
            if (!(byte & 0x80)) return (byte == 0 && shift > 0) ? "contains a malformed number." : "";
        }
        return "contains a malformed number.";
    }
};

}  // namespace

std::string encode_points(const Dataset& data) {
    std::vector<std::uint8_t> bytes;
    const auto dim = static_cast<std::size_t>(std::max(data.dim, 0));
    bytes.reserve(4 + data.size() / 8 + data.size() * dim * 2);
    put_varint(bytes, dim);
    put_varint(bytes, data.size());
    for (std::size_t i = 0; i < data.size(); i += 8) {
        std::uint8_t bits = 0;
        for (std::size_t j = i; j < std::min(i + 8, data.size()); ++j)
            if (j < data.labels.size() && data.labels[j] > 0) bits = static_cast<std::uint8_t>(bits | (1u << (j - i)));
        bytes.push_back(bits);
    }
    std::vector<std::int64_t> previous(dim, 0);
    for (const Vec& p : data.points)
        for (std::size_t c = 0; c < dim; ++c) {
            const std::int64_t q = to_grid(c < p.size() ? p[c] : 0.0);
            put_varint(bytes, zigzag(q - previous[c]));
            previous[c] = q;
        }
    return base64url_encode(bytes);
}

std::string decode_points(std::string_view text, Dataset& out) {
    if (text.empty()) return std::string(kDamaged) + "is empty.";
    std::vector<std::uint8_t> bytes;
    if (!base64url_decode(text, bytes))
        return std::string(kDamaged) + "has characters that cannot be there, or it was cut short.";
    ByteReader in{bytes};
    std::uint64_t dim = 0, n = 0;
    if (const char* e = in.varint(dim); *e) return std::string(kDamaged) + e;
    if (dim < 1 || dim > static_cast<std::uint64_t>(kMaxDimension))
        return "The link's points have dimension " + std::to_string(dim) + "; the widget handles 1 to " +
               std::to_string(kMaxDimension) + ".";
    if (const char* e = in.varint(n); *e) return std::string(kDamaged) + e;
    if (n > kMaxPoints)
        return "The link holds " + std::to_string(n) + " points; the widget holds at most " +
               std::to_string(kMaxPoints) + ".";
    const std::size_t count = static_cast<std::size_t>(n), label_bytes = (count + 7) / 8;
    if (in.left() < label_bytes) return std::string(kDamaged) + "ends in the middle of the labels.";
    // Every coordinate takes at least one byte: checking this first bounds the memory we reserve.
    if (in.left() - label_bytes < count * dim) return std::string(kDamaged) + "ends in the middle of a point.";
    Dataset data;
    data.dim = static_cast<int>(dim);
    data.labels.resize(count);
    for (std::size_t i = 0; i < count; ++i)
        data.labels[i] = (bytes[in.pos + i / 8] >> (i % 8)) & 1u ? 1 : -1;
    if (count % 8 != 0 && (bytes[in.pos + label_bytes - 1] >> (count % 8)) != 0)
        return std::string(kDamaged) + "has stray bits after the last label.";
    in.pos += label_bytes;
    data.points.assign(count, Vec(static_cast<std::size_t>(dim), 0.0));
    std::vector<std::int64_t> previous(static_cast<std::size_t>(dim), 0);
    for (std::size_t i = 0; i < count; ++i)
        for (std::size_t c = 0; c < dim; ++c) {
            std::uint64_t coded = 0;
            if (const char* e = in.varint(coded); *e) return std::string(kDamaged) + e;
            const std::int64_t delta = unzigzag(coded);
            // |delta| <= 2 * kMaxGridValue for any valid pair, so the sum below cannot overflow.
            if (delta > 2 * kMaxGridValue || delta < -2 * kMaxGridValue || std::llabs(previous[c] + delta) > kMaxGridValue)
                return "The link is damaged: point " + std::to_string(i + 1) + " has a coordinate beyond +-" +
                       shortest_decimal(kMaxAbsCoordinate) + ".";
            previous[c] += delta;
            data.points[i][c] = static_cast<double>(previous[c]) * kGridStep;  // exact: a multiple of kGridStep
        }
    if (in.left() != 0) return std::string(kDamaged) + "has extra bytes after the last point.";
    out = std::move(data);
    return {};
}

}  // namespace pl
