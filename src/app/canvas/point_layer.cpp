#include "app/canvas/point_layer.hpp"

#include <cmath>
#include <cstring>

#include "app/canvas/canvas_overlays.hpp"
#include "app/render/frame_damage.hpp"
#include "app/render/gl.hpp"
#include "app/render/gl_texture.hpp"

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
ImVec2 in_picture(const View& view, float scale, const Vec& p) {
    const ImVec2 c = point_on_screen(view, p);
    return ImVec2((c.x - view.origin_x()) * scale, (c.y - view.origin_y()) * scale);
}

}  // namespace

void paint_points(PointPicture& picture, const View& view, float scale, const Scene& model, const Palette& colors) {
    picture.clear(static_cast<int>(std::lround(view.width() * scale)), static_cast<int>(std::lround(view.height() * scale)));
    MarkerPainter paint(picture);
    const Dataset& data = model.state().data;
    const Dataset& test = model.state().held_out;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const ImVec2 c = in_picture(view, scale, data.points[i]);
        paint.square_pixels(c.x, c.y, kTrainingHalf * scale, data.labels[i] > 0 ? colors.positive : colors.negative, false);
    }
    for (std::size_t j = 0; j < test.size(); ++j) {  // over the training points, as they were drawn
        const ImVec2 c = in_picture(view, scale, test.points[j]);
        paint.square_pixels(c.x, c.y, kTestHalf * scale, test.labels[j] > 0 ? colors.positive : colors.negative, true);
    }
}

PointLayer::~PointLayer() {
    if (texture_) glDeleteTextures(1, &texture_);
}

void PointLayer::draw(ImDrawList* draw, const View& view, const Scene& model, const Palette& colors, std::uint64_t data_revision) {
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
        note_texture_written(texture_);
        key_ = key.h;
        ++repaints_;
    }
    const auto id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_));
    draw->AddImage(id, ImVec2(view.origin_x(), view.origin_y()), ImVec2(view.origin_x() + view.width(), view.origin_y() + view.height()));
}

// The mistake rings first, then the markers: a ring never hides a neighbour's marker.
void PointLayer::draw_sprites(ImDrawList* draw, const View& view, const Scene& model, const Palette& colors, float scale) {
    const Dataset& data = model.state().data;
    constexpr float kReach = 24.0f;  // the largest marker with its ring reaches this far from its point
    sprites_.begin(scale, colors);
    if (model.trained)
        for (std::size_t i = 0; i < data.size(); ++i) {
            if (!model.wrong(i)) continue;
            const ImVec2 c = point_on_screen(view, data.points[i]);
            if (near_plot(view, c, kReach)) sprites_.add_ring(draw, c, marker_radius(model, i) + 4.0f);
        }
    for (std::size_t i = 0; i < data.size(); ++i) {
        const ImVec2 c = point_on_screen(view, data.points[i]);
        if (near_plot(view, c, kReach)) sprites_.add_marker(draw, c, data.labels[i], marker_radius(model, i));
    }
    sprites_.end();
}

}  // namespace pl::app
