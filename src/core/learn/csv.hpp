// Reading and writing labelled points as CSV.
//
// One row per point: x1,...,xd,label. The reader is strict and never guesses:
//   * labels are -1/+1 or 0/1 (0 is read as -1); a file may not mix 0 and -1, and anything else
//     (2, "cat", 0.5) is an error;
//   * the first non-blank line may be a header, recognised only when none of its fields is a number;
//   * blank lines and lines starting with '#' are skipped; CRLF and LF line ends are both fine;
//   * every row must have the column count of the first data row (at least 2 columns);
//   * NaN, infinities, out-of-range numbers and empty fields are errors;
//   * more than max_points data rows is an error (the UI sets a cap so a huge file cannot freeze it);
//   * an optional last column `split` says where a row goes: `train` (the training points) or `test`
//     (the test points, held out from training; any case). It is there when the first data row ends in
//     one of those words, and then every row must have it: x1,...,xd,label,split.
// Errors carry 1-based line numbers. Parsing is a single linear pass over the text.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/learn/dataset.hpp"

namespace pl {

struct CsvError {
    std::size_t line = 0;  // 1-based; 0 = about the whole file
    std::string message;
};

struct CsvResult {
    bool ok = false;
    Dataset data;                  // complete when ok; partial (rows read before the first error) otherwise
    Dataset held_out;              // the rows marked `test` (same dimension as data)
    bool had_split = false;        // the file had a split column
    std::vector<CsvError> errors;  // the first few errors (at most kMaxReportedErrors)
    std::size_t error_count = 0;   // all errors found, including ones not stored
    bool had_header = false;
    bool zero_one_labels = false;  // the file used 0/1 labels

    static constexpr std::size_t kMaxReportedErrors = 10;
    // One line for people: "4 points in 2-D (2 positive, 2 negative)" or "line 3: ..." (+ "and N more").
    std::string summary() const;
};

CsvResult parse_csv(std::string_view text, std::size_t max_points = kMaxPoints);

// Header "x1,...,xd,label", then one row per point with labels -1/1. Numbers are written in the
// shortest form that reads back to the same double, so parse_csv(write_csv(d)) == d.
std::string write_csv(const Dataset& data);
// With test points: header "x1,...,xd,label,split", the training rows ending in `train`, then the test
// rows ending in `test`. Without test points this is write_csv(data) (no split column).
std::string write_csv(const Dataset& data, const Dataset& held_out);

}  // namespace pl
