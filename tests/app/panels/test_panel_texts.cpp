// The panel texts that depend on the settings (panel_texts.hpp, words_texts.hpp), read as the tooltips
// and rows show them: the lecturer's finding F14 (issue 24).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <string>

#include "app/panels/panel_texts.hpp"
#include "app/words/words_texts.hpp"

using namespace pl;
using namespace pl::app;

namespace {
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("panel texts: the learner-space margin tooltip holds for negative margins too") {
    // Both margins divide y·f by a length, ‖v‖ ≥ ‖w‖: the learner-space one is never farther from 0,
    // which for a negative margin (a point on the wrong side) makes it larger, not smaller.
    const std::string help = learner_margin_help("[x, 1]", false);
    CHECK_FALSE(has(help, "smaller than the margin on the plane"));
    CHECK(has(help, "the margin on the plane times \xE2\x80\x96w\xE2\x80\x96/\xE2\x80\x96v\xE2\x80\x96"));
    CHECK(has(help, "the same sign, closer to 0"));
    CHECK(has(help, "less negative when one is wrong"));
    // With a curving lift there is no margin on the plane to compare with: the one in φ(x).
    CHECK(has(learner_margin_help("[\xCF\x86(x), 1]", true), "the margin in \xCF\x86(x) times"));
}

TEST_CASE("panel texts: the online-mode tooltips say a score of 0 is a mistake for either label") {
    for (DataMode mode : {DataMode::Points, DataMode::Words}) {
        const std::string help = online_mode_help(mode);
        CHECK_FALSE(has(help, "only if the prediction was wrong"));
        CHECK(has(help, "y\xC2\xB7" "f \xE2\x89\xA4 0"));
        CHECK(has(help, "a score of exactly 0 (on the line), which is a mistake for either label"));
    }
    CHECK(has(online_mode_help(DataMode::Words), "type a message"));
    CHECK(has(online_mode_help(DataMode::Points), "each new click"));
}

TEST_CASE("panel texts: the generalisation margins row compares in the lifted space when a lift is on") {
    AnswerMargins m;
    m.input_defined = false;  // a curving lift draws a curve: no input-plane margin
    m.feature_defined = true;
    m.feature_geometric = 0.25;
    Separator best;
    best.separable = true;
    best.margin = 0.5;
    const MarginsRow lifted = generalisation_margins_row(m, best, LiftKind::Product);
    CHECK(lifted.value == "0.25 vs 0.5");
    CHECK_FALSE(has(lifted.help, "input plane"));
    CHECK(has(lifted.help, "in the lifted space \xCF\x86(x) = (x\xE2\x82\x81, x\xE2\x82\x82, x\xE2\x82\x81x\xE2\x82\x82)"));

    AnswerMargins plane;
    plane.input_defined = true;
    plane.input_geometric = -0.125;
    const MarginsRow flat = generalisation_margins_row(plane, best, LiftKind::None);
    CHECK(flat.value == "\xE2\x88\x92" "0.125 vs 0.5");
    CHECK(has(flat.help, "in the input plane"));
    CHECK(generalisation_margins_row(plane, best, LiftKind::Constant).value == "\xE2\x88\x92" "0.125 vs 0.5");
}

TEST_CASE("words texts: the gamma-star tooltip names the bias as a constant feature only with a bias") {
    CHECK_FALSE(has(words_gamma_star_help(false), "constant feature"));
    CHECK(has(words_gamma_star_help(false), "no bias"));
    CHECK(has(words_gamma_star_help(true), "with the bias as a constant feature"));
}

TEST_CASE("words texts: the weight chart says why lecture 004's word dating is not listed") {
    const std::string note = words_vocabulary_note(lecture_words());
    CHECK(has(note, "\"dating\""));
    CHECK(has(note, "no update moves its weight from 0"));
    WordsData other = lecture_words();
    other.messages.push_back("cheap dating");
    other.labels.push_back(-1);
    CHECK(words_vocabulary_note(other).empty());  // other messages: nothing to explain
}
