// [SECTION] The side panels in Words mode: the Data section for messages, the data set list shared
// with points mode (its "Words (spam)" entry opens Words mode), and the theory and plots of messages.
#include <algorithm>
#include <cmath>
#include <string>

#include "app/panels/panel_texts.hpp"
#include "app/panels/panels.hpp"
#include "app/panels/plots.hpp"
#include "app/base/probe.hpp"
#include "app/words/words_draw.hpp"
#include "app/words/words_texts.hpp"
#include "app/words/words_view.hpp"

namespace pl::app {

void draw_words_data_section(PanelContext& c) {
    Session& s = c.session;
    WordsSession& w = s.words();
    const WidgetState& st = s.state();
    const bool readonly = st.readonly;

    Preset preset = Preset::Lecture4;
    ImGui::SetNextItemWidth(-1);
    if (preset_combo(c, preset, nullptr) && !readonly) s.load_preset(preset, s.generator());
    item_tooltip("Words (spam): messages labelled spam (\xE2\x88\x92" "1) or ham (+1). Pick a data set of points to go back "
                 "to the plane.");
    if (fit_button({"Back to the points", "Points"}, "back-to-points", ImGui::GetContentRegionAvail().x)) {
        c.run.running = false;
        s.set_mode(DataMode::Points);
    }
    item_tooltip("Show the points again, as they were. The messages stay for when you come back.");

    ImGui::BeginDisabled(!w.can_undo() || readonly);
    if (ImGui::Button("Undo")) w.undo();
    ImGui::EndDisabled();
    same_line_if_fits(button_width("Redo"));
    ImGui::BeginDisabled(!w.can_redo() || readonly);
    if (ImGui::Button("Redo")) w.redo();
    ImGui::EndDisabled();
    same_line_if_fits(button_width("Clear all"));
    ImGui::BeginDisabled(st.words.empty() || readonly);
    if (ImGui::Button("Clear all")) w.clear();
    ImGui::EndDisabled();
    same_line_if_fits(button_width("Lecture's three"));
    ImGui::BeginDisabled(readonly);
    if (ImGui::Button("Lecture's three")) w.load_lecture();
    ImGui::EndDisabled();
    item_tooltip("viagra the (spam), learning the (ham), nigeria (spam).");
    // The lecture's messages keep the widget's settings (finding F9): offer the lecture's, as the
    // points' lecture preset does, so a student can see its M = 3 against the bound 6.
    TrainConfig lecture = st.config;
    if (words_lecture_settings(st.words, lecture) &&
        (lecture.bias != st.config.bias || lecture.algorithm != st.config.algorithm || lecture.init != st.config.init ||
         lecture.eta != st.config.eta || lecture.order != st.config.order)) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("Lecture 004 trains these without a bias, in order from w = 0: M = 3, bound 6.");
        ImGui::PopTextWrapPos();
        ImGui::BeginDisabled(readonly);
        if (ImGui::Button("Use the lecture's settings")) {
            c.run.running = false;
            apply_training_settings(s, lecture);
        }
        ImGui::EndDisabled();
    }

    const std::size_t ham = static_cast<std::size_t>(std::count(st.words.labels.begin(), st.words.labels.end(), 1));
    ImGui::TextWrapped("N = %zu messages (%zu ham, %zu spam), %zu distinct words", st.words.size(), ham, st.words.size() - ham,
                       w.learner().corpus().vocabulary.size());
    same_line_if_fits(ImGui::CalcTextSize("(?)").x);
    ImGui::TextDisabled("(?)");
    item_tooltip("A word is a run of letters a-z and digits 0-9 after lower-casing; each message counts a word once. "
                "Type a message in the box above the list and add it as spam or ham; pick a message to flip, edit "
                "or delete it (F, Delete). Import a TSV file (label<TAB>text, labels \xE2\x88\x92" "1/1, 0/1 or spam/ham) "
                "from Share. Ctrl+Z / Ctrl+Shift+Z undo and redo.");

    ImGui::TextUnformatted("Edits:");
    same_line_if_fits(check_width("restart"));
    if (ImGui::RadioButton("restart", st.edit_policy == EditPolicy::Reset)) s.set_edit_policy(EditPolicy::Reset);
    item_tooltip("Any change to the messages starts training again from the initial weights.");
    same_line_if_fits(check_width("keep going"));
    if (ImGui::RadioButton("keep going", st.edit_policy == EditPolicy::Continue)) s.set_edit_policy(EditPolicy::Continue);
    item_tooltip("Any change to the messages re-runs the same number of visits on the edited messages.");

    bool online = st.online_mode;
    if (ImGui::Checkbox("Online mode", &online)) s.set_online_mode(online);
    item_tooltip(online_mode_help(DataMode::Words).c_str());
    if (st.online_mode) {
        ImGui::SameLine();
        ImGui::Text("mistakes: %zu", w.online_mistakes());
    }
}

namespace {
// A theory row, also reported to the test build's probe as "label value".
void theory_row(const char* label, const std::string& value, const char* explanation) {
    probe_wrapped("words-theory", std::string(label) + " " + value, ImGui::GetContentRegionAvail().x);
    value_row(label, value, explanation);
}
}  // namespace

void draw_words_theory_section(PanelContext& c) {
    const Session& s = c.session;
    const WordsSession& w = s.words();
    const TextLearner& learner = w.learner();
    const TextTheory& t = w.theory();
    const TextCorpus& corpus = learner.corpus();
    const bool bias = s.state().config.bias != BiasMode::None;
    std::size_t widest = 0;
    for (std::size_t i = 0; i < corpus.size(); ++i) widest = std::max(widest, corpus.rows.count(i));

    theory_row("N", std::to_string(corpus.size()) + " messages", "Number of training messages.");
    theory_row("words", std::to_string(corpus.vocabulary.size()),
              "The vocabulary: every distinct word of the messages. Each is one coordinate of x and one weight of w.");
    theory_row("R", corpus.size() ? display_number(t.R) + "  (" + std::to_string(widest) + (widest == 1 ? " word" : " words") +
                                       (bias ? " + 1)" : ")")
                                 : std::string("n/a"),
              "R = max\xE1\xB5\xA2 \xE2\x80\x96x\xE1\xB5\xA2\xE2\x80\x96. x is 1 for each distinct word of the message (and the "
              "constant 1 of the bias), so \xE2\x80\x96x\xE2\x80\x96\xC2\xB2 counts the words: R = \xE2\x88\x9A(the most distinct "
              "words in one message, + 1 with a bias).");
    theory_row("\xCE\xB3*", t.separable ? display_number(t.gamma_star) : "n/a", words_gamma_star_help(bias).c_str());
    theory_row("bound", t.separable ? display_number(t.bound) : "\xE2\x88\x9E",
              "(R / \xCE\xB3*)\xC2\xB2: on separable messages the perceptron makes at most this many mistakes, in any order, from w = 0.");
    // Whether the bound holds for this run is decided as for the points (proof_status.hpp): not for
    // logistic SGD, not from a random start.
    const ProofStatus proof = words_proof_status(learner.config(), t, corpus.size());
    const bool over = proof.applies && t.separable && static_cast<double>(learner.mistakes()) > t.bound;
    std::string mistakes = std::to_string(learner.mistakes());
    if (proof.applies && t.separable) mistakes += over ? "  (above the bound!)" : "  \xE2\x89\xA4 bound";
    else if (t.separable) mistakes += "  (bound not applicable)";
    theory_row("M", mistakes,
              "Mistakes (updates) so far. The theorem says M \xE2\x89\xA4 (R/\xCE\xB3*)\xC2\xB2 for the perceptron started from w = 0.");
    if (!proof.note().empty()) {
        const std::string note = (proof.applies ? "" : "Bound not applicable: ") + proof.note();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::PushTextWrapPos(0.0f);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::TextUnformatted(note.c_str());
        PL_PROBE_TEXT("bound-note", note, at, ImVec2(at.x + ImGui::GetItemRectSize().x, at.y + ImGui::GetItemRectSize().y));
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    theory_row("epochs", std::to_string(learner.epochs_completed()), "Complete passes over the messages.");
    theory_row("accuracy", display_number(100.0 * learner.training_accuracy(), 4) + " %",
              "Share of training messages the current answer classifies correctly (y\xC2\xB7" "f > 0).");
    std::string separable = t.undecided ? "not computed: " + t.why_not : t.separable ? "yes" : "no";
    if (!t.undecided && !t.separable && !t.why_not.empty()) separable += ": " + t.why_not;
    ImGui::TextUnformatted("separable");
    item_tooltip("Linearly separable: some weights put every message strictly on its own side.");
    ImGui::SameLine(ImGui::GetFontSize() * 7.0f);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(separable.c_str());
    ImGui::PopTextWrapPos();
    if (learner.diverged()) ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1), "Weights overflowed: training stopped. Reset to continue.");
}

void draw_words_plots_section(PanelContext& c) {
    const TextLearner& learner = c.session.words().learner();
    PlotSeries per_epoch{{}, {}, ImGui::GetColorU32(ImGuiCol_PlotHistogram), "mistakes per epoch"};
    const auto& counts = learner.mistakes_per_epoch();
    const std::size_t stride = std::max<std::size_t>(1, counts.size() / 4000);
    for (std::size_t i = 0; i < counts.size(); i += stride) {
        std::size_t top = 0;
        for (std::size_t j = i; j < std::min(counts.size(), i + stride); ++j) top = std::max(top, counts[j]);
        per_epoch.x.push_back(static_cast<float>(i + 1));
        per_epoch.y.push_back(static_cast<float>(top));
    }
    line_plot("##words-per-epoch", {per_epoch}, ImGui::GetFontSize() * 6.0f, "epoch", true);
    ImGui::TextWrapped("The proof's two inequalities are plotted for points; on messages the theory rows compare M "
                       "with the bound (R/\xCE\xB3*)\xC2\xB2.");
}

}  // namespace pl::app
