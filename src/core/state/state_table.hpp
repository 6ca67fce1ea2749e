// The ONE table of the widget's settings. Each row names a property of WidgetState three ways and
// gives its range (limits.hpp). The link codec (state_codec.hpp), the JSON codec (state_json.hpp),
// validate_state, and perceptron-cli's flags, --help text and --json output are all visitors over
// this table, and they share the checks and messages below: adding a setting = adding one row.
//
// [SECTION] One name per setting
//   * The JSON name is THE name of a setting: the JSON export and import, the JS handle's state(),
//     perceptron-cli's --json output. A dotted name is a member of an object ("kernel.sigma" = member
//     sigma of object kernel).
//   * The link key is a compact spelling of the same setting, frozen by the v=1 link format (links
//     in the wild use it; a test pins it).
//   * The command-line flag of a training setting (visit_training_settings) is "--" + the JSON name
//     in kebab case: a '.' becomes '-', a capital letter becomes '-' and its lower case. So
//     algorithm -> --algorithm, maxEpochs -> --max-epochs, kernel.gamma -> --kernel-gamma,
//     outlierThreshold -> --outlier-threshold (cli_flag). The other rows (view, panels, ...) describe
//     the screen and have no flag.
//   * Every way in reads a value with the same rule and says the same sentence when it is refused
//     ("it must be a number of at least 0 and at most 1000000, but it is -1"); only the source and
//     the name in brackets differ: "The link ... (gamma)", "The command line ... (--kernel-gamma)".
//
// [SECTION] Visitors
// visit_properties calls one visitor method per property, in the order of the link (and JSON):
//   points(Dataset&)                   link "d"; JSON "points", "labels", "dim"
//   held_out(Dataset&, const Dataset& data)  the test points: link "t" (as "d"; left out when there
//                                      are none); JSON "heldOut": {"points", "labels"}. Their
//                                      dimension is data's, and both together hold at most kMaxPoints
//   name(Key, Enum&)                   enum, through to_string/parse (names.hpp)
//   whole(Key, Int&, WholeRange)       integer in the range
//   real(Key, double&, RealRange)      finite double in the range
//   label(Key, int&)                   +1 or -1
//   flag(Key, bool&)                   link 1/0, JSON true/false
//   text(Key, std::string&)            at most kMaxPresetLength bytes, no control characters
//   progress(Key, LessonProgress&)     the lesson progress, as the text of lesson_progress.hpp in the
//                                      link and in JSON (JSON leaves it out when it is empty)
// State is WidgetState (readers) or const WidgetState (writers); visit_training_settings does the
// same for the training settings alone, on a TrainConfig.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/limits.hpp"
#include "core/state/names.hpp"
#include "core/state/widget_state.hpp"

namespace pl {

inline constexpr int kStateVersion = 1;  // of the link and JSON formats

namespace state_table {

struct Key {
    std::string_view link;  // compact key in a link (frozen by v=1)
    std::string_view json;  // the name of the setting (JSON path; CLI flag by cli_flag)
    std::string_view what;  // how messages call it: "the learning rate"
};

// "--" + json_name in kebab case: "kernel.gamma" -> "--kernel-gamma", "maxEpochs" -> "--max-epochs".
std::string cli_flag(std::string_view json_name);

// [SECTION] The table
template <class Config, class Visitor>
void visit_training_settings(Config& c, Visitor& v) {
    v.name(Key{"alg", "algorithm", "the algorithm"}, c.algorithm);
    v.name(Key{"bias", "bias", "the bias mode"}, c.bias);
    v.name(Key{"order", "order", "the visiting order"}, c.order);
    v.name(Key{"init", "init", "the starting weights"}, c.init);
    v.whole(Key{"seed", "seed", "the random seed"}, c.seed, kSeedRange);
    v.real(Key{"eta", "eta", "the learning rate"}, c.eta, kPositiveSetting);
    v.whole(Key{"epochs", "maxEpochs", "the epoch limit"}, c.max_epochs, kEpochRange);
    v.name(Key{"lift", "lift", "the feature lift"}, c.lift);
    v.name(Key{"kernel", "kernel.type", "the kernel"}, c.kernel.type);
    v.whole(Key{"degree", "kernel.degree", "the polynomial degree"}, c.kernel.degree, kDegreeRange);
    v.real(Key{"coef0", "kernel.coef0", "the polynomial constant c"}, c.kernel.coef0, kSignedSetting);
    v.real(Key{"sigma", "kernel.sigma", "the Gaussian width sigma"}, c.kernel.sigma, kPositiveSetting);
    v.real(Key{"gamma", "kernel.gamma", "the RBF gamma"}, c.kernel.gamma, kNonNegativeSetting);
    v.real(Key{"scale", "kernel.scale", "the sigmoid scale"}, c.kernel.scale, kSignedSetting);
    v.real(Key{"theta", "kernel.theta", "the sigmoid offset theta"}, c.kernel.theta, kSignedSetting);
    v.whole(Key{"outlier", "outlierThreshold", "the outlier threshold"}, c.outlier_threshold, kOutlierThresholdRange);
    v.real(Key{"decay", "logisticDecay", "the logistic step decay"}, c.logistic_decay, kNonNegativeSetting);
}

template <class State, class Visitor>
void visit_properties(State& s, Visitor& v) {
    v.points(s.data);
    v.held_out(s.held_out, s.data);  // added to v=1 compatibly: an older link has no test points
    visit_training_settings(s.config, v);
    v.real(Key{"cx", "view.cx", "the view centre x"}, s.view.center_x, kViewCenterRange);
    v.real(Key{"cy", "view.cy", "the view centre y"}, s.view.center_y, kViewCenterRange);
    v.real(Key{"span", "view.span", "the view size"}, s.view.span, kViewSpanRange);
    v.flag(Key{"controls", "panels.controls", "the controls panel switch"}, s.panels.controls);
    v.flag(Key{"theory", "panels.theory", "the theory panel switch"}, s.panels.theory);
    v.flag(Key{"plots", "panels.plots", "the plots panel switch"}, s.panels.plots);
    v.flag(Key{"liftview", "panels.liftView", "the lift view switch"}, s.panels.lift_view);
    v.flag(Key{"band", "panels.marginBand", "the margin band switch"}, s.panels.margin_band);
    v.flag(Key{"maxmargin", "panels.maxMargin", "the max-margin switch"}, s.panels.max_margin);
    v.flag(Key{"hulls", "panels.hulls", "the convex hulls switch"}, s.panels.hulls);
    v.flag(Key{"field", "panels.field", "the decision regions switch"}, s.panels.field);
    v.flag(Key{"trail", "panels.trail", "the trail switch"}, s.panels.trail);
    v.flag(Key{"dark", "panels.dark", "the dark theme switch"}, s.panels.dark);
    v.flag(Key{"sdata", "panels.data", "the data section switch"}, s.panels.data_section);
    v.flag(Key{"strain", "panels.training", "the training section switch"}, s.panels.training_section);
    v.flag(Key{"skernel", "panels.kernel", "the kernel section switch"}, s.panels.kernel_section);
    v.flag(Key{"sshow", "panels.show", "the show section switch"}, s.panels.show_section);
    v.flag(Key{"sshare", "panels.share", "the share section switch"}, s.panels.share_section);
    v.name(Key{"edit", "editPolicy", "what an edit does to training"}, s.edit_policy);
    v.label(Key{"label", "activeLabel", "the class a click adds"}, s.active_label);
    v.flag(Key{"online", "onlineMode", "the online mode switch"}, s.online_mode);
    v.flag(Key{"readonly", "readonly", "the read-only switch"}, s.readonly);
    v.whole(Key{"visits", "trainedVisits", "the training progress"}, s.trained_visits, kTrainedVisitsRange);
    v.text(Key{"preset", "preset", "the preset name"}, s.preset);
    // Added to v=1 compatibly (issue 28): an older link has none and means "no step checked yet". It
    // comes before the lesson so that lesson=ID&step=K stay together at the end of a link (lessonz follows).
    v.progress(Key{"lp", "lessonProgress", "the lesson progress"}, s.lesson_progress);
    // Added to v=1 compatibly: an older link has neither and means "no lesson".
    v.text(Key{"lesson", "lesson", "the lesson"}, s.lesson);
    v.whole(Key{"step", "lessonStep", "the lesson step"}, s.lesson_step, kLessonStepRange);
    // Added to v=1 compatibly: an older link has neither and means the normal theme and text size.
    v.flag(Key{"contrast", "panels.highContrast", "the high-contrast switch"}, s.panels.high_contrast);
    v.whole(Key{"text", "panels.textSize", "the text size"}, s.panels.text_size, kTextSizeRange);
    // Added to v=1 compatibly: an older link has none and means "hand mode off" (threshold_unit.hpp).
    v.flag(Key{"hand", "hand.on", "the hand mode switch"}, s.hand.on);
    v.real(Key{"hw1", "hand.w1", "the hand-set weight w1"}, s.hand.w1, kSignedSetting);
    v.real(Key{"hw2", "hand.w2", "the hand-set weight w2"}, s.hand.w2, kSignedSetting);
    v.real(Key{"hk", "hand.k", "the hand-set threshold k"}, s.hand.k, kSignedSetting);
    // Added to v=1 compatibly (issue 25): an older link has none and means the SVM section closed.
    v.flag(Key{"svm", "panels.svm", "the SVM section switch"}, s.panels.svm);
    // Added to v=1 compatibly (issue 25): an older link has none and means no trace table.
    v.flag(Key{"trace", "panels.trace", "the trace table switch"}, s.panels.trace);
}

// The Words mode's rows (words_state.hpp), visited after visit_properties by every codec. Added to v=1
// compatibly: a link without them means points mode and no messages. The visitor's messages() method
// reads and writes the messages with their labels: link "m" (words_state.hpp), JSON "words.messages"
// (a list of strings) and "words.labels" (1 ham, -1 spam).
template <class State, class Visitor>
void visit_words_properties(State& s, Visitor& v) {
    v.name(Key{"mode", "mode", "the data mode"}, s.mode);
    v.messages(Key{"m", "words.messages", "the messages"}, s.words);
    v.whole(Key{"wvisits", "words.trainedVisits", "the training progress on the messages"}, s.words.trained_visits,
            kTrainedVisitsRange);
}

// [SECTION] Rules and problems
// Each *_problem returns "" when the value is fine, else the end of a sentence ("it must be ..., but
// it is -1"); bad_value makes the whole sentence.
std::string whole_rule(const WholeRange& range);  // "a whole number from 1 to 20"
std::string real_rule(const RealRange& range);    // "a number greater than 0 and at most 1000000"
std::string real_problem(double value, const RealRange& range);
std::string whole_problem(bool negative, std::uint64_t magnitude, const WholeRange& range);
std::string label_problem(double value);
std::string text_problem(std::string_view text);
template <class E>  // "it must be one of a|b|c, but it is ..." (the enums of names.hpp)
std::string name_problem(std::string_view text);
// Dimension, count, labels and coordinate range of a data set: "" or a whole sentence.
std::string points_problem(const Dataset& data);
// "<source> has a bad value for <what> (<name>): <problem>."  source = "The link", "The JSON state",
// "The command line"; name = the link key, the JSON name or the flag as the person wrote it.
std::string bad_value(std::string_view source, std::string_view what, std::string_view name,
                      std::string_view problem);
std::string newer_version_message(std::string_view source, std::string_view version_text);

// [SECTION] One value written as text (a link value, a command-line argument)
// Each read_* sets `out` and returns "" when `text` is a valid value, else leaves `out` alone and
// returns the problem. Numbers use plain decimal syntax only (decimal.hpp): no "inf", "nan", hex.
template <class E>
std::string read_name(std::string_view text, E& out);
template <class Int>
std::string read_whole(std::string_view text, Int& out, const WholeRange& range);
std::string read_real(std::string_view text, double& out, const RealRange& range);
std::string read_label(std::string_view text, int& out);  // "1", "+1", "-1"
std::string read_flag(std::string_view text, bool& out);  // "1", "true", "0", "false"
std::string read_text(std::string_view text, std::string& out);

// The syntax alone: plain decimal text (finite or not), and [+-]digits that fit in 64 bits.
bool parse_real(std::string_view text, double& out);
bool parse_whole(std::string_view text, bool& negative, std::uint64_t& magnitude);

// [SECTION] Text helpers
std::string quote_text(std::string_view text);          // "\"text\"" for messages: at most 40 characters, escaped
std::string sanitized_preset(std::string_view preset);  // truncated, control characters -> ' '

// [SECTION] Template definitions
template <class E>
std::string name_problem(std::string_view text) {
    return "it must be one of " + names_list<E>() + ", but it is " + quote_text(text);
}

template <class E>
std::string read_name(std::string_view text, E& out) {
    return parse(text, out) ? std::string() : name_problem<E>(text);
}

// read_whole without the conversion to Int.
std::string whole_text_problem(std::string_view text, const WholeRange& range, std::uint64_t& out);

template <class Int>
std::string read_whole(std::string_view text, Int& out, const WholeRange& range) {
    std::uint64_t value = 0;
    std::string problem = whole_text_problem(text, range, value);
    if (problem.empty()) out = static_cast<Int>(value);  // within range, so within Int
    return problem;
}

}  // namespace state_table

}  // namespace pl
