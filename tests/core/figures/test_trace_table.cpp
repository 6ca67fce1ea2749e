// The trace table (core/figures/trace_table.hpp) against lecture 004's worked example, traced by hand.
//
// The lecture's training data: x1 = (1, 2), y1 = 1; x2 = (2, 1), y2 = 1; x3 = (-1, -1), y3 = -1;
// x4 = (-1, 1), y4 = -1; w0 = 0, no bias, "IF y_i (w_k . x_i) <= 0: w_{k+1} = w_k + y_i x_i", in order.
// By hand:
//   t=1 epoch 1, i=1: w.x = 0        -> mistake, w = (0,0) + (1,2)   = (1, 2)
//   t=2 epoch 1, i=2: w.x = 2+2 = 4  -> fine
//   t=3 epoch 1, i=3: w.x = -1-2 = -3, y = -1: y w.x = 3 > 0 -> fine
//   t=4 epoch 1, i=4: w.x = -1+2 = 1, y = -1: y w.x = -1 -> mistake, w = (1,2) - (-1,1) = (2, 1)
//   t=5 epoch 2, i=1: w.x = 2+2 = 4; t=6 i=2: 4+1 = 5; t=7 i=3: -2-1 = -3; t=8 i=4: -2+1 = -1 (y w.x = 1)
//   -> the second epoch has no mistake.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/figures/trace_table.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {

WidgetState lecture_unbiased() {
    WidgetState state = Session::default_state();
    state.config.bias = BiasMode::None;
    return state;
}

struct HandRow {
    std::size_t t, epoch, point;  // point: from 1, as the lecture numbers x_1 .. x_4
    Vec x;
    int y;
    double score;
    bool mistake;
    Vec w_before, w_after;
};

const std::vector<HandRow> kHandTrace = {
    {1, 1, 1, {1, 2}, 1, 0, true, {0, 0}, {1, 2}},
    {2, 1, 2, {2, 1}, 1, 4, false, {1, 2}, {1, 2}},
    {3, 1, 3, {-1, -1}, -1, -3, false, {1, 2}, {1, 2}},
    {4, 1, 4, {-1, 1}, -1, 1, true, {1, 2}, {2, 1}},
    {5, 2, 1, {1, 2}, 1, 4, false, {2, 1}, {2, 1}},
    {6, 2, 2, {2, 1}, 1, 5, false, {2, 1}, {2, 1}},
    {7, 2, 3, {-1, -1}, -1, -3, false, {2, 1}, {2, 1}},
    {8, 2, 4, {-1, 1}, -1, -1, false, {2, 1}, {2, 1}},
};

}  // namespace

TEST_CASE("trace: lecture 004's four points without a bias equal the hand trace line by line") {
    const TraceTable table = trace_table(lecture_unbiased(), 8);
    CHECK(table.kind == TraceKind::Primal);
    REQUIRE(table.rows.size() == kHandTrace.size());
    for (std::size_t k = 0; k < kHandTrace.size(); ++k) {
        const HandRow& hand = kHandTrace[k];
        const TraceRow& row = table.rows[k];
        CAPTURE(hand.t);
        CHECK(row.t == hand.t);
        CHECK(row.epoch == hand.epoch);
        CHECK(row.index + 1 == hand.point);
        CHECK(row.x == hand.x);
        CHECK(row.y == hand.y);
        CHECK(row.score == hand.score);
        CHECK(row.mistake == hand.mistake);
        CHECK(row.w_before == hand.w_before);
        CHECK(row.w_after == hand.w_after);
    }
    CHECK(table.note().empty());
}

TEST_CASE("trace: the CSV of lecture 004's trace, exactly") {
    const std::string expected =
        "t,epoch,i (from 1),x1,x2,y,score,mistake,w1_before,w2_before,w1_after,w2_after\n"
        "1,1,1,1,2,1,0,1,0,0,1,2\n"
        "2,1,2,2,1,1,4,0,1,2,1,2\n"
        "3,1,3,-1,-1,-1,-3,0,1,2,1,2\n"
        "4,1,4,-1,1,-1,1,1,1,2,2,1\n"
        "5,2,1,1,2,1,4,0,2,1,2,1\n"
        "6,2,2,2,1,1,5,0,2,1,2,1\n"
        "7,2,3,-1,-1,-1,-3,0,2,1,2,1\n"
        "8,2,4,-1,1,-1,-1,0,2,1,2,1\n";
    CHECK(trace_csv(trace_table(lecture_unbiased(), 8)) == expected);
}

TEST_CASE("trace: the LaTeX tabular of lecture 004's first epoch, exactly") {
    const std::string expected =
        "\\begin{tabular}{rrrcrrccc}\n"
        "\\toprule\n"
        "$t$ & epoch & $i$ & $\\vec{x}_i$ & $y_i$ & $\\vec{w} \\cdot \\vec{x}_i$ & mistake & $\\vec{w}$ before & $\\vec{w}$ after \\\\\n"
        "\\midrule\n"
        "1 & 1 & 1 & $(1, 2)$ & $1$ & $0$ & yes & $(0, 0)$ & $(1, 2)$ \\\\\n"
        "2 & 1 & 2 & $(2, 1)$ & $1$ & $4$ & no & $(1, 2)$ & $(1, 2)$ \\\\\n"
        "3 & 1 & 3 & $(-1, -1)$ & $-1$ & $-3$ & no & $(1, 2)$ & $(1, 2)$ \\\\\n"
        "4 & 1 & 4 & $(-1, 1)$ & $-1$ & $1$ & yes & $(1, 2)$ & $(2, 1)$ \\\\\n"
        "\\bottomrule\n"
        "\\end{tabular}\n";
    CHECK(trace_latex(trace_table(lecture_unbiased(), 4)) == expected);
}

TEST_CASE("trace: the Markdown table has a header, an alignment row and one line per visit") {
    const std::string md = trace_markdown(trace_table(lecture_unbiased(), 2));
    CHECK(md ==
          "| t | epoch | i | x | y | w · x | mistake | w before | w after |\n"
          "| ---: | ---: | ---: | :---: | ---: | ---: | :---: | :---: | :---: |\n"
          "| 1 | 1 | 1 | (1, 2) | 1 | 0 | yes | (0, 0) | (1, 2) |\n"
          "| 2 | 1 | 2 | (2, 1) | 1 | 4 | no | (1, 2) | (1, 2) |\n");
}

TEST_CASE("trace: the kernel perceptron's rows carry alpha before and after") {
    // The linear kernel without a bias makes the same mistakes as the primal trace: points 1 and 4
    // once each, with f(x) = w . x at every visit.
    WidgetState state = lecture_unbiased();
    state.config.algorithm = Algorithm::Kernel;
    state.config.kernel.type = KernelType::Linear;
    const TraceTable table = trace_table(state, 8);
    CHECK(table.kind == TraceKind::Kernel);
    REQUIRE(table.rows.size() == 8);
    const double scores[] = {0, 4, -3, 1, 4, 5, -3, -1};
    const double alpha_after[] = {1, 0, 0, 1, 1, 0, 0, 1};  // alpha of the point visited, after the visit
    const double alpha_before[] = {0, 0, 0, 0, 1, 0, 0, 1};
    for (std::size_t k = 0; k < 8; ++k) {
        CAPTURE(k);
        CHECK(table.rows[k].score == scores[k]);
        CHECK(table.rows[k].alpha_before == alpha_before[k]);
        CHECK(table.rows[k].alpha_after == alpha_after[k]);
        CHECK(table.rows[k].w_before.empty());
    }
    const std::string csv = trace_csv(table);
    CHECK(csv.substr(0, csv.find('\n')) == "t,epoch,i (from 1),x1,x2,y,score,mistake,alpha_before,alpha_after");
    CHECK(csv.find("\n4,1,4,-1,1,-1,1,1,0,1\n") != std::string::npos);
}

TEST_CASE("trace: Words mode lists the lecture's three messages and the words whose weights changed") {
    // "viagra the" spam, "learning the" ham, "nigeria" spam; no bias, w = 0, in order, eta = 1:
    //   t=1 message 1: f = 0, mistake: viagra 0 -> -1, the 0 -> -1
    //   t=2 message 2: f = w_learning + w_the = -1, y = 1: mistake: learning 0 -> 1, the -1 -> 0
    //   t=3 message 3: f = 0, mistake: nigeria 0 -> -1
    //   t=4..6 (epoch 2): f = -1, 1, -1: no mistake, nothing changes.
    WidgetState state = Session::default_state();
    state.mode = DataMode::Words;
    state.words = lecture_words();
    state.config.bias = BiasMode::None;
    const TraceTable table = trace_table(state, 6);
    CHECK(table.kind == TraceKind::Words);
    REQUIRE(table.rows.size() == 6);
    CHECK(table.rows[0].message == "viagra the");
    CHECK(table.rows[0].y == -1);
    CHECK(table.rows[0].score == 0);
    CHECK(table.rows[0].mistake);
    REQUIRE(table.rows[0].words.size() == 2);
    CHECK(table.rows[0].words[0].word == "viagra");
    CHECK(table.rows[0].words[0].after == -1);
    CHECK(table.rows[1].score == -1);
    REQUIRE(table.rows[1].words.size() == 2);
    CHECK(table.rows[1].words[0].word == "learning");
    CHECK(table.rows[1].words[1].word == "the");
    CHECK(table.rows[1].words[1].before == -1);
    CHECK(table.rows[1].words[1].after == 0);
    CHECK(table.rows[2].words.size() == 1);
    for (std::size_t k = 3; k < 6; ++k) {
        CHECK(table.rows[k].epoch == 2);
        CHECK_FALSE(table.rows[k].mistake);
        CHECK(table.rows[k].words.empty());
    }
    CHECK(table.rows[2].epoch == 1);
    const std::string csv = trace_csv(table);
    CHECK(csv.find("1,1,1,viagra the,-1,0,1,viagra 0->-1 the 0->-1\n") != std::string::npos);
    CHECK(trace_markdown(table).find("| 2 | 1 | 2 | learning the | 1 | -1 | yes | learning 0 → 1, the -1 → 0 |") != std::string::npos);
}

TEST_CASE("trace: a long run keeps its last rows and says so") {
    WidgetState state = lecture_unbiased();
    const TraceTable table = trace_table(state, 30, 5);
    REQUIRE(table.rows.size() == 5);
    CHECK(table.rows.front().t == 26);
    CHECK(table.rows.back().t == 30);
    CHECK(table.rows.back().w_after == Vec{2, 1});
    CHECK(table.note() == "Only the last 5 of 30 visits are listed.");
    CHECK(trace_latex(table).rfind("% Only the last 5 of 30 visits are listed.\n", 0) == 0);
}

TEST_CASE("trace: the horizon keeps the whole run when the session goes back to an earlier visit") {
    Session s(lecture_unbiased());
    TraceFollower follower;
    s.epoch();
    s.epoch();
    follower.follow(s);
    CHECK(follower.horizon() == 8);
    REQUIRE(s.show_visit(3));
    follower.went_to(3);
    CHECK(s.state().trained_visits == 3);
    CHECK(s.learner().weights() == Vec{1, 2});
    follower.follow(s);
    CHECK(follower.horizon() == 8);
    CHECK(follower.table().rows.size() == 8);
    REQUIRE(s.show_visit(4));
    CHECK(s.learner().weights() == Vec{2, 1});
    // Reset is a new start: the table follows it.
    s.reset_training();
    follower.follow(s);
    CHECK(follower.horizon() == 0);
    CHECK(follower.table().rows.empty());
    // A change of the settings too, even at the same number of visits.
    s.epoch();
    follower.follow(s);
    CHECK(follower.horizon() == 4);
    TrainConfig c = s.state().config;
    c.eta = 2;
    s.set_config(c);
    s.epoch();
    follower.follow(s);
    CHECK(follower.table().rows.front().w_after == Vec{2, 4});
}

TEST_CASE("trace: the cells a person reads, the same for the Trace section and the mirror") {
    // Lecture 004's fourth visit: x_4 = (-1, 1), y = -1, w = (1, 2): w . x = 1 > 0 with y = -1, a
    // mistake, w <- w - x_4 = (2, 1). Numbers as display_number writes them, with a real minus sign.
    const std::string minus = "\xE2\x88\x92";
    const TraceTable primal = trace_table(lecture_unbiased(), 4);
    REQUIRE(primal.rows.size() == 4);
    CHECK(trace_cells(primal, primal.rows[3], "-") ==
          std::vector<std::string>{"1", "4", "(" + minus + "1, 1)", minus + "1", "1", "yes", "(1, 2)", "(2, 1)"});
    CHECK(trace_cells(primal, primal.rows[1], "-")[5] == "no");

    // An explicit bias: the same first visit (f = 0, a mistake) moves w to x_1 = (1, 2) and b to y_1 = 1.
    WidgetState biased = Session::default_state();
    biased.config.bias = BiasMode::Explicit;
    const TraceTable with_b = trace_table(biased, 1);
    REQUIRE(with_b.kind == TraceKind::ExplicitBias);
    const std::vector<std::string> first = trace_cells(with_b, with_b.rows[0], "-");
    REQUIRE(first.size() == 8);
    CHECK(first[6] == "(0, 0), b = 0");
    CHECK(first[7] == "(1, 2), b = 1");

    // Words: the second message changes two weights; a visit with no mistake shows `none_changed`.
    WidgetState words = Session::default_state();
    words.mode = DataMode::Words;
    words.words = lecture_words();
    words.config.bias = BiasMode::None;
    const TraceTable text = trace_table(words, 4);
    const std::string arrow = " \xE2\x86\x92 ";
    CHECK(trace_words_changed(text.rows[1]) == "learning 0" + arrow + "1, the " + minus + "1" + arrow + "0");
    CHECK(trace_cells(text, text.rows[1], "none").back() == trace_words_changed(text.rows[1]));
    CHECK(trace_words_changed(text.rows[3]).empty());
    CHECK(trace_cells(text, text.rows[3], "none").back() == "none");
    CHECK(trace_cells(text, text.rows[3], "none")[2] == "viagra the");
}
