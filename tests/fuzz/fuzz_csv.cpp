// Fuzz target: pl::parse_csv on arbitrary bytes (a CSV file a student drops on the widget).
// Besides "no crash, no sanitizer report", it checks the reader's contract (csv.hpp):
//   ok      -> dim >= 1, every point has dim finite coordinates, every label is +1 or -1, at most
//              max_points rows, no errors; and write_csv + parse_csv gives the same data back;
//   not ok  -> at least one error, every line number <= lines in the text + 1, a non-empty summary;
//   the cap -> parsing with max_points = 3 never returns more than 3 points.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/learn/csv.hpp"
#include "fuzz_check.hpp"

namespace {

void check_result(const pl::CsvResult& r, std::string_view text, std::size_t max_points) {
    std::size_t lines = 1;
    for (char c : text) lines += (c == '\n');
    FUZZ_CHECK(r.errors.size() <= pl::CsvResult::kMaxReportedErrors, "too many stored errors");
    FUZZ_CHECK(r.error_count >= r.errors.size(), "error_count below stored errors");
    FUZZ_CHECK(!r.summary().empty(), "empty summary");
    for (const pl::CsvError& e : r.errors) {
        FUZZ_CHECK(e.line <= lines + 1, "error line " + std::to_string(e.line) + " > lines + 1");
        FUZZ_CHECK(!e.message.empty(), "empty error message");
    }
    const pl::Dataset& d = r.data;
    FUZZ_CHECK(d.points.size() == d.labels.size(), "points and labels differ in count");
    FUZZ_CHECK(d.size() <= max_points, "more points than the cap");
    if (!r.ok) {
        FUZZ_CHECK(!r.errors.empty() && r.error_count > 0, "not ok but no error");
        return;
    }
    FUZZ_CHECK(r.errors.empty() && r.error_count == 0, "ok with errors");
    FUZZ_CHECK(d.dim >= 1, "ok with dim " + std::to_string(d.dim));
    FUZZ_CHECK(!d.empty(), "ok with no points");
    const pl::Dataset& t = r.held_out;  // the rows marked test (split column)
    FUZZ_CHECK(t.points.size() == t.labels.size(), "test points and labels differ in count");
    FUZZ_CHECK(d.size() + t.size() <= max_points, "more rows than the cap");
    FUZZ_CHECK(r.had_split || t.empty(), "test points without a split column");
    for (std::size_t i = 0; i < t.size(); ++i) {
        FUZZ_CHECK(t.points[i].size() == static_cast<std::size_t>(d.dim), "test point of the wrong dimension");
        FUZZ_CHECK(pl::fuzz::all_finite(t.points[i]), "non-finite test coordinate");
        FUZZ_CHECK(t.labels[i] == 1 || t.labels[i] == -1, "test label " + std::to_string(t.labels[i]));
    }
    for (std::size_t i = 0; i < d.size(); ++i) {
        FUZZ_CHECK(d.points[i].size() == static_cast<std::size_t>(d.dim), "point of the wrong dimension");
        FUZZ_CHECK(pl::fuzz::all_finite(d.points[i]), "non-finite coordinate");
        FUZZ_CHECK(d.labels[i] == 1 || d.labels[i] == -1, "label " + std::to_string(d.labels[i]));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(bytes), size);

    const pl::CsvResult r = pl::parse_csv(text);
    check_result(r, text, 100000);

    const pl::CsvResult capped = pl::parse_csv(text, 3);
    check_result(capped, text, 3);

    if (r.ok) {
        // write_csv promises an exact round trip (shortest text that reads back to the same double).
        const std::string written = pl::write_csv(r.data);
        const pl::CsvResult again = pl::parse_csv(written);
        FUZZ_CHECK(again.ok, "write_csv output does not parse: " + again.summary());
        FUZZ_CHECK(again.data.dim == r.data.dim, "round trip changed dim");
        FUZZ_CHECK(again.data.points == r.data.points, "round trip changed points");
        FUZZ_CHECK(again.data.labels == r.data.labels, "round trip changed labels");
        // With test points: the split column comes back with both lists as they were.
        const pl::CsvResult split = pl::parse_csv(pl::write_csv(r.data, r.held_out));
        FUZZ_CHECK(split.ok, "write_csv with test points does not parse: " + split.summary());
        FUZZ_CHECK(split.data.points == r.data.points && split.data.labels == r.data.labels, "split round trip changed training points");
        FUZZ_CHECK(split.held_out.points == r.held_out.points && split.held_out.labels == r.held_out.labels,
                   "split round trip changed test points");
    }
    return 0;
}
