// The accessible mirror's half in the module (web/embed_a11y.js draws the DOM): the scene as data, the
// sentence of what happened since the mirror last spoke, and the handle's verbs it needed that the
// canvas had alone so far: add a point, undo, redo. With the Trace or the SVM section on, the scene
// carries their content too (the same rows and numbers the sections draw), and the mirror's switches and
// the trace's row buttons act through pl_a11y_set_view and pl_a11y_show_visit.
// All of it is built by the core (scene_summary.hpp, describe.hpp) from the answer the canvas draws; in
// Words mode from the messages the Words view draws (words_scene.hpp).
#include <emscripten.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "app/shell/app.hpp"
#include "app/canvas/training_verbs.hpp"
#include "core/figures/trace_table.hpp"
#include "core/facts/describe.hpp"
#include "core/scene/scene_summary.hpp"
#include "core/facts/words_scene.hpp"
#include "core/lesson/lesson_markup.hpp"
#include "core/state/names.hpp"
#include "core/theory/svm_view.hpp"
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
            {"seed", c.seed},                                       {"preset", state.preset}};
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


// [SECTION] the Trace and SVM sections' content (only while the section is on: nothing new runs otherwise)
constexpr std::size_t kMirrorTraceRows = 50;  // the mirror lists the last rows; Save CSV has them all
constexpr std::size_t kMirrorConstraints = 50;

// The weights after a visit as the Trace section writes them (panel_trace.cpp): w, w and b, α or the words.
std::string trace_after_text(const pl::TraceTable& table, const pl::TraceRow& r) {
    switch (table.kind) {
        case pl::TraceKind::Primal: return "w = " + pl::vector_text(r.w_after);
        case pl::TraceKind::ExplicitBias: return "w = " + pl::vector_text(r.w_after) + ", b = " + pl::display_number(r.b_after);
        case pl::TraceKind::Kernel: return "\xCE\xB1 of " + pl::point_name(r.index) + " = " + pl::display_number(r.alpha_after);
        case pl::TraceKind::Words: {
            const std::string changed = pl::trace_words_changed(r);
            return changed.empty() ? "no weight changed" : "weights that changed: " + changed;
        }
    }
    return "";
}

nlohmann::json trace_json(pl::app::App& app) {
    pl::TraceFollower& trace = app.run().trace;
    trace.follow(app.session());  // all of it, as an export: the mirror asks at most four times a second
    const pl::TraceTable& table = trace.table();
    const bool words = table.kind == pl::TraceKind::Words, kernel = table.kind == pl::TraceKind::Kernel;
    nlohmann::json head = {"t", "epoch", words ? "message" : "point i", words ? "message text" : "x", "y",
                           kernel ? "f(x)" : table.lifted ? "w\xC2\xB7\xCF\x86(x)" : "w\xC2\xB7x", "mistake"};
    if (words) head.push_back("weights that changed");
    else if (kernel) { head.push_back("\xCE\xB1\xE1\xB5\xA2 before"); head.push_back("\xCE\xB1\xE1\xB5\xA2 after"); }
    else { head.push_back("w before"); head.push_back("w after"); }
    const std::size_t from = table.rows.size() > kMirrorTraceRows ? table.rows.size() - kMirrorTraceRows : 0;
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t k = from; k < table.rows.size(); ++k) {
        const pl::TraceRow& r = table.rows[k];
        nlohmann::json cells = pl::trace_cells(table, r, "no weight changed");
        rows.push_back({{"t", r.t}, {"cells", std::move(cells)}});
    }
    std::string note = table.note();
    const std::size_t listed = table.rows.size() - from;
    if (from > 0)
        note = "The last " + std::to_string(listed) + " of " + std::to_string(table.visits) +
               " visits are listed here; Save CSV has " + (table.truncated() ? "the last " + std::to_string(table.rows.size()) : std::string("all of them")) + ".";
    return {{"head", std::move(head)}, {"rows", std::move(rows)}, {"visits", table.visits},
            {"current", pl::shown_visits(app.session().state())}, {"note", note}};
}

std::string numbered_points(const std::vector<std::size_t>& indices) {
    std::string out;
    for (std::size_t k = 0; k < indices.size(); ++k)
        out += (k == 0 ? "" : k + 1 == indices.size() ? " and " : ", ") + std::to_string(indices[k] + 1);
    return (indices.size() == 1 ? "point " : "points ") + out;
}

nlohmann::json svm_json(pl::app::App& app) {
    const pl::Scene& model = app.model();
    const pl::WidgetState& state = app.session().state();
    nlohmann::json out = {{"problem", "minimise \xC2\xBD\xE2\x80\x96w\xE2\x80\x96\xC2\xB2 over w and b subject to y\xE2\x82\x99(w\xC2\xB7x\xE2\x82\x99 + b) \xE2\x89\xA5 1 for every point n"}};
    if (state.mode != pl::DataMode::Points) {
        out["none"] = "The SVM view works on the points: load a set of points to see it.";
        return out;
    }
    if (state.config.lift != pl::LiftKind::None) out["space"] = "Here x\xE2\x82\x99 stands for \xCF\x86(x\xE2\x82\x99), the lifted point.";
    const pl::SvmPrimal svm = pl::svm_view(state.data, state.config, model.theory()).primal;
    if (!svm.separable) {
        out["none"] = "No SVM: " + svm.reason + ".";
        return out;
    }
    out["lines"] = {"w = " + pl::vector_text(svm.w), "b = " + pl::display_number(svm.b),
                    "Margin 1/\xE2\x80\x96w\xE2\x80\x96 = " + pl::display_number(svm.margin),
                    "Support vectors: " + numbered_points(svm.support) + " (their constraint is exactly 1)"};
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t n = 0; n < svm.constraint.size() && n < kMirrorConstraints; ++n) {
        const bool on_band = std::find(svm.support.begin(), svm.support.end(), n) != svm.support.end();
        rows.push_back({{"n", n + 1}, {"y", pl::label_text(n < state.data.labels.size() ? state.data.labels[n] : 1)},
                        {"value", on_band ? "1 (support vector)" : pl::display_number(svm.constraint[n], 5)}});
    }
    out["constraints"] = std::move(rows);
    out["total"] = svm.constraint.size();
    return out;
}

// The parts of the scene for the views a person switched on: each row names the part's key, the switch
// that shows it and what makes it, so a new optional view is one row. (Called through the table, each
// maker also stays a function of its own, which wasm-split leaves to the deferred part until its view
// is on.)
struct ViewPart {
    const char* key;
    bool pl::PanelState::*on;
    nlohmann::json (*make)(pl::app::App&);
};
const ViewPart kViewParts[] = {{"trace", &pl::PanelState::trace, trace_json}, {"svm", &pl::PanelState::svm, svm_json}};

nlohmann::json scene_json(pl::app::App& app, std::size_t page, bool with_choices) {
    const pl::Scene& model = app.model();  // the answer and facts the canvas draws, kept per change
    const pl::Session& session = app.session();
    const pl::SceneSummary scene = pl::summarize_scene(model, page);
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
                          {"lessonParagraphs", lesson_paragraphs(app)},
                          // The lesson left last, which the list offers to reopen (as the canvas's list does).
                          {"reopen", app.lesson().can_reopen()
                                         ? nlohmann::json{{"title", app.lesson().left_lesson()->title}, {"step", app.lesson().left_step()}}
                                         : nlohmann::json(nullptr)}};
    // Words mode's code runs only in Words mode: the points scene calls nothing new, so the release's
    // first part (src/platform/split/keep_functions.txt) serves it as before.
    const bool words = session.state().mode == pl::DataMode::Words;
    out["mode"] = words ? "words" : "points";
    if (words) add_words_scene(out, session, page);
    if (with_choices) out["choices"] = choices();
    const pl::PanelState& panels = session.state().panels;
    // The switches show where the widget's own do (layout.cpp): the Show section's "trace table" box, the
    // SVM header in the theory sections.
    out["views"] = {{"trace", panels.trace}, {"svm", panels.svm}, {"traceSwitch", panels.controls && panels.show_section},
                    {"svmSwitch", panels.theory || panels.svm}};
    for (const ViewPart& part : kViewParts)
        if (panels.*part.on) out[part.key] = part.make(app);
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

// The mirror's switches for the Trace (which 0) and SVM (which 1) sections, as their boxes on the canvas.
// 1 when `which` is known.
EMSCRIPTEN_KEEPALIVE int pl_a11y_set_view(int which, int on) {
    pl::app::App* app = current_app();
    if (!app || which < 0 || which > 1) return 0;
    pl::PanelState panels = app->session().state().panels;
    (which == 0 ? panels.trace : panels.svm) = on != 0;
    app->session().set_panels(panels);
    app->request_redraw();
    return 1;
}

// A trace row's button: the canvas as it was after visit t, as the Trace section's row does
// (panel_trace.cpp go_to_visit). Returns the sentence to say ("After visit 3: w = (1, 2)."), or the
// notice when the session refused (online mode, a predict step waiting for its Check). The news mark
// moves on, so the next pl_a11y_news() does not say the same change again as a jump.
EMSCRIPTEN_KEEPALIVE const char* pl_a11y_show_visit(int t) {
    pl::app::App* app = current_app();
    if (!app || t < 1) return hand_out("");
    pl::Session& session = app->session();
    const std::size_t visit = static_cast<std::size_t>(t);
    const bool shown = pl::app::go_to_visit(session, app->run(), visit);  // the Trace row's own way, the hold included
    pl::TraceFollower& trace = app->run().trace;
    app->request_redraw();
    if (!shown) return hand_out(session.notice());
    g_spoken = pl::training_mark(session);
    if (session.state().mode == pl::DataMode::Words) g_words_spoken = pl::words_training_mark(session.words());
    trace.follow(session);
    const pl::TraceTable& table = trace.table();
    for (const pl::TraceRow& r : table.rows) {
        if (r.t != visit) continue;
        return hand_out("After visit " + std::to_string(visit) + " (" + (r.mistake ? "a mistake on " : "correct on ") +
                        (table.kind == pl::TraceKind::Words ? "message " + std::to_string(r.index + 1) : pl::point_name(r.index)) +
                        "): " + trace_after_text(table, r) + ".");
    }
    return hand_out("After visit " + std::to_string(visit) + ".");
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

// Words mode's message form (handle.addMessage / removeMessage, the table view's form), as the Words
// view's text box and list: a message added as spam (label -1) or ham (+1), in online mode through the
// online protocol (predicted, then learned); a message removed by its index. 1 on success, else 0 and
// pl_last_error() says why (the same sentence as the widget's notice).
EMSCRIPTEN_KEEPALIVE int pl_add_message(const char* text, int label) {
    pl::app::App* app = current_app();
    if (!app) return 0;
    pl::Session& session = app->session();
    pl::WordsSession& words = session.words();
    const std::string message = text ? text : "";
    const int y = label > 0 ? 1 : -1;
    app->run().running = false;
    const bool added = session.state().online_mode ? words.online_add(message, y).accepted : words.add(message, y);
    pl::platform::web::set_last_error(added ? "" : session.notice());
    app->request_redraw();
    return added ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE int pl_remove_message(double index) {
    pl::app::App* app = current_app();
    if (!app) return 0;
    pl::Session& session = app->session();
    const std::size_t count = session.state().words.size();
    if (!(index >= 0) || index >= static_cast<double>(count) || index != static_cast<double>(static_cast<std::size_t>(index))) {
        pl::platform::web::set_last_error("There is no message " + std::to_string(static_cast<long long>(index) + 1) + "; there are " +
                                          std::to_string(count) + ".");
        return 0;
    }
    app->run().running = false;
    const bool removed = session.words().remove(static_cast<std::size_t>(index));
    pl::platform::web::set_last_error(removed ? "" : session.notice());
    app->request_redraw();
    return removed ? 1 : 0;
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
