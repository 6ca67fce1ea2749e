// The widget state as a shareable link: the URL fragment codec, and the one table of properties that
// the fragment and the JSON format (state_json.hpp) are both driven by. This is the ONE place formats
// live (DESIGN.md): adding a setting = adding one row to visit_properties below.
//
// [SECTION] The fragment format, version 1
//   key=value pairs joined by '&', e.g.   d=AgQFAgQIBAAIBP...&alg=kernel&sigma=0.5&v=1
//   * Keys and values may be percent-encoded (%XX); '+' is a plain plus, not a space.
//   * `d` (always written) holds the points: base64url (no padding) of
//       varint dim (1..16), varint n (0..kMaxPoints),
//       ceil(n/8) label bytes (bit i%8 of byte i/8 is 1 for label +1, 0 for -1; unused bits zero),
//       then for each point, for each coordinate: q = round(x * 1024) (the kGridStep grid, ties away
//       from zero), written as the zig-zag varint of q minus the same coordinate of the previous point.
//     Varints are LEB128 (7 bits per byte, low first, canonical). Coordinates off the 1/1024 grid are
//     rounded to it (the UI and the generators only make grid points, so for them this is exact);
//     non-finite ones are written as 0 and larger ones as +-kMaxAbsCoordinate; -0 reads back as +0.
//   * Every other row of the table is written only when it differs from default_link_state();
//     numbers in the shortest text that reads back to the same double ("0.1", "0.33333333333333331").
//   * `v=1` is written LAST: it doubles as an end mark, so a link cut off anywhere (by a mail client, a
//     length limit) is refused with a message instead of silently loading other settings. A link
//     without `v` is refused; v > 1 says "made by a newer version".
//   * Unknown keys are ignored (forward compatible) and listed in DecodeResult::warnings.
// Decoding never trusts its input: text longer than kMaxLinkLength, more than kMaxPairs pairs, a
// repeated key, bad escapes, bad base64 or varints, trailing bytes, out-of-range or non-finite
// numbers are errors with a sentence for the student. Memory use is bounded by a small multiple of
// the text length.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "widget_state.hpp"

namespace pl {

// [SECTION] Limits
inline constexpr int kStateVersion = 1;
inline constexpr std::size_t kMaxLinkLength = 2u * 1024u * 1024u;  // about what browsers allow in a URL
inline constexpr std::size_t kMaxPairs = 256;
inline constexpr int kMaxDim = kMaxDimension;  // dataset.hpp
inline constexpr std::uint64_t kMaxTrainedVisits = 50'000'000;  // a link asking for more is refused
inline constexpr std::size_t kMaxPresetLength = 100;            // bytes; the encoder truncates longer names
inline constexpr std::size_t kMaxWarnings = 10;                 // then one "and N more" line

// [SECTION] Decoding result (shared with state_from_json)
struct DecodeResult {
    bool ok = false;
    WidgetState state;                  // the decoded state when ok (defaults otherwise)
    std::string error;                  // one sentence for the student when !ok
    std::vector<std::string> warnings;  // things ignored on the way (unknown keys), also when ok
};

// [SECTION] The fragment codec
// What an empty fragment, and any key a link leaves out, means: WidgetState{} with the lecture-4 points
// and preset "lecture4" (the same as Session::default_state(), which the tests check). These v=1
// defaults are frozen by a test: changing a default in WidgetState needs a new version.
WidgetState default_link_state();

enum class FragmentStyle {
    Short,  // leave out settings equal to their default (what the share button uses)
    Full    // write every key
};
// No leading '#'. Exact for every state within the limits (validate_state), except off-grid points.
std::string encode_fragment(const WidgetState& state, FragmentStyle style = FragmentStyle::Short);

// Accepts a bare fragment, "#fragment" or a whole URL (everything after its first '#'). Surrounding
// spaces are ignored. An empty fragment gives default_link_state(); a URL without '#' is an error.
DecodeResult decode_fragment(std::string_view text);

// The `d` value alone (base64url text) and its reader: "" when ok, else the error sentence.
std::string encode_points(const Dataset& data);
std::string decode_points(std::string_view base64url_text, Dataset& out);

// "" when every field of `state` is within the limits decode_fragment/state_from_json enforce;
// otherwise the first problem, as a sentence.
std::string validate_state(const WidgetState& state);

// EditPolicy's names (kept here until names.hpp gets them: "reset", "continue").
std::string_view to_string(EditPolicy value);
bool parse(std::string_view text, EditPolicy& out);

// [SECTION] The property table
// visit_properties calls one visitor method per property, in the order of the fragment (and JSON).
// Each row names the property three ways: its fragment key, its JSON path ("kernel.sigma" = member
// sigma of object kernel) and its description in error messages. Visitors implement:
//   points(Dataset&)                                fragment "d"; JSON "points", "labels", "dim"
//   name(Key, Enum&)                                enum, through to_string/parse (names.hpp)
//   whole(Key, Int&, min, max)                      integer in [min, max]
//   real(Key, double&, RealRange)                   finite double in the range
//   label(Key, int&)                                +1 or -1
//   flag(Key, bool&)                                fragment 1/0, JSON true/false
//   text(Key, std::string&)                         at most kMaxPresetLength bytes, no control characters
// State is WidgetState (readers) or const WidgetState (writers).
namespace state_table {

struct Key {
    std::string_view url;
    std::string_view json;
    std::string_view what;
};

struct RealRange {
    double min;
    double max;
    bool min_open;  // min itself not allowed (eta > 0, sigma > 0)
};

inline constexpr double kBig = 1.0e6;
inline constexpr RealRange kPositive{0.0, kBig, true};
inline constexpr RealRange kNonNegative{0.0, kBig, false};
inline constexpr RealRange kAny{-kBig, kBig, false};
inline constexpr RealRange kSpan{1.0e-3, kBig, false};  // as Session::set_view clamps it

template <class State, class Visitor>
void visit_properties(State& s, Visitor& v) {
    v.points(s.data);
    v.name(Key{"alg", "algorithm", "the algorithm"}, s.config.algorithm);
    v.name(Key{"bias", "bias", "the bias mode"}, s.config.bias);
    v.name(Key{"order", "order", "the visiting order"}, s.config.order);
    v.name(Key{"init", "init", "the starting weights"}, s.config.init);
    v.whole(Key{"seed", "seed", "the random seed"}, s.config.seed, 0, UINT64_MAX);
    v.real(Key{"eta", "eta", "the learning rate"}, s.config.eta, kPositive);
    v.whole(Key{"epochs", "maxEpochs", "the epoch limit"}, s.config.max_epochs, 1, 1'000'000);
    v.name(Key{"lift", "lift", "the feature lift"}, s.config.lift);
    v.name(Key{"kernel", "kernel.type", "the kernel"}, s.config.kernel.type);
    v.whole(Key{"degree", "kernel.degree", "the polynomial degree"}, s.config.kernel.degree, 1, 20);
    v.real(Key{"coef0", "kernel.coef0", "the polynomial constant c"}, s.config.kernel.coef0, kAny);
    v.real(Key{"sigma", "kernel.sigma", "the Gaussian width sigma"}, s.config.kernel.sigma, kPositive);
    v.real(Key{"gamma", "kernel.gamma", "the RBF gamma"}, s.config.kernel.gamma, kNonNegative);
    v.real(Key{"scale", "kernel.scale", "the sigmoid scale"}, s.config.kernel.scale, kAny);
    v.real(Key{"theta", "kernel.theta", "the sigmoid offset theta"}, s.config.kernel.theta, kAny);
    v.whole(Key{"outlier", "outlierThreshold", "the outlier threshold"}, s.config.outlier_threshold, 0,
            1'000'000);
    v.real(Key{"decay", "logisticDecay", "the logistic step decay"}, s.config.logistic_decay, kNonNegative);
    v.real(Key{"cx", "view.cx", "the view centre x"}, s.view.center_x, kAny);
    v.real(Key{"cy", "view.cy", "the view centre y"}, s.view.center_y, kAny);
    v.real(Key{"span", "view.span", "the view size"}, s.view.span, kSpan);
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
    v.whole(Key{"visits", "trainedVisits", "the training progress"}, s.trained_visits, 0, kMaxTrainedVisits);
    v.text(Key{"preset", "preset", "the preset name"}, s.preset);
}

// Checks and messages shared by the fragment and JSON readers, so both say the same thing.
// Each *_problem returns "" when fine, else the end of a sentence ("it must be ..., but it is -1").
std::string whole_rule(std::uint64_t min, std::uint64_t max);  // "a whole number from 1 to 20"
std::string real_rule(const RealRange& range);                   // "a number greater than 0 and at most 1e6"
std::string real_problem(double value, const RealRange& range);
std::string whole_problem(bool negative, std::uint64_t magnitude, std::uint64_t min, std::uint64_t max);
std::string label_problem(double value);
std::string text_problem(std::string_view text);
template <class E>  // "it must be one of a|b|c, but it is ..." (the enums of names.hpp and EditPolicy)
std::string name_problem(std::string_view text);
// Dimension, count, labels and coordinate range of a data set: "" or a whole sentence.
std::string points_problem(const Dataset& data);
// "<source> has a bad value for <what> (<name>): <problem>."  source = "The link" / "The JSON state".
std::string bad_value(std::string_view source, std::string_view what, std::string_view name,
                      std::string_view problem);
std::string quote_text(std::string_view text);  // "\"text\"" for messages: at most 40 characters, escaped
std::string format_number(double value);    // shortest text that reads back exactly; no '+'
bool parse_real(std::string_view text, double& out);  // plain decimal syntax, finite
bool parse_whole(std::string_view text, bool& negative, std::uint64_t& magnitude);  // [-]digits
std::string sanitized_preset(std::string_view preset);  // truncated, control characters -> ' '
std::string newer_version_message(std::string_view source, std::string_view version_text);

}  // namespace state_table

}  // namespace pl
