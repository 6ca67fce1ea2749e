// What the built-in lessons' texts claim, checked against what the widget shows and the real learner
// computes (the lecturer's second review, issue 24).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "core/lesson/lesson.hpp"
#include "core/session/session.hpp"

using namespace pl;

TEST_CASE("F7: non-separable step 1 names the plot that exists, and its claim holds with the real learner") {
    const Lesson& lesson = *find_builtin_lesson("non-separable");
    const LessonStep& step = lesson.steps.front();
    // The plots show mistakes per epoch and the perceptron loss; the accuracy is a row of Theory.
    CHECK(step.text.find("accuracy in the plots") == std::string::npos);
    CHECK(step.text.find("mistakes per epoch in the plots") != std::string::npos);
    CHECK(step.text.find("accuracy in Theory") != std::string::npos);
    REQUIRE(step.state.has_value());
    Session s;
    s.load_state(*step.state);
    double lowest = 1.0, highest = 0.0;
    for (int k = 0; k < 10; ++k) {
        s.epoch();
        lowest = std::min(lowest, s.learner().training_accuracy());
        highest = std::max(highest, s.learner().training_accuracy());
    }
    const auto& mistakes = s.learner().mistakes_per_epoch();
    REQUIRE(mistakes.size() == 10);
    CHECK(*std::min_element(mistakes.begin(), mistakes.end()) > 0);  // never an epoch without a mistake
    CHECK(*std::min_element(mistakes.begin(), mistakes.end()) < *std::max_element(mistakes.begin(), mistakes.end()));
    CHECK(lowest < highest);  // "jump up and down"
}

TEST_CASE("F10: the lessons that go past the lectures say so, and the logistic limit carries its caveat") {
    for (const char* id : {"non-separable", "max-margin"}) {
        CAPTURE(id);
        CHECK(find_builtin_lesson(id)->steps.front().text.rfind("**Beyond the lectures:**", 0) == 0);
    }
    for (const LessonSummary& summary : builtin_lessons()) {  // and only they
        if (summary.id == "non-separable" || summary.id == "max-margin") continue;
        CAPTURE(summary.id);
        CHECK(find_builtin_lesson(summary.id)->steps.front().text.find("Beyond the lectures") == std::string::npos);
    }
    const std::string& limit = find_builtin_lesson("max-margin")->steps[2].success;
    CHECK(limit.find("only in the limit and slowly") != std::string::npos);
    CHECK(limit.find("[x, 1]") != std::string::npos);
}
