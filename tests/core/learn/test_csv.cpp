// CSV: strict reader with line numbers, 0/1 labels, header, CRLF, comments, caps, round trip.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/learn/csv.hpp"

using namespace pl;

namespace {
// The single error of a failed parse, as "line: message".
void check_error(const std::string& text, std::size_t line, const std::string& fragment) {
    CAPTURE(text);
    const CsvResult r = parse_csv(text);
    CHECK_FALSE(r.ok);
    REQUIRE_FALSE(r.errors.empty());
    CHECK(r.errors.front().line == line);
    CAPTURE(r.errors.front().message);
    CHECK(r.errors.front().message.find(fragment) != std::string::npos);
    CHECK(r.summary().find("line " + std::to_string(line)) != std::string::npos);
}
}  // namespace

TEST_CASE("csv: plain, header, comments, blank lines, CRLF") {
    const CsvResult plain = parse_csv("1,2,1\n2,1,1\n-1,-1,-1\n-1,1,-1\n");
    REQUIRE(plain.ok);
    CHECK(plain.data.dim == 2);
    CHECK(plain.data.size() == 4);
    CHECK(plain.data.points[0] == Vec{1, 2});
    CHECK(plain.data.labels == std::vector<int>{1, 1, -1, -1});
    CHECK_FALSE(plain.had_header);
    CHECK(plain.summary() == "4 points in 2-D (2 positive, 2 negative)");

    const CsvResult fancy =
        parse_csv("\xEF\xBB\xBF# made by hand\r\nx1, x2, label\r\n\r\n 0.5 ,-2e-1, +1\r\n# another comment\r\n3,4,-1");
    REQUIRE(fancy.ok);
    CHECK(fancy.had_header);
    CHECK(fancy.data.points == std::vector<Vec>{{0.5, -0.2}, {3, 4}});
    CHECK(fancy.data.labels == std::vector<int>{1, -1});

    const CsvResult one_d = parse_csv("0.25,-1\n2.5,1\n");
    REQUIRE(one_d.ok);
    CHECK(one_d.data.dim == 1);
}

TEST_CASE("csv: 0/1 labels become -1/+1") {
    const CsvResult r = parse_csv("a,b,y\n0,0,0\n1,1,1\n1,0,0.0\n");
    REQUIRE(r.ok);
    CHECK(r.zero_one_labels);
    CHECK(r.data.labels == std::vector<int>{-1, 1, -1});
    CHECK(r.summary().find("0/1") != std::string::npos);
}

TEST_CASE("csv: each kind of bad row is rejected with its line number") {
    check_error("1,2,1\n3,4\n", 2, "expected 3 columns");
    check_error("1,2,1\n3,4,1,5\n", 2, "expected 3 columns");
    check_error("x,y,label\n1,2,1\nnan,2,1\n", 3, "not a finite number");
    check_error("1,2,1\n\n1,inf,-1\n", 3, "not a finite number");
    check_error("1,2,1\n1,-infinity,-1\n", 2, "not a finite number");
    check_error("1,2,1\n1,2,2\n", 2, "label '2'");
    check_error("1,2,cat\n", 1, "label 'cat'");
    check_error("1,2,0.5\n", 1, "label");
    check_error("1,2,1\n1,abc,1\n", 2, "'abc' is not a number");
    check_error("1,2,1\n1,,1\n", 2, "empty");
    check_error("1,2,1\n1,1e999,1\n", 2, "too large");
    check_error("1,2,1\n1,0x10,1\n", 2, "not a number");
    check_error("1,1,0\n2,2,-1\n", 2, "labels mix 0");
    check_error("5\n", 1, "at least one coordinate");
    check_error("x1,x2,label\n1,2\n", 2, "header");
    check_error("1,cat,1\n", 1, "not a number");  // a half-numeric first line is not a header
}

TEST_CASE("csv: empty inputs and the point cap") {
    for (const char* text : {"", "\n\n", "# only a comment\n", "  \r\n"}) {
        const CsvResult r = parse_csv(text);
        CHECK_FALSE(r.ok);
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors.front().line == 0);
        CHECK(r.summary().find("no data rows") != std::string::npos);
    }
    CHECK(parse_csv("x,y,label\n").summary().find("header but no data") != std::string::npos);

    const CsvResult capped = parse_csv("1,1,1\n2,2,1\n3,3,-1\n4,4,-1\n", 3);
    CHECK_FALSE(capped.ok);
    REQUIRE(capped.errors.size() == 1);
    CHECK(capped.errors.front().line == 4);
    CHECK(capped.errors.front().message.find("more than 3 points") != std::string::npos);
}

TEST_CASE("csv: many errors are counted but only the first few kept") {
    std::string text = "1,2,1\n";
    for (int i = 0; i < 50; ++i) text += "1,2,7\n";
    const CsvResult r = parse_csv(text);
    CHECK_FALSE(r.ok);
    CHECK(r.error_count == 50);
    CHECK(r.errors.size() == CsvResult::kMaxReportedErrors);
    CHECK(r.summary().find("and 49 more errors") != std::string::npos);
}

TEST_CASE("csv: writer and reader round trip exactly") {
    Dataset d;
    d.add({0.1, -2.0 / 3.0}, 1);
    d.add({1e-300, 12345.678}, -1);
    d.add({-0.0, 3.0}, 1);
    const std::string text = write_csv(d);
    CHECK(text.rfind("x1,x2,label\n", 0) == 0);
    const CsvResult r = parse_csv(text);
    REQUIRE(r.ok);
    CHECK(r.data.dim == 2);
    CHECK(r.data.points == d.points);
    CHECK(r.data.labels == d.labels);
}

// How fast the big file reads is measured by bench/csv_read.cpp (it printed a ratio, never asserts): a timed
// test here failed once on a loaded machine. This test keeps what the big read must give.
TEST_CASE("csv: a 50 MB file is read whole, and the default cap stops it with a message") {
    std::string text;
    text.reserve(52u << 20);
    text += "x1,x2,label\n";
    const std::string row = "1.2345678901,-2.3456789012,1\n0.0009765625,2.75,-1\n";
    while (text.size() < (50u << 20)) text += row;
    const std::size_t rows = 2 * ((text.size() - 12) / row.size());
    const CsvResult r = parse_csv(text, 10'000'000);
    REQUIRE(r.ok);
    CHECK(r.data.size() == rows);
    CHECK(r.data.points.back() == Vec{0.0009765625, 2.75});
    CHECK(r.data.labels.back() == -1);
    const CsvResult capped = parse_csv(text);  // default cap 100000 stops early
    CHECK_FALSE(capped.ok);
    CHECK(capped.errors.front().message.find("more than 100000") != std::string::npos);
}

TEST_CASE("csv: sample files in tests/data") {
    std::ifstream file(std::string(PL_TEST_DATA_DIR) + "/lecture4.csv", std::ios::binary);
    REQUIRE(file);
    std::stringstream buffer;
    buffer << file.rdbuf();
    const CsvResult r = parse_csv(buffer.str());
    REQUIRE(r.ok);
    CHECK(r.data.size() == 4);
    CHECK(r.data.labels == std::vector<int>{1, 1, -1, -1});
}
