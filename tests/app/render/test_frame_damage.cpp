// FrameDamage: which rectangle a frame draws again, from Dear ImGui draw lists built here by hand (no
// GL). The browser tests see the result on the screen (every test that reads pixels after a change).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <vector>

#include "app/render/frame_damage.hpp"
#include "imgui.h"

using namespace pl::app;

namespace {
struct Lists {
    ImGuiContext* context = ImGui::CreateContext();
    std::vector<ImDrawList*> lists;
    // The frame's own array of lists, as ImGui's draw data has one per frame: FrameDamage drops and
    // reorders its entries, which must not touch the lists this fixture owns (and deletes).
    std::vector<ImDrawList*> drawn;
    ImDrawData data;
    ~Lists() {
        for (ImDrawList* l : lists) IM_DELETE(l);
        ImGui::DestroyContext(context);
    }
    ImDrawList* add() {
        lists.push_back(IM_NEW(ImDrawList)(ImGui::GetDrawListSharedData()));
        return lists.back();
    }
    // One frame: each list holds the rectangles given, clipped to the whole display.
    ImDrawData* frame(const std::vector<std::vector<ImVec4>>& rects, float scale = 1.0f, ImTextureID texture = ImTextureID{}) {
        while (lists.size() < rects.size()) add();
        drawn = lists;
        data.CmdLists = drawn.data();
        data.CmdListsCount = static_cast<int>(rects.size());
        data.DisplayPos = ImVec2(0, 0);
        data.DisplaySize = ImVec2(1000, 600);
        data.FramebufferScale = ImVec2(scale, scale);
        data.Valid = true;
        for (std::size_t i = 0; i < rects.size(); ++i) {
            ImDrawList* l = lists[i];
            l->_ResetForNewFrame();
            l->PushClipRect(ImVec2(0, 0), ImVec2(1000, 600));
            l->PushTextureID(texture);
            for (const ImVec4& r : rects[i]) l->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.z, r.w), IM_COL32(255, 0, 0, 255));
            l->PopTextureID();
            l->PopClipRect();
        }
        return &data;
    }
};

void check_rect(const DamageRect& r, float x0, float y0, float x1, float y1) {
    CHECK(r.x0 == doctest::Approx(x0));
    CHECK(r.y0 == doctest::Approx(y0));
    CHECK(r.x1 == doctest::Approx(x1));
    CHECK(r.y1 == doctest::Approx(y1));
}
}  // namespace

TEST_CASE("an unchanged frame draws nothing, a full one draws everything") {
    Lists f;
    FrameDamage damage;
    const std::vector<std::vector<ImVec4>> panels = {{ImVec4(0, 0, 300, 600)}, {ImVec4(320, 0, 1000, 600)}};
    CHECK(damage.plan(f.frame(panels), true).full);
    const FrameDamage::Plan again = damage.plan(f.frame(panels), false);
    CHECK_FALSE(again.full);
    CHECK(again.nothing());
    CHECK(damage.plan(f.frame(panels), true).full);  // the caller may always ask for everything
}

TEST_CASE("a changed list is drawn again with what overlaps it, a list far from it is left out") {
    Lists f;
    FrameDamage damage;
    // Controls on the left, the plot in the middle with a marker, the theory on the right.
    damage.plan(f.frame({{ImVec4(0, 0, 300, 600)}, {ImVec4(320, 0, 700, 600), ImVec4(400, 100, 420, 120)}, {ImVec4(720, 0, 1000, 600)}}), true);
    // The marker moves: only the plot's rectangle changes.
    ImDrawData* data = f.frame({{ImVec4(0, 0, 300, 600)}, {ImVec4(320, 0, 700, 600), ImVec4(500, 300, 520, 320)}, {ImVec4(720, 0, 1000, 600)}});
    const FrameDamage::Plan plan = damage.plan(data, false);
    REQUIRE_FALSE(plan.full);
    check_rect(plan.rect, 320, 0, 700, 600);
    REQUIRE(data->CmdListsCount == 1);  // the panels on either side are neither uploaded nor drawn
    CHECK(data->CmdLists[0] == f.lists[1]);
    CHECK(data->TotalVtxCount == f.lists[1]->VtxBuffer.Size);
    for (const ImDrawCmd& cmd : f.lists[1]->CmdBuffer) {  // clipped to the damage
        if (cmd.ElemCount == 0) continue;
        CHECK(cmd.ClipRect.x == doctest::Approx(320));
        CHECK(cmd.ClipRect.z == doctest::Approx(700));
    }
}

TEST_CASE("a list that overlaps the damage is drawn again, clipped to it") {
    Lists f;
    FrameDamage damage;
    damage.plan(f.frame({{ImVec4(0, 0, 1000, 600)}, {ImVec4(100, 100, 200, 200)}}), true);
    ImDrawData* data = f.frame({{ImVec4(0, 0, 1000, 600)}, {ImVec4(150, 100, 250, 200)}});  // the small one moves right
    const FrameDamage::Plan plan = damage.plan(data, false);
    check_rect(plan.rect, 100, 100, 250, 200);  // where it was and where it is
    CHECK(data->CmdListsCount == 2);            // the background under it is drawn there again, first
    CHECK(data->CmdLists[0] == f.lists[0]);
    CHECK(f.lists[0]->CmdBuffer[0].ClipRect.x == doctest::Approx(100));
    CHECK(f.lists[0]->CmdBuffer[0].ClipRect.w == doctest::Approx(200));
}

TEST_CASE("a list that is gone leaves its rectangle to be drawn again") {
    Lists f;
    FrameDamage damage;
    damage.plan(f.frame({{ImVec4(0, 0, 1000, 600)}, {ImVec4(600, 400, 700, 450)}}), true);  // a tooltip
    const FrameDamage::Plan plan = damage.plan(f.frame({{ImVec4(0, 0, 1000, 600)}}), false);
    check_rect(plan.rect, 600, 400, 700, 450);
}

TEST_CASE("two lists that swap places in the drawing order are drawn again") {
    Lists f;
    FrameDamage damage;
    damage.plan(f.frame({{ImVec4(0, 0, 200, 200)}, {ImVec4(100, 100, 300, 300)}}), true);
    std::swap(f.lists[0], f.lists[1]);  // the same two lists, the other one on top now
    ImDrawData* data = f.frame({{ImVec4(100, 100, 300, 300)}, {ImVec4(0, 0, 200, 200)}});
    const FrameDamage::Plan plan = damage.plan(data, false);
    check_rect(plan.rect, 0, 0, 300, 300);
}

TEST_CASE("a texture written this frame makes the lists that draw it change") {
    Lists f;
    FrameDamage damage;
    const auto picture = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(7));
    damage.plan(f.frame({{ImVec4(300, 0, 700, 600)}}, 1.0f, picture), true);
    CHECK(damage.plan(f.frame({{ImVec4(300, 0, 700, 600)}}, 1.0f, picture), false).nothing());
    note_texture_written(8);  // another texture: nothing to do
    CHECK(damage.plan(f.frame({{ImVec4(300, 0, 700, 600)}}, 1.0f, picture), false).nothing());
    note_texture_written(7);  // the regions were painted again
    const FrameDamage::Plan plan = damage.plan(f.frame({{ImVec4(300, 0, 700, 600)}}, 1.0f, picture), false);
    check_rect(plan.rect, 300, 0, 700, 600);
    CHECK(damage.plan(f.frame({{ImVec4(300, 0, 700, 600)}}, 1.0f, picture), false).nothing());  // noted once
}

TEST_CASE("a callback may draw anywhere in its clip rectangle") {
    Lists f;
    FrameDamage damage;
    auto frame = [&](float marker_x) {
        ImDrawData* data = f.frame({{ImVec4(marker_x, 10, marker_x + 5, 15)}});
        ImDrawList* l = f.lists[0];
        l->PushClipRect(ImVec2(300, 0), ImVec2(700, 600));
        l->AddCallback([](const ImDrawList*, const ImDrawCmd*) {}, nullptr);
        l->PopClipRect();
        return data;
    };
    damage.plan(frame(310), true);
    const FrameDamage::Plan plan = damage.plan(frame(320), false);
    check_rect(plan.rect, 300, 0, 700, 600);
}

TEST_CASE("at a fractional pixel ratio the rectangle covers whole device pixels") {
    Lists f;
    FrameDamage damage;
    damage.plan(f.frame({{ImVec4(0, 0, 1000, 600)}, {ImVec4(10.2f, 10.2f, 20.1f, 20.1f)}}, 1.5f), true);
    const FrameDamage::Plan plan = damage.plan(f.frame({{ImVec4(0, 0, 1000, 600)}, {ImVec4(10.2f, 10.2f, 20.3f, 20.1f)}}, 1.5f), false);
    // 10.2 * 1.5 = 15.3 -> device pixel 15 -> 10; 20.3 * 1.5 = 30.45 -> 31 -> 20.667.
    CHECK(plan.rect.x0 * 1.5f == doctest::Approx(15.0f));
    CHECK(plan.rect.x1 * 1.5f == doctest::Approx(31.0f));
    CHECK(plan.rect.y0 * 1.5f == doctest::Approx(15.0f));
    CHECK(plan.rect.y1 * 1.5f == doctest::Approx(31.0f));
}
