// Records every labelled item Dear ImGui submits (through its test-engine hooks: imgui is compiled
// with IMGUI_ENABLE_TEST_ENGINE in the test build) and the canvas texts (PL_PROBE_TEXT), one frame at
// a time. Tests read what a person sees from here: which section headers are drawn and where, the
// status line and the online verdict, whether a label fits its item.
#include "platform/test_probe.hpp"

#include <cstdarg>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/base/probe.hpp"
#include "imgui.h"
#include "imgui_internal.h"

namespace pl::probe {

namespace {
struct Item {
    ImGuiID id = 0;
    std::string label, name, window;  // label: the visible text; name: the whole label, "##id" included
    ImRect rect, clip;
    float text_width = 0;  // width of the visible label at the current font
    ImGuiItemStatusFlags flags = 0;
    bool focused = false;  // Dear ImGui's keyboard focus (NavId) is on it
    bool active = false;   // it is the active item (ActiveId): a text field that takes typed keys
    bool rect_pending = false;  // labelled before it was added (tab items): the rect comes with ItemAdd
};
struct Text {
    std::string role, text;
    ImRect rect;
    float width = 0;  // the text's own width at the current font
};
struct Frame {
    std::vector<Item> items;
    std::vector<Text> texts;
    ImRect focus;  // the item with the keyboard focus (labelled or not: combos and arrow buttons report no label)
    bool has_focus = false;
};
Frame g_current, g_last;
unsigned long g_frames = 0;
bool g_installed = false;

void on_new_frame(ImGuiContext*, ImGuiContextHook*) {
    g_last = std::move(g_current);
    g_current = Frame{};
    ++g_frames;
}

nlohmann::json rect_json(const ImRect& r) { return {r.Min.x, r.Min.y, r.Max.x, r.Max.y}; }
}  // namespace

void install() {
    ImGuiContext* context = ImGui::GetCurrentContext();
    if (g_installed || !context) return;
    g_installed = true;
    context->TestEngineHookItems = true;
    ImGuiContextHook hook;
    hook.Type = ImGuiContextHookType_NewFramePre;
    hook.Callback = on_new_frame;
    ImGui::AddContextHook(context, &hook);
}

void canvas_text(const char* role, const std::string& text, ImVec2 min, ImVec2 max) {
    if (g_installed) g_current.texts.push_back({role, text, ImRect(min, max), ImGui::CalcTextSize(text.c_str()).x});
}

std::string last_frame_json() {
    nlohmann::json items = nlohmann::json::array(), texts = nlohmann::json::array();
    for (const Item& item : g_last.items) {
        items.push_back({{"label", item.label}, {"name", item.name}, {"window", item.window}, {"rect", rect_json(item.rect)},
                         {"clip", rect_json(item.clip)}, {"textWidth", item.text_width},
                         {"open", (item.flags & ImGuiItemStatusFlags_Opened) != 0},
                         {"checked", (item.flags & ImGuiItemStatusFlags_Checked) != 0}, {"focused", item.focused}, {"active", item.active}});
    }
    for (const Text& t : g_last.texts)
        texts.push_back({{"role", t.role}, {"text", t.text}, {"rect", rect_json(t.rect)}, {"textWidth", t.width}});
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    // nav.visible: the keyboard focus is shown (Dear ImGui draws its ring around the focused item).
    nlohmann::json nav = {{"visible", g.NavId != 0 && !g.NavDisableHighlight}};
    if (g_last.has_focus) nav["rect"] = rect_json(g_last.focus);
    return nlohmann::json{{"frame", g_frames}, {"items", items}, {"texts", texts}, {"nav", nav},
                          {"style", {{"frameHeight", ImGui::GetFrameHeight()}, {"fontSize", ImGui::GetFontSize()},
                                     {"framePadding", {style.FramePadding.x, style.FramePadding.y}}}}}.dump();
}

}  // namespace pl::probe

// [SECTION] Dear ImGui's test-engine hooks (declared in imgui_internal.h)
// The rectangle an item was added with: some widgets (tab items) change LastItemData before they report
// their label, so the label is matched with the rectangle of the same id.
namespace {
ImGuiID g_added_id = 0;
ImRect g_added_rect;
}  // namespace
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* context, const ImRect& bb, ImGuiID id) {
    g_added_id = id;
    g_added_rect = bb;
    if (id == context->NavId) {
        pl::probe::g_current.focus = bb;
        pl::probe::g_current.has_focus = true;
    }
    auto& items = pl::probe::g_current.items;
    if (!items.empty() && items.back().id == id && items.back().rect_pending) {
        items.back().rect = bb;
        items.back().rect_pending = false;
    }
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext* context, ImGuiID id, const char* label, ImGuiItemStatusFlags flags) {
    if (!label || !context->CurrentWindow) return;
    const char* end = ImGui::FindRenderedTextEnd(label);
    pl::probe::Item item;
    item.id = id;
    item.label.assign(label, end);  // "" for "##id" items (fields whose label is drawn above them)
    item.name = label;
    item.window = context->CurrentWindow->Name;
    item.rect = g_added_rect;
    item.rect_pending = id != g_added_id;
    item.clip = context->CurrentWindow->ClipRect;
    item.text_width = ImGui::CalcTextSize(label, end).x;
    item.flags = flags;
    item.focused = context->NavId == id;
    item.active = context->ActiveId == id;
    pl::probe::g_current.items.push_back(std::move(item));
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
