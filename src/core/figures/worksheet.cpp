// The printable lesson as one HTML page (worksheet.hpp); the keys and states come from worksheet_key.cpp.
#include "core/figures/worksheet.hpp"

#include <optional>

#include "core/figures/worksheet_key.hpp"
#include "core/lesson/goal_expression.hpp"
#include "core/scene/scene.hpp"
#include "core/session/session.hpp"
#include "core/base/decimal.hpp"
#include "core/words/text_corpus.hpp"

namespace pl {

using worksheet::markup_html;

namespace {

// Print first: A4 with margins, dark text on white, a serif for reading and a sans for headings; a
// step's heading never ends a page, and its figure and question stay together on one.
constexpr const char* kStyle = R"(
@page { size: A4; margin: 16mm 15mm 18mm 15mm; }
html { background: #fff; }
body { color: #111; background: #fff; font-family: Georgia, "DejaVu Serif", "Times New Roman", serif; font-size: 11pt;
       line-height: 1.4; max-width: 18cm; margin: 1.5em auto; padding: 0 1em; }
h1, h2, .question-label, .key-label, .meta { font-family: "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; }
h1 { font-size: 18pt; margin: 0 0 0.2em; }
h2 { font-size: 13pt; margin: 1.2em 0 0.4em; break-after: avoid; page-break-after: avoid; }
.meta { color: #333; font-size: 9.5pt; margin-bottom: 0.6em; }
.name-line { margin: 0.8em 0 1.2em; }
.step { border-top: 1px solid #999; padding-top: 0.2em; }
.keep { break-inside: avoid; page-break-inside: avoid; }
figure { margin: 0.6em 0; text-align: center; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 9pt; color: #333; }
code { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 0.92em; }
.question { margin: 0.6em 0; }
.question-label, .key-label { font-weight: bold; }
ul.choices { list-style: none; padding-left: 0.4em; }
ul.choices li { margin: 0.3em 0; }
.box { display: inline-block; width: 0.9em; height: 0.9em; border: 1.2px solid #111; margin-right: 0.5em; vertical-align: -0.1em; }
.line { display: inline-block; min-width: 7cm; border-bottom: 1px solid #111; height: 1.2em; }
.slot { display: inline-block; min-width: 2cm; border-bottom: 1px solid #111; height: 1.2em; margin: 0 0.2em; }
.form { color: #333; font-size: 9.5pt; }
.work { height: 2.2cm; border: 1px dashed #888; margin: 0.4em 0; }
.goal { margin: 0.5em 0; }
table.messages { border-collapse: collapse; margin: 0.6em auto; }
table.messages td, table.messages th { border: 1px solid #999; padding: 0.15em 0.6em; text-align: left; }
table.messages .word { text-align: center; }
.key { border-left: 3px solid #111; padding: 0.2em 0.7em; margin: 0.6em 0; background: #f2f2f2; }
.key p { margin: 0.2em 0; }
.screen-only { font-family: sans-serif; margin-bottom: 1em; }
@media print { .screen-only { display: none; } body { margin: 0; max-width: none; padding: 0; } }
)";

std::string op_words(GoalOp op) {
    switch (op) {
        case GoalOp::Equal: return "is";
        case GoalOp::NotEqual: return "is not";
        case GoalOp::Less: return "is less than";
        case GoalOp::LessEqual: return "is at most";
        case GoalOp::Greater: return "is more than";
        case GoalOp::GreaterEqual: return "is at least";
    }
    return "";
}

std::string comparison_words(const GoalComparison& c) {
    if (c.numeric()) return describe_term(c, c.left) + " " + op_words(c.op) + " " + describe_term(c, c.right);
    const bool yes = (c.op == GoalOp::Equal) == c.boolean;
    const GoalNameInfo& info = goal_name_info(c.name);
    switch (c.name) {
        case GoalName::Converged: return yes ? "training has converged" : "training has not converged";
        case GoalName::Separable: return yes ? "the data are separable" : "the data are not separable";
        case GoalName::Hand: return yes ? "hand mode is on" : "hand mode is off";
        case GoalName::GramPsd: return yes ? "the Gram matrix is positive semi-definite" : "the Gram matrix is not positive semi-definite";
        default: break;
    }
    if (info.kind == GoalValueKind::Word) return "the " + std::string(info.text) + " " + op_words(c.op) + " " + c.word;
    return describe_comparison(c);
}

std::string node_words(const Goal& goal, std::size_t index, bool nested) {
    const GoalNode& n = goal.nodes[index];
    switch (n.kind) {
        case GoalNode::Kind::Compare: return comparison_words(n.compare);
        case GoalNode::Kind::Not: return "not (" + node_words(goal, n.children[0], true) + ")";
        case GoalNode::Kind::And:
        case GoalNode::Kind::Or: {
            const std::string joint = n.kind == GoalNode::Kind::And ? " and " : " or ";
            std::string out;
            for (std::size_t k = 0; k < n.children.size(); ++k) {
                if (k) out += (k + 1 == n.children.size()) ? joint : (n.kind == GoalNode::Kind::And ? ", " : joint);
                out += node_words(goal, n.children[k], true);
            }
            return nested && n.kind == GoalNode::Kind::Or ? "(" + out + ")" : out;
        }
    }
    return "";
}

std::string strip_xml_declaration(std::string svg) {
    if (svg.rfind("<?xml", 0) == 0) {
        const std::size_t end = svg.find("?>");
        if (end != std::string::npos) svg.erase(0, end + 2);
    }
    return svg;
}

std::string choice_letter(std::size_t k) { return std::string("(") + static_cast<char>('a' + k) + ")"; }

std::string question_html(const Lesson& lesson, std::size_t index, const std::optional<WidgetState>& screen) {
    const LessonStep& s = lesson.steps[index];
    std::string out;
    if (s.has_quiz()) {
        out += "<div class=\"question\"><span class=\"question-label\">Question.</span> ";
        out += s.select_all() ? "Select all that apply: tick every right answer." : "Tick one answer.";
        out += "<ul class=\"choices\">\n";
        for (std::size_t k = 0; k < s.choices.size(); ++k)
            out += "<li><span class=\"box\"></span>" + choice_letter(k) + " " + markup_html(s.choices[k], true) + "</li>\n";
        out += "</ul></div>\n";
    }
    if (s.predict) {
        out += "<div class=\"question\"><span class=\"question-label\">Predict.</span> ";
        if (screen) out += xml_escape(worksheet::next_visit_question(*screen)) + " ";
        out += "Will it be a mistake?<ul class=\"choices\"><li><span class=\"box\"></span>mistake</li>"
               "<li><span class=\"box\"></span>no mistake</li></ul></div>\n";
    }
    if (s.number) {
        out += "<div class=\"question\"><span class=\"question-label\">Your answer:</span> <span class=\"line\"></span> "
               "<span class=\"form\">(one number, e.g. 2.5, 39/7 or sqrt(5))</span></div>\n";
    }
    if (s.vector) {
        const std::size_t n = worksheet::vector_components(lesson, index);
        out += std::string("<div class=\"question\"><span class=\"question-label\">") + (s.predict ? "w after the visit:" : "Your vector:") + "</span> (";
        for (std::size_t k = 0; k < (n ? n : 3); ++k) out += std::string(k ? "," : "") + "<span class=\"slot\"></span>";
        out += ") <span class=\"form\">(" + (n ? std::to_string(n) + " components" : std::string("the components")) +
               ", separated by commas)</span></div>\n";
    }
    if (s.number || s.vector || s.predict) out += "<div class=\"work\" aria-label=\"room for your working\"></div>\n";
    if (s.goal) {
        const std::string words = s.goal->nodes.empty() ? std::string() : goal_sentence(*s.goal);
        out += "<p class=\"goal\"><span class=\"question-label\">Goal:</span> " +
               (words.empty() ? "" : xml_escape(words) + ". ") + "<span class=\"form\">(the widget checks <code>" +
               xml_escape(s.goal->text) + "</code>)</span></p>\n";
    }
    return out;
}

std::string step_html(const Lesson& lesson, std::size_t index, const WorksheetOptions& options) {
    const LessonStep& s = lesson.steps[index];
    const std::optional<WidgetState> screen = worksheet::step_screen(lesson, index);
    std::string out = "<section class=\"step\">\n<h2>Step " + std::to_string(index + 1) + ". " + markup_html(s.title, true) + "</h2>\n";
    // The step's text stays on the page of its picture and question (a break inside is avoided; a step
    // longer than a page still breaks).
    out += "<div class=\"keep\">\n";
    out += markup_html(s.text, false);
    if (screen && screen->mode == DataMode::Words) {
        // The canvas draws points; in Words mode the picture is the list of messages with their labels.
        // With a small vocabulary (the lecture's four words) each message also shows as its 0/1 vector,
        // one column per word, as lecture 004 writes the messages.
        const TextCorpus corpus = make_corpus(screen->words.messages, screen->words.labels);
        const std::vector<std::string>& words = corpus.vocabulary.words();
        const bool matrix = !words.empty() && words.size() <= 12;
        out += "<table class=\"messages\"><tr><th>message</th>";
        if (matrix)
            for (const std::string& w : words) out += "<th class=\"word\">" + xml_escape(w) + "</th>";
        out += "<th>label</th></tr>\n";
        for (std::size_t m = 0; m < corpus.size() && m < 40; ++m) {
            out += "<tr><td>" + xml_escape(corpus.messages[m]) + "</td>";
            if (matrix) {
                std::vector<bool> has(words.size(), false);
                for (std::size_t k = corpus.rows.start[m]; k < corpus.rows.start[m + 1]; ++k) has[corpus.rows.index[k]] = true;
                for (const bool h : has) out += std::string("<td class=\"word\">") + (h ? "1" : "0") + "</td>";
            }
            out += std::string("<td>") + (corpus.labels[m] > 0 ? "ham (+1)" : "spam (\xE2\x88\x92" "1)") + "</td></tr>\n";
        }
        out += "</table>\n";
        if (screen->words.messages.size() > 40)
            out += "<p class=\"form\">The first 40 of the " + grouped_count(screen->words.messages.size()) + " messages; the widget has them all.</p>\n";
    } else if (screen) {
        const Session session(*screen);
        SceneCache scenes;
        FigureOptions figure = options.figure;
        // A predict step asks whether the next visit is a mistake: the student's sheet rings no point.
        if (s.predict && !options.key) figure.mistake_rings = false;
        const std::size_t total = screen->data.size() + screen->held_out.size(), shown = figure_points_drawn(total, figure);
        std::string caption = s.state ? "The points this step sets up." : "The points as the lesson left them before this step.";
        if (shown < total)
            caption += " It shows " + grouped_count(shown) + " of the " + grouped_count(total) + " points, evenly spread over them; the widget has them all.";
        out += "<figure>" + strip_xml_declaration(canvas_svg(scenes.update(session), figure)) + "<figcaption>" + caption + "</figcaption></figure>\n";
    } else if (s.has_check()) {
        out += "<p class=\"form\">This step works on your own points in the widget.</p>\n";
    }
    out += question_html(lesson, index, screen);
    if (options.key) {
        const std::vector<std::string> key = worksheet::step_key(lesson, index);
        if (!key.empty()) {
            out += "<div class=\"key\"><span class=\"key-label\">Key.</span>\n";
            for (const std::string& line : key) out += "<p>" + line + "</p>\n";
            out += "</div>\n";
        }
    }
    out += "</div>\n</section>\n";
    return out;
}

}  // namespace

std::string goal_sentence(const Goal& goal) {
    if (goal.nodes.empty()) return "";
    return "reach a state where " + node_words(goal, goal.root(), false);
}

std::string worksheet_file_name(const Lesson& lesson, bool key) {
    return (lesson.id.empty() ? std::string("lesson") : lesson.id) + (key ? "-key.html" : "-worksheet.html");
}

std::string worksheet_html(const Lesson& lesson, const WorksheetOptions& options) {
    std::size_t checks = 0;
    for (const LessonStep& s : lesson.steps) checks += s.has_check() ? 1 : 0;
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + xml_escape(lesson.title) +
                      (options.key ? " (answer key)" : "") + "</title>\n<style>" + kStyle + "</style>\n";
    if (options.print_on_open) out += "<script>addEventListener('load', () => setTimeout(() => print(), 0));</script>\n";
    out += "</head>\n<body>\n";
    out += "<p class=\"screen-only\">This is a printable sheet: use your browser's Print to print it or save it as PDF.</p>\n";
    out += "<h1>" + markup_html(lesson.title, true) + (options.key ? " \xE2\x80\x94 answer key" : "") + "</h1>\n";
    out += "<p class=\"meta\">Perceptron Lab lesson <code>" + xml_escape(lesson.id) + "</code> \xC2\xB7 " +
           std::to_string(lesson.steps.size()) + (lesson.steps.size() == 1 ? " step" : " steps") + " \xC2\xB7 " +
           std::to_string(checks) + (checks == 1 ? " exercise" : " exercises") +
           (options.key ? " \xC2\xB7 the key is worked out by the widget's learner on each step's points" : "") + "</p>\n";
    if (!options.key) out += "<p class=\"name-line\">Name: <span class=\"line\"></span></p>\n";
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) out += step_html(lesson, i, options);
    out += "</body>\n</html>\n";
    return out;
}

WorksheetResult worksheet_from_json(std::string_view lesson_json, const WorksheetOptions& options) {
    WorksheetResult result;
    const LessonParse parsed = parse_lesson(lesson_json);
    if (!parsed.ok) {
        result.error = parsed.error;
        return result;
    }
    result.ok = true;
    result.html = worksheet_html(parsed.lesson, options);
    return result;
}

}  // namespace pl
