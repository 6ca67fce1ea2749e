#include "core/figures/svg_writer.hpp"

#include <cmath>
#include <cstdio>

namespace pl::figures {

std::string rgb(int r, int g, int b) {
    char out[8];
    std::snprintf(out, sizeof out, "#%02x%02x%02x", r & 255, g & 255, b & 255);
    return out;
}

std::string num(double value, int decimals) {
    if (!std::isfinite(value)) value = 0.0;
    char out[48];
    std::snprintf(out, sizeof out, "%.*f", decimals, value);
    std::string s = out;
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0') s.pop_back();
        if (!s.empty() && s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

SvgWriter::SvgWriter(double width_cm, double height_cm, double px_width, double px_height)
    : width_cm_(width_cm), height_cm_(height_cm), px_width_(px_width), px_height_(px_height) {}

void SvgWriter::open_group(std::string_view attributes) {
    body_ += "<g ";
    body_ += attributes;
    body_ += ">\n";
}

void SvgWriter::close_group() { body_ += "</g>\n"; }

void SvgWriter::rect(double x, double y, double w, double h, std::string_view style) {
    body_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" + num(h) + "\" ";
    body_ += style;
    body_ += "/>\n";
}

void SvgWriter::circle(double cx, double cy, double r, std::string_view style) {
    body_ += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" ";
    body_ += style;
    body_ += "/>\n";
}

void SvgWriter::line(double x1, double y1, double x2, double y2, std::string_view style) {
    body_ += "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" ";
    body_ += style;
    body_ += "/>\n";
}

void SvgWriter::path(std::string_view d, std::string_view style) {
    body_ += "<path d=\"";
    body_ += d;
    body_ += "\" ";
    body_ += style;
    body_ += "/>\n";
}

void SvgWriter::text(double x, double y, std::string_view content, std::string_view style) {
    body_ += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" ";
    body_ += style;
    body_ += ">" + xml_escape(content) + "</text>\n";
}

std::string SvgWriter::finish() const {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(width_cm_, 3) + "cm\" height=\"" +
           num(height_cm_, 3) + "cm\" viewBox=\"0 0 " + num(px_width_) + " " + num(px_height_) +
           "\" font-family=\"DejaVu Sans, sans-serif\">\n";
    out += body_;
    out += "</svg>\n";
    return out;
}

}  // namespace pl::figures
