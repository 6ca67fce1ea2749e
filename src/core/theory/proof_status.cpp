// The premises of the mistake bound, checked one by one (see proof_status.hpp for the reasoning).
#include "core/theory/proof_status.hpp"

#include "core/base/display_text.hpp"
#include "core/learn/learner.hpp"

namespace pl {

namespace {

bool frozen(double eta) { return !(eta > 0.0 && eta <= 1e300); }  // as the learners read eta

std::string points_text(std::size_t n) { return n == 1 ? "1 point was" : std::to_string(n) + " points were"; }

void add_remark(std::string& remark, const std::string& more) {
    if (!remark.empty()) remark += " ";
    remark += more;
}

}  // namespace

std::string learner_space_name(const TrainConfig& config, bool ascii) {
    const std::string phi = config.lift == LiftKind::None ? "x" : (ascii ? "phi(x)" : "\xCF\x86(x)");
    return config.bias == BiasMode::None ? phi : "[" + phi + ", 1]";
}

ProofStatus proof_status(const TrainConfig& config, const TheorySummary& theory, std::size_t dropped_points) {
    ProofStatus s;
    const bool kernel = config.algorithm == Algorithm::Kernel;
    s.step = kernel ? 1.0 : config.eta;
    // The kernel perceptron works in its kernel's feature space, as the theory panel's rows say.
    const std::string space = kernel ? std::string("the kernel's feature space") : learner_space_name(config);

    if (theory.n == 0) { s.reason = "there are no points"; return s; }
    if (!theory.applicable) { s.reason = theory.why_not; return s; }
    if (theory.origin.undecided) {
        s.reason = "the exact solver gave no answer (" + theory.origin.reason + "), so \xCE\xB3* is not known";
        return s;
    }
    if (!theory.separable) {
        s.reason = "the data are not separable in " + space + ", so no w* exists and the theorem promises nothing";
        return s;
    }
    return proof_status_of_run(config, dropped_points);
}

ProofStatus proof_status_of_run(const TrainConfig& config, std::size_t dropped_points) {
    ProofStatus s;
    const bool kernel = config.algorithm == Algorithm::Kernel;
    s.step = kernel ? 1.0 : config.eta;
    if (config.algorithm == Algorithm::Logistic) {
        s.reason = "logistic SGD moves w on every visit, by \xCE\xB7\xE2\x82\x9C\xC2\xB7\xCF\x83(\xE2\x88\x92y\xC2\xB7" "f)\xC2\xB7y\xC2\xB7x, not only "
                   "on mistakes by one fixed multiple of y\xC2\xB7x, so neither inequality of the proof holds for it";
        return s;
    }
    if (frozen(config.eta)) {
        s.reason = "with \xCE\xB7 = " + display_number(config.eta) + " no update ever happens, so the same mistakes repeat";
        return s;
    }
    if (!kernel && config.init == Init::Random) {
        s.reason = "training started from a random w\xE2\x82\x80, and the proof starts from w = 0: w\xE2\x82\x80\xC2\xB7w* and "
                   "\xE2\x80\x96w\xE2\x82\x80\xE2\x80\x96\xC2\xB2 enter both inequalities, so a point can be missed more often "
                   "(the lecture's single-point quiz)";
        return s;
    }
    if (kernel && dropped_points > 0) {
        s.reason = points_text(dropped_points) + " dropped as outliers: setting \xCE\xB1\xE1\xB5\xA2 back to 0 takes "
                   "\xCE\xB1\xE1\xB5\xA2y\xE1\xB5\xA2\xCF\x86(x\xE1\xB5\xA2) out of w, which undoes updates that M still counts";
        return s;
    }

    s.applies = true;
    switch (config.algorithm) {
        case Algorithm::Pocket:
        case Algorithm::Averaged:
        case Algorithm::Voted:
            add_remark(s.remark, std::string("M counts the mistakes of the running w, which the ") +
                                     (config.algorithm == Algorithm::Pocket     ? "pocket algorithm"
                                      : config.algorithm == Algorithm::Averaged ? "averaged perceptron"
                                                                                : "voted perceptron") +
                                     " updates exactly like the perceptron; the answer it shows is another one.");
            break;
        case Algorithm::Kernel:
            if (config.outlier_threshold > 0) add_remark(s.remark, "It holds as long as no point is dropped as an outlier.");
            break;
        default: break;
    }
    if (!kernel && config.eta != 1.0)
        add_remark(s.remark, "\xCE\xB7 = " + display_number(config.eta) + " only scales w (it starts at 0): the same mistakes, "
                             "and the proof's lines become \xCE\xB7M\xCE\xB3* and \xCE\xB7\xC2\xB2MR\xC2\xB2.");
    return s;
}

ProofStatus proof_status(const Learner& learner, const TheorySummary& theory) {
    const TrainConfig& config = learner.config();
    const std::size_t dropped = config.algorithm == Algorithm::Kernel && config.outlier_threshold > 0
                                    ? learner.dropped_indices().size()
                                    : 0;
    return proof_status(config, theory, dropped);
}

double projection_floor(const ProofStatus& status, const TheorySummary& theory, std::size_t mistakes) {
    return status.step * static_cast<double>(mistakes) * theory.gamma_star;
}

double squared_norm_ceiling(const ProofStatus& status, const TheorySummary& theory, std::size_t mistakes) {
    return status.step * status.step * static_cast<double>(mistakes) * theory.R * theory.R;
}

}  // namespace pl
