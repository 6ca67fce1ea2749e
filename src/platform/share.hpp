// What the Share section asks of a host, done the same way on the web and on the desktop: importing a
// file (CSV points or a JSON state) and producing the export texts. The hosts only move bytes
// (file picker, drag-and-drop, downloads, clipboard); the rules live here.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace pl::app { class App; }

namespace pl::platform {

// Loads a dropped or picked file into the widget. A name ending in ".json" or a text starting with '{'
// is a full state (load_into); a name ending in ".tsv", or in Words mode any name but ".csv", is
// messages (label<TAB>text, text_corpus.hpp) and opens Words mode; anything else is CSV (x1,x2,...,label). Returns "" on success; otherwise
// the message (naming the line and the problem for CSV), which is also shown, and the state is untouched.
std::string import_text(app::App& app, std::string_view file_name, std::string_view text);

std::string export_csv(const app::App& app);   // the points, as write_csv
std::string export_tsv(const app::App& app);   // the messages, as write_tsv (text_corpus.hpp)
std::string export_json(const app::App& app);  // the whole state, as state_to_json (load() reads it back)
// The Trace section's table (core/figures/trace_table.hpp: the run up to its horizon) as "csv", "latex",
// "markdown" or "json" (lab.trace()); nullopt for any other format.
std::optional<std::string> export_trace(app::App& app, std::string_view format);
// The open lesson as a printable sheet (core/figures/worksheet.hpp), with `key` its answer key; print_on_open:
// the page prints itself once loaded (the web's "Print this lesson"). nullopt when no lesson is open.
struct LessonSheet {
    std::string file_name;
    std::string html;
};
std::optional<LessonSheet> export_worksheet(app::App& app, bool key, bool print_on_open);

}  // namespace pl::platform
