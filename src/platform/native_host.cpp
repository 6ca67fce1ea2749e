// Desktop host: SDL owns the window. The Share buttons map to what a desktop has: the clipboard,
// files in the current directory, and dropping a file onto the window.
#include "core/about/about.hpp"
#include <SDL.h>

#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "app/shell/lift_figure.hpp"
#include "app/shell/app.hpp"
#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_result.hpp"
#include "core/state/state_codec.hpp"
#include "platform/host.hpp"
#include "platform/share.hpp"

namespace pl::platform {

namespace {
app::App* g_app = nullptr;

bool write_file(const char* path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

void save(app::App& app, const char* path, const std::string& text) {
    app.session().set_notice(write_file(path, text) ? std::string("Saved ") + path + " in the current directory."
                                                    : std::string("Could not write ") + path + " in the current directory.");
}

void handle_request(app::HostRequest request) {
    if (!g_app) return;
    app::App& app = *g_app;
    switch (request) {
        case app::HostRequest::CopyLink: {
            const std::string fragment = "#" + encode_fragment(app.session().state());
            const bool copied = SDL_SetClipboardText(fragment.c_str()) == 0;
            app.session().set_notice(copied ? "Link fragment copied. Append it to the widget's web address, or run "
                                              "perceptron-lab --state '<fragment>' to reopen this screen."
                                            : std::string("Could not use the clipboard: ") + SDL_GetError());
            break;
        }
        case app::HostRequest::CopyResult: {  // the lesson card's "Copy my result" (lesson_result.hpp)
            const std::optional<LessonResult> record = lesson_result(app.lesson(), app.session());
            const std::string token = record ? result_token(*record) : std::string();
            const bool copied = !token.empty() && SDL_SetClipboardText(token.c_str()) == 0;
            app.session().set_notice(copied ? "Your result is copied to the clipboard: paste it where your instructor asks for it."
                                            : "Your result could not be copied.");
            break;
        }
        case app::HostRequest::DownloadCsv: save(app, "perceptron-lab.csv", export_csv(app)); break;
        case app::HostRequest::DownloadJson: save(app, "perceptron-lab.json", export_json(app)); break;
        case app::HostRequest::DownloadTsv: save(app, "perceptron-lab.tsv", export_tsv(app)); break;
        case app::HostRequest::SnapshotPng:
            app.session().set_notice("PNG snapshots are made by the browser version; on the desktop use your "
                                     "system's screenshot tool.");
            break;
        case app::HostRequest::ImportFile:
            app.session().set_notice("Drop a CSV (x1,x2,label), TSV (label<TAB>message) or JSON state file onto this "
                                     "window, or start with perceptron-lab --state '<link fragment>'.");
            break;
        case app::HostRequest::DownloadLesson: {
            const std::string path = app.lesson_draft().lesson.id + ".json";
            save(app, path.c_str(), lesson_to_json(app.lesson_draft().lesson));
            break;
        }
        case app::HostRequest::SaveTraceCsv: save(app, "perceptron-lab-trace.csv", export_trace(app, "csv").value_or("")); break;
        case app::HostRequest::SaveTraceLatex: save(app, "perceptron-lab-trace.tex", export_trace(app, "latex").value_or("")); break;
        case app::HostRequest::CopyTraceMarkdown: {
            const std::string markdown = export_trace(app, "markdown").value_or("");
            app.session().set_notice(SDL_SetClipboardText(markdown.c_str()) == 0 ? "The trace table is copied to the clipboard as Markdown."
                                                                                 : std::string("Could not use the clipboard: ") + SDL_GetError());
            break;
        }
        case app::HostRequest::PrintLesson: {  // the lesson card's "Print this lesson": the sheet as an HTML file
            if (const std::optional<LessonSheet> sheet = export_worksheet(app, false, false)) {
                const bool written = write_file(sheet->file_name.c_str(), sheet->html);
                app.session().set_notice(written ? "Saved " + sheet->file_name + " in the current directory: open it in a browser and print it."
                                                 : "Could not write " + sheet->file_name + " in the current directory.");
            }
            break;
        }
        case app::HostRequest::SaveSvg: {  // the Share section's vector figure of the canvas (lift_figure.hpp)
            std::string error;
            const std::string svg = app::widget_figure_svg(app, FigurePart::Canvas, FigureOptions{}, error);
            if (error.empty()) save(app, "perceptron-lab.svg", svg);
            else app.session().set_notice("No SVG: " + error);
            break;
        }
        case app::HostRequest::OpenNotices:  // the About line: the build writes the notices beside the program
            app.session().set_notice(about::about_line() + " (beside this program; the licence is LICENSE in the source).");
            break;
        case app::HostRequest::SaveScorm12:
        case app::HostRequest::SaveScorm2004:
            app.session().set_notice("SCORM packages are made by the browser version or by perceptron-cli: Save JSON, "
                                     "then perceptron-cli package --scorm 2004 --lesson <id>.json -o <id>.zip.");
            break;
    }
    app.request_redraw();
}

// A file dropped onto the window is imported (CSV or JSON). The filter consumes the event, so it is
// freed here and never reaches the main loop.
int drop_filter(void*, SDL_Event* event) {
    if (event->type != SDL_DROPFILE) return 1;
    if (g_app && event->drop.file) {
        std::ifstream in(event->drop.file, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        if (in.is_open()) import_text(*g_app, event->drop.file, text.str());
        else g_app->session().set_notice(std::string("Could not read ") + event->drop.file + ".");
        g_app->request_redraw();
    }
    SDL_free(event->drop.file);
    return 0;
}
}  // namespace

void configure_hints() {}
void initial_window_size(int&, int&) {}
void sync_window_size(SDL_Window*) {}

void attach(app::App& app) {
    g_app = &app;
    app.on_request = handle_request;
    SDL_SetEventFilter(drop_filter, nullptr);
}

void detach() {
    SDL_SetEventFilter(nullptr, nullptr);
    g_app = nullptr;
}

bool page_can_scroll() { return false; }  // the window is the whole page
void scroll_page(float, bool) {}
float finger_screen_y(long long) { return std::numeric_limits<float>::quiet_NaN(); }

void cannot_start(const char* why) { std::fprintf(stderr, "perceptron-lab cannot start: %s\n", why); }

}  // namespace pl::platform
