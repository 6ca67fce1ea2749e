// The Plots section's charts as SVG (app/panels/panel_plots.cpp draws them on screen from the same
// learner data): a chart is a frame with nice ticks, its series as bars or lines, a caption and a key.
#include "core/figures/plot_figures.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/figures/canvas_figure.hpp"
#include "core/figures/svg_writer.hpp"
#include "core/session/session.hpp"
#include "core/theory/proof_status.hpp"

namespace pl::figures {

namespace {

struct Series {
    std::vector<double> x, y;
    std::string color, label;
    bool dashed = false;
    bool bars = false;
};

struct Chart {
    std::string title, x_label;
    std::vector<Series> series;
};

double nice_step(double range, int target_ticks) {
    const double raw = std::max(range, 1e-12) / target_ticks;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= raw) return m * power;
    return 10.0 * power;
}

std::string tick_text(double value, double step) {
    if (std::fabs(value) < step * 1e-6) value = 0.0;
    const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    std::string text = num(value, decimals);
    if (!text.empty() && text[0] == '-') text = "\xE2\x88\x92" + text.substr(1);
    return text;
}

// One chart in the rectangle (left, top, width, height) of the figure.
void draw_chart(SvgWriter& svg, const Chart& chart, double left, double top, double width, double height, const FigureStyle& s,
                const std::string& css_class) {
    const std::string text = "font-size=\"" + num(kFontSize) + "\" fill=\"" + s.text + "\"";
    svg.open_group("class=\"" + css_class + "\"");
    svg.text(left, top + kFontSize, chart.title, "class=\"title\" " + text);
    const double px0 = left + 44, px1 = left + width - 8, py0 = top + kFontSize + 10, py1 = top + height - 2.4 * kFontSize;
    double x_min = 1, x_max = 1, y_min = 0, y_max = 1;
    bool any = false;
    for (const Series& se : chart.series)
        for (std::size_t k = 0; k < se.x.size(); ++k) {
            if (!std::isfinite(se.y[k])) continue;
            if (!any) { x_min = x_max = se.x[k]; any = true; }
            x_min = std::min(x_min, se.x[k]); x_max = std::max(x_max, se.x[k]);
            y_min = std::min(y_min, se.y[k]); y_max = std::max(y_max, se.y[k]);
        }
    const bool bars = !chart.series.empty() && chart.series[0].bars;
    if (bars) { x_min -= 0.5; x_max += 0.5; }
    if (x_max <= x_min) x_max = x_min + 1;
    if (y_max <= y_min) y_max = y_min + 1;
    const double y_step = bars ? std::max(1.0, nice_step(y_max - y_min, 4)) : nice_step(y_max - y_min, 4);  // counts are whole
    y_max = std::ceil(y_max / y_step - 1e-9) * y_step;
    y_min = std::floor(y_min / y_step + 1e-9) * y_step;
    auto X = [&](double x) { return px0 + (x - x_min) / (x_max - x_min) * (px1 - px0); };
    auto Y = [&](double y) { return py1 - (y - y_min) / (y_max - y_min) * (py1 - py0); };
    svg.rect(px0, py0, px1 - px0, py1 - py0, "fill=\"none\" stroke=\"" + s.axis + "\" stroke-width=\"1\"");
    std::string grid;
    for (double y = y_min; y <= y_max + y_step * 1e-6; y += y_step) {
        grid += "M" + num(px0) + " " + num(Y(y)) + "H" + num(px1);
        svg.text(px0 - 5, Y(y) + kFontSize * 0.35, tick_text(y, y_step), "class=\"tick\" text-anchor=\"end\" " + text);
    }
    const double x_step = std::max(1.0, nice_step(x_max - x_min, 6));
    for (double x = std::ceil(x_min / x_step) * x_step; x <= x_max + 1e-9; x += x_step) {
        grid += "M" + num(X(x)) + " " + num(py1) + "v4";
        svg.text(X(x), py1 + 4 + kFontSize, tick_text(x, x_step), "class=\"tick\" text-anchor=\"middle\" " + text);
    }
    svg.path(grid, "fill=\"none\" stroke=\"" + s.grid + "\" stroke-opacity=\"0.15\"");
    svg.text((px0 + px1) / 2, py1 + 6 + 2 * kFontSize, chart.x_label, "class=\"axis-label\" text-anchor=\"middle\" " + text);
    for (const Series& se : chart.series) {  // in order: the dashed bounds over the run they bound
        std::string d;
        if (se.bars) {
            const double half = std::max(0.5, 0.4 * (X(1) - X(0)));
            for (std::size_t k = 0; k < se.x.size(); ++k)
                if (se.y[k] > 0) svg.rect(X(se.x[k]) - half, Y(se.y[k]), 2 * half, Y(0) - Y(se.y[k]), "class=\"bar\" fill=\"" + se.color + "\"");
        } else {
            bool pen = false;
            for (std::size_t k = 0; k < se.x.size(); ++k) {
                if (!std::isfinite(se.y[k])) { pen = false; continue; }
                d += (pen ? "L" : "M") + num(X(se.x[k])) + " " + num(Y(se.y[k]));
                pen = true;
            }
            if (!d.empty())
                svg.path(d, "class=\"series\" fill=\"none\" stroke=\"" + se.color + "\" stroke-width=\"2\"" +
                                (se.dashed ? " stroke-dasharray=\"6 4\"" : "") + " stroke-linejoin=\"round\"");
        }
    }
    double key_x = px1;
    for (auto it = chart.series.rbegin(); it != chart.series.rend(); ++it) {  // the key, right-aligned above the frame
        const Series& se = *it;
        const double w = 0.62 * kFontSize * static_cast<double>(se.label.size()) / 1.3 + 30;
        key_x -= w;
        svg.line(key_x, top + kFontSize * 0.65, key_x + 16, top + kFontSize * 0.65,
                 "stroke=\"" + se.color + "\" stroke-width=\"" + (se.bars ? "6" : "2") + "\"" + (se.dashed ? " stroke-dasharray=\"4 3\"" : ""));
        svg.text(key_x + 20, top + kFontSize, se.label, "class=\"key\" " + text);
    }
    svg.close_group();
}

// A figure of charts stacked one above the other, each `chart_height_cm` tall on paper.
std::string charts_svg(const std::vector<Chart>& charts, const std::string& note, const PanelState& panels, const FigureOptions& options) {
    const FigureStyle s = figure_style(panels, options);
    const double width = std::round((options.width_cm > 0 ? options.width_cm : 12.0) * kUnitsPerCm * 100) / 100;
    const double chart_height = options.height_cm > 0 ? std::round(options.height_cm * kUnitsPerCm * 100) / 100 / static_cast<double>(std::max<std::size_t>(1, charts.size()))
                                                      : width * 0.55;
    const double height = charts.empty() ? 4 * kFontSize : chart_height * static_cast<double>(charts.size());
    SvgWriter svg(width / kUnitsPerCm, height / kUnitsPerCm, width, height);
    svg.rect(0, 0, width, height, "class=\"background\" fill=\"" + s.background + "\"");
    for (std::size_t k = 0; k < charts.size(); ++k)
        draw_chart(svg, charts[k], 4, static_cast<double>(k) * chart_height + 4, width - 8, chart_height - 8, s, "chart");
    if (!note.empty()) svg.text(8, 2 * kFontSize, note, "class=\"note\" font-size=\"" + num(kFontSize) + "\" fill=\"" + s.text + "\"");
    return svg.finish();
}

std::string ink(const FigureStyle& s, int r, int g, int b) { return s.grayscale ? rgb(40, 40, 40) : rgb(r, g, b); }

}  // namespace

std::string mistakes_svg(const Session& session, const FigureOptions& options) {
    const FigureStyle s = figure_style(session.state().panels, options);
    Series bars{{}, {}, ink(s, 0, 114, 178), "mistakes per epoch", false, true};
    const std::vector<std::size_t>& counts = session.learner().mistakes_per_epoch();
    for (std::size_t i = 0; i < counts.size(); ++i) {
        bars.x.push_back(static_cast<double>(i + 1));
        bars.y.push_back(static_cast<double>(counts[i]));
    }
    return charts_svg({Chart{"Mistakes per epoch", "epoch", {bars}}}, "", session.state().panels, options);
}

std::string loss_svg(const Session& session, const FigureOptions& options) {
    const FigureStyle s = figure_style(session.state().panels, options);
    Series line{{}, {}, ink(s, 0, 114, 178), "perceptron loss L"};
    const std::vector<double>& losses = session.learner().loss_per_epoch();
    for (std::size_t i = 0; i < losses.size(); ++i) {
        line.x.push_back(static_cast<double>(i + 1));
        line.y.push_back(losses[i]);  // NaN: an epoch without a loss, a gap
    }
    return charts_svg({Chart{"L = \xCE\xA3 max(0, \xE2\x88\x92y\xC2\xB7" "f(x)) at the end of each epoch", "epoch", {line}}}, "",
                      session.state().panels, options);
}

std::string proof_svg(const Session& session, const FigureOptions& options) {
    const Learner& learner = session.learner();
    const TheorySummary& t = session.theory();
    const ProofStatus status = proof_status(learner, t);
    const PanelState& panels = session.state().panels;
    if (!status.applies) return charts_svg({}, "The mistake bound does not apply to this run: " + status.reason + ".", panels, options);
    const auto& proof = learner.proof();
    if (proof.empty() || std::isnan(proof.back().projection))
        return charts_svg({}, "This learner does not record its w against w*.", panels, options);
    const FigureStyle s = figure_style(panels, options);
    const bool unit = status.step == 1.0;
    Series projection{{}, {}, ink(s, 0, 158, 115), "w\xC2\xB7w*"};
    Series lower{{}, {}, ink(s, 120, 120, 120), unit ? "M\xCE\xB3*" : "\xCE\xB7M\xCE\xB3*", true};
    Series squared{{}, {}, ink(s, 213, 94, 0), "\xE2\x80\x96w\xE2\x80\x96\xC2\xB2"};
    Series upper{{}, {}, ink(s, 120, 120, 120), unit ? "MR\xC2\xB2" : "\xCE\xB7\xC2\xB2MR\xC2\xB2", true};
    for (const ProofSample& p : proof) {
        const auto M = static_cast<double>(p.mistakes);
        projection.x.push_back(M); projection.y.push_back(p.projection);
        lower.x.push_back(M); lower.y.push_back(projection_floor(status, t, p.mistakes));
        squared.x.push_back(M); squared.y.push_back(p.squared_norm);
        upper.x.push_back(M); upper.y.push_back(squared_norm_ceiling(status, t, p.mistakes));
    }
    return charts_svg({Chart{unit ? "w\xC2\xB7w* grows at least M\xCE\xB3*" : "w\xC2\xB7w* grows at least \xCE\xB7M\xCE\xB3*", "mistakes M", {projection, lower}},
                       Chart{unit ? "\xE2\x80\x96w\xE2\x80\x96\xC2\xB2 grows at most MR\xC2\xB2" : "\xE2\x80\x96w\xE2\x80\x96\xC2\xB2 grows at most \xCE\xB7\xC2\xB2MR\xC2\xB2",
                             "mistakes M", {squared, upper}}},
                      "", panels, options);
}

}  // namespace pl::figures
