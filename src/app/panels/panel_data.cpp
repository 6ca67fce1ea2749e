// [SECTION] header and the Data section (the notice: panel_notice.cpp)
#include <cstdio>
#include <string>

#include "app/panels/panel_texts.hpp"
#include "app/panels/panels.hpp"
#include "core/learn/dataset.hpp"

namespace pl::app {

void draw_header(PanelContext& c) {
    ImGui::TextUnformatted("Perceptron Lab");
    ImGui::SameLine(ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight());
    if (ImGui::ArrowButton("##collapse", ImGuiDir_Left)) {
        PanelState p = c.session.state().panels;
        p.controls = false;
        c.session.set_panels(p);
    }
    item_tooltip("Hide the controls (more room for the canvas)");
    ImGui::Separator();
}

namespace {
constexpr const char* kWordsPreset = "Words (spam)";
}  // namespace

bool preset_combo(PanelContext& c, Preset& preset, const char* preview) {
    Session& s = c.session;
    const bool words = s.state().mode == DataMode::Words;
    const std::string current = words ? kWordsPreset : preview ? preview : std::string(display_name(preset));
    bool picked = false;
    probe_fit("combo", current, ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::BeginCombo("##preset", current.c_str(), ImGuiComboFlags_HeightLargest)) {  // every entry in view, Words (spam) too
        for (Preset option : enum_values<Preset>()) {
            const std::string name(display_name(option));
            if (ImGui::Selectable(name.c_str(), !words && preview == nullptr && option == preset)) {
                preset = option;
                picked = true;
            }
        }
        ImGui::Separator();
        if (ImGui::Selectable(kWordsPreset, words) && !s.state().readonly) {
            c.run.running = false;
            s.load_words_lecture();
        }
        item_tooltip("Lecture 004's spam example: three messages as bags of words, one weight per word.");
        ImGui::EndCombo();
    }
    if (picked && words) s.set_mode(DataMode::Points);
    return picked;
}

void draw_data_section(PanelContext& c) {
    Session& s = c.session;
    const WidgetState& st = s.state();
    const bool readonly = st.readonly;

    // Presets: the lectures' fixed sets and the seeded generators, and Words (spam).
    Preset preset = Preset::Lecture4;
    const bool from_preset = parse(st.preset, preset);  // else: points placed, imported or edited by hand
    ImGui::SetNextItemWidth(-1);
    // The McCulloch-Pitts gates (Training section, hand mode) are named for what they are.
    const bool gate = st.preset.rfind("mcculloch-pitts-", 0) == 0;
    const char* own = gate ? "McCulloch-Pitts gate" : "Your own points";
    if (preset_combo(c, preset, from_preset ? nullptr : own) && !readonly) s.load_preset(preset, s.generator());
    item_tooltip("Load a data set from the lectures, or a generated one (parameters below). AND, OR, NAND and XOR "
                 "use the inputs \xE2\x88\x92" "1 (false) and +1 (true), the corners of a square around the origin. Words (spam) trains on messages instead of points.");
    // A preset brings points only: offer the settings its lecture trains them with.
    TrainConfig lecture = st.config;
    if (from_preset && lecture_settings(preset, lecture) &&
        (lecture.bias != st.config.bias || lecture.algorithm != st.config.algorithm || lecture.init != st.config.init ||
         lecture.eta != st.config.eta || lecture.order != st.config.order || lecture.lift != st.config.lift)) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("Lecture 004 runs these without a bias: w (1, 2) \xE2\x86\x92 (2, 1), bound 5.");
        ImGui::PopTextWrapPos();
        if (ImGui::Button("Use the lecture's settings")) {  // perceptron, no bias, w = 0, eta 1, in order
            c.run.running = false;
            apply_training_settings(s, lecture);
        }
    }
    if (from_preset && is_generated(preset)) {
        GeneratorParams g = s.generator();
        bool changed = false;
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
        changed |= slider_int("n", &g.n, 2, 2000, "%d", ImGuiSliderFlags_Logarithmic);
        ImGui::SameLine();
        int seed = static_cast<int>(g.seed);
        ImGui::SetNextItemWidth(-ImGui::CalcTextSize("seed").x - 8);
        if (ImGui::InputInt("seed", &seed)) { g.seed = static_cast<std::uint64_t>(std::max(0, seed)); changed = true; }
        float noise = static_cast<float>(g.noise), margin = static_cast<float>(g.margin);
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
        if (slider_float("noise", &noise, 0.0f, 1.0f, "%.2f")) { g.noise = noise; changed = true; }
        if (preset == Preset::SeparableMargin) {
            ImGui::SameLine();
            ImGui::SetNextItemWidth(-ImGui::CalcTextSize("margin").x - 8);
            if (slider_float("margin", &margin, 0.0f, 1.0f, "%.2f")) { g.margin = margin; changed = true; }
        }
        s.set_generator(g);
        if (changed && !readonly && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) s.load_preset(preset, g);
        if (ImGui::IsItemDeactivatedAfterEdit() && !readonly) s.load_preset(preset, g);
        if (ImGui::Button("Generate") && !readonly) s.load_preset(preset, g);
        item_tooltip("Make a new data set with these parameters (same seed, same points).");
    }

    // The class a click adds (touch screens have no right button or shift key).
    ImGui::TextUnformatted("Click adds");
    same_line_if_fits(check_width("+1"));
    if (ImGui::RadioButton("+1", st.active_label > 0)) s.set_active_label(+1);
    same_line_if_fits(check_width("\xE2\x88\x92" "1"));
    if (ImGui::RadioButton("\xE2\x88\x92" "1", st.active_label < 0)) s.set_active_label(-1);
    help_marker("Click: add a point of this class. Right-click or shift-click: the other class. "
                "Drag a point to move it; drag empty space to pan; wheel to zoom. Ctrl-click or Delete removes "
                "the selected point, F flips its label. Ctrl+Z / Ctrl+Shift+Z undo and redo.");

    ImGui::BeginDisabled(!s.can_undo() || readonly);
    if (ImGui::Button("Undo")) s.undo();
    ImGui::EndDisabled();
    same_line_if_fits(button_width("Redo"));
    ImGui::BeginDisabled(!s.can_redo() || readonly);
    if (ImGui::Button("Redo")) s.redo();
    ImGui::EndDisabled();
    same_line_if_fits(button_width("Clear all"));
    ImGui::BeginDisabled(st.data.empty() || readonly);
    if (ImGui::Button("Clear all")) s.clear_points();
    ImGui::EndDisabled();

    if (auto selected = c.canvas.selected(); selected && *selected < st.data.size()) {
        const Vec& p = st.data.points[*selected];
        ImGui::Text("Point %zu: (%.3f, %.3f), y = %+d", *selected + 1, p[0], p.size() > 1 ? p[1] : 0.0, st.data.labels[*selected]);
        ImGui::BeginDisabled(readonly);
        if (ImGui::SmallButton("Flip label (F)")) s.flip_label(*selected);
        ImGui::SameLine();
        if (ImGui::SmallButton("Delete (Del)")) { s.remove_point(*selected); c.canvas.select(std::nullopt); }
        ImGui::EndDisabled();
    }

    const std::size_t positives = count_label(st.data, +1);
    ImGui::Text("N = %zu  (%zu of +1, %zu of \xE2\x88\x92" "1)", st.data.size(), positives, st.data.size() - positives);

    ImGui::TextUnformatted("Edits:");
    same_line_if_fits(check_width("restart"));
    int policy = st.edit_policy == EditPolicy::Reset ? 0 : 1;
    if (ImGui::RadioButton("restart", policy == 0)) s.set_edit_policy(EditPolicy::Reset);
    item_tooltip("Any change to the points starts training again from the initial weights.");
    same_line_if_fits(check_width("keep going"));
    if (ImGui::RadioButton("keep going", policy == 1)) s.set_edit_policy(EditPolicy::Continue);
    item_tooltip("Any change to the points re-runs the same number of visits on the edited data, "
                 "so the model stays as far along as before.");

    bool online = st.online_mode;
    if (ImGui::Checkbox("Online mode", &online)) s.set_online_mode(online);
    item_tooltip(online_mode_help(DataMode::Points).c_str());
    if (st.online_mode) {
        ImGui::SameLine();
        ImGui::Text("mistakes: %zu", s.online_mistakes());
        if (const std::string& verdict = c.model().online_message; !verdict.empty()) ImGui::TextWrapped("%s", verdict.c_str());
    }
}

}  // namespace pl::app
