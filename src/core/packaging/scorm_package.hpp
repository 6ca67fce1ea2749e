// A lesson as a SCORM package (issue 28): the files an LMS imports, as plain data (package_files.hpp).
//   imsmanifest.xml  SCORM 1.2 (IMS CP 1.1.2 + ADL CP 1.2) or SCORM 2004 4th edition (IMS CP 1.1 + ADL CP,
//                    sequencing and navigation 1.3): one organization, one item, one SCO resource
//   index.html       the launch page: the single-file widget with the lesson and the SCORM version put on
//                    its mount element (data-lesson, data-scorm), so web/embed_scorm.js talks to the LMS
//   lesson.json      the lesson as the widget reads it (lesson_to_json), for the instructor's records
// The manifest's schemaLocation names the XSD files by their usual names (imscp_rootv1p1p2.xsd, ...),
// which an LMS or xmllint finds next to the manifest. Std only.
#pragma once
#include <string>
#include <string_view>

#include "core/lesson/lesson.hpp"
#include "core/packaging/package_files.hpp"
#include "core/base/xml_text.hpp"  // xml_escape, also for the manifests' callers

namespace pl::packaging {

enum class ScormVersion { Scorm12, Scorm2004 };

// "1.2" or "2004" (exactly); false otherwise.
bool parse_scorm_version(std::string_view text, ScormVersion& out);
std::string_view to_string(ScormVersion version);  // "1.2", "2004"

// The identifiers of the manifest, made from the lesson id (a-z, 0-9, '-') so that they are valid
// xs:ID values (they must not start with a digit or '-'): "pl-<id>", "pl-<id>-org", ...
struct ScormIdentifiers {
    std::string manifest, organization, item, resource;
};
ScormIdentifiers scorm_identifiers(const Lesson& lesson);

// Whether the lesson has a step with a goal or a quiz (then the LMS gets a score and passed/failed).
bool has_checkable_step(const Lesson& lesson);

// with_notices: the resource also lists THIRD_PARTY_NOTICES.txt (the widget carries them: widget_notices.hpp).
std::string scorm_manifest(const Lesson& lesson, ScormVersion version, bool with_notices = false);

// The widget's single file with the lesson and the version put on its mount element (the element with
// class="perceptron-lab"), and the lesson's title as the page title. "" and `error` (one sentence)
// when `widget_html` is not the single-file widget.
std::string scorm_launch_page(std::string_view widget_html, const Lesson& lesson, ScormVersion version,
                              std::string& error);

// imsmanifest.xml, index.html and lesson.json, in that order; empty and `error` when the widget is not
// the single-file widget.
PackageFiles scorm_package_files(const Lesson& lesson, ScormVersion version, std::string_view widget_html,
                                 std::string& error);

}  // namespace pl::packaging
