// A small SVG text builder for the figures: numbers in a fixed short form (a figure of a few hundred
// points stays a few tens of KB), text escaped for XML. Std only.
#pragma once
#include <string>
#include <string_view>

#include "core/base/xml_text.hpp"  // pl::xml_escape for text and attributes

namespace pl::figures {

// "#rrggbb" from 0..255 channels; grey(v) is the same for a grey.
std::string rgb(int r, int g, int b);
// A number with at most `decimals` decimals and no trailing zeros ("-0" becomes "0").
std::string num(double value, int decimals = 2);

class SvgWriter {
public:
    // width/height in cm on paper; the user units are the view box (px_width x px_height).
    SvgWriter(double width_cm, double height_cm, double px_width, double px_height);
    void open_group(std::string_view attributes);  // <g attributes>
    void close_group();
    void raw(std::string_view text) { body_ += text; }
    void rect(double x, double y, double w, double h, std::string_view style);
    void circle(double cx, double cy, double r, std::string_view style);
    void line(double x1, double y1, double x2, double y2, std::string_view style);
    // `d` is path data; `style` holds fill/stroke attributes written as-is.
    void path(std::string_view d, std::string_view style);
    void text(double x, double y, std::string_view content, std::string_view style);
    std::string finish() const;  // the whole document, XML declaration included

private:
    double width_cm_, height_cm_, px_width_, px_height_;
    std::string body_;
};

}  // namespace pl::figures
