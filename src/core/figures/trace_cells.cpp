// The trace table's cells as a person reads them (trace_table.hpp): one copy for the Trace section
// (app/panels/panel_trace.cpp) and the accessible mirror (platform/web_a11y.cpp), so the two cannot
// show a row differently.
#include <string>
#include <vector>

#include "core/facts/describe.hpp"
#include "core/figures/trace_table.hpp"

namespace pl {

std::string trace_words_changed(const TraceRow& r) {
    std::string changed;
    const auto add = [&](const std::string& name, double before, double after) {
        changed += (changed.empty() ? "" : ", ") + name + " " + display_number(before) + " \xE2\x86\x92 " + display_number(after);
    };
    for (const TraceWord& w : r.words) add(w.word, w.before, w.after);
    if (r.bias_changed) add("b", r.b_before, r.b_after);
    return changed;
}

std::vector<std::string> trace_cells(const TraceTable& table, const TraceRow& r, const char* none_changed) {
    std::vector<std::string> out = {std::to_string(r.epoch), std::to_string(r.index + 1),
                                    table.kind == TraceKind::Words ? r.message : vector_text(r.x), label_text(r.y),
                                    display_number(r.score), r.mistake ? "yes" : "no"};
    switch (table.kind) {
        case TraceKind::Primal:
            out.push_back(vector_text(r.w_before));
            out.push_back(vector_text(r.w_after));
            break;
        case TraceKind::ExplicitBias:
            out.push_back(vector_text(r.w_before) + ", b = " + display_number(r.b_before));
            out.push_back(vector_text(r.w_after) + ", b = " + display_number(r.b_after));
            break;
        case TraceKind::Kernel:
            out.push_back(display_number(r.alpha_before));
            out.push_back(display_number(r.alpha_after));
            break;
        case TraceKind::Words: {
            const std::string changed = trace_words_changed(r);
            out.push_back(changed.empty() ? none_changed : changed);
            break;
        }
    }
    return out;
}

}  // namespace pl
