// The trace table as text (trace_table.hpp): CSV with exact numbers, a LaTeX tabular with booktabs, a
// Markdown pipe table, and JSON for lab.trace(). The columns follow lecture 004's worked example:
// t, epoch, i, x_i, y_i, the score w . x_i, the mistake test y_i (w . x_i) <= 0, then w before and after.
// Points and messages are numbered from 1 as on the screen (the lecture's "FOR i = 1 TO n"); JSON keeps
// the 0-based index every other JSON of the widget uses.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/figures/trace_table.hpp"
#include "core/base/decimal.hpp"
#include "core/base/table_cells.hpp"

namespace pl {

namespace {

// For a document: six significant digits, an ASCII minus, whole numbers without a decimal point.
std::string readable(double v) {
    if (v == 0) return "0";  // also -0
    if (!std::isfinite(v)) return std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
    if (std::fabs(v) < 1e15 && v == std::floor(v)) return shortest_decimal(v);
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}

std::string exact(double v) { return v == 0 ? "0" : shortest_decimal(v); }

std::string tuple(const Vec& v) {
    std::string out = "(";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + readable(v[i]);
    return out + ")";
}

std::string math(const std::string& text) { return "$" + text + "$"; }

std::string latex_text(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '\\': out += "\\textbackslash{}"; break;
            case '~': out += "\\textasciitilde{}"; break;
            case '^': out += "\\textasciicircum{}"; break;
            case '&': case '%': case '$': case '#': case '_': case '{': case '}': out += '\\'; out += c; break;
            default: out += c;
        }
    }
    return out;
}

std::string markdown_text(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '|' || c == '\\' || c == '*' || c == '_' || c == '`') out += '\\';
        out += c;
    }
    return out;
}

// One column: its headers in LaTeX and Markdown and its alignment.
struct Column {
    std::string latex, markdown;
    char align = 'r';
};

std::vector<Column> columns(const TraceTable& t) {
    const bool words = t.kind == TraceKind::Words;
    std::string score = t.kind == TraceKind::Kernel ? "$f(\\vec{x}_i)$"
                        : t.lifted                   ? "$\\vec{w} \\cdot \\phi(\\vec{x}_i)$"
                                                     : "$\\vec{w} \\cdot \\vec{x}_i$";
    if (t.kind == TraceKind::ExplicitBias) score.insert(score.size() - 1, " + b");
    std::string md_score = t.kind == TraceKind::Kernel ? "f(x)" : t.lifted ? "w · φ(x)" : "w · x";
    if (t.kind == TraceKind::ExplicitBias) md_score += " + b";
    std::vector<Column> c = {{"$t$", "t", 'r'}, {"epoch", "epoch", 'r'}, {"$i$", "i", 'r'}};
    if (words) c.push_back({"message", "message", 'l'});
    else c.push_back({"$\\vec{x}_i$", "x", 'c'});
    c.push_back({"$y_i$", "y", 'r'});
    c.push_back({score, md_score, 'r'});
    c.push_back({"mistake", "mistake", 'c'});
    switch (t.kind) {
        case TraceKind::Primal:
            c.push_back({"$\\vec{w}$ before", "w before", 'c'});
            c.push_back({"$\\vec{w}$ after", "w after", 'c'});
            break;
        case TraceKind::ExplicitBias:
            c.push_back({"$\\vec{w}$ before", "w before", 'c'});
            c.push_back({"$b$ before", "b before", 'r'});
            c.push_back({"$\\vec{w}$ after", "w after", 'c'});
            c.push_back({"$b$ after", "b after", 'r'});
            break;
        case TraceKind::Kernel:
            c.push_back({"$\\alpha_i$ before", "α before", 'r'});
            c.push_back({"$\\alpha_i$ after", "α after", 'r'});
            break;
        case TraceKind::Words: c.push_back({"weights that changed", "weights that changed", 'l'}); break;
    }
    return c;
}

// The cells of a row for a document (LaTeX when `latex`, else Markdown).
std::vector<std::string> document_cells(const TraceTable& t, const TraceRow& r, bool latex) {
    const auto number = [&](double v) { return latex ? math(readable(v)) : readable(v); };
    const auto vec = [&](const Vec& v) { return latex ? math(tuple(v)) : tuple(v); };
    std::vector<std::string> cells = {std::to_string(r.t), std::to_string(r.epoch), std::to_string(r.index + 1)};
    if (t.kind == TraceKind::Words) cells.push_back(latex ? latex_text(r.message) : markdown_text(r.message));
    else cells.push_back(vec(r.x));
    cells.push_back(number(r.y));
    cells.push_back(number(r.score));
    cells.push_back(r.mistake ? "yes" : "no");
    switch (t.kind) {
        case TraceKind::Primal: cells.push_back(vec(r.w_before)); cells.push_back(vec(r.w_after)); break;
        case TraceKind::ExplicitBias:
            cells.insert(cells.end(), {vec(r.w_before), number(r.b_before), vec(r.w_after), number(r.b_after)});
            break;
        case TraceKind::Kernel: cells.push_back(number(r.alpha_before)); cells.push_back(number(r.alpha_after)); break;
        case TraceKind::Words: {
            std::string changed;
            const auto add = [&](const std::string& name, double before, double after) {
                if (!changed.empty()) changed += ", ";
                changed += latex ? latex_text(name) + " " + math(readable(before) + " \\to " + readable(after))
                                 : markdown_text(name) + " " + readable(before) + " → " + readable(after);
            };
            for (const TraceWord& w : r.words) add(w.word, w.before, w.after);
            if (r.bias_changed) add("b", r.b_before, r.b_after);
            cells.push_back(changed.empty() ? (latex ? "---" : "–") : changed);
            break;
        }
    }
    return cells;
}

}  // namespace

std::string trace_csv(const TraceTable& t) {
    std::vector<std::string> header = {"t", "epoch", "i (from 1)"};
    if (t.kind == TraceKind::Words) header.push_back("message");
    else
        for (std::size_t k = 1; k <= t.input_dim; ++k) header.push_back("x" + std::to_string(k));
    header.insert(header.end(), {"y", "score", "mistake"});
    const auto w_columns = [&](const char* when) {
        for (std::size_t k = 1; k <= t.dim; ++k) header.push_back("w" + std::to_string(k) + "_" + when);
        if (t.kind == TraceKind::ExplicitBias) header.push_back(std::string("b_") + when);
    };
    if (t.kind == TraceKind::Primal || t.kind == TraceKind::ExplicitBias) {
        w_columns("before");
        w_columns("after");
    } else if (t.kind == TraceKind::Kernel) {
        header.insert(header.end(), {"alpha_before", "alpha_after"});
    } else {
        header.push_back("changed (word before->after)");
    }
    std::string out;
    for (std::size_t k = 0; k < header.size(); ++k) out += (k ? "," : "") + csv_cell(header[k]);
    out += '\n';
    for (const TraceRow& r : t.rows) {
        std::vector<std::string> cells = {std::to_string(r.t), std::to_string(r.epoch), std::to_string(r.index + 1)};
        if (t.kind == TraceKind::Words) cells.push_back(csv_cell(r.message));
        else
            for (double v : r.x) cells.push_back(exact(v));
        cells.insert(cells.end(), {std::to_string(r.y), exact(r.score), r.mistake ? "1" : "0"});
        const auto w_cells = [&](const Vec& w, double b) {
            for (double v : w) cells.push_back(exact(v));
            if (t.kind == TraceKind::ExplicitBias) cells.push_back(exact(b));
        };
        if (t.kind == TraceKind::Primal || t.kind == TraceKind::ExplicitBias) {
            w_cells(r.w_before, r.b_before);
            w_cells(r.w_after, r.b_after);
        } else if (t.kind == TraceKind::Kernel) {
            cells.insert(cells.end(), {exact(r.alpha_before), exact(r.alpha_after)});
        } else {
            std::string changed;
            for (const TraceWord& w : r.words) changed += (changed.empty() ? "" : " ") + w.word + " " + exact(w.before) + "->" + exact(w.after);
            if (r.bias_changed) changed += (changed.empty() ? "" : " ") + std::string("b ") + exact(r.b_before) + "->" + exact(r.b_after);
            cells.push_back(csv_cell(changed));
        }
        for (std::size_t k = 0; k < cells.size(); ++k) out += (k ? "," : "") + cells[k];
        out += '\n';
    }
    return out;
}

std::string trace_latex(const TraceTable& t) {
    const std::vector<Column> cols = columns(t);
    std::string out;
    if (t.truncated()) out += "% " + t.note() + "\n";
    out += "\\begin{tabular}{";
    for (const Column& c : cols) out += c.align;
    out += "}\n\\toprule\n";
    for (std::size_t k = 0; k < cols.size(); ++k) out += (k ? " & " : "") + cols[k].latex;
    out += " \\\\\n\\midrule\n";
    for (const TraceRow& r : t.rows) {
        const std::vector<std::string> cells = document_cells(t, r, true);
        for (std::size_t k = 0; k < cells.size(); ++k) out += (k ? " & " : "") + cells[k];
        out += " \\\\\n";
    }
    out += "\\bottomrule\n\\end{tabular}\n";
    return out;
}

std::string trace_markdown(const TraceTable& t) {
    const std::vector<Column> cols = columns(t);
    std::string out;
    if (t.truncated()) out += "_" + t.note() + "_\n\n";
    const auto line = [&](const std::vector<std::string>& cells) {
        out += "|";
        for (const std::string& c : cells) out += " " + c + " |";
        out += "\n";
    };
    std::vector<std::string> head, rule;
    for (const Column& c : cols) {
        head.push_back(c.markdown);
        rule.push_back(c.align == 'r' ? "---:" : c.align == 'c' ? ":---:" : ":---");
    }
    line(head);
    line(rule);
    for (const TraceRow& r : t.rows) line(document_cells(t, r, false));
    return out;
}

std::string trace_json(const TraceTable& t) {
    nlohmann::json rows = nlohmann::json::array();
    for (const TraceRow& r : t.rows) {
        nlohmann::json row = {{"t", r.t}, {"epoch", r.epoch}, {"index", r.index}};
        if (t.kind != TraceKind::Words) row["x"] = r.x;
        row["y"] = r.y;
        row["score"] = r.score;
        row["mistake"] = r.mistake;
        if (t.kind == TraceKind::Primal || t.kind == TraceKind::ExplicitBias) {
            row["wBefore"] = r.w_before;
            row["wAfter"] = r.w_after;
        }
        if (t.kind == TraceKind::ExplicitBias) {
            row["bBefore"] = r.b_before;
            row["bAfter"] = r.b_after;
        }
        if (t.kind == TraceKind::Kernel) {
            row["alphaBefore"] = r.alpha_before;
            row["alphaAfter"] = r.alpha_after;
        }
        if (t.kind == TraceKind::Words) {
            row["message"] = r.message;
            nlohmann::json words = nlohmann::json::array();
            for (const TraceWord& w : r.words) words.push_back({{"word", w.word}, {"before", w.before}, {"after", w.after}});
            row["words"] = std::move(words);
            if (r.bias_changed) {
                row["bBefore"] = r.b_before;
                row["bAfter"] = r.b_after;
            }
        }
        rows.push_back(std::move(row));
    }
    return rows.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace pl
