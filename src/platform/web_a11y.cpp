// The accessible mirror's half in the module (web/embed_a11y.js draws the DOM): the scene as data, the
// sentence of what happened since the mirror last spoke, and the handle's verbs it needed that the
// canvas had alone so far: add a point, undo, redo.
// All of it is built by the core (scene_summary.hpp, describe.hpp) from the answer the canvas draws.
#include <emscripten.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "app/shell/app.hpp"
#include "core/facts/describe.hpp"
#include "core/facts/scene_summary.hpp"
#include "core/lesson/lesson_markup.hpp"
#include "core/state/names.hpp"
#include "platform/web_host.hpp"

using pl::platform::web::current_app;
using pl::platform::web::hand_out;

namespace {
// Where training stood when pl_a11y_news() last answered (one widget per module: one mark), and
// whether Run was on then (the visits since are a stretch of Run, to be summed up).
pl::TrainingMark g_spoken;
bool g_spoken_running = false;

template <class E>
nlohmann::json choices_of() {
    nlohmann::json list = nlohmann::json::array();
    for (E value : pl::enum_values<E>())
        list.push_back({{"value", std::string(pl::to_string(value))}, {"label", std::string(pl::display_name(value))}});
    return list;
}

nlohmann::json choices() {
    return {{"algorithm", choices_of<pl::Algorithm>()}, {"bias", choices_of<pl::BiasMode>()},
            {"order", choices_of<pl::Order>()},         {"lift", choices_of<pl::LiftKind>()},
            {"kernel", choices_of<pl::KernelType>()},   {"preset", choices_of<pl::Preset>()}};
}

nlohmann::json settings(const pl::WidgetState& state) {
    const pl::TrainConfig& c = state.config;
    return {{"algorithm", std::string(pl::to_string(c.algorithm))}, {"bias", std::string(pl::to_string(c.bias))},
            {"order", std::string(pl::to_string(c.order))},         {"lift", std::string(pl::to_string(c.lift))},
            {"kernel", std::string(pl::to_string(c.kernel.type))},  {"eta", c.eta},
            {"preset", state.preset}};
}

// The open lesson step's text as paragraphs of runs ("plain", "bold", "code"); the rest of the lesson
// (title, quiz, verdict) comes from handle.lesson().
nlohmann::json lesson_paragraphs(pl::app::App& app) {
    if (!app.lesson().is_open()) return nullptr;
    nlohmann::json paragraphs = nlohmann::json::array();
    for (const pl::TextParagraph& paragraph : pl::parse_markup(app.lesson().current().text).paragraphs) {
        nlohmann::json runs = nlohmann::json::array();
        for (const pl::TextRun& run : paragraph) {
            const char* style = run.style == pl::RunStyle::Bold ? "bold" : run.style == pl::RunStyle::Code ? "code" : "plain";
            runs.push_back({{"style", style}, {"text", run.text}});
        }
        paragraphs.push_back(std::move(runs));
    }
    return paragraphs;
}

nlohmann::json scene_json(pl::app::App& app, std::size_t page, bool with_choices) {
    const pl::app::FrameModel& model = app.model();  // the answer and facts the canvas draws, kept per change
    const pl::Session& session = app.session();
    const pl::SceneSummary scene = pl::summarize_scene(session, model.field, model.facts, page);
    nlohmann::json rows = nlohmann::json::array();
    for (const pl::PointRow& row : scene.rows) {
        nlohmann::json x = nlohmann::json::array();
        for (double v : row.x) x.push_back(pl::display_number(v));
        rows.push_back({{"number", row.number}, {"x", std::move(x)}, {"label", pl::label_text(row.label)},
                        {"score", pl::display_number(row.score)}, {"verdict", row.verdict}});
    }
    nlohmann::json theory = nlohmann::json::array();
    for (const pl::TheoryItem& item : scene.theory) theory.push_back({{"name", item.name}, {"value", item.value}});
    nlohmann::json out = {{"sentence", scene.sentence},
                          {"status", scene.status},
                          {"running", app.run().running},
                          {"canUndo", session.shown_data().can_undo()},
                          {"canRedo", session.shown_data().can_redo()},
                          {"readonly", session.state().readonly},
                          // The Share buttons show where the widget's own Share section may (an
                          // instructor can leave it out of an embed).
                          {"share", session.state().panels.controls && session.state().panels.share_section},
                          // The list of lessons shows where the widget's own list does (layout.cpp).
                          {"lessons", session.state().panels.controls && session.state().panels.data_section},
                          {"dim", session.state().data.dim},
                          {"points", {{"total", session.state().data.size()},
                                      {"page", scene.page},
                                      {"pages", scene.pages},
                                      {"first", scene.first_row},
                                      {"rows", std::move(rows)}}},
                          {"theory", std::move(theory)},
                          {"settings", settings(session.state())},
                          {"lessonParagraphs", lesson_paragraphs(app)}};
    if (with_choices) out["choices"] = choices();
    return out;
}
}  // namespace

extern "C" {

// The scene for the mirror: page is the 0-based page of the points table (clamped); with_choices 1
// adds the options of the settings' selects (they never change, the mirror asks once).
EMSCRIPTEN_KEEPALIVE const char* pl_a11y_scene(int page, int with_choices) {
    pl::app::App* app = current_app();
    if (!app) return hand_out("null");
    return hand_out(scene_json(*app, static_cast<std::size_t>(std::max(0, page)), with_choices != 0).dump());
}

// What happened since the last call, in a sentence or two ("" for nothing, and on the first call).
// The mirror asks after changes, at most once a second while Run is on: one summary a second.
EMSCRIPTEN_KEEPALIVE const char* pl_a11y_news() {
    pl::app::App* app = current_app();
    if (!app) return hand_out("");
    const bool running = app->run().running;
    std::string news = pl::training_news(g_spoken, app->session(), running || g_spoken_running);
    g_spoken = pl::training_mark(app->session());
    g_spoken_running = running;
    return hand_out(std::move(news));
}

// Adds a point as a click on the canvas does: in online mode the model predicts it first and learns
// its label. 1 on success; else 0 and pl_last_error() says why (read-only, the point limit, ...).
EMSCRIPTEN_KEEPALIVE int pl_add_point(double x1, double x2, int label) {
    pl::app::App* app = current_app();
    if (!app) return 0;
    pl::Session& session = app->session();
    const int y = label > 0 ? 1 : -1;
    const bool added = session.state().online_mode ? session.online_add({x1, x2}, y).accepted : session.add_point({x1, x2}, y);
    pl::platform::web::set_last_error(added ? "" : session.notice());
    app->request_redraw();
    return added ? 1 : 0;
}

// Undo and redo an edit of the data set shown (handle.undo(), handle.redo(), the mirror's buttons), as
// Ctrl+Z and Ctrl+Y do: the points, or the messages in Words mode.
// 1 when there was something to undo or redo.
EMSCRIPTEN_KEEPALIVE int pl_undo() {
    pl::app::App* app = current_app();
    if (!app) return 0;
    const bool done = app->session().shown_data().undo();
    app->request_redraw();
    return done ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE int pl_redo() {
    pl::app::App* app = current_app();
    if (!app) return 0;
    const bool done = app->session().shown_data().redo();
    app->request_redraw();
    return done ? 1 : 0;
}

}  // extern "C"
