// Presets and generators: shape, labels, the 1/1024 grid, determinism per seed, the promised margin.
#include <doctest/doctest.h>

#include <cmath>

#include "core/learn/dataset.hpp"
#include "core/state/names.hpp"
#include "core/theory/theory.hpp"

using namespace pl;

TEST_CASE("snap_to_grid and is_on_grid") {
    CHECK(snap_to_grid(0.1) == 102.0 / 1024.0);
    CHECK(snap_to_grid(-1.0) == -1.0);
    CHECK(is_on_grid(0.5));
    CHECK(is_on_grid(-2.75));
    CHECK_FALSE(is_on_grid(0.1));
    CHECK_FALSE(is_on_grid(std::nan("")));
}

TEST_CASE("every preset is a valid, non-empty data set on the grid") {
    for (Preset preset : enum_values<Preset>()) {
        CAPTURE(to_string(preset));
        const Dataset d = make_preset(preset);
        CHECK_FALSE(d.empty());
        CHECK(validate(d).empty());
        for (const Vec& x : d.points)
            for (double v : x) {
                CHECK(is_on_grid(v));
                CHECK(std::fabs(v) <= 4.0);
            }
        if (preset != Preset::SinglePoint && preset != Preset::SinglePointNearOrigin) {
            CHECK(count_label(d, 1) > 0);
            CHECK(count_label(d, -1) > 0);
        }
        if (is_generated(preset)) CHECK(d.size() == 100);
    }
}

TEST_CASE("fixed presets") {
    const Dataset x = make_preset(Preset::Xor);
    REQUIRE(x.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(std::fabs(x.points[i][0]) == 1.0);
        CHECK(x.labels[i] == (x.points[i][0] * x.points[i][1] < 0 ? 1 : -1));
    }
    const Dataset a = make_preset(Preset::And), n = make_preset(Preset::Nand), o = make_preset(Preset::Or);
    for (std::size_t i = 0; i < 4; ++i) {
        const bool both = a.points[i][0] > 0 && a.points[i][1] > 0;
        const bool either = o.points[i][0] > 0 || o.points[i][1] > 0;
        CHECK(a.labels[i] == (both ? 1 : -1));
        CHECK(n.labels[i] == -a.labels[i]);
        CHECK(o.labels[i] == (either ? 1 : -1));
    }
    const Dataset four = make_preset(Preset::Lecture4);
    REQUIRE(four.size() == 4);
    CHECK(four.points[0] == Vec{1, 2});
    CHECK(four.labels == std::vector<int>{1, 1, -1, -1});
    CHECK(make_preset(Preset::Bias1D).dim == 1);
    CHECK(make_preset(Preset::SinglePoint).size() == 1);
    // Fixed presets ignore the generator parameters.
    GeneratorParams p;
    p.n = 7;
    p.seed = 99;
    CHECK(make_preset(Preset::Xor, p).points == x.points);
}

TEST_CASE("generators are deterministic per seed and differ across seeds") {
    GeneratorParams p;
    p.n = 50;
    p.seed = 42;
    for (Preset preset : enum_values<Preset>()) {
        if (!is_generated(preset)) continue;
        CAPTURE(to_string(preset));
        const Dataset a = make_preset(preset, p), b = make_preset(preset, p);
        CHECK(a.points == b.points);
        CHECK(a.labels == b.labels);
        CHECK(a.size() == 50);
        GeneratorParams q = p;
        q.seed = 43;
        CHECK(make_preset(preset, q).points != a.points);
    }
}

TEST_CASE("separable generator keeps its margin") {
    for (double margin : {0.0, 0.1, 0.5, 1.0}) {
        for (std::uint64_t seed : {1u, 2u, 3u}) {
            GeneratorParams p;
            p.n = 60;
            p.margin = margin;
            p.seed = seed;
            const Dataset d = make_preset(Preset::SeparableMargin, p);
            const Separator s = max_margin_with_bias(d.points, d.labels);
            REQUIRE(s.separable);
            CHECK(s.margin >= margin);
        }
    }
}

TEST_CASE("overlap grows with noise") {
    GeneratorParams p;
    p.n = 200;
    p.noise = 0.0;
    const Dataset tight = make_preset(Preset::Overlap, p);
    CHECK(linearly_separable(tight.points, tight.labels, true));
    p.noise = 0.5;
    const Dataset wide = make_preset(Preset::Overlap, p);
    CHECK_FALSE(linearly_separable(wide.points, wide.labels, true));
}

TEST_CASE("validate reports malformed data") {
    Dataset d;
    d.add({1, 2}, 1);
    CHECK(validate(d).empty());
    d.add({1}, -1);
    CHECK(validate(d).find("point 2") != std::string::npos);
    Dataset e;
    e.add({1, 2}, 0);
    CHECK_FALSE(validate(e).empty());
    Dataset f;
    f.add({1, std::nan("")}, 1);
    CHECK_FALSE(validate(f).empty());
}

// Pinned outputs (in units of 1/1024) for the default parameters. The same numbers come out of the
// Emscripten build (checked when this table was made); a change here means shared links would show
// different points than before, so it must be deliberate.
TEST_CASE("generator outputs are pinned") {
    struct Pinned {
        const char* preset;
        double first_x, first_y, last_x, last_y;
    };
    const Pinned table[] = {
        {"separable", 604, 681, -554, -1040}, {"circles", -469, -2171, 347, 52},
        {"moons", 1757, -580, -2310, 0},      {"xor-blobs", 2308, 1614, -1829, -1838},
        {"overlap", 140, -815, 519, 507},     {"spirals", -1730, -493, -1215, 1920},
    };
    for (const Pinned& row : table) {
        CAPTURE(row.preset);
        Preset preset{};
        REQUIRE(parse(row.preset, preset));
        const Dataset d = make_preset(preset);
        REQUIRE(d.size() == 100);
        CHECK(d.points.front()[0] * 1024 == row.first_x);
        CHECK(d.points.front()[1] * 1024 == row.first_y);
        CHECK(d.points.back()[0] * 1024 == row.last_x);
        CHECK(d.points.back()[1] * 1024 == row.last_y);
    }
}
