// The URL fragment codec: base64url, the point packing, round trips of every setting (bit-exact
// doubles), link length, the frozen v=1 defaults, hostile input (never a crash, always a sentence),
// and a Session round trip that compares the replayed learner bit for bit.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/session/session.hpp"
#include "core/base/base64url.hpp"
#include "core/state/names.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"

using namespace pl;

namespace pl::test_state {

// A grid point as the codec reads it back: the grid integer has no sign of zero, so -0 becomes +0.
double grid(double x) { return snap_to_grid(x) + 0.0; }

// A random state within the limits the codec enforces (shared with test_state_json.cpp).
WidgetState random_state(std::uint64_t seed) {
    std::mt19937_64 gen(seed);
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(gen); };
    auto integer = [&](long long lo, long long hi) { return std::uniform_int_distribution<long long>(lo, hi)(gen); };
    auto coin = [&] { return integer(0, 1) == 1; };
    auto pick = [&](const auto& values) { return values[static_cast<std::size_t>(integer(0, static_cast<long long>(values.size()) - 1))]; };

    WidgetState s;
    s.data.dim = static_cast<int>(integer(0, 3) == 0 ? integer(1, kMaxDimension) : integer(1, 2));
    const auto n = static_cast<std::size_t>(integer(0, 3) == 0 ? 0 : integer(1, 300));
    const double reach = pick(std::vector<double>{1.0, 5.0, 1000.0, kMaxAbsCoordinate});
    for (std::size_t i = 0; i < n; ++i) {
        Vec x(static_cast<std::size_t>(s.data.dim));
        for (double& v : x) v = grid(uniform(-reach, reach));
        s.data.add(std::move(x), coin() ? 1 : -1);
    }
    s.held_out.dim = s.data.dim;  // test points: none in a third of the states
    const auto tests = static_cast<std::size_t>(integer(0, 2) == 0 ? 0 : integer(1, 60));
    for (std::size_t i = 0; i < tests; ++i) {
        Vec x(static_cast<std::size_t>(s.data.dim));
        for (double& v : x) v = grid(uniform(-reach, reach));
        s.held_out.add(std::move(x), coin() ? 1 : -1);
    }
    s.hand.on = coin();
    s.hand.w1 = uniform(-5, 5);
    s.hand.w2 = pick(std::vector<double>{0.0, -1.0, 0.125, uniform(-5, 5)});
    s.hand.k = uniform(-5, 5);
    s.config.algorithm = pick(enum_values<Algorithm>());
    s.config.bias = pick(enum_values<BiasMode>());
    s.config.order = pick(enum_values<Order>());
    s.config.init = pick(enum_values<Init>());
    s.config.seed = gen();
    s.config.eta = uniform(1e-6, 10.0);
    s.config.max_epochs = static_cast<int>(integer(1, 1'000'000));
    s.config.lift = pick(enum_values<LiftKind>());
    s.config.kernel.type = pick(enum_values<KernelType>());
    s.config.kernel.degree = static_cast<int>(integer(1, 20));
    s.config.kernel.coef0 = uniform(-5, 5);
    s.config.kernel.sigma = uniform(1e-3, 10);
    s.config.kernel.gamma = uniform(0, 10);
    s.config.kernel.scale = uniform(-3, 3);
    s.config.kernel.theta = uniform(-3, 3);
    s.config.outlier_threshold = static_cast<int>(integer(0, 1000));
    s.config.logistic_decay = uniform(0, 1);
    s.view.center_x = uniform(-100, 100);
    s.view.center_y = uniform(-100, 100);
    s.view.span = uniform(1e-3, 1000);
    for (bool* b : {&s.panels.controls, &s.panels.theory, &s.panels.plots, &s.panels.lift_view, &s.panels.margin_band,
                    &s.panels.max_margin, &s.panels.hulls, &s.panels.field, &s.panels.trail, &s.panels.dark,
                    &s.panels.high_contrast})
        *b = coin();
    s.panels.text_size = static_cast<int>(integer(100, 200));
    s.edit_policy = coin() ? EditPolicy::Reset : EditPolicy::Continue;
    s.active_label = coin() ? 1 : -1;
    s.online_mode = coin();
    s.readonly = coin();
    s.trained_visits = static_cast<std::uint64_t>(integer(0, static_cast<long long>(kMaxTrainedVisits)));
    s.preset = pick(std::vector<std::string>{"lecture4", "custom", "xor-blobs", "my data.csv", "caf\xC3\xA9 & 100% =?#", ""});
    return s;
}

// Two states are equal when every field is; doubles compared bit for bit.
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void check_same_state(const WidgetState& a, const WidgetState& b) {
    REQUIRE(a.data.dim == b.data.dim);
    REQUIRE(a.data.size() == b.data.size());
    CHECK(a.data.labels == b.data.labels);
    for (std::size_t i = 0; i < a.data.size(); ++i) {
        REQUIRE(a.data.points[i].size() == b.data.points[i].size());
        for (std::size_t c = 0; c < a.data.points[i].size(); ++c) CHECK(same_bits(a.data.points[i][c], b.data.points[i][c]));
    }
    const TrainConfig &x = a.config, &y = b.config;
    CHECK(x.algorithm == y.algorithm);
    CHECK(x.bias == y.bias);
    CHECK(x.order == y.order);
    CHECK(x.init == y.init);
    CHECK(x.seed == y.seed);
    CHECK(same_bits(x.eta, y.eta));
    CHECK(x.max_epochs == y.max_epochs);
    CHECK(x.lift == y.lift);
    CHECK(x.kernel.type == y.kernel.type);
    CHECK(x.kernel.degree == y.kernel.degree);
    CHECK(same_bits(x.kernel.coef0, y.kernel.coef0));
    CHECK(same_bits(x.kernel.sigma, y.kernel.sigma));
    CHECK(same_bits(x.kernel.gamma, y.kernel.gamma));
    CHECK(same_bits(x.kernel.scale, y.kernel.scale));
    CHECK(same_bits(x.kernel.theta, y.kernel.theta));
    CHECK(x.outlier_threshold == y.outlier_threshold);
    CHECK(same_bits(x.logistic_decay, y.logistic_decay));
    CHECK(same_bits(a.view.center_x, b.view.center_x));
    CHECK(same_bits(a.view.center_y, b.view.center_y));
    CHECK(same_bits(a.view.span, b.view.span));
    CHECK(a.panels.controls == b.panels.controls);
    CHECK(a.panels.theory == b.panels.theory);
    CHECK(a.panels.plots == b.panels.plots);
    CHECK(a.panels.lift_view == b.panels.lift_view);
    CHECK(a.panels.margin_band == b.panels.margin_band);
    CHECK(a.panels.max_margin == b.panels.max_margin);
    CHECK(a.panels.hulls == b.panels.hulls);
    CHECK(a.panels.field == b.panels.field);
    CHECK(a.panels.trail == b.panels.trail);
    CHECK(a.panels.dark == b.panels.dark);
    CHECK(a.panels.high_contrast == b.panels.high_contrast);
    CHECK(a.panels.text_size == b.panels.text_size);
    CHECK(a.edit_policy == b.edit_policy);
    CHECK(a.active_label == b.active_label);
    CHECK(a.online_mode == b.online_mode);
    CHECK(a.readonly == b.readonly);
    CHECK(a.trained_visits == b.trained_visits);
    CHECK(a.preset == b.preset);
    REQUIRE(a.held_out.size() == b.held_out.size());
    if (!a.held_out.empty()) CHECK(a.held_out.dim == b.held_out.dim);  // an empty list has no dimension of its own
    CHECK(a.held_out.labels == b.held_out.labels);
    for (std::size_t i = 0; i < a.held_out.size(); ++i) {
        REQUIRE(a.held_out.points[i].size() == b.held_out.points[i].size());
        for (std::size_t c = 0; c < a.held_out.points[i].size(); ++c)
            CHECK(same_bits(a.held_out.points[i][c], b.held_out.points[i][c]));
    }
    CHECK(a.hand.on == b.hand.on);
    CHECK(same_bits(a.hand.w1, b.hand.w1));
    CHECK(same_bits(a.hand.w2, b.hand.w2));
    CHECK(same_bits(a.hand.k, b.hand.k));
}

}  // namespace pl::test_state

using pl::test_state::check_same_state;
using pl::test_state::random_state;
using pl::test_state::same_bits;

namespace {

WidgetState round_trip(const WidgetState& s, FragmentStyle style = FragmentStyle::Short) {
    const std::string link = encode_fragment(s, style);
    const DecodeResult r = decode_fragment(link);
    INFO(link.substr(0, 300));
    INFO(r.error);
    REQUIRE(r.ok);
    CHECK(r.warnings.empty());
    return r.state;
}

std::vector<std::uint8_t> bytes_of(std::string_view s) { return {s.begin(), s.end()}; }

}  // namespace

// [SECTION] base64url
TEST_CASE("base64url: RFC 4648 vectors, without padding") {
    const char* plain[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
    const char* coded[] = {"", "Zg", "Zm8", "Zm9v", "Zm9vYg", "Zm9vYmE", "Zm9vYmFy"};
    for (int i = 0; i < 7; ++i) {
        CHECK(base64url_encode(bytes_of(plain[i])) == coded[i]);
        std::vector<std::uint8_t> out;
        REQUIRE(base64url_decode(coded[i], out));
        CHECK(out == bytes_of(plain[i]));
    }
    std::vector<std::uint8_t> out;
    CHECK(base64url_decode("Zg==", out));  // padding some tools add is accepted
    CHECK(out == bytes_of("f"));
    CHECK(base64url_encode({0xFB, 0xFF}) == "-_8");  // the URL-safe characters
}

TEST_CASE("base64url: every byte string round-trips, bad text is refused") {
    std::mt19937 gen(7);
    for (int len = 0; len < 200; ++len) {
        std::vector<std::uint8_t> bytes(static_cast<std::size_t>(len));
        for (auto& b : bytes) b = static_cast<std::uint8_t>(gen());
        std::vector<std::uint8_t> back;
        REQUIRE(base64url_decode(base64url_encode(bytes), back));
        CHECK(back == bytes);
    }
    std::vector<std::uint8_t> out;
    CHECK_FALSE(base64url_decode("Z", out));       // 4k+1 characters encode nothing
    CHECK_FALSE(base64url_decode("Zh", out));      // non-zero leftover bits
    CHECK_FALSE(base64url_decode("Zm9v!", out));   // not in the alphabet
    CHECK_FALSE(base64url_decode("Zm+v", out));    // standard base64, not base64url
    CHECK_FALSE(base64url_decode("Zg===", out));   // too much padding
}

// [SECTION] Defaults and the documented example
TEST_CASE("the v=1 defaults are frozen and equal Session::default_state()") {
    // Links leave out settings equal to these; changing one changes old links: bump the version instead.
    // Added to v=1 later, compatibly: t (test points, empty), hand, hw1, hw2, hk (hand mode off), lp (no
    // lesson progress), svm (the SVM section closed).
    CHECK(encode_fragment(default_link_state(), FragmentStyle::Full) ==
          "d=AgQDgBCAIIAQ_w__L_8fAIAg&t=&alg=perceptron&bias=absorbed&order=sequential&init=zero&seed=1&eta=1&"
          "epochs=100&lift=none&kernel=rbf&degree=2&coef0=1&sigma=1&gamma=1&scale=1&theta=0&outlier=0&decay=0.01&"
          "cx=0&cy=0&span=7&controls=1&theory=1&plots=1&liftview=0&band=0&maxmargin=0&hulls=0&field=1&trail=1&"
          "dark=0&sdata=1&strain=1&skernel=1&sshow=1&sshare=1&edit=reset&label=1&online=0&readonly=0&visits=0&"
              "preset=lecture4&lp=&lesson=&step=0&contrast=0&text=100&hand=0&hw1=1&hw2=1&hk=1.5&svm=0&trace=0&mode=points&m=AA&wvisits=0&v=1");
    check_same_state(default_link_state(), Session::default_state());
}

TEST_CASE("the lecture-4 example link") {
    // dim 2, n 4, labels ++-- (bits 0011), then (1,2) (2,1) (-1,-1) (-1,1) as grid deltas.
    CHECK(encode_fragment(default_link_state()) == "d=AgQDgBCAIIAQ_w__L_8fAIAg&v=1");
    WidgetState s = default_link_state();
    s.config.algorithm = Algorithm::Kernel;
    s.config.kernel.sigma = 0.5;
    s.trained_visits = 12;
    CHECK(encode_fragment(s) == "d=AgQDgBCAIIAQ_w__L_8fAIAg&alg=kernel&sigma=0.5&visits=12&v=1");
    check_same_state(round_trip(s), s);
}

TEST_CASE("the high-contrast switch and the text size travel in the link, older links keep the normal look") {
    WidgetState s = default_link_state();
    s.panels.high_contrast = true;
    s.panels.text_size = 150;
    CHECK(encode_fragment(s) == "d=AgQDgBCAIIAQ_w__L_8fAIAg&contrast=1&text=150&v=1");
    check_same_state(round_trip(s), s);
    const DecodeResult old = decode_fragment("d=AgQDgBCAIIAQ_w__L_8fAIAg&dark=1&v=1");  // written before these keys
    REQUIRE(old.ok);
    CHECK_FALSE(old.state.panels.high_contrast);
    CHECK(old.state.panels.text_size == 100);
    const DecodeResult huge = decode_fragment("text=250&v=1");
    CHECK_FALSE(huge.ok);
    CHECK(huge.error == "The link has a bad value for the text size (text): it must be a whole number from 100 to 200, but it is 250.");
}

TEST_CASE("an empty fragment, '#' and a URL ending in '#' give the defaults") {
    for (const char* text : {"", "#", "  ", "https://example.org/course/page.html#"}) {
        const DecodeResult r = decode_fragment(text);
        CHECK(r.ok);
        CHECK(r.error.empty());
        check_same_state(r.state, default_link_state());
    }
}

TEST_CASE("bare fragment, '#fragment' and full URL all decode") {
    WidgetState s = default_link_state();
    s.config.eta = 0.25;
    const std::string link = encode_fragment(s);
    for (const std::string& text : {link, "#" + link, "https://example.org/a/b.html?x=1#" + link, " \n#" + link + "\n"}) {
        const DecodeResult r = decode_fragment(text);
        REQUIRE(r.ok);
        CHECK(r.state.config.eta == 0.25);
    }
}

// [SECTION] Round trips
TEST_CASE("random states round-trip exactly, short and full") {
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        CAPTURE(seed);
        const WidgetState s = random_state(seed);
        check_same_state(round_trip(s), s);
        check_same_state(round_trip(s, FragmentStyle::Full), s);
        CHECK(validate_state(s).empty());
    }
}

TEST_CASE("every enum value round-trips") {
    WidgetState s = default_link_state();
    for (Algorithm v : enum_values<Algorithm>()) { s.config.algorithm = v; CHECK(round_trip(s).config.algorithm == v); }
    for (BiasMode v : enum_values<BiasMode>()) { s.config.bias = v; CHECK(round_trip(s).config.bias == v); }
    for (Order v : enum_values<Order>()) { s.config.order = v; CHECK(round_trip(s).config.order == v); }
    for (Init v : enum_values<Init>()) { s.config.init = v; CHECK(round_trip(s).config.init == v); }
    for (LiftKind v : enum_values<LiftKind>()) { s.config.lift = v; CHECK(round_trip(s).config.lift == v); }
    for (KernelType v : enum_values<KernelType>()) { s.config.kernel.type = v; CHECK(round_trip(s).config.kernel.type == v); }
    for (EditPolicy v : {EditPolicy::Reset, EditPolicy::Continue}) { s.edit_policy = v; CHECK(round_trip(s).edit_policy == v); }
    for (int label : {1, -1}) { s.active_label = label; CHECK(round_trip(s).active_label == label); }
}

TEST_CASE("every preset round-trips point for point") {
    for (Preset preset : enum_values<Preset>()) {
        CAPTURE(to_string(preset));
        WidgetState s = default_link_state();
        GeneratorParams params;
        params.n = 300;
        s.data = make_preset(preset, params);
        s.preset = std::string(to_string(preset));
        check_same_state(round_trip(s), s);
    }
}

TEST_CASE("doubles round-trip bit for bit") {
    WidgetState s = default_link_state();
    s.config.eta = 0.1;
    s.config.kernel.sigma = 1.0 / 3.0;
    s.config.kernel.gamma = 5e-324;  // the smallest subnormal
    s.config.kernel.coef0 = -0.0;
    s.view.center_x = 1e6;
    s.view.center_y = -123456.78901234567;
    s.config.logistic_decay = 0.30000000000000004;
    const std::string link = encode_fragment(s);
    CHECK(link.find("eta=0.1&") != std::string::npos);  // shortest form
    CHECK(link.find("sigma=0.3333333333333333&") != std::string::npos);
    CHECK(link.find('+') == std::string::npos);
    const WidgetState back = round_trip(s);
    CHECK(same_bits(back.config.eta, 0.1));
    CHECK(same_bits(back.config.kernel.sigma, 1.0 / 3.0));
    check_same_state(back, s);

    std::mt19937_64 gen(3);
    for (int i = 0; i < 2000; ++i) {  // random bit patterns in range
        const double v = std::ldexp(std::uniform_real_distribution<double>(0.5, 1.0)(gen),
                                    std::uniform_int_distribution<int>(-1000, 19)(gen));
        s.config.kernel.coef0 = (i % 2 ? -v : v);
        CHECK(same_bits(round_trip(s).config.kernel.coef0, s.config.kernel.coef0));
    }
}

TEST_CASE("200 random points in [-3,3]^2 fit in a 2,000-character link") {
    std::mt19937_64 gen(42);
    std::uniform_real_distribution<double> coord(-3.0, 3.0);
    WidgetState s = default_link_state();
    s.data = Dataset{};
    for (int i = 0; i < 200; ++i) s.data.add({pl::test_state::grid(coord(gen)), pl::test_state::grid(coord(gen))}, i % 3 ? 1 : -1);
    s.preset = "custom";
    s.config.algorithm = Algorithm::Kernel;
    s.config.kernel.sigma = 0.7;
    s.trained_visits = 1234;
    const std::string link = encode_fragment(s);
    MESSAGE("200 points: " << link.size() << " characters");
    CHECK(link.size() < 2000);
    check_same_state(round_trip(s), s);
}

TEST_CASE("points: 1-D, 16-D, empty, off-grid and non-finite are rounded/clamped as documented") {
    WidgetState s = default_link_state();
    s.data = make_preset(Preset::Bias1D);
    check_same_state(round_trip(s), s);
    s.data = Dataset{};
    s.data.dim = 16;
    for (int i = 0; i < 5; ++i) s.data.add(Vec(16, i * 0.5), i % 2 ? 1 : -1);
    check_same_state(round_trip(s), s);
    s.data = Dataset{};
    s.data.dim = 1;
    check_same_state(round_trip(s), s);

    s.data = Dataset{};
    s.data.add({0.1, -0.3}, 1);
    s.data.add({std::nan(""), 5e6}, -1);
    s.data.add({-1.0 / 2048.0, 1.0 / 2048.0}, 1);  // ties round away from zero, as snap_to_grid
    const DecodeResult r = decode_fragment(encode_fragment(s));
    REQUIRE(r.ok);
    CHECK(r.state.data.points[0] == Vec{snap_to_grid(0.1), snap_to_grid(-0.3)});
    CHECK(r.state.data.points[1] == Vec{0.0, kMaxAbsCoordinate});
    CHECK(r.state.data.points[2] == Vec{snap_to_grid(-1.0 / 2048.0), snap_to_grid(1.0 / 2048.0)});
    CHECK(r.state.data.labels == std::vector<int>{1, -1, 1});
}

TEST_CASE("extreme coordinates and 100,000 points round-trip") {
    WidgetState s = default_link_state();
    s.data = Dataset{};
    s.data.add({kMaxAbsCoordinate, -kMaxAbsCoordinate}, 1);
    s.data.add({-kMaxAbsCoordinate, kMaxAbsCoordinate}, -1);
    check_same_state(round_trip(s), s);

    std::mt19937_64 gen(5);
    std::uniform_real_distribution<double> coord(-10.0, 10.0);
    s.data = Dataset{};
    for (std::size_t i = 0; i < kMaxPoints; ++i) s.data.add({pl::test_state::grid(coord(gen)), pl::test_state::grid(coord(gen))}, i % 2 ? 1 : -1);
    const std::string link = encode_fragment(s);
    CHECK(link.size() < kMaxLinkLength);
    check_same_state(round_trip(s), s);
}

TEST_CASE("percent-encoding: values may be escaped, odd preset names survive") {
    DecodeResult r = decode_fragment("alg=%6Bernel&%65ta=0%2E5&v=1");
    REQUIRE(r.ok);
    CHECK(r.state.config.algorithm == Algorithm::Kernel);
    CHECK(r.state.config.eta == 0.5);
    r = decode_fragment("alg=KERNEL&v=1");  // names are case-insensitive, aliases accepted (names.hpp)
    REQUIRE(r.ok);
    CHECK(r.state.config.algorithm == Algorithm::Kernel);
    r = decode_fragment("eta=1e%2B2&v=1");
    REQUIRE(r.ok);
    CHECK(r.state.config.eta == 100.0);

    WidgetState s = default_link_state();
    s.preset = "A & B = 100% #1 \xE2\x9C\x93";
    const std::string link = encode_fragment(s);
    CHECK(link.find(' ') == std::string::npos);
    CHECK(link.find('#') == std::string::npos);
    CHECK(round_trip(s).preset == s.preset);
    s.preset = std::string(150, 'x');
    CHECK(round_trip(s).preset == std::string(kMaxPresetLength, 'x'));  // informational: truncated on encode
    s.preset = "tab\there";
    CHECK(round_trip(s).preset == "tab here");
}

TEST_CASE("unknown keys are ignored with a warning (forward compatible)") {
    DecodeResult r = decode_fragment("eta=2&futureKnob=3&v=1");
    REQUIRE(r.ok);
    CHECK(r.state.config.eta == 2.0);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0].find("futureKnob") != std::string::npos);

    std::string many;
    for (int i = 0; i < 30; ++i) many += "k" + std::to_string(i) + "=1&";
    r = decode_fragment(many + "v=1");
    REQUIRE(r.ok);
    CHECK(r.warnings.size() == kMaxWarnings + 1);
    CHECK(r.warnings.back().find("20 more") != std::string::npos);

    r = decode_fragment("eta=2&&v=1&");  // empty pieces are skipped
    CHECK(r.ok);
}

TEST_CASE("messages say what is wrong in plain words") {
    auto error_of = [](std::string_view text) {
        const DecodeResult r = decode_fragment(text);
        CHECK_FALSE(r.ok);
        return r.error;
    };
    CHECK(error_of("v=9") ==
          "The link was made by a newer version of Perceptron Lab (v=9); this widget reads v=1. Open it with the "
          "newer page, or ask for a link made by this one.");
    CHECK(error_of("d=AgQDgBCAIIAQ_w__L_8fAIA&v=1") == "The link is damaged: the point data ends in the middle of a point.");
    CHECK(error_of("eta=0.1") ==
          "The link is incomplete: it has no version mark (v=1) at its end, so it was probably cut off when it was copied.");
    CHECK(error_of("eta=-1&v=1") ==
          "The link has a bad value for the learning rate (eta): it must be a number greater than 0 and at most 1000000, "
          "but it is -1.");
    CHECK(error_of("alg=foo&v=1") ==
          "The link has a bad value for the algorithm (alg): it must be one of "
          "perceptron|pocket|averaged|voted|logistic|kernel, but it is \"foo\".");
    CHECK(error_of("visits=50000001&v=1") ==
          "The link has a bad value for the training progress (visits): it must be a whole number from 0 to 50000000, "
          "but it is 50000001.");
    CHECK(error_of("eta=1&eta=2&v=1") == "The link is damaged: it gives \"eta\" twice.");
    CHECK(error_of(std::string(kMaxLinkLength + 1, 'a')).find("too long") != std::string::npos);
}

// [SECTION] Hostile input
TEST_CASE("a table of malformed links: each refused with a message") {
    const std::string good_points = "AgQDgBCAIIAQ_w__L_8fAIAg";
    // Varint n = kMaxPoints + 1 = 100001 = 0xA1 0x8D 0x06, then nothing.
    const std::string too_many = base64url_encode(std::vector<std::uint8_t>{2, 0xA1, 0x8D, 0x06});
    const std::string many_no_data = base64url_encode(std::vector<std::uint8_t>{2, 0xA0, 0x8D, 0x06});  // 100000 points, no bytes
    const std::string overlong = base64url_encode(std::vector<std::uint8_t>{2, 1, 1, 0x80, 0x00, 0});  // non-canonical varint
    const std::string huge_varint = base64url_encode(std::vector<std::uint8_t>{2, 1, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0});
    const std::string beyond = base64url_encode(std::vector<std::uint8_t>{1, 1, 1, 0x80, 0x80, 0x90, 0xA1, 0x0F});  // q = 2,048,000,000
    const std::string trailing = base64url_encode(std::vector<std::uint8_t>{1, 1, 1, 2, 9});
    const std::string stray_bits = base64url_encode(std::vector<std::uint8_t>{1, 1, 0xFF, 2});
    const std::string dim0 = base64url_encode(std::vector<std::uint8_t>{0, 0});
    const std::string dim17 = base64url_encode(std::vector<std::uint8_t>{17, 0});
    const std::string no_labels = base64url_encode(std::vector<std::uint8_t>{2, 9, 0});
    const std::vector<std::string> bad = {
        "v=2", "v=9", "v=0", "v=", "v=one", "v=-1", "v=1.0", "v=99999999999999999999999", "eta=1",
        "d=" + good_points,
        "x", "v", "v=1&x", "=&v=1", "d=&v=1", "d=!!!!&v=1", "d=A&v=1", "d=AgQDgBCAIIAQ_w__L_8fAIAg%&v=1",
        "d=%ZZ&v=1", "eta=%4&v=1", "d=" + too_many + "&v=1", "d=" + many_no_data + "&v=1", "d=" + overlong + "&v=1",
        "d=" + huge_varint + "&v=1", "d=" + beyond + "&v=1", "d=" + trailing + "&v=1", "d=" + stray_bits + "&v=1",
        "d=" + dim0 + "&v=1", "d=" + dim17 + "&v=1", "d=" + no_labels + "&v=1",
        "eta=0&v=1", "eta=-0.5&v=1", "eta=nan&v=1", "eta=NaN&v=1", "eta=inf&v=1", "eta=-inf&v=1", "eta=1e999&v=1",
        "eta=0x10&v=1", "eta= 1&v=1", "eta=1.2.3&v=1", "eta=1e&v=1", "eta=.&v=1", "eta=&v=1", "eta=2e6&v=1",
        "epochs=0&v=1", "epochs=1000001&v=1", "epochs=1.5&v=1", "epochs=-3&v=1", "epochs=1e3&v=1",
        "seed=-1&v=1", "seed=18446744073709551616&v=1", "seed=abc&v=1",
        "degree=0&v=1", "degree=21&v=1", "sigma=0&v=1", "sigma=-1&v=1", "gamma=-0.1&v=1", "coef0=1e7&v=1",
        "theta=nan&v=1", "scale=-1e300&v=1", "outlier=-1&v=1", "decay=-1&v=1", "span=0&v=1", "span=1e-9&v=1",
        "cx=1e300&v=1", "cy=inf&v=1",
        "alg=foo&v=1", "bias=&v=1", "order=backwards&v=1", "init=one&v=1", "lift=xyz&v=1", "kernel=cubic&v=1",
        "edit=maybe&v=1", "label=0&v=1", "label=2&v=1", "label=+&v=1", "online=yes&v=1", "readonly=2&v=1",
        "dark=&v=1", "visits=50000001&v=1", "visits=-1&v=1", "visits=1e9&v=1",
        "preset=a%00b&v=1", "preset=" + std::string(101, 'x') + "&v=1", "preset=a%0Ab&v=1",
        "eta=1&eta=1&v=1", "v=1&v=1", "https://example.org/page", "http://x.y/?v=1",
    };
    CHECK(bad.size() >= 50);
    for (const std::string& text : bad) {
        CAPTURE(text.substr(0, 120));
        const DecodeResult r = decode_fragment(text);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.empty());
        CHECK(r.error.back() == '.');  // a whole sentence
    }
}

TEST_CASE("every truncation of a valid link is refused (v=1 is the end mark)") {
    WidgetState s = random_state(11);
    s.data = make_preset(Preset::Moons);
    s.held_out = make_preset(Preset::Circles);  // test points of the same dimension: t is cut too
    s.preset = "moons";
    const std::string link = encode_fragment(s, FragmentStyle::Full);
    for (std::size_t len = 1; len < link.size(); ++len) {
        const DecodeResult r = decode_fragment(std::string_view(link).substr(0, len));
        CAPTURE(len);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.empty());
    }
    CHECK(decode_fragment(link).ok);
}

TEST_CASE("random bytes and random corruptions never crash") {
    std::mt19937_64 gen(99);
    const std::string alphabet = "v=1&d%AgQ_-09azZ#.e+-x\x01\xFF ";
    for (int i = 0; i < 3000; ++i) {
        std::string text(static_cast<std::size_t>(gen() % 80), ' ');
        for (char& c : text) c = i % 2 ? static_cast<char>(gen()) : alphabet[gen() % alphabet.size()];
        const DecodeResult r = decode_fragment(text);
        CHECK((r.ok || !r.error.empty()));
    }
    const std::string link = encode_fragment(random_state(5), FragmentStyle::Full);
    for (int i = 0; i < 3000; ++i) {
        std::string text = link;
        const int edits = 1 + static_cast<int>(gen() % 3);
        for (int e = 0; e < edits; ++e) text[gen() % text.size()] = alphabet[gen() % alphabet.size()];
        const DecodeResult r = decode_fragment(text);
        CHECK((r.ok || !r.error.empty()));
        if (r.ok) CHECK(validate_state(r.state).empty());  // whatever is accepted is within the limits
    }
}

TEST_CASE("validate_state names the first field out of range") {
    CHECK(validate_state(default_link_state()).empty());
    WidgetState s = default_link_state();
    s.config.eta = -1;
    CHECK(validate_state(s).find("learning rate") != std::string::npos);
    s = default_link_state();
    s.data.labels[0] = 0;
    CHECK_FALSE(validate_state(s).empty());
    s = default_link_state();
    s.trained_visits = kMaxTrainedVisits + 1;
    CHECK(validate_state(s).find("training progress") != std::string::npos);
}

// [SECTION] A link replays the learner exactly
TEST_CASE("Session round trip: the replayed learner matches bit for bit") {
    struct Case { Algorithm algorithm; KernelType kernel; Order order; Init init; LiftKind lift; };
    const Case cases[] = {
        {Algorithm::Perceptron, KernelType::Rbf, Order::Random, Init::Random, LiftKind::None},
        {Algorithm::Pocket, KernelType::Rbf, Order::Random, Init::Zero, LiftKind::Product},
        {Algorithm::Averaged, KernelType::Rbf, Order::Sequential, Init::Random, LiftKind::Radial},
        {Algorithm::Logistic, KernelType::Rbf, Order::Random, Init::Random, LiftKind::None},
        {Algorithm::Kernel, KernelType::Gaussian, Order::Random, Init::Zero, LiftKind::None},
        {Algorithm::Kernel, KernelType::Polynomial, Order::Sequential, Init::Zero, LiftKind::None},
    };
    for (const Case& c : cases) {
        CAPTURE(to_string(c.algorithm));
        Session session;
        session.load_preset(Preset::Moons, GeneratorParams{60, 0.2, 0.2, 17});
        session.add_point({0.123, -0.456}, 1);  // snapped by the session
        session.flip_label(3);
        TrainConfig config = session.state().config;
        config.algorithm = c.algorithm;
        config.kernel.type = c.kernel;
        config.kernel.sigma = 1.0 / 3.0;
        config.order = c.order;
        config.init = c.init;
        config.lift = c.lift;
        config.seed = 987654321;
        config.eta = 0.1;
        session.set_config(config);
        session.step();
        session.next_mistake();
        session.epoch();
        session.run_visits(37);

        const DecodeResult r = decode_fragment("https://example.org/#" + encode_fragment(session.state()));
        REQUIRE(r.ok);
        Session replayed(r.state);
        const Learner &a = session.learner(), &b = replayed.learner();
        CHECK(a.visits() == b.visits());
        CHECK(a.mistakes() == b.mistakes());
        CHECK(a.epochs_completed() == b.epochs_completed());
        CHECK(a.mistakes_per_epoch() == b.mistakes_per_epoch());
        CHECK(a.mistake_indices() == b.mistake_indices());
        REQUIRE(a.weights().size() == b.weights().size());
        for (std::size_t i = 0; i < a.weights().size(); ++i) CHECK(same_bits(a.weights()[i], b.weights()[i]));
        CHECK(same_bits(a.bias(), b.bias()));
        REQUIRE(a.alphas().size() == b.alphas().size());
        for (std::size_t i = 0; i < a.alphas().size(); ++i) CHECK(same_bits(a.alphas()[i], b.alphas()[i]));
        check_same_state(replayed.state(), session.state());
    }
}
