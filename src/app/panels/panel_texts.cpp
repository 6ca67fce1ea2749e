// See panel_texts.hpp.
#include "app/panels/panel_texts.hpp"

#include "core/facts/describe.hpp"

namespace pl::app {

namespace {
// The lifted space as the tooltips write it (lift_formula is ASCII, for the CLI).
std::string lifted_space_text(LiftKind lift) {
    switch (lift) {
        case LiftKind::Product: return "\xCF\x86(x) = (x\xE2\x82\x81, x\xE2\x82\x82, x\xE2\x82\x81x\xE2\x82\x82)";
        case LiftKind::Radial: return "\xCF\x86(x) = (x\xE2\x82\x81, x\xE2\x82\x82, x\xE2\x82\x81\xC2\xB2 + x\xE2\x82\x82\xC2\xB2)";
        case LiftKind::Poly2: return "\xCF\x86(x) of the degree-2 lift";
        case LiftKind::Constant:
        case LiftKind::None: break;
    }
    return "the input plane";
}
bool curving(LiftKind lift) { return lift != LiftKind::None && lift != LiftKind::Constant; }
}  // namespace

std::string learner_margin_help(const std::string& space, bool lifted) {
    const std::string other = lifted ? "the margin in \xCF\x86(x)" : "the margin on the plane";
    // Both margins divide the same y·f by a length, ‖v‖ here and ‖w‖ there, and ‖v‖ ≥ ‖w‖: the same
    // sign, never farther from 0. "Smaller" alone would be false for a negative margin.
    return "Geometric margin in the learner's space z = " + space + ", the space of R and \xCE\xB3*: min\xE1\xB5\xA2 y\xE1\xB5\xA2(v\xC2\xB7z\xE1\xB5\xA2) / \xE2\x80\x96v\xE2\x80\x96 "
           "where v holds every weight, the bias included, so the hyperplane through the origin of that space "
           "is measured. This is the number to compare with \xCE\xB3*. With a bias b \xE2\x89\xA0 0 it is " + other +
           " times \xE2\x80\x96w\xE2\x80\x96/\xE2\x80\x96v\xE2\x80\x96 < 1, because \xE2\x80\x96v\xE2\x80\x96 counts b too: the same sign, closer to 0 "
           "(smaller when every point is on its side, less negative when one is wrong).";
}

std::string online_mode_help(DataMode mode) {
    const std::string ties =
        " A mistake is y\xC2\xB7" "f \xE2\x89\xA4 0: a wrong prediction, or a score of exactly 0 (on the line), which is a mistake "
        "for either label.";
    if (mode == DataMode::Words)
        return "The online protocol: type a message and the model predicts spam or ham first; then you reveal its label, it "
               "joins the training set and the perceptron updates only on a mistake." + ties;
    return "The online protocol: each new click is first classified by the current model, then its true label is "
           "revealed and the perceptron updates only on a mistake." + ties;
}

MarginsRow generalisation_margins_row(const AnswerMargins& m, const Separator& best, LiftKind lift) {
    const bool lifted = curving(lift);
    const bool defined = lifted ? m.feature_defined : m.input_defined;
    const double answer = lifted ? m.feature_geometric : m.input_geometric;
    MarginsRow row;
    row.value = (defined ? display_number(answer, 3) : std::string("n/a")) + " vs " +
                (best.separable ? display_number(best.margin, 3) : std::string("n/a"));
    if (lifted)
        row.help = "Geometric margin on the training points in the lifted space " + lifted_space_text(lift) +
                   ", where both hyperplanes live (on the canvas they are curves): the current answer's against the "
                   "maximum-margin one's, each min\xE1\xB5\xA2 y\xE1\xB5\xA2(w\xC2\xB7\xCF\x86(x\xE1\xB5\xA2) + b) / \xE2\x80\x96w\xE2\x80\x96. Lecture 001: a larger margin "
                   "tends to generalise better. Compare the test accuracies above.";
    else
        row.help = "Geometric margin on the training points, in the input plane: the current line's against the maximum-margin "
                   "line's. Lecture 001: a larger margin tends to generalise better. Compare the test accuracies above.";
    return row;
}

}  // namespace pl::app
