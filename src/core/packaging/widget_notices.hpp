// The licence and third-party notices the single-file widget carries inside (scripts/build_single.mjs
// writes them into <script type="text/plain" id="perceptron-lab-notices">). Every package made from the
// widget also gets them as a file of its own, THIRD_PARTY_NOTICES.txt, so that an LMS administrator who
// unpacks it finds them without opening the widget.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace pl::packaging {

// The notices' text, or nothing when the widget file carries none (a widget of an older build).
std::optional<std::string> widget_notices(std::string_view widget_html);

}  // namespace pl::packaging
