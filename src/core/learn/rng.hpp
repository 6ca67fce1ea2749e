// Our own pseudo-random generator (xoshiro256** seeded by SplitMix64).
// Why not <random>: std:: distributions are implementation-defined, so libstdc++ (native) and
// libc++ (Emscripten) would give different "random" orders for the same seed, and a shared link
// would replay differently in the browser than in the native app. Everything here is integer
// arithmetic or IEEE-exact operations, so one seed gives one sequence on every target.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace pl {

class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

    void reseed(std::uint64_t seed) {
        std::uint64_t x = seed;
        for (auto& word : state_) word = splitmix64(x);
    }

    std::uint64_t next_u64() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // Uniform in [0, 1) with 53 random bits: exact, no rounding differences between targets.
    double uniform01() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform01(); }

    // Uniform integer in [0, n) without modulo bias (Lemire-free simple rejection).
    std::size_t below(std::size_t n) {
        if (n <= 1) return 0;
        const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
        std::uint64_t r;
        do { r = next_u64(); } while (r >= limit);
        return static_cast<std::size_t>(r % n);
    }

    // Standard normal by the polar (Marsaglia) method: only +, *, sqrt and log.
    // sqrt is IEEE-exact; log may differ in the last ulp between libms, which is why data sets that
    // must be bit-identical across targets are quantised after generation (see dataset.hpp).
    double normal() {
        if (has_spare_) { has_spare_ = false; return spare_; }
        double u, v, s;
        do {
            u = uniform(-1.0, 1.0);
            v = uniform(-1.0, 1.0);
            s = u * u + v * v;
        } while (s >= 1.0 || s == 0.0);
        const double factor = std::sqrt(-2.0 * std::log(s) / s);
        spare_ = v * factor;
        has_spare_ = true;
        return u * factor;
    }

    // Fisher-Yates, driven by below(): the same permutation on every target.
    template <class T>
    void shuffle(std::vector<T>& items) {
        for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static std::uint64_t splitmix64(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint64_t state_[4]{};
    double spare_ = 0.0;
    bool has_spare_ = false;
};

}  // namespace pl
