// [SECTION] Training and Show sections
#include <algorithm>
#include <cmath>
#include <string>

#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "app/canvas/training_verbs.hpp"
#include "core/learn/kernel.hpp"

namespace pl::app {

namespace {
constexpr const char* kSigmoidNote =
    "Not positive semi-definite in general: whether a Gram matrix of tanh(\xCE\xB7x\xC2\xB7z + \xCE\xB8) is depends on "
    "\xCE\xB7, \xCE\xB8 and the points. Where it is not, no feature space stands behind K, and the perceptron still "
    "runs but convergence is not guaranteed.";

bool kernel_controls(KernelParams& k, const FieldLabels& field) {
    bool changed = enum_combo(field("kernel").c_str(), k.type);
    float v;
    switch (k.type) {
        case KernelType::Linear: break;
        case KernelType::Polynomial:
            changed |= slider_int(field("degree p").c_str(), &k.degree, 1, 8);
            v = static_cast<float>(k.coef0);
            if (slider_float(field("c").c_str(), &v, 0.0f, 5.0f, "%.2f")) { k.coef0 = v; changed = true; }
            item_tooltip("K(x, z) = (x\xC2\xB7z + c)^p");
            break;
        case KernelType::Gaussian:
            v = static_cast<float>(k.sigma);
            if (slider_float(field("\xCF\x83").c_str(), &v, 0.05f, 5.0f, "%.3f", ImGuiSliderFlags_Logarithmic)) { k.sigma = v; changed = true; }
            item_tooltip("K(x, z) = exp(\xE2\x88\x92\xE2\x80\x96x \xE2\x88\x92 z\xE2\x80\x96\xC2\xB2 / (2\xCF\x83\xC2\xB2))");
            break;
        case KernelType::Rbf:
            v = static_cast<float>(k.gamma);
            if (slider_float(field("\xCE\xB3 (kernel)").c_str(), &v, 0.01f, 20.0f, "%.3f", ImGuiSliderFlags_Logarithmic)) { k.gamma = v; changed = true; }
            item_tooltip("K(x, z) = exp(\xE2\x88\x92\xCE\xB3\xE2\x80\x96x \xE2\x88\x92 z\xE2\x80\x96\xC2\xB2)");
            break;
        case KernelType::Sigmoid:
            v = static_cast<float>(k.scale);
            if (slider_float(field("\xCE\xB7 (scale)").c_str(), &v, 0.01f, 5.0f, "%.3f", ImGuiSliderFlags_Logarithmic)) { k.scale = v; changed = true; }
            v = static_cast<float>(k.theta);
            if (slider_float(field("\xCE\xB8").c_str(), &v, -5.0f, 5.0f, "%.2f")) { k.theta = v; changed = true; }
            ImGui::TextWrapped("%s", kSigmoidNote);
            PL_PROBE_TEXT("kernel-note", std::string(kSigmoidNote), ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
            break;
    }
    return changed;
}
}  // namespace

void apply_training_settings(Session& s, const TrainConfig& config) {
    const bool lift_changed = config.lift != s.state().config.lift;
    s.set_config(config);
    // A 3-D lift is best seen in 3-D: open the lift view when one is chosen.
    if (lift_changed && (config.lift == LiftKind::Product || config.lift == LiftKind::Radial) && !s.state().panels.lift_view) {
        PanelState p = s.state().panels;
        p.lift_view = true;
        s.set_panels(p);
    }
}

void draw_training_section(PanelContext& c) {
    Session& s = c.session;
    TrainConfig config = s.state().config;
    bool changed = false;
    const FieldLabels field({"algorithm", "bias", "feature map", "kernel", "outlier s", "order", "init", "seed",
                             "\xCE\xB7 (rate)", "epoch cap", "degree p", "\xCE\xB3 (kernel)", "\xCE\xB7 (scale)"});
    changed |= enum_combo(field("algorithm").c_str(), config.algorithm);
    item_tooltip("Perceptron: the textbook rule. Pocket: keeps the best weights seen so far. Averaged and voted "
                 "(extensions): average or vote over all intermediate weights. Logistic SGD: the smooth "
                 "relative the perceptron comes from. Kernel: the dual form with mistake counters \xCE\xB1.");
    changed |= enum_combo(field("bias").c_str(), config.bias);
    item_tooltip("Absorbed: the learner sees [x, 1] and the last weight is the bias. Explicit: b += \xCE\xB7y "
                 "on each mistake. None: the hyperplane must pass through the origin.");
    const bool words = s.state().mode == DataMode::Words;
    if (!words) {
        changed |= enum_combo(field("feature map").c_str(), config.lift);
        item_tooltip("\xCF\x86(x) applied before learning: x1\xC2\xB7x2 separates XOR, x1\xC2\xB2+x2\xC2\xB2 separates circles, the "
                     "degree-2 map has (1 + u\xC2\xB7v)\xC2\xB2 as its dot product.");
    } else if (const std::string reason = s.words().unsupported(); !reason.empty()) {
        ImGui::TextWrapped("The messages train as the perceptron: %s.", reason.c_str());
    }
    if (config.algorithm == Algorithm::Kernel && !words) {
        changed |= kernel_controls(config.kernel, field);
        int s_threshold = config.outlier_threshold;
        if (slider_int(field("outlier s").c_str(), &s_threshold, 0, 50, s_threshold == 0 ? "off" : "%d")) {
            config.outlier_threshold = s_threshold;
            changed = true;
        }
        item_tooltip("When a point's mistake counter \xCE\xB1\xE1\xB5\xA2 reaches s it is treated as an outlier: \xCE\xB1\xE1\xB5\xA2 is "
                     "zeroed and the point is left out of further training. 0 turns this off.");
    }
    changed |= enum_combo(field("order").c_str(), config.order);
    item_tooltip("Sequential visits the points in their order; random shuffles them (seeded) every epoch.");
    changed |= enum_combo(field("init").c_str(), config.init);
    item_tooltip("Zero: w starts at 0. Random: each weight uniform in [\xE2\x88\x92" "1, 1] from the seed.");
    if (config.init == Init::Random || config.order == Order::Random) {
        int seed = static_cast<int>(config.seed);
        if (ImGui::InputInt(field("seed").c_str(), &seed)) { config.seed = static_cast<std::uint64_t>(std::max(0, seed)); changed = true; }
    }
    float eta = static_cast<float>(config.eta);
    if (slider_float(field("\xCE\xB7 (rate)").c_str(), &eta, 0.01f, 10.0f, "%.3g", ImGuiSliderFlags_Logarithmic)) {
        config.eta = eta;
        changed = true;
    }
    item_tooltip("Learning rate \xCE\xB7 in w \xE2\x86\x90 w + \xCE\xB7yx. For the perceptron from w = 0 it only scales w: "
                 "the mistakes are the same for every \xCE\xB7 > 0. In lecture 001's road from logistic SGD (Plots "
                 "section) this slider is 2\xCE\xB7: the perceptron is SGD with \xCE\xB7 = 0.5. Logistic SGD starts its "
                 "steps at \xCE\xB7 and shrinks them over time; the kernel perceptron ignores it.");
    changed |= slider_int(field("epoch cap").c_str(), &config.max_epochs, 1, 10000, "%d", ImGuiSliderFlags_Logarithmic);
    item_tooltip("Training stops after this many epochs even if it has not converged (non-separable data never does).");
    if (changed) {
        c.run.running = false;
        apply_training_settings(s, config);
    }

    // Verbs, each with its keyboard shortcut (a shorter label, with the full one as tooltip, when narrow).
    ButtonGrid grid(6, {"Step", "Next mistake", "Epoch", "Pause", "Converge", "Reset"});
    grid.next();
    if (fit_button({"Step (S)", "Step"}, "step", grid.width())) run_training_verb(s, c.canvas, c.run, TrainingVerb::Step);
    item_tooltip(update_rule_text(config).c_str());
    grid.next();
    if (fit_button({"Next mistake (N)", "Next mistake"}, "next-mistake", grid.width())) run_training_verb(s, c.canvas, c.run, TrainingVerb::NextMistake);
    item_tooltip(config.algorithm == Algorithm::Logistic
                     ? "Visit examples until one is a mistake (y\xC2\xB7" "f(x) \xE2\x89\xA4 0); logistic SGD moves w on every visit on the way."
                     : "Visit examples until one is a mistake (y\xC2\xB7" "f(x) \xE2\x89\xA4 0: wrong side, or on the line) and is learned.");
    grid.next();
    if (fit_button({"Epoch (E)", "Epoch"}, "epoch", grid.width())) run_training_verb(s, c.canvas, c.run, TrainingVerb::Epoch);
    item_tooltip("Finish the current pass over the data.");
    grid.next();
    const bool run_clicked = c.run.running ? fit_button({"Pause (space)", "Pause"}, "run", grid.width())
                                           : fit_button({"Run (space)", "Run"}, "run", grid.width());
    if (run_clicked) { c.run.running = !c.run.running; c.run.carry = 0; }
    grid.next();
    if (fit_button({"Converge"}, "converge", grid.width())) run_training_verb(s, c.canvas, c.run, TrainingVerb::Converge);
    item_tooltip("Run whole epochs until one has no mistake, or the epoch cap is reached.");
    grid.next();
    if (fit_button({"Reset (R)", "Reset"}, "reset", grid.width())) run_training_verb(s, c.canvas, c.run, TrainingVerb::Reset);
    const bool unlimited = c.run.speed >= RunState::kMaxSpeed;
    slider_float(FieldLabels({"visits/s"})("visits/s").c_str(), &c.run.speed, 1.0f, RunState::kMaxSpeed, unlimited ? "max" : "%.0f", ImGuiSliderFlags_Logarithmic);
    item_tooltip("Speed of Run. At 4 or fewer visits per second every update is animated; at the top end training "
                 "uses as much of each frame as it can without making the page stutter.");
}

void draw_show_section(PanelContext& c) {
    PanelState p = c.session.state().panels;
    bool changed = false;
    changed |= ImGui::Checkbox("decision regions", &p.field);
    changed |= ImGui::Checkbox("margin band of w", &p.margin_band);
    item_tooltip("Dashed lines at the geometric margin of the current line on the plane, min y(w\xC2\xB7x + b)/\xE2\x80\x96w\xE2\x80\x96: the "
                 "distance from the line to the closest point (\"\xCE\xB3 on the plane\" in the Theory section).");
    changed |= ImGui::Checkbox("max-margin separator", &p.max_margin);
    item_tooltip("The separating line farthest from both classes (hard-margin SVM), its margin and its support points.");
    changed |= ImGui::Checkbox("convex hulls", &p.hulls);
    item_tooltip("The convex hull of each class on the plane. With a bias, two classes are separable by a line exactly "
                 "when their hulls do not meet. Without a bias (a line through the origin) or with a lift (the "
                 "learner separates \xCF\x86(x)) the Theory section's separable row can differ from what the hulls show.");
    if (c.reduced_motion) {
        // The trail fades as training moves on: motion the person asked not to see.
        bool off = false;
        ImGui::BeginDisabled();
        ImGui::Checkbox("trail (off: reduced motion)", &off);
        ImGui::EndDisabled();
    } else {
        changed |= ImGui::Checkbox("trail of earlier lines", &p.trail);
    }
    changed |= ImGui::Checkbox("lift view", &p.lift_view);
    item_tooltip("Below the canvas (or in its own tab on small screens): the lifted points in 3-D with the learned plane, the 1-D \xE2\x86\x92 2-D bias "
                 "figure, and the degree-2 map run side by side with the (1 + u\xC2\xB7v)\xC2\xB2 kernel.");
    changed |= ImGui::Checkbox("trace table", &p.trace);
    item_tooltip("Every visit of the run in a table, as lecture 004 traces the perceptron by hand; a row shows the canvas after that visit.");
    changed |= ImGui::Checkbox("dark theme", &p.dark);
    bool contrast = p.high_contrast || c.system_more_contrast;
    if (c.system_more_contrast) ImGui::BeginDisabled();  // the system's setting decides
    if (ImGui::Checkbox(c.system_more_contrast ? "high contrast (system)" : "high contrast", &contrast)) {
        p.high_contrast = contrast;
        changed = true;
    }
    if (c.system_more_contrast) ImGui::EndDisabled();
    item_tooltip("Black on white (or white on black with the dark theme), stronger colours and outlines.");
    // The larger-text setting: the layout follows as it does for a smaller screen.
    static constexpr int kTextSizes[] = {100, 125, 150, 175, 200};
    const FieldLabels field({"text size"});
    const std::string current = std::to_string(p.text_size) + " %";
    const std::string label = field("text size");
    probe_fit("combo", current, ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::BeginCombo(label.c_str(), current.c_str())) {
        for (int size : kTextSizes) {
            const std::string name = std::to_string(size) + " %";
            if (ImGui::Selectable(name.c_str(), size == p.text_size)) { p.text_size = size; changed = true; }
        }
        ImGui::EndCombo();
    }
    if (changed) c.session.set_panels(p);
}

}  // namespace pl::app
