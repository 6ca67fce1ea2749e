#include "app/canvas/canvas_update_gain.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/facts/update_gain.hpp"

namespace pl::app {

namespace {

// The sentence of the session's last visit, or "" when there is none to show. Kept per session revision:
// the kernel perceptron's after score is a fresh sum over its alphas, not worth redoing every frame.
const std::string& gain_sentence(const Scene& model) {
    static const Session* session = nullptr;
    static std::uint64_t revision = 0;
    static std::string sentence;
    if (session == model.session && revision == model.session->revision()) return sentence;
    session = model.session;
    revision = model.session->revision();
    sentence.clear();
    const auto& last = model.session->last_visit();
    // last_visit() is cleared by anything else that trains, so the learner stands right after it.
    if (!model.hand && last && last->number == model.learner().visits()) {
        const UpdateGain gain = update_gain(last->update, model.state().config, &model.learner());
        if (gain.shown) sentence = gain.sentence;
    }
    return sentence;
}

bool overlaps(const ScreenRect& a, const ScreenRect& b) {
    return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

}  // namespace

void draw_update_gain(const Overlay& o, const Scene& model) {
    const std::string& text = gain_sentence(model);
    const auto& last = model.session->last_visit();
    if (text.empty() || !last || last->update.index >= model.state().data.size()) return;
    const Dataset& data = model.state().data;
    const View& v = o.view;
    const ImVec2 c = point_on_screen(v, data.points[last->update.index]);
    const float room = v.width() - 16.0f;  // a phone's narrow canvas wraps the plate rather than cut it
    const ScreenRect area{ImVec2(v.origin_x() + 4, v.origin_y() + 4), ImVec2(v.origin_x() + v.width() - 4, v.origin_y() + v.height() - 4)};
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, room);
    const float gap = kMarkerRadius + 14.0f;  // clear of the visited point's ring
    // Right of the point, then left, below, above: the first place inside the canvas that hides no marker.
    const ImVec2 places[4] = {ImVec2(c.x + gap, c.y - size.y * 0.5f), ImVec2(c.x - gap - size.x, c.y - size.y * 0.5f),
                              ImVec2(c.x - size.x * 0.5f, c.y + gap), ImVec2(c.x - size.x * 0.5f, c.y - gap - size.y)};
    auto inside = [&](const ScreenRect& r) { return r.min.x >= area.min.x && r.max.x <= area.max.x && r.min.y >= area.min.y && r.max.y <= area.max.y; };
    auto hides_a_marker = [&](const ScreenRect& r) {
        if (many_points(model.state())) return false;  // small squares everywhere: no place is free of them
        for (std::size_t i = 0; i < data.size(); ++i) {
            const ImVec2 p = point_on_screen(v, data.points[i]);
            const float m = kMarkerRadius + 2.0f;
            if (overlaps(r, ScreenRect{ImVec2(p.x - m, p.y - m), ImVec2(p.x + m, p.y + m)})) return true;
        }
        return false;
    };
    ImVec2 at = places[0];
    bool found = false;
    for (int pass = 0; pass < 2 && !found; ++pass)  // first a free place, then any place inside
        for (const ImVec2& p : places) {
            const ScreenRect r = plate_rect(p, text, room);
            if (inside(r) && (pass == 1 || !hides_a_marker(r))) { at = p; found = true; break; }
        }
    if (!found) {  // the point is near or past an edge: keep the plate on the canvas
        at.x = std::clamp(at.x, area.min.x + 5.0f, std::max(area.min.x + 5.0f, area.max.x - size.x - 5.0f));
        at.y = std::clamp(at.y, area.min.y + 3.0f, std::max(area.min.y + 3.0f, area.max.y - size.y - 3.0f));
    }
    plate_text(o.draw, "update-gain", at, text, o.colors.canvas_bg, o.colors.text, room);
    const ScreenRect plate = plate_rect(at, text, room);
    o.draw->AddRect(plate.min, plate.max, o.colors.mistake_ring, 4.0f, 0, 1.5f);  // it belongs to the ringed point
}

}  // namespace pl::app
