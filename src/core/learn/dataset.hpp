// Labelled points of any dimension, presets from the lectures and seeded generators.
//
// Coordinates of every preset and generated set are multiples of 1/1024 (kGridStep). Such numbers
// (of modest size) are exact in binary floating point, so
//   * the URL codec, which stores coordinates quantised to the same grid, round-trips them bit for bit;
//   * a seed gives the same points natively and in WebAssembly even though sin/cos/log may differ in
//     the last bit between math libraries: the tiny differences vanish when the value is snapped.
// Generators draw from pl::Rng (rng.hpp), never from <random>.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/learn/vec.hpp"
#include "core/base/config.hpp"
#include "core/base/limits.hpp"

namespace pl {

struct Dataset {
    int dim = 2;
    std::vector<Vec> points;  // each of size dim
    std::vector<int> labels;  // each +1 or -1

    std::size_t size() const { return points.size(); }
    bool empty() const { return points.empty(); }
    void add(Vec x, int y) { points.push_back(std::move(x)); labels.push_back(y); }
};

// [SECTION] The coordinate grid
// (The limits on coordinates, dimension and point count are in limits.hpp.)
inline constexpr double kGridStep = 1.0 / 1024.0;
double snap_to_grid(double value);          // nearest multiple of kGridStep (ties away from zero)
bool is_on_grid(double value);              // value is an exact multiple of kGridStep
std::size_t count_label(const Dataset& data, int label);
// Empty string when the data set is well formed (every point has `dim` finite coordinates, every
// label is +1 or -1, as many labels as points); otherwise a sentence saying what is wrong.
std::string validate(const Dataset& data);

// [SECTION] Presets
// The logic-gate presets use the bipolar encoding false = -1, true = +1, so the four inputs are the
// corners of the square [-1,1]^2, centred on the canvas origin (their names say "inputs ±1"). (The McCulloch-Pitts gates of lecture
// 002 use {0,1}; the bipolar square is the same truth table shifted and scaled, and it keeps the
// picture symmetric.) XOR is the classic four-point set that no line separates.
enum class Preset {
    And,              // +1 only at (1,1)
    Or,               // -1 only at (-1,-1)
    Nand,             // the negation of And
    Xor,              // +1 where exactly one input is true
    Lecture4,         // lecture 004 training set: (1,2)+ (2,1)+ (-1,-1)- (-1,1)-
    Bias1D,           // 1-D: needs a threshold away from 0; a constant feature makes it separable
    SinglePoint,      // the quiz: one positive point
    SinglePointNearOrigin,  // the quiz's second half: a short x, so a random start can miss it many times
    SeparableMargin,  // random line, every point at distance >= margin from it   (generator)
    Circles,          // disc (+1) inside a ring (-1)                              (generator)
    Moons,            // two interleaved half-circles                              (generator)
    XorBlobs,         // four Gaussian blobs in an XOR layout                      (generator)
    Overlap,          // two Gaussian clouds; noise controls how much they overlap (generator)
    Spirals           // two interleaved spirals                                   (generator)
};

struct GeneratorParams {
    int n = 100;          // number of points (generators; clamped to kGeneratedPointsRange, limits.hpp)
    double noise = 0.1;   // Gaussian jitter / spread (clamped to kGeneratorNoiseRange)
    double margin = 0.2;  // SeparableMargin only: minimum distance to the hidden line (kGeneratorMarginRange)
    std::uint64_t seed = 1;
};

bool is_generated(Preset preset);  // true for the generators; fixed presets ignore GeneratorParams
Dataset make_preset(Preset preset, const GeneratorParams& params = {});
// More points from the same distribution as make_preset(preset, params): the same generator with the
// points drawn from sample_seed. For SeparableMargin the hidden line stays the one params.seed drew (a
// test set about another line would test nothing); the other generators have no hidden parameters.
Dataset make_sample(Preset preset, const GeneratorParams& params, std::uint64_t sample_seed);

// [SECTION] The lectures' own settings
// A preset holds points only. Lecture4 is lecture 004's worked example, which runs the textbook
// perceptron without a bias (w (1, 2) -> (2, 1), bound (R/gamma*)^2 = 5): lecture_settings gives the
// config that reproduces it, keeping what the lecture does not fix (epoch cap, seed, kernel parameters).
// Returns false (config unchanged) for presets that are not a lecture example with settings of its own.
bool lecture_settings(Preset preset, TrainConfig& config);

}  // namespace pl
