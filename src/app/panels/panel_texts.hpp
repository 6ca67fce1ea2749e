// Panel texts that depend on the settings or the answer, written as pure functions (no ImGui) so the
// tests read exactly what a tooltip or a row shows (tests/app/panels/test_panel_texts.cpp).
#pragma once
#include <string>

#include "core/facts/model_facts.hpp"
#include "core/base/config.hpp"
#include "core/theory/theory.hpp"
#include "core/words/words_state.hpp"

namespace pl::app {

// The Theory section's "γ in <space>" row: the margin in the learner's space (every weight, the bias
// included). `space` is learner_space_name(config); `lifted`: a curving lift is on, so the margin it
// is compared with is the one in φ(x), not on the plane.
std::string learner_margin_help(const std::string& space, bool lifted);

// The Online mode checkbox of the Data section (points) and of Words mode's Data section (messages).
std::string online_mode_help(DataMode mode);

// The Generalisation block's "margins" row: the current answer's geometric margin against the
// maximum-margin separator's, both in the space the separator lives in (the input plane, or φ(x) when a
// curving lift is on), and its tooltip naming that space.
struct MarginsRow {
    std::string value;  // "0.707 vs 0.707", "n/a vs 1"
    std::string help;
};
MarginsRow generalisation_margins_row(const AnswerMargins& margins, const Separator& best, LiftKind lift);

}  // namespace pl::app
