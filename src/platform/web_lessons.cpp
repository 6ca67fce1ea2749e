// The lesson verbs of the JS handle (docs/reference.md "The JS handle"): list, open, read, move, check and answer, and
// the lesson's own text for links that carry an instructor's lesson. web/embed_lessons.js wraps them.
#include <emscripten.h>

#include <nlohmann/json.hpp>

#include "app/shell/app.hpp"
#include "app/shell/load_state.hpp"
#include "core/facts/next_visit.hpp"
#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_result.hpp"
#include "platform/web_host.hpp"

using pl::platform::web::current_app;
using pl::platform::web::hand_out;
using pl::platform::web::set_last_error;

namespace {
// The step's kind as lesson() names it: lesson_result's kinds without "goal+" (the answer is what the
// card asks for; a goal beside it is in "goal").
const char* step_kind(const pl::LessonStep& s) {
    if (s.has_quiz()) return s.select_all() ? "select" : "quiz";
    if (s.number) return "number";
    if (s.predict) return "predict";
    if (s.vector) return "vector";
    return s.goal ? "goal" : "text";
}

const char* mark_name(pl::ChoiceMark mark) {
    switch (mark) {
        case pl::ChoiceMark::Right: return "right";
        case pl::ChoiceMark::WronglyPicked: return "wrong";
        case pl::ChoiceMark::Missed: return "missed";
        case pl::ChoiceMark::RightlyLeft: break;
    }
    return "left-out";
}

nlohmann::json marks_json(const pl::LessonRun::Verdict& verdict) {
    if (verdict.marks.empty()) return nullptr;
    nlohmann::json out = nlohmann::json::array();
    for (const pl::ChoiceMark mark : verdict.marks) out.push_back(mark_name(mark));
    return out;
}

// A predict step's next visit: {visit (counted from 1), index, point, label}, or null when it cannot be
// worked out.
nlohmann::json next_json(const pl::Session& session) {
    const pl::NextVisit next = pl::preview_next_visit(session);
    if (!next.defined) return nullptr;
    return {{"visit", session.state().trained_visits + 1}, {"index", next.update.index}, {"point", next.point}, {"label", next.update.y}};
}

// What lesson() gives to JS: null, or where the student is and what the step asks.
nlohmann::json lesson_json(pl::app::App& app) {
    const pl::LessonRun& run = app.lesson();
    if (!run.is_open()) return nullptr;
    const pl::LessonStep& step = run.current();
    const pl::LessonRun::Verdict& verdict = run.verdict();
    nlohmann::json out = {{"id", run.lesson().id},
                          {"title", run.lesson().title},
                          {"builtin", run.is_builtin()},
                          {"step", run.step()},
                          {"steps", run.step_count()},
                          {"stepTitle", step.title},
                          {"text", step.text},
                          {"goal", step.goal ? nlohmann::json(step.goal->text) : nlohmann::json(nullptr)},
                          {"choices", step.choices},
                          {"chosen", run.chosen() ? nlohmann::json(*run.chosen()) : nlohmann::json(nullptr)},
                          {"checked", verdict.checked},
                          {"passed", verdict.checked ? nlohmann::json(verdict.passed) : nlohmann::json(nullptr)},
                          {"message", verdict.message}};
    // Version 2 (lesson_exercise.hpp): the kind, the answer as given, tries and the marks of a check.
    const pl::StepAnswer& answer = run.answer();
    nlohmann::json ticked = nlohmann::json::array();
    for (std::size_t k = 0; k < step.choices.size(); ++k)
        if (run.ticked(k)) ticked.push_back(k);
    out["kind"] = step_kind(step);
    out["ticked"] = ticked;
    out["typed"] = answer.typed;
    out["values"] = answer.values;
    out["predicted"] = answer.predicted_mistake ? nlohmann::json(*answer.predicted_mistake ? "mistake" : "no mistake") : nlohmann::json(nullptr);
    out["maxAttempts"] = step.max_attempts ? nlohmann::json(*step.max_attempts) : nlohmann::json(nullptr);
    out["attempts"] = run.attempts();
    out["marks"] = marks_json(verdict);
    out["outOfTries"] = verdict.out_of_tries;
    out["next"] = step.predict ? next_json(app.session()) : nlohmann::json(nullptr);
    out["asksNewW"] = step.predict && step.vector.has_value();
    out["scoring"] = std::string(pl::to_string(run.lesson().scoring_rule()));
    out["scoringNote"] = run.scoring_note();
    out["finished"] = run.finished();
    out["summary"] = run.finished() ? run.completion_summary() : "";
    return out;
}
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* pl_lessons() {
    nlohmann::json list = nlohmann::json::array();
    for (const pl::LessonSummary& l : pl::builtin_lessons()) list.push_back({{"id", l.id}, {"title", l.title}, {"steps", l.steps}});
    return hand_out(list.dump());
}

// id_or_json: a built-in lesson's id or a lesson as JSON. apply_step 0: the state already holds the
// student's work at that step (opening a link). 1 on success, else 0 and pl_last_error() says why.
EMSCRIPTEN_KEEPALIVE int pl_open_lesson(const char* id_or_json, int step, int apply_step) {
    pl::app::App* app = current_app();
    if (!app) return 0;
    const std::string error = pl::app::open_lesson_into(*app, id_or_json ? id_or_json : "",
                                                        static_cast<std::size_t>(step < 0 ? 0 : step), apply_step != 0);
    set_last_error(error);
    app->request_redraw();
    return error.empty() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* pl_lesson() {
    pl::app::App* app = current_app();
    return hand_out(app ? lesson_json(*app).dump() : "null");
}

EMSCRIPTEN_KEEPALIVE int pl_lesson_step(int step) {
    pl::app::App* app = current_app();
    if (!app) return 0;
    if (!app->lesson().is_open()) { set_last_error("No lesson is open."); return 0; }
    if (step < 0 || !app->lesson().go_to(app->session(), static_cast<std::size_t>(step))) {
        set_last_error("The lesson has " + std::to_string(app->lesson().step_count()) + " steps; there is no step " +
                       std::to_string(step + 1) + ".");
        return 0;
    }
    app->run().running = false;
    app->request_redraw();
    return 1;
}

EMSCRIPTEN_KEEPALIVE int pl_lesson_choose(int choice) {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().is_open() || choice < 0 ||
        static_cast<std::size_t>(choice) >= app->lesson().current().choices.size())
        return 0;
    app->lesson().choose(static_cast<std::size_t>(choice));
    app->request_redraw();
    return 1;
}

EMSCRIPTEN_KEEPALIVE const char* pl_check_goal() {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().is_open()) return hand_out(R"({"passed":false,"message":"No lesson is open."})");
    const pl::LessonRun::Verdict& v = app->lesson().check(app->session());
    app->request_redraw();
    nlohmann::json out{{"passed", v.passed}, {"message", v.message}};
    if (!v.marks.empty()) out["marks"] = marks_json(v);  // a select-all quiz's marks; version 1 answers stay as they were
    return hand_out(out.dump());
}

// A typed answer ("39/7", "1, -2") for a number or vector step, or on a predict step "mistake" /
// "no mistake" (the new w, when the step asks for it, is typed like a vector). "" when taken, else
// the sentence saying why not (the card's field shows the same).
EMSCRIPTEN_KEEPALIVE const char* pl_lesson_answer(const char* typed) {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().is_open()) return hand_out("No lesson is open.");
    pl::LessonRun& run = app->lesson();
    const pl::LessonStep& step = run.current();
    const std::string text = typed ? typed : "";
    std::string error;
    if (step.predict && (text == "mistake" || text == "no mistake")) {
        run.predict(text == "mistake");
    } else if (step.predict && !step.vector) {
        error = "This step asks whether the next visit is a mistake: answer 'mistake' or 'no mistake'.";
    } else if (!step.number && !step.vector) {
        error = step.has_quiz() ? "This step is a quiz: pick an answer with chooseAnswer(k)." : "This step asks for no answer.";
    } else {
        error = run.set_answer(text);
    }
    app->request_redraw();
    return hand_out(error);
}

EMSCRIPTEN_KEEPALIVE void pl_close_lesson() {
    pl::app::App* app = current_app();
    if (!app) return;
    app->lesson().close(app->session());
    app->request_redraw();
}

// handle.closeLesson(): the page's script closes the lesson, and the panels its steps hid come back (the
// state's own loads use pl_close_lesson, whose panels come with the state).
EMSCRIPTEN_KEEPALIVE void pl_dismiss_lesson() {
    pl::app::App* app = current_app();
    if (!app) return;
    app->lesson().dismiss(app->session());
    app->request_redraw();
}

// The card's verbs a keyboard and screen reader user needs in the table view too (embed_a11y_lesson.js):
// Leave (notice, Reopen, panels back), Finish on the last step, Back to the last step from "Lesson
// complete", and Reopen. Each returns 1 when it did something.
EMSCRIPTEN_KEEPALIVE int pl_leave_lesson() {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().is_open()) return 0;
    app->run().running = false;
    app->lesson().leave(app->session());
    app->request_redraw();
    return 1;
}

EMSCRIPTEN_KEEPALIVE int pl_finish_lesson() {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().is_open() || app->lesson().step() + 1 < app->lesson().step_count()) return 0;
    app->run().running = false;
    app->lesson().finish();
    app->request_redraw();
    return 1;
}

EMSCRIPTEN_KEEPALIVE int pl_unfinish_lesson() {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().finished()) return 0;
    app->lesson().unfinish();
    app->request_redraw();
    return 1;
}

EMSCRIPTEN_KEEPALIVE int pl_reopen_lesson() {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().can_reopen()) return 0;
    app->run().running = false;
    const bool reopened = app->lesson().reopen_left(app->session());
    app->session().clear_notice();
    app->request_redraw();
    return reopened ? 1 : 0;
}

// The result record of the open lesson (lesson_result.hpp) with its token, or null.
EMSCRIPTEN_KEEPALIVE const char* pl_lesson_result() {
    pl::app::App* app = current_app();
    if (!app) return hand_out("null");
    const std::optional<pl::LessonResult> record = pl::lesson_result(app->lesson(), app->session());
    if (!record) return hand_out("null");
    std::string json = pl::result_json(*record);
    const std::string token = pl::result_token(*record);  // base64url: nothing to escape
    json.pop_back();
    json += token.empty() ? ",\"token\":null}" : ",\"token\":\"" + token + "\"}";
    return hand_out(std::move(json));
}

// Gives back the per-step check states a reload lost (web/embed_check_states.js keeps them):
// {"hash": lesson hash, "attempts": [per step], "states": ["#..." or "" per step]}. Only an entry for
// the open lesson as it is now (same hash) is read; LessonRun::restore_check_links decides step by
// step. Returns how many steps got their state back (0 for anything it cannot use).
EMSCRIPTEN_KEEPALIVE int pl_lesson_restore_checks(const char* entry) {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().is_open() || !entry) return 0;
    const nlohmann::json j = nlohmann::json::parse(entry, nullptr, false);
    if (!j.is_object() || !j.contains("hash") || !j["hash"].is_string() ||
        j["hash"].get<std::string>() != pl::lesson_hash(app->lesson().lesson()))
        return 0;
    const auto attempts_it = j.find("attempts");
    const auto states_it = j.find("states");
    if (attempts_it == j.end() || states_it == j.end() || !attempts_it->is_array() || !states_it->is_array()) return 0;
    std::vector<std::uint32_t> attempts;
    std::vector<std::string> states;
    for (const nlohmann::json& a : *attempts_it) {
        if (!a.is_number_unsigned() || a.get<std::uint64_t>() > pl::kMaxLessonAttempts) return 0;
        attempts.push_back(a.get<std::uint32_t>());
    }
    for (const nlohmann::json& s : *states_it) {
        if (!s.is_string()) return 0;
        states.push_back(s.get<std::string>());
    }
    return static_cast<int>(app->lesson().restore_check_links(states, attempts));
}

// Judged checks and Finish presses since the widget started: the JS 'result' event fires when this moves.
EMSCRIPTEN_KEEPALIVE double pl_lesson_checks() {
    pl::app::App* app = current_app();
    return app ? static_cast<double>(app->lesson().checks_made() + app->lesson().finishes_made()) : 0.0;
}

// The open lesson as JSON when it is an instructor's own (a link must carry it), else "".
EMSCRIPTEN_KEEPALIVE const char* pl_lesson_source() {
    pl::app::App* app = current_app();
    if (!app || !app->lesson().is_open() || app->lesson().is_builtin()) return hand_out("");
    return hand_out(pl::lesson_to_json(app->lesson().lesson()));
}

// The Author mode's draft as JSON (Save JSON in the widget: the page downloads it as <id>.json).
EMSCRIPTEN_KEEPALIVE const char* pl_lesson_draft() {
    pl::app::App* app = current_app();
    return hand_out(app ? pl::lesson_to_json(app->lesson_draft().lesson) : "");
}
EMSCRIPTEN_KEEPALIVE const char* pl_lesson_draft_id() {
    pl::app::App* app = current_app();
    return hand_out(app ? app->lesson_draft().lesson.id : "");
}

}  // extern "C"
