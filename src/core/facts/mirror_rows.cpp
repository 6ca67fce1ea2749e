#include "core/facts/mirror_rows.hpp"

#include "core/base/display_text.hpp"

namespace pl {

std::string mistakes_against_bound(std::size_t mistakes, bool bounded, double bound, const ProofStatus& proof) {
    std::string out = std::to_string(mistakes);
    if (bounded && proof.applies) out += static_cast<double>(mistakes) > bound ? " (above the bound)" : " (within the bound)";
    else if (bounded) out += " (the bound does not apply: " + proof.reason + ")";
    return out;
}

std::string bound_clause(bool bounded, double bound, const ProofStatus& proof) {
    if (!bounded) return "";
    if (proof.applies) return ", bound " + display_number(bound);
    return ", and the bound " + display_number(bound) + " does not apply to this run";
}

}  // namespace pl
