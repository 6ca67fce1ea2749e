#include "platform/share.hpp"

#include <cctype>

#include <nlohmann/json.hpp>

#include "app/shell/app.hpp"
#include "app/shell/load_state.hpp"
#include "core/figures/trace_table.hpp"
#include "core/figures/worksheet.hpp"
#include "core/learn/csv.hpp"
#include "core/lesson/lesson.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"
#include "core/words/text_corpus.hpp"

namespace pl::platform {

namespace {
bool ends_with(std::string_view name, std::string_view extension) {
    if (name.size() < extension.size()) return false;
    std::string tail(name.substr(name.size() - extension.size()));
    for (char& c : tail) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return tail == extension;
}
bool ends_with_json(std::string_view name) { return ends_with(name, ".json"); }

bool starts_with_brace(std::string_view text) {
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        return c == '{';
    }
    return false;
}

// "xor.csv" (a file name may be a whole path natively): the last path component, made a safe preset name.
std::string display_name(std::string_view file_name) {
    const std::size_t slash = file_name.find_last_of("/\\");
    if (slash != std::string_view::npos) file_name.remove_prefix(slash + 1);
    if (file_name.empty()) file_name = "imported data";
    return state_table::sanitized_preset(file_name);
}
}  // namespace

std::string import_text(app::App& app, std::string_view file_name, std::string_view text) {
    Session& session = app.session();
    const std::string name = display_name(file_name);
    if (session.state().readonly) {
        const std::string message = "This widget is read-only: importing " + name + " is disabled.";
        session.set_notice(message);
        return message;
    }
    if (ends_with_json(file_name) || starts_with_brace(text)) {
        // A lesson file (Save JSON in Author mode) opens in Author mode, to be fixed and saved again.
        const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
        if (json.is_object() && json.contains("steps")) {
            LessonParse parsed = parse_lesson(text);
            if (!parsed.ok) {
                const std::string message = name + " is a lesson that could not be opened: " + parsed.error;
                session.set_notice(message);
                return message;
            }
            const std::size_t steps = parsed.lesson.steps.size();
            app.lesson_draft().open(std::move(parsed.lesson));
            session.set_notice("Opened " + name + " in Author mode (" + std::to_string(steps) + (steps == 1 ? " step" : " steps") +
                               "): fix what you need, then Save JSON again.");
            return {};
        }
        // A JSON state carries its own view: like a link, it reproduces the screen it was saved from.
        return app::load_into(app, text);
    }
    const bool messages = ends_with(file_name, ".tsv") ||
                          (session.state().mode == DataMode::Words && !ends_with(file_name, ".csv"));
    if (messages) {
        app.run().running = false;
        const std::string error = session.words().import_tsv(text, name);
        if (error.empty()) session.set_mode(DataMode::Words);
        return error;
    }

    const CsvResult csv = parse_csv(text, kMaxPoints);
    if (!csv.ok) {
        std::string message = name + " was not loaded: " + csv.summary();
        if (message.back() != '.') message += '.';
        message += " The current points were kept.";
        session.set_notice(message);
        return message;
    }
    app.run().running = false;
    if (!session.replace_data(csv.data, name, csv.held_out)) return session.notice();  // limits: the session says why
    session.set_notice("Loaded " + name + ": " + csv.summary() + ".");
    return {};
}

std::string export_csv(const app::App& app) { return write_csv(app.session().state().data, app.session().state().held_out); }

std::string export_json(const app::App& app) { return state_to_json(app.session().state()); }

std::optional<std::string> export_trace(app::App& app, std::string_view format) {
    TraceFollower& trace = app.run().trace;
    trace.follow(app.session());  // all of it: an export never stops half way
    const TraceTable& table = trace.table();
    if (format == "csv") return trace_csv(table);
    if (format == "latex") return trace_latex(table);
    if (format == "markdown") return trace_markdown(table);
    if (format == "json") return trace_json(table);
    return std::nullopt;
}

std::optional<LessonSheet> export_worksheet(app::App& app, bool key, bool print_on_open) {
    const LessonRun& run = app.lesson();
    if (!run.is_open()) return std::nullopt;
    WorksheetOptions options;
    options.key = key;
    options.print_on_open = print_on_open;
    return LessonSheet{worksheet_file_name(run.lesson(), key), worksheet_html(run.lesson(), options)};
}

std::string export_tsv(const app::App& app) {
    const WordsData& words = app.session().state().words;
    return write_tsv(words.messages, words.labels);
}

}  // namespace pl::platform
