// One hash for the change keys (the regions' repaint key, the scene's facts key, the frame's
// draw lists): equal inputs give equal keys within a run, nothing more is asked of it (no key is kept
// or sent anywhere). Eight bytes a step: the draw lists of a frame are a few hundred KB, hashed every frame.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pl {

inline constexpr std::uint64_t kHashSeed = 1469598103934665603ull;

inline std::uint64_t hash_bytes(std::uint64_t h, const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, p + i, 8);
        h = (h ^ word) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    for (; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

}  // namespace pl
