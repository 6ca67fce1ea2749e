// The worksheet's states and answer key (worksheet_key.hpp). Every value here comes from a Session on
// the step's state: the number and vector keys through the card's own key readers and judge, the
// prediction through the replay the card's predict step uses, the goals through check_goal.
#include "core/figures/worksheet_key.hpp"

#include <algorithm>
#include <optional>

#include "core/facts/describe.hpp"
#include "core/facts/goal_facts.hpp"
#include "core/facts/next_visit.hpp"
#include "core/lesson/goal_expression.hpp"
#include "core/lesson/lesson_exercise.hpp"
#include "core/lesson/lesson_markup.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/session/session.hpp"
#include "core/session/training_data.hpp"
#include "core/words/text_learner.hpp"

namespace pl::worksheet {

std::string markup_html(std::string_view text, bool inline_only) {
    const MarkupResult parsed = parse_markup(text);
    if (!parsed.error.empty()) return inline_only ? xml_escape(text) : "<p>" + xml_escape(text) + "</p>";
    std::string out;
    for (const TextParagraph& paragraph : parsed.paragraphs) {
        std::string line;
        for (const TextRun& run : paragraph) {
            switch (run.style) {
                case RunStyle::Plain: line += xml_escape(run.text); break;
                case RunStyle::Bold: line += "<strong>" + xml_escape(run.text) + "</strong>"; break;
                case RunStyle::Code: line += "<code>" + xml_escape(run.text) + "</code>"; break;
            }
        }
        if (inline_only) out += (out.empty() ? "" : " ") + line;
        else out += "<p>" + line + "</p>\n";
    }
    return out;
}

std::optional<WidgetState> step_screen(const Lesson& lesson, std::size_t step) {
    bool any = false;
    for (std::size_t i = 0; i <= step && i < lesson.steps.size(); ++i) any = any || lesson.steps[i].state.has_value();
    if (!any) return std::nullopt;
    return state_walked_to(lesson, step, Session::default_state());
}

namespace {

bool reads_training(const Goal& goal) {
    if (goal.nodes.empty()) return false;
    for (const GoalName name : goal_fact_names(goal))
        if (name == GoalName::Converged || name == GoalName::Mistakes || name == GoalName::Epochs || name == GoalName::Visits) return true;
    return false;
}
bool asks_convergence(const Goal& goal) {
    if (goal.nodes.empty()) return false;
    const std::vector<GoalName> names = goal_fact_names(goal);
    return std::find(names.begin(), names.end(), GoalName::Converged) != names.end();
}

// A step without a state of its own follows the student's work since the last state: when a step since
// then asked for convergence, the student has trained to it.
bool follows_convergence(const Lesson& lesson, std::size_t step) {
    for (std::size_t i = step; i-- > 0;) {
        const LessonStep& s = lesson.steps[i];
        if (s.goal && asks_convergence(*s.goal)) return true;
        if (s.state) break;
    }
    return false;
}

std::string vector_html(const std::vector<double>& values) {
    std::string out = "(";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + display_number(values[i], 6);
    return out + ")";
}

std::string tolerance_html(double tolerance, bool relative) {
    return relative ? "within " + display_number(tolerance * 100, 4) + "% of it" : "within \xC2\xB1" + display_number(tolerance, 4);
}

std::string letter(std::size_t k) { return std::string("(") + static_cast<char>('a' + k) + ")"; }

void quiz_key(const LessonStep& step, std::vector<std::string>& out) {
    if (step.select_all()) {
        std::string list;
        for (const std::size_t k : step.answers)
            list += (list.empty() ? "" : "; ") + letter(k) + " " + markup_html(step.choices[k], true);
        out.push_back("<b>Answer</b> (all that apply): " + list + ".");
    } else if (step.answer < step.choices.size()) {
        out.push_back("<b>Answer</b>: " + letter(step.answer) + " " + markup_html(step.choices[step.answer], true) + ".");
    }
}

// The fewest training verbs after which the goal holds on the step's screen, tried in the order a
// student would: nothing, one Step, Next mistake, one Epoch, Converge. A key that says "after Converge"
// for a goal one Step reaches would send the student the long way.
// `session` ends as the screen the attempt judged (a Session cannot be moved out: it is filled in place).
struct GoalAttempt {
    std::string how;
    bool passed = false;
    std::string message;
};
GoalAttempt reach_goal(const Goal& goal, const WidgetState& screen, std::optional<Session>& session) {
    const struct { const char* how; int verb; } verbs[] = {
        {"on these points", 0}, {"after one Step on these points", 1}, {"after Next mistake on these points", 2},
        {"after one Epoch on these points", 3}, {"after Converge on these points", 4}};
    const bool trained = reads_training(goal);
    GoalAttempt attempt;
    for (const auto& v : verbs) {
        if (v.verb > 0 && !trained) break;
        session.emplace(screen);
        TrainingData& data = session->shown_data();
        if (v.verb == 1) data.step();
        else if (v.verb == 2) data.next_mistake();
        else if (v.verb == 3) data.epoch();
        else if (v.verb == 4) data.converge();
        const GoalCheck check = check_goal(goal, goal_facts(*session));
        attempt.how = v.how;
        attempt.passed = check.passed;
        attempt.message = check.message;
        if (check.passed) break;
    }
    return attempt;
}

// The weights of a Words screen with a small vocabulary (the lecture's four words), as the lecture lists them.
std::string word_weights_text(const Session& session) {
    if (session.state().mode != DataMode::Words) return "";
    const TextLearner& learner = session.words().learner();
    const std::vector<std::string>& words = learner.corpus().vocabulary.words();
    const std::vector<double> weights = learner.answer_word_weights();
    if (words.empty() || words.size() > 12 || weights.size() < words.size()) return "";
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) out += (out.empty() ? "" : ", ") + xml_escape(words[i]) + " " + display_number(weights[i], 6);
    return out;
}

void goal_key(const LessonStep& step, const WidgetState& screen, std::vector<std::string>& out) {
    const Goal& goal = *step.goal;
    std::optional<Session> judged;
    const GoalAttempt attempt = reach_goal(goal, screen, judged);
    const Session& session = *judged;
    const GoalFacts facts = goal_facts(session);
    std::string values;
    bool names_bound = false, names_mistakes = false;
    for (const GoalName name : goal_fact_names(goal)) {
        if (name == GoalName::WordWeight) continue;  // needs its word; check_goal's reasons name it
        names_bound = names_bound || name == GoalName::Bound;
        names_mistakes = names_mistakes || name == GoalName::Mistakes;
        const GoalNameInfo& info = goal_name_info(name);
        const std::string value = facts.defined(name) ? describe_fact_value(goal_fact_value(facts, name)) : "undefined";
        values += (values.empty() ? "" : ", ") + xml_escape(info.label) + " = " + xml_escape(value);
    }
    // The mistakes beside the bound they are held to, as the lectures compare them.
    if (names_mistakes && !names_bound && facts.defined(GoalName::Bound))
        values += ", " + xml_escape(goal_name_info(GoalName::Bound).label) + " = " + xml_escape(describe_fact_value(goal_fact_value(facts, GoalName::Bound)));
    const std::string weights = word_weights_text(session);
    if (!weights.empty()) values += "; the weights: " + weights;
    if (attempt.passed) {
        out.push_back("<b>Goal reached</b> " + attempt.how + ": " + values + ".");
        return;
    }
    out.push_back("<b>Goal</b>: not reached " + attempt.how + " without the student's own change (" + xml_escape(attempt.message) +
                  "); the values there: " + values + ".");
    // The change itself is the student's; the hint is the lesson's own model answer.
    if (!step.hint.empty()) out.push_back("<b>Model answer</b> (the lesson's hint): " + markup_html(step.hint, true));
}

void predict_key(const LessonStep& step, const Session& session, std::vector<std::string>& out) {
    const NextVisit next = preview_next_visit(session);
    if (!next.defined) {
        out.push_back("<b>Prediction</b>: cannot be worked out here: " + xml_escape(next.why) + ".");
        return;
    }
    const Update& u = next.update;
    const double yf = u.y * u.score_before;
    out.push_back(std::string("<b>Prediction</b>: ") + (u.mistake ? "mistake" : "no mistake") + " (y\xC2\xB7" "f(x) = " +
                  display_number(yf, 6) + (u.mistake ? " \xE2\x89\xA4 0" : " > 0") + ").");
    StepAnswer answer;
    answer.predicted_mistake = u.mistake;
    if (step.vector) answer.values = vector_key_value(*step.vector, session).values;
    if (!judge_exercise(step, answer, session).passed) out.push_back("(The card's judge does not accept this key: the lesson needs a look.)");
}

}  // namespace

std::string next_visit_question(const WidgetState& screen) {
    const Session session(screen);
    const NextVisit next = preview_next_visit(session);
    if (!next.defined) return "";
    std::string where = vector_html(std::vector<double>(next.point.begin(), next.point.end()));
    return "The next visit is " + point_name(next.update.index) + ", " + where + ", with label " + label_text(next.update.y) + ".";
}

std::size_t vector_components(const Lesson& lesson, std::size_t step) {
    const LessonStep& s = lesson.steps[step];
    if (!s.vector) return 0;
    if (s.vector->source == VectorKey::Source::Literal) return s.vector->literal.size();
    const std::optional<WidgetState> screen = step_screen(lesson, step);
    if (!screen) return 0;
    const Session session(*screen);
    return vector_key_value(*s.vector, session).values.size();
}

std::vector<std::string> step_key(const Lesson& lesson, std::size_t step) {
    std::vector<std::string> out;
    const LessonStep& s = lesson.steps[step];
    if (!s.has_check()) return out;
    if (s.has_quiz()) quiz_key(s, out);
    if (s.goal && s.goal->nodes.empty()) out.push_back("<b>Goal</b>: this goal cannot be read, so it has no key.");
    const std::optional<WidgetState> screen = step_screen(lesson, step);
    if ((s.number || s.vector || s.predict || (s.goal && !s.goal->nodes.empty())) && !screen) {
        out.push_back("<b>Key</b>: this step works on the student's own points, so its answer depends on them.");
        return out;
    }
    if (s.number || s.vector || s.predict) {
        Session session(*screen);
        std::string where = s.state ? "on this step's points" : "on the points as the lesson left them";
        if (!s.state && !s.predict && follows_convergence(lesson, step)) {
            session.shown_data().converge();
            where += ", trained to convergence as the step before asks";
        }
        if (s.predict) {
            predict_key(s, session, out);
        }
        if (s.number) {
            const KeyValue key = number_key_value(*s.number, session);
            if (!key.defined) {
                out.push_back("<b>Answer</b>: cannot be worked out here: " + xml_escape(key.why) + ".");
            } else {
                StepAnswer answer;
                answer.values = key.values;
                const bool judged = judge_exercise(s, answer, session).passed;
                const std::string from = s.number->expression ? " = <code>" + xml_escape(s.number->expression->text) + "</code>" : "";
                out.push_back("<b>Answer</b>: " + display_number(key.values[0], 6) + from + " " + where + " (accepted " +
                              tolerance_html(s.number->tolerance, s.number->relative) + ")." +
                              (judged ? "" : " (The card's judge does not accept this key: the lesson needs a look.)"));
            }
        }
        if (s.vector) {
            const KeyValue key = vector_key_value(*s.vector, session);
            const std::string_view source = to_string(s.vector->source);
            const std::string name = source.empty() ? "" : " = <code>" + std::string(source) + "</code>";
            if (!key.defined) out.push_back("<b>Vector</b>: cannot be worked out here: " + xml_escape(key.why) + ".");
            else out.push_back("<b>Vector</b>" + name + ": " + vector_html(key.values) + " " + where + " (accepted " +
                               tolerance_html(s.vector->tolerance, s.vector->relative) + " in each component).");
        }
    }
    if (s.goal && !s.goal->nodes.empty()) goal_key(s, *screen, out);
    return out;
}

}  // namespace pl::worksheet
