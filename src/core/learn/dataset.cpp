// Presets and seeded generators. Every coordinate is snapped to the 1/1024 grid (see dataset.hpp).
// Random draws are always made one per statement, in a fixed order: the order in which function
// arguments are evaluated differs between compilers (GCC and Clang disagree), and two draws inside one
// call would give different points natively and in the browser.
#include "core/learn/dataset.hpp"

#include <algorithm>
#include <cmath>

#include "core/learn/rng.hpp"
#include "core/base/decimal.hpp"

namespace pl {

namespace {

constexpr double kPi = 3.14159265358979323846;

double clamp(double v, double lo, double hi) { return std::isfinite(v) ? std::min(std::max(v, lo), hi) : lo; }

void add_snapped(Dataset& data, double x1, double x2, int label) {
    data.add({snap_to_grid(x1), snap_to_grid(x2)}, label);
}

Dataset square_gate(int at_mm, int at_mp, int at_pm, int at_pp) {
    Dataset data;
    data.add({-1, -1}, at_mm);
    data.add({-1, 1}, at_mp);
    data.add({1, -1}, at_pm);
    data.add({1, 1}, at_pp);
    return data;
}

// Labels alternate -1, +1, -1, ... so every generated set has both classes, as balanced as n allows.
int alternating_label(int i) { return i % 2 == 0 ? -1 : 1; }

// A hidden line u.x + c = 0 in a random direction; each point is placed at signed distance
// y * (margin + r), r in [2/1024, 1.5], and at a uniform position along the line. Snapping moves a point
// by at most sqrt(2)/2048 < 2/1024, so the snapped point is still at least `margin` from the line.
// line_rng draws the line (the distribution), rng the points: a test set (make_sample) draws new points
// about the same line; make_preset uses one generator for both, as it always did.
Dataset separable_margin(const GeneratorParams& p, Rng& line_rng, Rng& rng) {
    const double margin = clamp(p.margin, kGeneratorMarginRange.min, kGeneratorMarginRange.max);
    const double angle = line_rng.uniform(0.0, 2.0 * kPi);
    const double u1 = std::cos(angle), u2 = std::sin(angle);
    const double offset = line_rng.uniform(-0.5, 0.5);
    Dataset data;
    for (int i = 0; i < p.n; ++i) {
        const int y = alternating_label(i);
        const double along = rng.uniform(-2.5, 2.5);
        const double r = rng.uniform(2.0 * kGridStep, 1.5);
        const double distance = y * (margin + r);
        // Foot of the perpendicular from the origin is -offset*u; move `along` the line, `distance` across.
        const double x1 = -offset * u1 - along * u2 + distance * u1;
        const double x2 = -offset * u2 + along * u1 + distance * u2;
        add_snapped(data, x1, x2, y);
    }
    return data;
}

Dataset circles(const GeneratorParams& p, Rng& rng) {
    Dataset data;
    for (int i = 0; i < p.n; ++i) {
        const int y = alternating_label(i);
        const double angle = rng.uniform(0.0, 2.0 * kPi);
        // Inner disc: sqrt makes the density uniform over the area. Ring: radius in [1.6, 2.4].
        const double radius = y > 0 ? 1.0 * std::sqrt(rng.uniform01()) : rng.uniform(1.6, 2.4);
        const double jitter1 = p.noise * rng.normal();
        const double jitter2 = p.noise * rng.normal();
        add_snapped(data, radius * std::cos(angle) + jitter1, radius * std::sin(angle) + jitter2, y);
    }
    return data;
}

Dataset moons(const GeneratorParams& p, Rng& rng) {
    Dataset data;
    for (int i = 0; i < p.n; ++i) {
        const int y = alternating_label(i);
        const double t = rng.uniform(0.0, kPi);
        // Upper moon (+1) is the top half of the unit circle; the lower moon (-1) is the bottom half,
        // shifted right by 1 and up by 1/2. Then centre on the origin and scale by 1.5.
        double a = std::cos(t), b = std::sin(t);
        if (y < 0) { a = 1.0 - a; b = 0.5 - b; }
        const double jitter1 = p.noise * rng.normal();
        const double jitter2 = p.noise * rng.normal();
        add_snapped(data, 1.5 * (a - 0.5) + jitter1, 1.5 * (b - 0.25) + jitter2, y);
    }
    return data;
}

Dataset xor_blobs(const GeneratorParams& p, Rng& rng) {
    Dataset data;
    const double spread = 0.3 + p.noise;
    for (int i = 0; i < p.n; ++i) {
        const double c1 = (i % 2 == 0) ? 1.5 : -1.5;
        const double c2 = ((i / 2) % 2 == 0) ? 1.5 : -1.5;
        const int y = (c1 * c2 > 0) ? -1 : 1;  // like XOR: exactly one coordinate "true" -> +1
        const double offset1 = spread * rng.normal();
        const double offset2 = spread * rng.normal();
        add_snapped(data, c1 + offset1, c2 + offset2, y);
    }
    return data;
}

Dataset overlap(const GeneratorParams& p, Rng& rng) {
    Dataset data;
    const double spread = 0.25 + 3.0 * p.noise;
    for (int i = 0; i < p.n; ++i) {
        const int y = alternating_label(i);
        const double centre = 0.9 * y;
        const double offset1 = spread * rng.normal();
        const double offset2 = spread * rng.normal();
        add_snapped(data, centre + offset1, centre + offset2, y);
    }
    return data;
}

Dataset spirals(const GeneratorParams& p, Rng& rng) {
    Dataset data;
    for (int i = 0; i < p.n; ++i) {
        const int y = alternating_label(i);
        const double t = rng.uniform01();
        const double radius = 0.25 + 2.25 * t;
        const double angle = 3.0 * kPi * t + (y > 0 ? 0.0 : kPi);  // 1.5 turns; classes half a turn apart
        const double jitter1 = 0.5 * p.noise * rng.normal();
        const double jitter2 = 0.5 * p.noise * rng.normal();
        add_snapped(data, radius * std::cos(angle) + jitter1, radius * std::sin(angle) + jitter2, y);
    }
    return data;
}

}  // namespace

// "+ 0.0" turns -0 into +0, so a snapped point and its link round trip compare equal bit for bit.
double snap_to_grid(double value) { return std::round(value / kGridStep) * kGridStep + 0.0; }

bool is_on_grid(double value) { return std::isfinite(value) && snap_to_grid(value) == value; }

std::size_t count_label(const Dataset& data, int label) {
    return static_cast<std::size_t>(std::count(data.labels.begin(), data.labels.end(), label));
}

std::string validate(const Dataset& data) {
    if (data.dim < 1) return "the dimension must be at least 1";
    if (data.dim > kMaxDimension)
        return "the points have " + std::to_string(data.dim) + " coordinates; the widget handles 1 to " + std::to_string(kMaxDimension);
    if (data.points.size() != data.labels.size()) return "the number of labels differs from the number of points";
    for (std::size_t i = 0; i < data.points.size(); ++i) {
        // The point's name only once something is wrong with it: 100,000 strings would be 15 ms of an import.
        const auto which = [i] { return "point " + std::to_string(i + 1); };
        if (data.points[i].size() != static_cast<std::size_t>(data.dim))
            return which() + " has " + std::to_string(data.points[i].size()) + " coordinates, expected " +
                   std::to_string(data.dim);
        for (double v : data.points[i])
            if (!std::isfinite(v)) return which() + " has a coordinate that is not a finite number";
            else if (std::fabs(v) > kMaxAbsCoordinate)
                return which() + " has a coordinate larger than " + shortest_decimal(kMaxAbsCoordinate) + " in size";
        if (data.labels[i] != 1 && data.labels[i] != -1) return which() + " has a label other than +1 or -1";
    }
    return {};
}

bool is_generated(Preset preset) {
    switch (preset) {
        case Preset::SeparableMargin:
        case Preset::Circles:
        case Preset::Moons:
        case Preset::XorBlobs:
        case Preset::Overlap:
        case Preset::Spirals: return true;
        default: return false;
    }
}

Dataset make_preset(Preset preset, const GeneratorParams& params) {
    GeneratorParams p = params;
    p.n = std::clamp(p.n, static_cast<int>(kGeneratedPointsRange.min), static_cast<int>(kGeneratedPointsRange.max));
    p.noise = clamp(p.noise, kGeneratorNoiseRange.min, kGeneratorNoiseRange.max);
    Rng rng(p.seed);
    switch (preset) {
        case Preset::And: return square_gate(-1, -1, -1, 1);
        case Preset::Or: return square_gate(-1, 1, 1, 1);
        case Preset::Nand: return square_gate(1, 1, 1, -1);
        case Preset::Xor: return square_gate(-1, 1, 1, -1);
        case Preset::Lecture4: {
            Dataset data;
            data.add({1, 2}, 1);
            data.add({2, 1}, 1);
            data.add({-1, -1}, -1);
            data.add({-1, 1}, -1);
            return data;
        }
        case Preset::Bias1D: {
            // Negatives on the left, positives on the right, all on the positive half-line: a threshold
            // through 0 puts them all on one side; the threshold x = 1.5 separates them.
            Dataset data;
            data.dim = 1;
            for (double x : {0.25, 0.75, 1.25}) data.add({x}, -1);
            for (double x : {1.75, 2.25, 2.75}) data.add({x}, 1);
            return data;
        }
        case Preset::SinglePoint: {
            Dataset data;
            data.add({1.5, 0.5}, 1);
            return data;
        }
        case Preset::SinglePointNearOrigin: {
            // |x|^2 = 0.125: each mistake raises the score by only that much (by 1.125 with the absorbed 1),
            // while a random start w0 in (-1, 1)^d may score the point as low as -0.5 (-1.5).
            Dataset data;
            data.add({0.25, 0.25}, 1);
            return data;
        }
        case Preset::SeparableMargin: return separable_margin(p, rng, rng);
        case Preset::Circles: return circles(p, rng);
        case Preset::Moons: return moons(p, rng);
        case Preset::XorBlobs: return xor_blobs(p, rng);
        case Preset::Overlap: return overlap(p, rng);
        case Preset::Spirals: return spirals(p, rng);
    }
    return {};
}

Dataset make_sample(Preset preset, const GeneratorParams& params, std::uint64_t sample_seed) {
    if (preset != Preset::SeparableMargin) {
        GeneratorParams p = params;
        p.seed = sample_seed;
        return make_preset(preset, p);  // the other generators draw nothing but points
    }
    GeneratorParams p = params;
    p.n = std::clamp(p.n, static_cast<int>(kGeneratedPointsRange.min), static_cast<int>(kGeneratedPointsRange.max));
    Rng line_rng(params.seed), point_rng(sample_seed);
    return separable_margin(p, line_rng, point_rng);
}

bool lecture_settings(Preset preset, TrainConfig& config) {
    if (preset != Preset::Lecture4) return false;
    config.algorithm = Algorithm::Perceptron;
    config.bias = BiasMode::None;
    config.order = Order::Sequential;
    config.init = Init::Zero;
    config.eta = 1.0;
    config.lift = LiftKind::None;
    return true;
}

}  // namespace pl
