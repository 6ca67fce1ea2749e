// Fuzz target: the result token reader (pl::read_token, lesson_result.hpp) and the lesson progress
// codec of the link (lesson_progress.hpp) on arbitrary bytes. A student's token is hostile input for
// perceptron-cli check: it must give one sentence, never a crash or a hang. The bytes are read three
// ways: as a token, as the record inside a token ("PLR1." + base64url of the bytes, so mutations reach
// the JSON reader), and as an "lp" link value. Besides "no crash, no sanitizer report", it checks:
//   read_token not ok -> one non-empty sentence ending in '.', with no line break;
//   read_token ok     -> at least one step, the score recounted (raw <= max), and the token written
//                        again reads back to the same record (and the same token);
//   read_lesson_progress ok -> encode_lesson_progress reads back to the same progress.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/lesson/lesson_result.hpp"
#include "core/base/base64url.hpp"
#include "core/state/lesson_progress.hpp"
#include "fuzz_check.hpp"

namespace {

void check_token(std::string_view text) {
    const pl::TokenRead read = pl::read_token(text);
    if (!read.ok) {
        FUZZ_CHECK(!read.error.empty(), "refused without a message");
        FUZZ_CHECK(read.error.back() == '.', "the message is not a sentence: " + read.error);
        FUZZ_CHECK(read.error.find('\n') == std::string::npos, "the message has a line break: " + read.error);
        return;
    }
    const pl::LessonResult& r = read.result;
    FUZZ_CHECK(!r.steps.empty(), "a record without steps was accepted");
    FUZZ_CHECK(r.raw <= r.max && r.max <= r.steps.size(), "score out of range");
    const std::string token = pl::result_token(r);
    if (token.empty()) return;  // too long once written again (escapes): nothing to compare
    const pl::TokenRead again = pl::read_token(token);
    FUZZ_CHECK(again.ok, "a written token does not read back: " + again.error);
    FUZZ_CHECK(again.result.id == r.id && again.result.hash == r.hash && again.result.link == r.link, "lesson changed");
    FUZZ_CHECK(again.result.steps.size() == r.steps.size(), "step count changed");
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
        FUZZ_CHECK(again.result.steps[i].progress == r.steps[i].progress, "progress changed");
        FUZZ_CHECK(again.result.steps[i].state == r.steps[i].state, "step state changed");
    }
    FUZZ_CHECK(pl::result_token(again.result) == token, "token round trip is not stable");
}

void check_progress(std::string_view text) {
    pl::LessonProgress progress;
    if (!pl::read_lesson_progress(text, progress).empty()) return;
    pl::LessonProgress again;
    FUZZ_CHECK(pl::read_lesson_progress(pl::encode_lesson_progress(progress), again).empty(), "written progress does not read back");
    FUZZ_CHECK(pl::encode_lesson_progress(again) == pl::encode_lesson_progress(progress), "progress round trip changed it");
    FUZZ_CHECK(pl::lesson_progress_problem(progress).empty(), "read progress is not valid");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 256 * 1024) return 0;  // the reader's own bound is tested in the unit tests
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_token(text);
    check_token(std::string(pl::kResultTokenPrefix) + pl::base64url_encode(data, size));
    check_progress(text);
    return 0;
}
