// Fuzz target: pl::decode_fragment on arbitrary text (a shared link, which anyone can edit).
// Besides "no crash, no sanitizer report", it checks (state_codec.hpp):
//   not ok -> a non-empty error sentence;
//   ok     -> the state passes validate_state, and encode_fragment (both the Short and the Full
//             style) decodes again to an equal state (points, labels, every config field, view, panels,
//             progress, preset), and encoding that again gives the same text (the codec is stable).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/state/state_codec.hpp"
#include "fuzz_check.hpp"

namespace {

void check_round_trip(const pl::WidgetState& state, pl::FragmentStyle style, const char* style_name) {
    const std::string fragment = pl::encode_fragment(state, style);
    const pl::DecodeResult again = pl::decode_fragment(fragment);
    FUZZ_CHECK(again.ok, std::string(style_name) + " re-encoding does not decode: " + again.error);
    const std::string diff = pl::fuzz::first_difference(state, again.state);
    FUZZ_CHECK(diff.empty(), std::string(style_name) + " round trip changed " + diff);
    FUZZ_CHECK(pl::encode_fragment(again.state, style) == fragment, std::string(style_name) + " encoding unstable");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(bytes), size);
    const pl::DecodeResult r = pl::decode_fragment(text);
    if (!r.ok) {
        FUZZ_CHECK(!r.error.empty(), "refused without a message");
        return 0;
    }
    FUZZ_CHECK(r.warnings.size() <= pl::kMaxWarnings + 1, "too many warnings");
    const std::string problem = pl::validate_state(r.state);
    FUZZ_CHECK(problem.empty(), "decoded state fails validate_state: " + problem);
    check_round_trip(r.state, pl::FragmentStyle::Short, "Short");
    check_round_trip(r.state, pl::FragmentStyle::Full, "Full");
    return 0;
}
