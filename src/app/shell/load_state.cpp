#include "app/shell/load_state.hpp"

#include "app/shell/app.hpp"
#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"

namespace pl::app {

namespace {
bool looks_like_json(std::string_view text) {
    std::size_t first = 0;
    while (first < text.size() && (text[first] == ' ' || text[first] == '\n' || text[first] == '\t' || text[first] == '\r')) ++first;
    return first < text.size() && text[first] == '{';
}

// A link (or bare fragment) that names a lesson but has no points (d) nor Words-mode messages (m):
// written by hand, as the links the widget makes always carry their points.
bool link_without_state(std::string_view link) {
    if (const std::size_t hash = link.find('#'); hash != std::string_view::npos) link.remove_prefix(hash + 1);
    bool lesson = false, state = false;
    while (!link.empty()) {
        const std::size_t amp = link.find('&');
        const std::string_view pair = link.substr(0, amp);
        const std::string_view key = pair.substr(0, pair.find('='));
        lesson = lesson || key == "lesson";
        state = state || key == "d" || key == "m";
        link = amp == std::string_view::npos ? std::string_view() : link.substr(amp + 1);
    }
    return lesson && !state;
}

// The lesson a link names: the open instructor's lesson of that id (a link that carries one has just
// opened it), else the built-in one.
const Lesson* lesson_named(App& app, const std::string& id) {
    if (app.lesson().is_open() && !app.lesson().is_builtin() && app.lesson().lesson().id == id) return &app.lesson().lesson();
    return find_builtin_lesson(id);
}
}  // namespace

std::string open_lesson_into(App& app, std::string_view id_or_json, std::size_t step, bool apply_step) {
    Session& session = app.session();
    std::string error;
    if (looks_like_json(id_or_json)) {
        LessonParse parsed = parse_lesson(id_or_json);
        if (parsed.ok) {
            if (step >= parsed.lesson.steps.size()) error = "The lesson has " + std::to_string(parsed.lesson.steps.size()) + " steps; there is no step " + std::to_string(step + 1) + ".";
            else { app.run().running = false; app.lesson().open(session, std::move(parsed.lesson), step, apply_step); }
        } else {
            error = "This lesson could not be opened: " + parsed.error;
        }
    } else {
        const std::string id(id_or_json);
        const Lesson* lesson = find_builtin_lesson(id);
        if (lesson && step >= lesson->steps.size())
            error = "The lesson \"" + id + "\" has " + std::to_string(lesson->steps.size()) + " steps; there is no step " + std::to_string(step + 1) + ".";
        else {
            app.run().running = false;
            error = app.lesson().open_builtin(session, id, step, apply_step);
        }
    }
    if (!error.empty()) session.set_notice(error + " The widget kept its current state.");
    return error;
}

std::string load_into(App& app, std::string_view text) {
    const bool json = looks_like_json(text);
    const DecodeResult decoded = json ? state_from_json(text) : decode_fragment(text);
    Session& session = app.session();
    if (!decoded.ok) {
        const std::string message = (json ? "This state file could not be loaded: " : "This link could not be opened: ") + decoded.error +
                                    " The widget kept its current state.";
        session.set_notice(message);
        return message;
    }
    app.run().running = false;
    // A lesson link without a state sets the step up as a student walking the lesson meets it, in one
    // load; over a widget with nothing to undo it leaves nothing to undo (web/embed_lessons.js follows).
    const Lesson* lesson = !json && !decoded.state.lesson.empty() && link_without_state(text) ? lesson_named(app, decoded.state.lesson) : nullptr;
    if (lesson && decoded.state.lesson_step < lesson->steps.size())
        session.load_state(state_walked_to(*lesson, decoded.state.lesson_step, decoded.state),
                           session.can_undo() || session.words().can_undo());
    else
        session.load_state(decoded.state);
    // Loaded over the same lesson (saved work over a page's data-lesson, an LMS resuming): its attempts
    // come with it. Another lesson is opened with the state's progress by follow_state.
    if (app.lesson().is_open() && session.state().lesson == app.lesson().lesson().id) app.lesson().adopt_progress(session);
    if (!decoded.warnings.empty()) {
        std::string note = "Loaded, with notes:";
        for (const std::string& w : decoded.warnings) note += " " + w;
        session.set_notice(note);
    } else {
        session.clear_notice();
    }
    return {};
}

}  // namespace pl::app
