// The widget state as a shareable link: the URL fragment codec, driven by the property table of
// state_table.hpp (which the JSON format, state_json.hpp, and perceptron-cli share).
//
// [SECTION] The fragment format, version 1
//   key=value pairs joined by '&', e.g.   d=AgQFAgQIBAAIBP...&alg=kernel&sigma=0.5&v=1
//   * Keys and values may be percent-encoded (%XX); '+' is a plain plus, not a space.
//   * `d` (always written) holds the points: base64url (no padding) of
//       varint dim (1..kMaxDimension), varint n (0..kMaxPoints),
//       ceil(n/8) label bytes (bit i%8 of byte i/8 is 1 for label +1, 0 for -1; unused bits zero),
//       then for each point, for each coordinate: q = round(x * 1024) (the kGridStep grid, ties away
//       from zero), written as the zig-zag varint of q minus the same coordinate of the previous point.
//     Varints are LEB128 (7 bits per byte, low first, canonical). Coordinates off the 1/1024 grid are
//     rounded to it (the UI and the generators only make grid points, so for them this is exact);
//     non-finite ones are written as 0 and larger ones as +-kMaxAbsCoordinate; -0 reads back as +0.
//   * Every other row of the table is written under its link key, and only when it differs from
//     default_link_state(); numbers in the shortest text that reads back to the same double ("0.1",
//     "0.33333333333333331").
//   * `v=1` is written LAST: it doubles as an end mark, so a link cut off anywhere (by a mail client, a
//     length limit) is refused with a message instead of silently loading other settings. A link
//     without `v` is refused; v > 1 says "made by a newer version".
//   * Unknown keys are ignored (forward compatible) and listed in DecodeResult::warnings.
// Decoding never trusts its input: text longer than kMaxLinkLength, more than kMaxPairs pairs, a
// repeated key, bad escapes, bad base64 or varints, trailing bytes, out-of-range or non-finite
// numbers are errors with a sentence for the student (limits.hpp). Memory use is bounded by a small
// multiple of the text length.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/state/state_table.hpp"
#include "core/state/widget_state.hpp"

namespace pl {

// [SECTION] Decoding result (shared with state_from_json)
struct DecodeResult {
    bool ok = false;
    WidgetState state;                  // the decoded state when ok (defaults otherwise)
    std::string error;                  // one sentence for the student when !ok
    std::vector<std::string> warnings;  // things ignored on the way (unknown keys), also when ok
};

// [SECTION] The fragment codec
// What an empty fragment, and any key a link leaves out, means: default_widget_state()
// (widget_state.hpp, also Session::default_state()). These v=1 defaults are frozen by a test:
// changing a default needs a new version.
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

// The `d` value alone (base64url text) and its reader: "" when ok, else the error sentence
// (state_codec_points.cpp).
std::string encode_points(const Dataset& data);
std::string decode_points(std::string_view base64url_text, Dataset& out);

// "" when every field of `state` is within the limits decode_fragment/state_from_json enforce;
// otherwise the first problem, as a sentence.
std::string validate_state(const WidgetState& state);

}  // namespace pl
