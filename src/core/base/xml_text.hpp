// Text inside XML and HTML (SCORM manifests, SVG figures, the printable lesson): the five characters
// with a meaning there become entities; everything else, UTF-8 included, is kept as it is.
#pragma once
#include <string>
#include <string_view>

namespace pl {

std::string xml_escape(std::string_view text);  // & < > " ' as &amp; &lt; &gt; &quot; &apos;

}  // namespace pl
