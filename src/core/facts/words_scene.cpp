// See words_scene.hpp. The numbers are the Words view's (WordsModel) and the Words panel's (TextTheory,
// words_proof_status), so the mirror and the canvas never disagree.
#include "core/facts/words_scene.hpp"

#include <algorithm>
#include <cmath>

#include "core/facts/describe.hpp"
#include "core/state/names.hpp"

namespace pl {

namespace {
const char* const kGammaStar = "\xCE\xB3*";  // γ*
const char* const kEllipsis = "\xE2\x80\xA6";
constexpr std::size_t kMessageChars = 300;     // a table cell reads a long message only this far
constexpr std::size_t kChangesListed = 12;     // words of one update said one by one

std::string cut(const std::string& text, std::size_t limit) {
    if (text.size() <= limit) return text;
    std::size_t end = limit;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // not inside a UTF-8 character
    return text.substr(0, end) + kEllipsis;
}

bool all_zero(const WordsModel& m) {
    return m.bias == 0.0 && std::all_of(m.weights.begin(), m.weights.end(), [](double v) { return v == 0.0; });
}

// ", bound 6", ", and the bound 6 does not apply to this run", ...: as answer_sentence says it for points.
std::string words_bound_clause(const WordsSession& words) {
    const TextTheory& t = words.theory();
    if (t.separable) return bound_clause(true, t.bound, words_proof_status(words.learner().config(), t, words.data().size()));
    if (t.undecided) return ", no mistake bound known: " + t.why_not;
    return ", no mistake bound: the messages are not linearly separable";
}

std::string outcome_text(const TextLearner& learner) {
    const std::string mistakes = count_text(learner.mistakes(), "mistake", "mistakes");
    const std::string epochs = count_text(learner.epochs_completed(), "epoch", "epochs");
    if (learner.diverged()) return "Training stopped after " + mistakes + ": the weights overflowed.";
    if (learner.converged() && learner.config().algorithm == Algorithm::Logistic)
        return "Stopped after " + epochs + " with every message on its side (logistic SGD still moved w on every visit), " +
               mistakes + ".";
    if (learner.converged()) return "Converged after " + epochs + " and " + mistakes + ".";
    if (learner.capped()) return "Stopped at the epoch cap after " + epochs + " and " + mistakes + ".";
    return "";
}

std::string answer_text(const WordsSession& words, const WordsModel& m) {
    const TextLearner& learner = words.learner();
    const std::size_t n = words.data().size();
    if (n == 0) return "";
    if (learner.visits() == 0 && all_zero(m))
        return "Not trained yet: every weight is 0, so every message scores 0 and lies on the line.";
    std::string out = "The word weights ";
    if (m.wrong == 0) out += n == 1 ? "put the message on its side" : "put every message on its side";
    else out += "get " + std::to_string(n - m.wrong) + " of " + std::to_string(n) + (n == 1 ? " message right" : " messages right");
    out += "; " + count_text(learner.mistakes(), "mistake", "mistakes") + " so far" + words_bound_clause(words) + ".";
    if (const std::string outcome = outcome_text(learner); !outcome.empty()) out += " " + outcome;
    return out;
}

std::vector<TheoryItem> theory_items(const WordsSession& words) {
    const TextLearner& learner = words.learner();
    const TextTheory& t = words.theory();
    const std::size_t n = words.data().size();
    // Within or above the bound only where it holds for this run: not for logistic SGD or a random start.
    const std::string mistakes = mistakes_against_bound(learner.mistakes(), t.separable, t.bound,
                                                        words_proof_status(learner.config(), t, n));
    std::string separable = t.undecided ? "not computed: " + t.why_not : t.separable ? "yes" : "no";
    if (!t.undecided && !t.separable && !t.why_not.empty()) separable += ": " + t.why_not;
    return {
        {"Messages", std::to_string(n)},
        {"Words, the distinct words of the messages", std::to_string(learner.corpus().vocabulary.size())},
        {"R, the radius of the messages", n ? display_number(t.R) : "n/a"},
        {std::string(kGammaStar) + ", the largest margin of any separator", t.separable ? display_number(t.gamma_star) : "none"},
        {"Mistake bound (R/" + std::string(kGammaStar) + ")\xC2\xB2", t.separable ? display_number(t.bound) : "none"},
        {"Mistakes M", mistakes},
        {"Epochs", std::to_string(learner.epochs_completed())},
        {"Visits", std::to_string(learner.visits())},
        {"Accuracy", display_number(100.0 * learner.training_accuracy()) + " %"},
        {"Linearly separable", separable},
    };
}
}  // namespace

std::string message_verdict(double score, int label) {
    if (score == 0.0) return "on the line: a mistake";
    return std::string("says ") + class_name(score > 0 ? 1 : -1) + (label * score > 0 ? ": right" : ": a mistake");
}

std::string words_update_text(const WordsUpdate& u, const WordsData& data) {
    if (!u.visited) return "";
    const std::string message = u.index < data.size() ? data.messages[u.index] : std::string();
    std::string out = update_sentence(u, message) + ".";
    if (u.step == 0.0) return out + " No update.";
    out += " w changes:";
    const std::size_t listed = std::min(u.words.size(), kChangesListed);
    for (std::size_t k = 0; k < listed; ++k)
        out += (k ? ", " : " ") + u.words[k] + " from " + display_number(u.before[k]) + " to " + display_number(u.after[k]);
    if (u.words.size() > listed) out += ", and " + count_text(u.words.size() - listed, "more word", "more words");
    if (u.has_bias)
        out += std::string(listed ? "," : "") + " the bias from " + display_number(u.bias_before) + " to " + display_number(u.bias_after);
    return out + ".";
}

std::string messages_sentence(const WordsSession& words) {
    const WordsData& data = words.data();
    if (data.empty()) return "No messages yet.";
    const auto ham = static_cast<std::size_t>(std::count(data.labels.begin(), data.labels.end(), 1));
    const std::size_t vocabulary = words.learner().corpus().vocabulary.size();
    return count_text(data.size(), "message", "messages") + ", " + std::to_string(ham) + " ham and " +
           std::to_string(data.size() - ham) + " spam, over " + count_text(vocabulary, "distinct word", "distinct words") + ".";
}

WordsScene summarize_words_scene(const WordsSession& words, std::size_t page, std::size_t rows_per_page, std::size_t max_weights) {
    WordsScene out;
    const WordsData& data = words.data();
    const TextLearner& learner = words.learner();
    const WordsModel m = build_words_model(words);
    out.sentence = "Words mode: " + messages_sentence(words);
    if (const std::string answer = answer_text(words, m); !answer.empty()) out.sentence += " " + answer;
    out.status = words_status_line(learner);

    rows_per_page = std::max<std::size_t>(1, rows_per_page);
    out.pages = std::max<std::size_t>(1, (data.size() + rows_per_page - 1) / rows_per_page);
    out.page = std::min(page, out.pages - 1);
    out.first_row = out.page * rows_per_page;
    const std::size_t end = std::min(data.size(), out.first_row + rows_per_page);
    for (std::size_t i = out.first_row; i < end; ++i) {
        const double score = i < m.scores.size() ? m.scores[i] : 0.0;
        out.rows.push_back({i + 1, cut(data.messages[i], kMessageChars), data.labels[i], score, message_verdict(score, data.labels[i])});
    }
    const std::vector<std::string>& vocabulary = learner.corpus().vocabulary.words();
    out.words = vocabulary.size();
    for (std::size_t r = 0; r < m.by_strength.size() && r < max_weights; ++r) {
        const std::uint32_t k = m.by_strength[r];
        out.weights.push_back({vocabulary[k], m.weights[k]});
    }
    out.has_bias = learner.config().bias != BiasMode::None;
    out.bias = m.bias;
    out.theory = theory_items(words);
    if (const auto& u = words.last_update(); u && u->visited) out.last_update = words_update_text(*u, data);
    return out;
}

WordsMark words_training_mark(const WordsSession& words) {
    const TextLearner& learner = words.learner();
    const WordsData& data = words.data();
    return {true,
            data.size(),
            static_cast<std::size_t>(std::count(data.labels.begin(), data.labels.end(), 1)),
            learner.visits(),
            learner.mistakes(),
            learner.converged() || learner.capped() || learner.diverged()};
}

std::string words_training_news(const WordsMark& before, const WordsSession& words, bool running) {
    if (!before.valid) return "";
    const WordsMark now = words_training_mark(words);
    std::string out;
    auto say = [&out](const std::string& sentence) {
        if (sentence.empty()) return;
        if (!out.empty()) out += " ";
        out += sentence;
    };
    if (now.messages != before.messages || now.ham != before.ham) say(messages_sentence(words));
    if (now.visits < before.visits || (now.visits == before.visits && now.mistakes != before.mistakes)) {
        say(now.visits == 0 ? std::string("Training starts again: no visits yet.")
                            : "Training went back to visit " + std::to_string(now.visits) + ".");
    } else if (now.visits > before.visits) {
        const std::size_t first = before.visits + 1;
        const std::size_t new_mistakes = now.mistakes - std::min(now.mistakes, before.mistakes);
        const auto& last = words.last_update();
        if (!running && last && last->visited && new_mistakes == (last->mistake ? 1u : 0u)) {
            // Step, or Next mistake: the correct visits before it, then the visit itself.
            if (now.visits - first == 1) say("Visit " + std::to_string(first) + " was correct.");
            if (now.visits - first > 1)
                say("Visits " + std::to_string(first) + " to " + std::to_string(now.visits - 1) + " were correct.");
            say("Visit " + std::to_string(now.visits) + ": " + words_update_text(*last, words.data()));
        } else {
            say("Visits " + std::to_string(first) + " to " + std::to_string(now.visits) + ": " +
                (new_mistakes == 0 ? std::string("no mistake") : count_text(new_mistakes, "mistake", "mistakes")) + " (" +
                std::to_string(now.mistakes) + " in all).");
        }
    }
    if (now.finished && (!before.finished || now.visits != before.visits)) say(outcome_text(words.learner()));
    return out;
}

}  // namespace pl
