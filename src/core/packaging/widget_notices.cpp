#include "core/packaging/widget_notices.hpp"

namespace pl::packaging {

std::optional<std::string> widget_notices(std::string_view widget_html) {
    constexpr std::string_view kOpen = "<script type=\"text/plain\" id=\"perceptron-lab-notices\">";
    constexpr std::string_view kClose = "</script>";
    const std::size_t open = widget_html.find(kOpen);
    if (open == std::string_view::npos) return std::nullopt;
    std::size_t start = open + kOpen.size();
    const std::size_t close = widget_html.find(kClose, start);
    if (close == std::string_view::npos) return std::nullopt;
    while (start < close && (widget_html[start] == '\n' || widget_html[start] == '\r')) ++start;
    std::size_t end = close;
    while (end > start && (widget_html[end - 1] == '\n' || widget_html[end - 1] == '\r')) --end;
    if (end == start) return std::nullopt;
    return std::string(widget_html.substr(start, end - start)) + "\n";
}

}  // namespace pl::packaging
