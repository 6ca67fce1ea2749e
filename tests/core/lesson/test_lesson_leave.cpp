// Leaving a lesson (issue 41): the notice says where, the lesson can be reopened there, the sections the
// steps switched off come back as they were before the lesson, and a lesson opened next takes that
// notice away (it would cover the new card), but no other message.
#include <doctest/doctest.h>

#include "core/lesson/lesson_run.hpp"

using namespace pl;

TEST_CASE("leave: notice, Reopen, and the panels as before the lesson") {
    Session session;
    PanelState mine = session.state().panels;
    mine.trace = true;         // the student had the Trace section open
    mine.share_section = true;
    session.set_panels(mine);
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    // The lesson's steps show only train, theory and lesson.
    CHECK_FALSE(session.state().panels.share_section);
    CHECK_FALSE(session.state().panels.data_section);
    REQUIRE(run.go_to(session, 2));
    run.leave(session);
    CHECK_FALSE(run.is_open());
    CHECK(run.can_reopen());
    CHECK(run.left_step() == 2);
    CHECK(session.notice() == "You left the lesson \"The update rule\" at step 3 of 4. Your points stay as they are; Reopen brings you back to that step.");
    const PanelState back = session.state().panels;
    CHECK(back.share_section);
    CHECK(back.data_section);
    CHECK(back.show_section == mine.show_section);
    CHECK(back.trace);

    // Reopen, finish, close: the notice gives the summary.
    REQUIRE(run.reopen_left(session));
    REQUIRE(run.go_to(session, 3));
    run.finish();
    run.leave(session);
    CHECK(session.notice().rfind("You closed the lesson \"The update rule\". You went through all 4 steps and passed 0 of the 4 checks.", 0) == 0);

    // The next lesson opened takes the leave notice away; a notice of another kind stays.
    REQUIRE(run.open_builtin(session, "absorb-bias", 0, true).empty());
    CHECK(session.notice().empty());
    run.leave(session);
    session.set_notice("Link copied.");
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    CHECK(session.notice() == "Link copied.");
}

TEST_CASE("leave: a lesson that came back with a link shows the widget's usual sections on leaving") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    const WidgetState walked = session.state();  // the lesson's panels: share and data off
    LessonRun again;
    Session other;
    other.load_state(walked);
    REQUIRE(again.open_builtin(other, "update-rule", 0, false).empty());  // as a link reopens it
    again.leave(other);
    const PanelState usual{};
    CHECK(other.state().panels.share_section == usual.share_section);
    CHECK(other.state().panels.show_section == usual.show_section);
    CHECK(other.state().panels.data_section);
}

TEST_CASE("dismiss: a page's script closing the lesson brings the panels back, with no notice and no Reopen") {
    Session session;
    PanelState mine = session.state().panels;
    mine.trace = true;
    mine.share_section = true;
    session.set_panels(mine);
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    REQUIRE_FALSE(session.state().panels.share_section);
    run.dismiss(session);
    CHECK_FALSE(run.is_open());
    CHECK_FALSE(run.can_reopen());
    CHECK(session.notice().empty());
    CHECK(session.state().panels.share_section);
    CHECK(session.state().panels.trace);
    CHECK(session.state().panels.data_section);

    // close() (a state that brings its own panels) leaves them as they are.
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    run.close(session);
    CHECK_FALSE(session.state().panels.share_section);
}
