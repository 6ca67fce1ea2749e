// The property table and the limits: one name per setting (link key, JSON name, CLI flag by rule),
// the shared value readers and their sentences, and the session holding the same limits as the
// readers (view span, replay cap, defaults).
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_table.hpp"

using namespace pl;
using namespace pl::state_table;

namespace {

// Every row of the table: link key, JSON name, description.
struct RowNames {
    std::vector<Key> keys;
    void points(const Dataset&) {}
    void held_out(const Dataset&, const Dataset&) {}
    template <class E>
    void name(const Key& key, const E&) { keys.push_back(key); }
    template <class T>
    void whole(const Key& key, const T&, const WholeRange&) { keys.push_back(key); }
    void real(const Key& key, const double&, const RealRange&) { keys.push_back(key); }
    void label(const Key& key, const int&) { keys.push_back(key); }
    void flag(const Key& key, const bool&) { keys.push_back(key); }
    void text(const Key& key, const std::string&) { keys.push_back(key); }
    void progress(const Key& key, const LessonProgress&) { keys.push_back(key); }
};

std::vector<Key> all_rows() {
    const WidgetState state;
    RowNames names;
    visit_properties(state, names);
    return names.keys;
}

std::vector<Key> training_rows() {
    const TrainConfig config;
    RowNames names;
    visit_training_settings(config, names);
    return names.keys;
}

}  // namespace

TEST_CASE("table: link keys, JSON names and descriptions are unique and non-empty") {
    std::set<std::string_view> links, jsons, whats;
    for (const Key& key : all_rows()) {
        CAPTURE(key.json);
        CHECK_FALSE(key.link.empty());
        CHECK_FALSE(key.what.empty());
        CHECK(links.insert(key.link).second);
        CHECK(jsons.insert(key.json).second);
        CHECK(whats.insert(key.what).second);
        CHECK(key.link != "d");  // the points' key
        CHECK(key.link != "t");  // the test points' key
        CHECK(key.link != "v");  // the version mark
    }
    CHECK(links.size() == 52);  // 41 in the first v=1, then lesson and step, contrast and text, hand, hw1, hw2, hk, lp, svm, trace
}

TEST_CASE("table: the CLI flag is the JSON name in kebab case") {
    CHECK(cli_flag("algorithm") == "--algorithm");
    CHECK(cli_flag("maxEpochs") == "--max-epochs");
    CHECK(cli_flag("kernel.gamma") == "--kernel-gamma");
    CHECK(cli_flag("kernel.coef0") == "--kernel-coef0");
    CHECK(cli_flag("outlierThreshold") == "--outlier-threshold");
    std::vector<std::string> flags;
    for (const Key& key : training_rows()) flags.push_back(cli_flag(key.json));
    const std::vector<std::string> expected = {
        "--algorithm",     "--bias",         "--order",        "--init",         "--seed",
        "--eta",           "--max-epochs",   "--lift",         "--kernel-type",  "--kernel-degree",
        "--kernel-coef0",  "--kernel-sigma", "--kernel-gamma", "--kernel-scale", "--kernel-theta",
        "--outlier-threshold", "--logistic-decay"};
    CHECK(flags == expected);
}

TEST_CASE("table: the training settings are the rows right after the points, in the same order") {
    const std::vector<Key> all = all_rows(), training = training_rows();
    REQUIRE(all.size() > training.size());
    for (std::size_t i = 0; i < training.size(); ++i) CHECK(all[i].json == training[i].json);
}

TEST_CASE("shared readers: one sentence per rule, and a refused value leaves the setting alone") {
    double gamma = 1.0;
    CHECK(read_real("-1", gamma, kNonNegativeSetting) ==
          "it must be a number of at least 0 and at most 1000000, but it is -1");
    CHECK(read_real("nan", gamma, kNonNegativeSetting) ==
          "it must be a number of at least 0 and at most 1000000, but it is \"nan\"");
    CHECK(read_real("1e999", gamma, kNonNegativeSetting) ==
          "it must be a number of at least 0 and at most 1000000, but it is not a finite number");
    CHECK(gamma == 1.0);
    CHECK(read_real("0", gamma, kNonNegativeSetting).empty());
    CHECK(gamma == 0.0);
    double eta = 1.0;
    CHECK(read_real("0", eta, kPositiveSetting) == "it must be a number greater than 0 and at most 1000000, but it is 0");
    CHECK(read_real("+2.5e-1", eta, kPositiveSetting).empty());
    CHECK(eta == 0.25);
    CHECK(read_real("2e6", eta, kSignedSetting) ==
          "it must be a number between -1000000 and 1000000, but it is 2000000");

    int degree = 2;
    CHECK(read_whole("21", degree, kDegreeRange) == "it must be a whole number from 1 to 20, but it is 21");
    CHECK(read_whole("-3", degree, kDegreeRange) == "it must be a whole number from 1 to 20, but it is -3");
    CHECK(read_whole("2.0", degree, kDegreeRange) == "it must be a whole number from 1 to 20, but it is \"2.0\"");
    CHECK(degree == 2);
    CHECK(read_whole("+20", degree, kDegreeRange).empty());
    CHECK(degree == 20);
    std::uint64_t seed = 0;
    CHECK(read_whole("18446744073709551615", seed, kSeedRange).empty());
    CHECK(seed == UINT64_MAX);
    CHECK(read_whole("18446744073709551616", seed, kSeedRange) ==
          "it must be a whole number of at least 0, but it is \"18446744073709551616\"");

    Algorithm algorithm = Algorithm::Perceptron;
    CHECK(read_name("svm", algorithm) ==
          "it must be one of perceptron|pocket|averaged|voted|logistic|kernel, but it is \"svm\"");
    CHECK(read_name("DUAL", algorithm).empty());  // case-insensitive, aliases (names.hpp)
    CHECK(algorithm == Algorithm::Kernel);
    EditPolicy policy = EditPolicy::Reset;
    CHECK(read_name("sometimes", policy) == "it must be one of reset|continue, but it is \"sometimes\"");
    int label = 1;
    CHECK(read_label("0", label) == "it must be 1 or -1, but it is \"0\"");
    CHECK(read_label("-1", label).empty());
    CHECK(label == -1);
    bool on = false;
    CHECK(read_flag("yes", on) == "it must be 1 (on) or 0 (off), but it is \"yes\"");
    CHECK(read_flag("true", on).empty());
    CHECK(on);
    CHECK(bad_value("The link", "the RBF gamma", "gamma", "it is odd") == "The link has a bad value for the RBF gamma (gamma): it is odd.");
}

TEST_CASE("limits: the session clamps the view span to exactly what a link accepts") {
    Session session;
    ViewState view = session.state().view;
    view.span = 1e-9;
    session.set_view(view);
    CHECK(session.state().view.span == kViewSpanRange.min);
    CHECK(validate_state(session.state()).empty());
    view.span = 1e12;
    session.set_view(view);
    CHECK(session.state().view.span == kViewSpanRange.max);
    CHECK(validate_state(session.state()).empty());

    CHECK(decode_fragment("span=0.001&v=1").ok);
    CHECK(decode_fragment("span=1000000&v=1").ok);
    CHECK(decode_fragment("span=0.00099&v=1").error ==
          "The link has a bad value for the view size (span): it must be a number of at least 0.001 and at most 1000000, "
          "but it is 0.00099.");
}

TEST_CASE("limits: the session replays at most what a link may ask for") {
    CHECK(Session::kMaxReplayVisits == kMaxTrainedVisits);
    CHECK(decode_fragment("visits=" + std::to_string(kMaxTrainedVisits) + "&v=1").ok);
    CHECK_FALSE(decode_fragment("visits=" + std::to_string(kMaxTrainedVisits + 1) + "&v=1").ok);
}

TEST_CASE("defaults: one starting state for a new session, an empty link and an empty JSON state") {
    const WidgetState start = default_widget_state();
    CHECK(start.preset == "lecture4");
    CHECK(start.data.size() == 4);
    CHECK(encode_fragment(Session::default_state(), FragmentStyle::Full) == encode_fragment(start, FragmentStyle::Full));
    CHECK(encode_fragment(default_link_state(), FragmentStyle::Full) == encode_fragment(start, FragmentStyle::Full));
    CHECK(encode_fragment(decode_fragment("").state, FragmentStyle::Full) == encode_fragment(start, FragmentStyle::Full));
}

TEST_CASE("limits: a pan far away is clamped to a centre a link can hold") {
    Session session;
    ViewState view = session.state().view;
    view.center_x = 5e9;
    view.center_y = -5e9;
    session.set_view(view);
    CHECK(session.state().view.center_x == kViewCenterRange.max);
    CHECK(session.state().view.center_y == kViewCenterRange.min);
    CHECK(validate_state(session.state()).empty());
    CHECK(decode_fragment(encode_fragment(session.state())).ok);
}
