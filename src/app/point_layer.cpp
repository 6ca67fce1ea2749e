#include "app/point_layer.hpp"

#include <cmath>
#include <cstring>

#include "app/canvas_overlays.hpp"
#include "app/gl.hpp"
#include "app/gl_texture.hpp"

namespace pl::app {

namespace {
// Many points: half sizes in screen units of the squares Dear ImGui drew before.
constexpr float kTrainingHalf = 2.0f;
constexpr float kTestHalf = 2.5f;

struct Fingerprint {
    std::uint64_t h = 1469598103934665603ull;
    void add(double v) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        h = (h ^ bits) * 1099511628211ull;
    }
};

// A point's place in the picture, in device pixels from its top-left corner.
struct Placer {
    const View& view;
    float scale;
    ImVec2 at(const Vec& p) const {
        const ScreenPoint c = view.to_screen(p[0], p.size() > 1 ? p[1] : 0.0);
        return ImVec2((c.x - view.origin_x()) * scale, (c.y - view.origin_y()) * scale);
    }
};

}  // namespace

void paint_points(PointPicture& picture, const View& view, float scale, const FrameModel& model, const Palette& colors) {
    picture.clear(static_cast<int>(std::lround(view.width() * scale)), static_cast<int>(std::lround(view.height() * scale)));
    MarkerPainter paint(picture);
    const Placer place{view, scale};
    const Dataset& data = model.state().data;
    if (many_points(model.state())) {
        const Dataset& test = model.state().held_out;
        for (std::size_t i = 0; i < data.size(); ++i)
            paint.square_pixels(place.at(data.points[i]).x, place.at(data.points[i]).y, kTrainingHalf * scale,
                                data.labels[i] > 0 ? colors.positive : colors.negative, false);
        for (std::size_t j = 0; j < test.size(); ++j)  // over the training points, as they were drawn
            paint.square_pixels(place.at(test.points[j]).x, place.at(test.points[j]).y, kTestHalf * scale,
                                test.labels[j] > 0 ? colors.positive : colors.negative, true);
        return;
    }
    // Up to kSimpleMarkersAbove points: sprites (PointLayer::draw), not a picture.
}

PointLayer::~PointLayer() {
    if (texture_) glDeleteTextures(1, &texture_);
}

void PointLayer::draw(ImDrawList* draw, const View& view, const FrameModel& model, const Palette& colors, std::uint64_t data_revision) {
    const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
    if (!many_points(model.state())) {
        draw_sprites(draw, view, model, colors, scale);
        return;
    }
    Fingerprint key;
    for (double v : {static_cast<double>(data_revision), static_cast<double>(view.width()), static_cast<double>(view.height()),
                     view.to_data_x(view.origin_x()), view.to_data_y(view.origin_y()), view.pixels_per_unit(), static_cast<double>(scale)})
        key.add(v);
    for (ImU32 c : {colors.positive, colors.negative}) key.add(static_cast<double>(c));
    if (key.h != key_ || !texture_) {
        paint_points(picture_, view, scale, model, colors);
        if (!texture_) texture_ = make_nearest_texture();
        glBindTexture(GL_TEXTURE_2D, texture_);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        if (picture_.width != texture_width_ || picture_.height != texture_height_) {
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, picture_.width, picture_.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, picture_.pixels.data());
            texture_width_ = picture_.width;
            texture_height_ = picture_.height;
        } else {
            glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, picture_.width, picture_.height, GL_RGBA, GL_UNSIGNED_BYTE, picture_.pixels.data());
        }
        key_ = key.h;
        ++repaints_;
    }
    const auto id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_));
    draw->AddImage(id, ImVec2(view.origin_x(), view.origin_y()), ImVec2(view.origin_x() + view.width(), view.origin_y() + view.height()));
}

// The mistake rings first, then the markers: a ring never hides a neighbour's marker.
void PointLayer::draw_sprites(ImDrawList* draw, const View& view, const FrameModel& model, const Palette& colors, float scale) {
    const Dataset& data = model.state().data;
    sprites_.begin(scale, colors);
    const auto visible = [&](ImVec2 c) {
        return c.x > view.origin_x() - 24 && c.y > view.origin_y() - 24 && c.x < view.origin_x() + view.width() + 24 &&
               c.y < view.origin_y() + view.height() + 24;
    };
    if (model.trained)
        for (std::size_t i = 0; i < data.size(); ++i) {
            if (!model.wrong(i)) continue;
            const ScreenPoint p = view.to_screen(data.points[i][0], data.dim > 1 ? data.points[i][1] : 0.0);
            if (visible(ImVec2(p.x, p.y))) sprites_.add_ring(draw, ImVec2(p.x, p.y), marker_radius(model, i) + 4.0f);
        }
    for (std::size_t i = 0; i < data.size(); ++i) {
        const ScreenPoint p = view.to_screen(data.points[i][0], data.dim > 1 ? data.points[i][1] : 0.0);
        if (visible(ImVec2(p.x, p.y))) sprites_.add_marker(draw, ImVec2(p.x, p.y), data.labels[i], marker_radius(model, i));
    }
    sprites_.end();
}

}  // namespace pl::app
