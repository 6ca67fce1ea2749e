// The accessible mirror's half in the module (web/embed_a11y.js draws the DOM): the scene as data, the
// sentence of what happened since the mirror last spoke, and the handle's verbs it needed that the
// canvas had alone so far: add a point, undo, redo.
// All of it is built by the core (scene_summary.hpp, describe.hpp) from the answer the canvas draws; in
// Words mode from the messages the Words view draws (words_scene.hpp).
#include <emscripten.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "app/shell/app.hpp"
#include "core/facts/describe.hpp"
#include "core/facts/scene_summary.hpp"
#include "core/facts/words_scene.hpp"
#include "core/lesson/lesson_markup.hpp"
#include "core/state/names.hpp"
#include "platform/web_host.hpp"

using pl::platform::web::current_app;
using pl::platform::web::hand_out;

namespace {
// Where training stood when pl_a11y_news() last answered (one widget per module: one mark), and
// whether Run was on then (the visits since are a stretch of Run, to be summed up).
pl::TrainingMark g_spoken;
pl::WordsMark g_words_spoken;  // the same for Words mode's messages
pl::DataMode g_spoken_mode = pl::DataMode::Points;
bool g_spoken_running = false;

template <class E>
nlohmann::json choices_of() {
    nlohmann::json list = nlohmann::json::array();
    for (E value : pl::enum_values<E>())
        list.push_back({{"value", std::string(pl::to_string(value))}, {"label", std::string(pl::display_name(value))}});
    return list;
}

nlohmann::json choices() {
    nlohmann::json presets = choices_of<pl::Preset>();
    // The Data section lists Words mode's spam messages with the presets; handle.preset('spam') opens it.
    presets.push_back({{"value", "spam"}, {"label", "Words (spam)"}});
    return {{"algorithm", choices_of<pl::Algorithm>()}, {"bias", choices_of<pl::BiasMode>()},
            {"order", choices_of<pl::Order>()},         {"lift", choices_of<pl::LiftKind>()},
            {"kernel", choices_of<pl::KernelType>()},   {"preset", std::move(presets)}};
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

// Words mode's part of the scene: the messages as a paged table, the word weights, the theory of the
// messages and the last update (words_scene.hpp); the rest of the scene is the same in both modes.
void add_words_scene(nlohmann::json& out, const pl::Session& session, std::size_t page) {
    const pl::WordsScene scene = pl::summarize_words_scene(session.words(), page);
    nlohmann::json rows = nlohmann::json::array();
    for (const pl::MessageRow& row : scene.rows)
        rows.push_back({{"number", row.number}, {"text", row.text}, {"label", pl::class_name(row.label)},
                        {"score", pl::display_number(row.score)}, {"verdict", row.verdict}});
    nlohmann::json weights = nlohmann::json::array();
    for (const pl::WordWeightItem& item : scene.weights)
        weights.push_back({{"word", item.word}, {"weight", pl::display_number(item.weight)}});
    nlohmann::json theory = nlohmann::json::array();
    for (const pl::TheoryItem& item : scene.theory) theory.push_back({{"name", item.name}, {"value", item.value}});
    out["sentence"] = scene.sentence;
    out["status"] = scene.status;
    out["theory"] = std::move(theory);
    out["messages"] = {{"total", session.state().words.size()}, {"page", scene.page}, {"pages", scene.pages},
                       {"first", scene.first_row}, {"rows", std::move(rows)}};
    out["weights"] = {{"words", scene.words}, {"rows", std::move(weights)},
                      {"bias", scene.has_bias ? nlohmann::json(pl::display_number(scene.bias)) : nlohmann::json(nullptr)}};
    out["lastUpdate"] = scene.last_update;
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
    // Words mode's code runs only in Words mode: the points scene calls nothing new, so the release's
    // first part (src/platform/split/keep_functions.txt) serves it as before.
    const bool words = session.state().mode == pl::DataMode::Words;
    out["mode"] = words ? "words" : "points";
    if (words) add_words_scene(out, session, page);
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
    const pl::Session& session = app->session();
    const pl::DataMode mode = session.state().mode;
    std::string news;
    if (g_spoken.valid && mode != g_spoken_mode)  // the other data set now shows: say what it holds
        news = mode == pl::DataMode::Words ? "Words mode: " + pl::messages_sentence(session.words())
                                           : "Back to the points: " + pl::data_sentence(session.state().data);
    else if (mode == pl::DataMode::Words)
        news = pl::words_training_news(g_words_spoken, session.words(), running || g_spoken_running);
    else
        news = pl::training_news(g_spoken, session, running || g_spoken_running);
    g_spoken = pl::training_mark(session);
    if (mode == pl::DataMode::Words) g_words_spoken = pl::words_training_mark(session.words());  // set on entering, too
    g_spoken_mode = mode;
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
