// The two small types the panels share with the widget and its host, apart from App itself (app.hpp):
// what Run is doing, and the requests only the host can carry out. A panel that needs no more of the
// widget includes this, not app.hpp.
#pragma once
#include "core/figures/trace_table.hpp"

namespace pl::app {

// Things only the host can do (clipboard, downloads, file picker); the Share section asks for them.
enum class HostRequest { CopyLink, DownloadCsv, DownloadJson, SnapshotPng, ImportFile, DownloadLesson, DownloadTsv, CopyResult,
                         SaveScorm12, SaveScorm2004,
                         SaveTraceCsv, SaveTraceLatex, CopyTraceMarkdown,  // the Trace section (panel_trace.cpp)
                         PrintLesson,  // the lesson card's "Print this lesson" (core/figures/worksheet.hpp)
                         SaveSvg,      // the Share section's "Save SVG" (core/figures/figure_svg.hpp)
                         OpenNotices };  // the Share section's About line: the licence and third-party notices

// Run/Pause: visits per second, from 1 to "as fast as the frame budget allows".
struct RunState {
    bool running = false;
    float speed = 8.0f;          // visits per second; >= kMaxSpeed means unlimited
    double carry = 0.0;          // fractional visits owed from earlier frames
    static constexpr float kMaxSpeed = 100000.0f;
    // The Trace section's rows and horizon (trace_table.hpp), kept here so the JS handle's trace() lists
    // what the table lists.
    TraceFollower trace;
    // The lesson card scrolls its top into view at its next frame (a notice's Reopen, Author mode's Try
    // it: the card opens at the column's top while the button may be far below). Set by any section,
    // read once by the card (app/lesson/panel_lesson.cpp).
    bool reveal_lesson_card = false;
    // The lesson's hold on training (LessonRun::training_blocked: a predict step waits for its Check),
    // decided once per frame by the App (and by the web host before a handle's call) and read by every
    // verb (training_verbs.hpp), the Trace's rows and the canvas's ring around the point asked about.
    bool training_held = false;
};

}  // namespace pl::app
