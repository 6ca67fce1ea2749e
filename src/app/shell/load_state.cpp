#include "app/shell/load_state.hpp"

#include "app/shell/app.hpp"
#include "core/lesson/lesson.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"

namespace pl::app {

namespace {
bool looks_like_json(std::string_view text) {
    std::size_t first = 0;
    while (first < text.size() && (text[first] == ' ' || text[first] == '\n' || text[first] == '\t' || text[first] == '\r')) ++first;
    return first < text.size() && text[first] == '{';
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
    session.load_state(decoded.state);
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
