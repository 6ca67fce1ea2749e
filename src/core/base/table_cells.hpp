// Text inside the CSV and TSV files we write (grades from perceptron-cli report --csv, the trace's CSV,
// the Words messages' TSV): every text cell goes through here, so a spreadsheet that opens the file
// shows what was written and never runs it.
//
// A cell that starts with = + - @ TAB or CR is a formula to Excel, LibreOffice and Google Sheets
// (=HYPERLINK(...), +cmd|'...'!A0, @SUM(...)): such a cell gets a leading apostrophe, which a
// spreadsheet shows as plain text. A cell that is a plain number ("-1", "+0.5", "-2e-3") is left as it
// is: it is not a formula and a column of numbers must stay numbers. The TSV reader takes the
// apostrophe off again (read_tsv_text), so messages survive a save and a load unchanged.
#pragma once
#include <string>
#include <string_view>

namespace pl {

// True for text a spreadsheet would evaluate (see above).
bool spreadsheet_formula(std::string_view text);
// The text with an apostrophe in front when it is a formula (or apostrophes and then a formula, so the
// TSV reader can tell the two apart), else as it is.
std::string neutral_cell_text(std::string_view text);
// A CSV cell (RFC 4180): neutral_cell_text, then quoted ("" for a quote) when it holds , " CR or LF.
std::string csv_cell(std::string_view text);
// A TSV cell: neutral_cell_text, with TAB, CR and LF as spaces (a TSV cell cannot hold them).
std::string tsv_cell(std::string_view text);
// A TSV cell as read back: the apostrophe neutral_cell_text put in front of a formula comes off.
std::string read_tsv_text(std::string_view cell);

// Text someone else chose (a student's name from an LMS export, a file name) for a terminal or a
// table: the C0 controls, DEL and the C1 controls (U+0080-U+009F) as \xNN, so an ESC sequence cannot
// retitle the window, clear the screen or fake a line; all other UTF-8 as it is.
std::string printable_text(std::string_view text);

}  // namespace pl
