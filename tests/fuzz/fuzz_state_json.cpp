// Fuzz target: pl::state_from_json on arbitrary text (the JS handle's load(obj), a JSON import).
// Besides "no crash, no sanitizer report", it checks (state_json.hpp):
//   not ok -> a non-empty error sentence;
//   ok     -> validate_state passes; state_to_json + state_from_json gives an equal state back;
//             a pl::Session built from the state (training progress clamped to 10,000 visits so the
//             replay stays short) does not crash, keeps finite weights/alphas, takes one more step
//             and an epoch, and snapshot_json of the result parses back.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/session/session.hpp"
#include "core/facts/snapshot_json.hpp"
#include "core/state/state_json.hpp"
#include "fuzz_check.hpp"

namespace {
constexpr std::uint64_t kMaxFuzzVisits = 10000;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(bytes), size);
    const pl::DecodeResult r = pl::state_from_json(text);
    if (!r.ok) {
        FUZZ_CHECK(!r.error.empty(), "refused without a message");
        return 0;
    }
    const std::string problem = pl::validate_state(r.state);
    FUZZ_CHECK(problem.empty(), "decoded state fails validate_state: " + problem);

    const std::string json = pl::state_to_json(r.state);
    const pl::DecodeResult again = pl::state_from_json(json);
    FUZZ_CHECK(again.ok, "state_to_json output does not load: " + again.error);
    const std::string diff = pl::fuzz::first_difference(r.state, again.state);
    FUZZ_CHECK(diff.empty(), "JSON round trip changed " + diff);

    pl::WidgetState state = r.state;
    state.trained_visits = std::min<std::uint64_t>(state.trained_visits, kMaxFuzzVisits);
    pl::Session session(state);
    session.step();
    if (session.state().data.size() <= 2000) session.epoch();
    const pl::Learner& learner = session.learner();
    FUZZ_CHECK(pl::fuzz::all_finite(learner.weights()), "non-finite weight");
    FUZZ_CHECK(pl::fuzz::all_finite(learner.alphas()), "non-finite alpha");
    FUZZ_CHECK(std::isfinite(learner.bias()), "non-finite bias");
    FUZZ_CHECK(session.state().trained_visits == learner.visits(), "trained_visits out of step");

    const std::string snapshot = pl::snapshot_json(session.state(), learner, session.theory());
    const pl::DecodeResult reloaded = pl::state_from_json(snapshot);
    FUZZ_CHECK(reloaded.ok, "snapshot_json output does not load: " + reloaded.error);
    return 0;
}
