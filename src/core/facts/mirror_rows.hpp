// What the accessible mirror's two scenes share (the points' in core/scene/scene_summary.hpp, the
// messages' in words_scene.hpp): the theory list's rows, the page size of their tables, and the mistake
// bound said only where it holds for the run. Std only.
#pragma once
#include <cstddef>
#include <string>

#include "core/theory/proof_status.hpp"

namespace pl {

struct TheoryItem {
    std::string name;   // "R, the radius of the data"
    std::string value;  // "2.449", "none: not linearly separable"
};

inline constexpr std::size_t kRowsPerPage = 50;  // a big data set is never listed whole

// The mistake bound as both scenes say it (points here, Words mode in words_scene.hpp), only where it
// holds for this run (proof_status.hpp). bounded: the data are separable and the bound is defined.
//   the theory row "Mistakes M": "3 (within the bound)", "23 (the bound does not apply: ...)", "3"
//   the answer sentence's clause: ", bound 6", ", and the bound 6 does not apply to this run", and ""
//   without a bound (each scene says why in its own words)
std::string mistakes_against_bound(std::size_t mistakes, bool bounded, double bound, const ProofStatus& proof);
std::string bound_clause(bool bounded, double bound, const ProofStatus& proof);

}  // namespace pl
