// [SECTION] Trace: every visit of the run in a table (core/figures/trace_table.hpp), as lecture 004
// traces the perceptron by hand. A row chosen with the mouse, or with Up/Down while the table has the
// keyboard focus, shows the canvas as it was after that visit (Session::show_visit); the table keeps
// listing the whole run (RunState::trace, the horizon), and the row of the current visit is highlighted
// and scrolled to when Step moves it. Save CSV, Save LaTeX and Copy Markdown go through the host.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "app/canvas/training_verbs.hpp"
#include "core/figures/trace_table.hpp"

namespace pl::app {

namespace {

// The replay a frame may spend catching up with a long run (later frames continue, one visit at a time).
constexpr auto kFrameBudget = std::chrono::milliseconds(150);

struct TraceScreen {
    std::size_t shown_visit = 0;       // the visit the canvas showed last frame (to follow Step)
    std::size_t focused_row = 0;       // t of the row with the keyboard focus last frame (0: none)
    bool scroll_pending = true;
};
TraceScreen g_screen;  // one widget per process or WebAssembly instance

// Moves the session to visit t (0: before any visit), as the table's own choice.
void go_to_visit(PanelContext& c, std::size_t t) { pl::app::go_to_visit(c.session, c.run, t); }

std::vector<const char*> headers(const TraceTable& table) {
    std::vector<const char*> h = {"t", "epoch", "i", table.kind == TraceKind::Words ? "message" : "x", "y",
                                  table.kind == TraceKind::Kernel ? "f(x)" : "w\xC2\xB7x", "mistake"};
    switch (table.kind) {
        case TraceKind::Primal: case TraceKind::ExplicitBias: h.push_back("w before"); h.push_back("w after"); break;
        case TraceKind::Kernel: h.push_back("\xCE\xB1\xE1\xB5\xA2 before"); h.push_back("\xCE\xB1\xE1\xB5\xA2 after"); break;
        case TraceKind::Words: h.push_back("weights that changed"); break;
    }
    return h;
}

void draw_buttons(PanelContext& c) {
    if (!c.host) return;
    const auto& host = *c.host;
    // Three in a row; a narrow column gets the short labels (the long one is then the tooltip).
    const float third = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
    if (fit_button({"Save CSV", "CSV"}, "trace-csv", third)) host(HostRequest::SaveTraceCsv);
    item_tooltip("The table as CSV, one row per visit, with exact numbers.");
    ImGui::SameLine();
    if (fit_button({"Save LaTeX", "LaTeX"}, "trace-latex", third)) host(HostRequest::SaveTraceLatex);
    item_tooltip("The table as a LaTeX tabular with booktabs rules (\\usepackage{booktabs}), for slides and sheets.");
    ImGui::SameLine();
    if (fit_button({"Copy Markdown", "Markdown"}, "trace-markdown", third)) host(HostRequest::CopyTraceMarkdown);
    item_tooltip("The table as a Markdown table, to the clipboard.");
}

}  // namespace

void draw_trace_section(PanelContext& c) {
    TraceFollower& trace = c.run.trace;
    trace.follow(c.session, kFrameBudget);
    const TraceTable& table = trace.table();
    const std::size_t current = shown_visits(c.session.state());
    const bool words = table.kind == TraceKind::Words;

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", words ? "One row per visit; i numbers the messages from 1. Choose a row to go back to that visit."
                                    : "One row per visit; i numbers the points from 1, as on the canvas. Choose a row to see the canvas after that visit.");
    if (!table.note().empty()) ImGui::TextUnformatted(table.note().c_str());
    if (trace.pending()) ImGui::Text("Replaying the run: %zu of %zu visits\xE2\x80\xA6", table.visits, trace.horizon());
    ImGui::PopTextWrapPos();
    draw_buttons(c);
    if (table.rows.empty()) {
        ImGui::TextDisabled("No visits yet: Step or Epoch fills the table.");
        // The verbs right here: on a phone the Trace tab is not the Train tab, and the hint must not send
        // the student away to find them (issue 41).
        ButtonGrid grid(2, {"Step", "Epoch"});
        grid.next();
        if (fit_button({"Step (S)", "Step"}, "trace-step", grid.width())) run_training_verb(c.session, c.canvas, c.run, TrainingVerb::Step);
        grid.next();
        if (fit_button({"Epoch (E)", "Epoch"}, "trace-epoch", grid.width())) run_training_verb(c.session, c.canvas, c.run, TrainingVerb::Epoch);
        return;
    }

    const std::vector<const char*> head = headers(table);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingFixedFit;
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float available = ImGui::GetContentRegionAvail().y;
    const float wanted = line * std::min<float>(14.0f, static_cast<float>(table.rows.size()) + 1.8f);
    const float height = available > line * 6 ? std::min(wanted, available) : wanted;  // in a tab, the tab's room
    if (!ImGui::BeginTable("##trace", static_cast<int>(head.size()), flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    for (const char* h : head) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();

    // The row of the current visit: rows hold t = front.t .. back.t in order.
    const std::size_t first_t = table.rows.front().t;
    const bool current_listed = current >= first_t && current <= table.rows.back().t;
    const int current_row = current_listed ? static_cast<int>(current - first_t) : -1;
    const bool follow = current != g_screen.shown_visit || g_screen.scroll_pending;
    g_screen.shown_visit = current;
    g_screen.scroll_pending = false;

    std::size_t focused = 0;
    std::size_t chosen = 0;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(table.rows.size()));
    if (follow && current_row >= 0) clipper.ForceDisplayRangeByIndices(current_row, current_row + 1);
    while (clipper.Step()) {
        for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
            const TraceRow& r = table.rows[static_cast<std::size_t>(k)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            char label[48];
            std::snprintf(label, sizeof label, "%zu##trace-row-%zu", r.t, r.t);
            if (ImGui::Selectable(label, r.t == current, ImGuiSelectableFlags_SpanAllColumns)) chosen = r.t;
            if (ImGui::IsItemFocused()) focused = r.t;
            if (k == current_row && follow) ImGui::SetScrollHereY(0.5f);
            if (r.t == current) {
                const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
                PL_PROBE_TEXT("trace-current", std::to_string(r.t), min, max);
            }
            for (const std::string& cell : trace_cells(table, r, "\xE2\x80\x94")) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(cell.c_str());
            }
        }
    }
    ImGui::EndTable();

    // Up/Down move the keyboard focus from row to row: the canvas follows the focused row.
    if (chosen == 0 && focused != 0 && focused != g_screen.focused_row && focused != current && ImGui::GetIO().NavVisible) chosen = focused;
    g_screen.focused_row = focused;
    if (chosen != 0 && chosen != current) go_to_visit(c, chosen);
}

}  // namespace pl::app
