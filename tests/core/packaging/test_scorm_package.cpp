// The SCORM package's files (core/packaging/scorm_package.hpp): the manifests of both versions, their
// identifiers and escaping, and the launch page made from a widget file.
#include <doctest/doctest.h>

#include <string>

#include "core/about/about.hpp"
#include "core/packaging/scorm_package.hpp"

using namespace pl;
using namespace pl::packaging;

namespace {

Lesson sample_lesson(bool checkable = true) {
    const std::string json = std::string(R"({"id": "2-step-quiz", "title": "Bias & <margins> \"quoted\" it's", "steps": [)") +
                             R"({"title": "Read", "text": "Just read."})" +
                             (checkable ? R"(, {"title": "Quiz", "text": "Pick.", "choices": ["a", "b"], "answer": 1})" : "") +
                             "]}";
    const LessonParse parsed = parse_lesson(json);
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    return parsed.lesson;
}

const std::string kWidget =
    "<!doctype html>\n<html lang=\"en\">\n<head>\n<title>Perceptron Lab</title>\n</head>\n<body>\n"
    "<div id=\"lab\" class=\"perceptron-lab\" data-sync-url></div>\n</body>\n</html>\n";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("scorm versions are read exactly") {
    ScormVersion v{};
    CHECK(parse_scorm_version("1.2", v));
    CHECK(v == ScormVersion::Scorm12);
    CHECK(parse_scorm_version("2004", v));
    CHECK(v == ScormVersion::Scorm2004);
    CHECK_FALSE(parse_scorm_version("1.3", v));
    CHECK_FALSE(parse_scorm_version("2004 ", v));
    CHECK(to_string(ScormVersion::Scorm12) == "1.2");
}

TEST_CASE("xml escaping covers the five special characters") {
    CHECK(xml_escape(R"(a&b<c>d"e'f)") == "a&amp;b&lt;c&gt;d&quot;e&apos;f");
    CHECK(xml_escape("plain \xC3\xA9t\xC3\xA9") == "plain \xC3\xA9t\xC3\xA9");
}

TEST_CASE("identifiers are valid xml ids even for a lesson id that starts with a digit") {
    const ScormIdentifiers ids = scorm_identifiers(sample_lesson());
    CHECK(ids.manifest == "pl-2-step-quiz");
    CHECK(ids.organization == "pl-2-step-quiz-org");
    CHECK(ids.item == "pl-2-step-quiz-item");
    CHECK(ids.resource == "pl-2-step-quiz-sco");
}

TEST_CASE("the scorm 1.2 manifest names its schemas and one sco, and no mastery score that could fail a student who leaves early") {
    const std::string xml = scorm_manifest(sample_lesson(), ScormVersion::Scorm12);
    CHECK(contains(xml, "xmlns=\"http://www.imsproject.org/xsd/imscp_rootv1p1p2\""));
    CHECK(contains(xml, "http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd"));
    CHECK(contains(xml, "<schemaversion>1.2</schemaversion>"));
    CHECK(contains(xml, "<organizations default=\"pl-2-step-quiz-org\">"));
    CHECK(contains(xml, "identifierref=\"pl-2-step-quiz-sco\""));
    CHECK(contains(xml, "adlcp:scormtype=\"sco\" href=\"index.html\""));
    CHECK_FALSE(contains(xml, "masteryscore"));
    CHECK(contains(xml, "<title>Bias &amp; &lt;margins&gt; &quot;quoted&quot; it&apos;s</title>"));
    CHECK_FALSE(contains(xml, "<margins>"));
    CHECK_FALSE(contains(scorm_manifest(sample_lesson(false), ScormVersion::Scorm12), "masteryscore"));
}

TEST_CASE("the scorm 2004 manifest is 4th edition with sequencing by measure") {
    const std::string xml = scorm_manifest(sample_lesson(), ScormVersion::Scorm2004);
    CHECK(contains(xml, "xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\""));
    CHECK(contains(xml, "http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd"));
    CHECK(contains(xml, "http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd"));
    CHECK(contains(xml, "<schemaversion>2004 4th Edition</schemaversion>"));
    CHECK(contains(xml, "adlcp:scormType=\"sco\""));
    CHECK(contains(xml, "satisfiedByMeasure=\"true\""));
    CHECK(contains(xml, "<imsss:minNormalizedMeasure>1.0</imsss:minNormalizedMeasure>"));
    CHECK(contains(xml, "Bias &amp; &lt;margins&gt;"));
    CHECK_FALSE(contains(scorm_manifest(sample_lesson(false), ScormVersion::Scorm2004), "primaryObjective"));
}

TEST_CASE("the launch page puts the version and the escaped lesson on the mount element") {
    std::string error;
    const Lesson lesson = sample_lesson();
    const std::string page = scorm_launch_page(kWidget, lesson, ScormVersion::Scorm2004, error);
    CHECK(error.empty());
    CHECK(contains(page, "class=\"perceptron-lab\" data-scorm=\"2004\" data-lesson=\"{"));
    CHECK(contains(page, "&quot;id&quot;: &quot;2-step-quiz&quot;"));
    CHECK(contains(page, "<title>Bias &amp; &lt;margins&gt; &quot;quoted&quot; it&apos;s - Perceptron Lab</title>"));
    CHECK(contains(page, "data-sync-url"));
}

TEST_CASE("a file that is not the widget gives one sentence and no files") {
    std::string error;
    const PackageFiles files = scorm_package_files(sample_lesson(), ScormVersion::Scorm12, "<html><body></body></html>", error);
    CHECK(files.empty());
    CHECK(contains(error, "not the single-file Perceptron Lab widget"));
}

TEST_CASE("the package holds the manifest, the launch page and the lesson") {
    std::string error;
    const Lesson lesson = sample_lesson();
    const PackageFiles files = scorm_package_files(lesson, ScormVersion::Scorm12, kWidget, error);
    REQUIRE(files.size() == 3);
    CHECK(files[0].path == "imsmanifest.xml");
    CHECK(files[1].path == "index.html");
    CHECK(files[2].path == "lesson.json");
    CHECK(files[2].bytes == lesson_to_json(lesson));
    CHECK(parse_lesson(files[2].bytes).ok);
}

TEST_CASE("the manifest says who made it, the version and the licence, and a widget with notices adds them as a file") {
    const std::string xml = scorm_manifest(sample_lesson(), ScormVersion::Scorm2004);
    CHECK(contains(xml, "<manifest identifier=\"pl-2-step-quiz\" version=\"" + std::string(about::kVersion) + "\""));
    CHECK(contains(xml, "<!-- Made by Perceptron Lab " + std::string(about::kVersion) + " (MIT licence)"));
    CHECK_FALSE(contains(xml, "THIRD_PARTY_NOTICES.txt\"/>"));
    const std::string widget = kWidget + "<script type=\"text/plain\" id=\"perceptron-lab-notices\">\nMIT License\n</script>\n";
    for (const ScormVersion version : {ScormVersion::Scorm12, ScormVersion::Scorm2004}) {
        std::string error;
        const PackageFiles files = scorm_package_files(sample_lesson(), version, widget, error);
        REQUIRE(error.empty());
        REQUIRE(files.size() == 4);
        CHECK(files[3].path == "THIRD_PARTY_NOTICES.txt");
        CHECK(files[3].bytes == "MIT License\n");
        CHECK(contains(files[0].bytes, "<file href=\"THIRD_PARTY_NOTICES.txt\"/>"));
    }
}
