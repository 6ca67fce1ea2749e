// Data <-> screen mapping of the canvas: equal aspect, pan and zoom. Plain math, no ImGui.
#pragma once
#include <algorithm>
#include <cmath>

#include "core/state/widget_state.hpp"

namespace pl::app {

struct ScreenPoint { float x = 0, y = 0; };

class View {
public:
    // origin: top-left of the canvas on screen; size: canvas size in screen units.
    void fit(const ViewState& state, float origin_x, float origin_y, float width, float height) {
        state_ = state;
        origin_x_ = origin_x; origin_y_ = origin_y; width_ = width; height_ = height;
        const double shorter = std::max(1.0f, std::min(width, height));
        pixels_per_unit_ = shorter / std::max(1e-9, state.span);
    }

    ScreenPoint to_screen(double x, double y) const {
        return {static_cast<float>(origin_x_ + width_ * 0.5 + (x - state_.center_x) * pixels_per_unit_),
                static_cast<float>(origin_y_ + height_ * 0.5 - (y - state_.center_y) * pixels_per_unit_)};
    }
    double to_data_x(float sx) const { return state_.center_x + (sx - origin_x_ - width_ * 0.5) / pixels_per_unit_; }
    double to_data_y(float sy) const { return state_.center_y - (sy - origin_y_ - height_ * 0.5) / pixels_per_unit_; }

    double pixels_per_unit() const { return pixels_per_unit_; }
    // Visible data rectangle.
    double min_x() const { return to_data_x(origin_x_); }
    double max_x() const { return to_data_x(origin_x_ + width_); }
    double min_y() const { return to_data_y(origin_y_ + height_); }
    double max_y() const { return to_data_y(origin_y_); }
    float origin_x() const { return origin_x_; }
    float origin_y() const { return origin_y_; }
    float width() const { return width_; }
    float height() const { return height_; }

    // The canvas's grid: labelled ticks at least kTickPixels apart, kMinorLinesPerTick minor lines per
    // tick step. The keyboard cursor moves from minor line to minor line.
    static constexpr float kTickPixels = 56.0f;
    static constexpr int kMinorLinesPerTick = 5;
    double tick_step() const { return tick_step(kTickPixels); }
    double minor_step() const { return tick_step() / kMinorLinesPerTick; }

    // A "nice" tick step (1, 2 or 5 times a power of ten) giving ticks at least min_pixels apart.
    double tick_step(float min_pixels) const {
        const double raw = min_pixels / pixels_per_unit_;
        const double power = std::pow(10.0, std::floor(std::log10(raw)));
        for (double m : {1.0, 2.0, 5.0, 10.0})
            if (m * power >= raw) return m * power;
        return 10.0 * power;
    }

private:
    ViewState state_{};
    float origin_x_ = 0, origin_y_ = 0, width_ = 1, height_ = 1;
    double pixels_per_unit_ = 1;
};

}  // namespace pl::app
