#include "app/render/frame_damage.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "core/base/hash_bytes.hpp"

namespace pl::app {

namespace {
std::unordered_set<unsigned int>& written_textures() {
    static std::unordered_set<unsigned int> textures;
    return textures;
}

DamageRect unite(const DamageRect& a, const DamageRect& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

DamageRect intersect(const DamageRect& a, const DamageRect& b) {
    return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

// Where a list can paint: its vertices' bounding box, and all of a callback's clip rectangle (a callback
// may draw with GL directly), within its commands' clip rectangles.
DamageRect bounds_of(const ImDrawList& list, const DamageRect& display) {
    DamageRect clips{}, box{};
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
        const DamageRect clip{cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w};
        clips = unite(clips, clip);
        if (cmd.UserCallback && cmd.UserCallback != ImDrawCallback_ResetRenderState) box = unite(box, clip);
    }
    if (list.VtxBuffer.Size > 0) {
        const ImVec2 first = list.VtxBuffer[0].pos;
        DamageRect vertices{first.x, first.y, first.x, first.y};
        for (const ImDrawVert& v : list.VtxBuffer) {
            vertices.x0 = std::min(vertices.x0, v.pos.x);
            vertices.y0 = std::min(vertices.y0, v.pos.y);
            vertices.x1 = std::max(vertices.x1, v.pos.x);
            vertices.y1 = std::max(vertices.y1, v.pos.y);
        }
        box = unite(box, vertices);
    }
    const DamageRect result = intersect(intersect(box, clips), display);
    return result.empty() ? DamageRect{} : result;
}

std::uint64_t hash_of(const ImDrawList& list, int order) {
    std::uint64_t h = kHashSeed ^ static_cast<std::uint64_t>(order);
    h = hash_bytes(h, list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    h = hash_bytes(h, list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
        const std::uintptr_t fields[] = {reinterpret_cast<std::uintptr_t>(cmd.TextureId), cmd.VtxOffset, cmd.IdxOffset, cmd.ElemCount,
                                         reinterpret_cast<std::uintptr_t>(cmd.UserCallback), reinterpret_cast<std::uintptr_t>(cmd.UserCallbackData)};
        h = hash_bytes(h, &cmd.ClipRect, sizeof cmd.ClipRect);
        h = hash_bytes(h, fields, sizeof fields);
    }
    return h;
}

bool draws_written_texture(const ImDrawList& list, const std::unordered_set<unsigned int>& written) {
    if (written.empty()) return false;
    for (const ImDrawCmd& cmd : list.CmdBuffer)
        if (written.count(static_cast<unsigned int>(reinterpret_cast<std::uintptr_t>(cmd.TextureId)))) return true;
    return false;
}
}  // namespace

void note_texture_written(unsigned int texture) { written_textures().insert(texture); }

FrameDamage::Plan FrameDamage::plan(ImDrawData* data, bool full_redraw) {
    std::unordered_set<unsigned int> written;
    written.swap(written_textures());
    for (auto& [list, record] : last_) record.seen = false;

    const DamageRect display{data->DisplayPos.x, data->DisplayPos.y, data->DisplayPos.x + data->DisplaySize.x,
                             data->DisplayPos.y + data->DisplaySize.y};
    DamageRect damage{};
    std::vector<DamageRect> bounds(static_cast<std::size_t>(data->CmdListsCount));
    for (int i = 0; i < data->CmdListsCount; ++i) {
        const ImDrawList& list = *data->CmdLists[i];
        const std::uint64_t hash = hash_of(list, i);
        bounds[static_cast<std::size_t>(i)] = bounds_of(list, display);
        const auto [found, fresh] = last_.try_emplace(&list);
        Record& record = found->second;
        if (fresh || record.hash != hash || draws_written_texture(list, written))
            damage = unite(damage, unite(record.bounds, bounds[static_cast<std::size_t>(i)]));
        record.hash = hash;
        record.bounds = bounds[static_cast<std::size_t>(i)];
        record.seen = true;
    }
    for (auto it = last_.begin(); it != last_.end();) {  // lists gone since the last frame leave a hole
        if (it->second.seen) { ++it; continue; }
        damage = unite(damage, it->second.bounds);
        it = last_.erase(it);
    }

    Plan plan;
    plan.full = full_redraw;
    if (full_redraw) return plan;
    damage = intersect(damage, display);
    if (damage.empty()) {
        plan.rect = {};
        return plan;
    }
    // Whole device pixels: the clear and every clip rectangle then cover exactly the same pixels.
    const ImVec2 scale = data->FramebufferScale;
    damage = {std::floor(damage.x0 * scale.x) / scale.x, std::floor(damage.y0 * scale.y) / scale.y,
              std::ceil(damage.x1 * scale.x) / scale.x, std::ceil(damage.y1 * scale.y) / scale.y};
    plan.rect = damage;

    int kept = 0;
    data->TotalVtxCount = data->TotalIdxCount = 0;
    for (int i = 0; i < data->CmdListsCount; ++i) {
        ImDrawList* list = data->CmdLists[i];
        if (intersect(bounds[static_cast<std::size_t>(i)], damage).empty()) continue;
        for (ImDrawCmd& cmd : list->CmdBuffer) {
            const DamageRect clip = intersect(DamageRect{cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w}, damage);
            cmd.ClipRect = clip.empty() ? ImVec4(0, 0, 0, 0) : ImVec4(clip.x0, clip.y0, clip.x1, clip.y1);
        }
        data->CmdLists[kept++] = list;
        data->TotalVtxCount += list->VtxBuffer.Size;
        data->TotalIdxCount += list->IdxBuffer.Size;
    }
    data->CmdListsCount = kept;
    return plan;
}

}  // namespace pl::app
