// [SECTION] Share: the link, import/export and snapshots. The buttons only ask; the host (browser or
// desktop) does the clipboard, the download or the file dialog.
#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "core/about/about.hpp"

namespace pl::app {

namespace {

// The About line, under the buttons in both modes: version and licence, and a button that opens the
// licence and the third-party notices (the browser opens THIRD_PARTY_NOTICES.txt from the widget's folder,
// or the copy inside the single file).
void draw_about_line(PanelContext& c) {
    ImGui::Spacing();
    const std::string line = std::string(about::kName) + " " + std::string(about::kVersion) + ", " +
                             std::string(about::kLicence) + " licence";
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::TextDisabled("%s", line.c_str());
    PL_PROBE_TEXT("about", line, at, ImGui::GetItemRectMax());
    // On a line of its own: beside the version it would not fit a narrow column.
    if (ImGui::SmallButton("Licence and notices")) (*c.host)(HostRequest::OpenNotices);
    item_tooltip("Perceptron Lab is free software under the MIT licence. This opens the licence and the list of "
                 "the third-party works inside the widget (Dear ImGui, SDL2, DejaVu Sans, ...) with their licences.");
}

}  // namespace

void draw_share_section(PanelContext& c) {
    const auto& host = *c.host;
    const float half = (ImGui::GetContentRegionAvail().x - 8.0f) * 0.5f;
    if (c.session.state().mode == DataMode::Words) {
        // Words mode: the messages as TSV (label<TAB>text); no picture of a plane to save.
        if (ImGui::Button("Copy link", ImVec2(half, 0))) host(HostRequest::CopyLink);
        item_tooltip("A link that reopens exactly this screen: the messages, the settings and how far training has gone.");
        ImGui::SameLine();
        ImGui::BeginDisabled(c.session.state().readonly);
        if (ImGui::Button("Import TSV/JSON", ImVec2(half, 0))) host(HostRequest::ImportFile);
        ImGui::EndDisabled();
        item_tooltip("Load messages from a TSV file: one per line, label<TAB>text, labels â" "1/1, 0/1 or spam/ham. "
                     "Or a whole state from JSON. You can also drop a file on the widget. A bad file changes nothing.");
        if (ImGui::Button("Save TSV", ImVec2(half, 0))) host(HostRequest::DownloadTsv);
        ImGui::SameLine();
        if (ImGui::Button("Save JSON", ImVec2(half, 0))) host(HostRequest::DownloadJson);
        draw_about_line(c);
        return;
    }
    if (ImGui::Button("Copy link", ImVec2(half, 0))) host(HostRequest::CopyLink);
    // Its notice floats right under the button (panel_notice.cpp): no tooltip over it while it shows.
    if (c.session.notice().empty())
        item_tooltip("A link that reopens exactly this screen: the points, the settings and how far training has gone.");
    ImGui::SameLine();
    ImGui::BeginDisabled(c.session.state().readonly);
    if (ImGui::Button("Import CSV/JSON", ImVec2(half, 0))) host(HostRequest::ImportFile);
    ImGui::EndDisabled();
    item_tooltip("Load points from a CSV file (x1,x2,label with labels \xC2\xB1" "1 or 0/1) or a whole state from JSON. "
                 "You can also drop a file on the canvas. A bad file changes nothing and says which line is wrong.");
    if (ImGui::Button("Save CSV", ImVec2(half, 0))) host(HostRequest::DownloadCsv);
    ImGui::SameLine();
    if (ImGui::Button("Save JSON", ImVec2(half, 0))) host(HostRequest::DownloadJson);
    if (fit_button({"Save PNG snapshot", "Save PNG"}, "save-png", half)) host(HostRequest::SnapshotPng);
    item_tooltip("A picture of the canvas with the decision regions, at the screen's full resolution.");
    ImGui::SameLine();
    if (ImGui::Button("Save SVG", ImVec2(half, 0))) host(HostRequest::SaveSvg);
    item_tooltip("The canvas as a vector figure for slides and sheets: the points with their shapes, the exact "
                 "boundary, the axes and a legend, sharp at any size (lab.exportSvg for the plots).");
    draw_about_line(c);
}

}  // namespace pl::app
