// CSV reader/writer. One pass, no regex, no per-field allocation: fine for files of tens of MB.
#include "core/learn/csv.hpp"

#include "core/base/decimal.hpp"

#include <cctype>
#include <cmath>
#include <cstring>

namespace pl {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// Show a field in a message without flooding it.
std::string quoted(std::string_view s) {
    constexpr std::size_t kShown = 24;
    std::string out = "'";
    out += s.substr(0, kShown);
    if (s.size() > kShown) out += "...";
    return out + "'";
}

enum class NumberKind { Ok, Empty, NotANumber, NotFinite, OutOfRange, TooLarge };


bool equals_lower(std::string_view text, std::string_view lower) {
    if (text.size() != lower.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != lower[i]) return false;
    return true;
}

// Numbers: plain decimal syntax, then strtod (decimal.hpp); NaN and infinities get their own message.
NumberKind read_number(std::string_view field, double& out) {
    if (field.empty()) return NumberKind::Empty;
    if (field.front() == '+') field.remove_prefix(1);
    std::string_view unsigned_part = field;
    if (!unsigned_part.empty() && unsigned_part.front() == '-') unsigned_part.remove_prefix(1);
    if (equals_lower(unsigned_part, "nan") || equals_lower(unsigned_part, "inf") ||
        equals_lower(unsigned_part, "infinity"))
        return NumberKind::NotFinite;
    if (!is_plain_decimal(field, false)) return NumberKind::NotANumber;
    out = decimal_to_double(field);
    if (!std::isfinite(out)) return NumberKind::OutOfRange;  // overflow gives HUGE_VAL
    if (std::fabs(out) > kMaxAbsCoordinate) return NumberKind::TooLarge;
    return NumberKind::Ok;
}

// Calls visit(field) for each comma-separated field of `line`, trimmed.
template <class Visit>
void for_each_field(std::string_view line, Visit&& visit) {
    while (true) {
        const std::size_t comma = line.find(',');
        visit(trim(line.substr(0, comma)));
        if (comma == std::string_view::npos) return;
        line.remove_prefix(comma + 1);
    }
}

std::size_t count_fields(std::string_view line) {
    std::size_t n = 1;
    for (char c : line) n += (c == ',');
    return n;
}

// The split column's words: 1 = train, 2 = test, 0 = neither.
int split_word(std::string_view field) {
    if (equals_lower(field, "train")) return 1;
    if (equals_lower(field, "test")) return 2;
    return 0;
}

std::string_view last_field(std::string_view line) {
    const std::size_t comma = line.rfind(',');
    return trim(comma == std::string_view::npos ? line : line.substr(comma + 1));
}

bool looks_like_header(std::string_view line) {
    bool any_number = false;
    for_each_field(line, [&](std::string_view field) {
        double ignored = 0;
        const NumberKind kind = read_number(field, ignored);
        if (kind == NumberKind::Ok || kind == NumberKind::NotFinite || kind == NumberKind::OutOfRange || kind == NumberKind::TooLarge)
            any_number = true;
    });
    return !any_number;
}

class Reader {
public:
    Reader(std::size_t max_points, CsvResult& result) : max_points_(max_points), result_(result) {}

    // Returns false to stop reading (the point cap was hit).
    bool read_line(std::size_t line_no, std::string_view line) {
        if (!seen_content_) {
            seen_content_ = true;
            if (looks_like_header(line)) {
                result_.had_header = true;
                header_columns_ = count_fields(line);
                header_line_ = line_no;
                return true;
            }
        }
        const std::size_t columns = count_fields(line);
        if (columns_ == 0) {
            split_ = columns >= 3 && split_word(last_field(line)) != 0;
            result_.had_split = split_;
            const std::size_t coordinates = columns - (split_ ? 2 : 1);
            if (columns < 2) {
                error(line_no, "a row needs at least one coordinate and a label, found 1 column");
                return true;
            }
            if (coordinates > static_cast<std::size_t>(kMaxDimension)) {
                error(line_no, "this row has " + std::to_string(coordinates) + " coordinates; the widget handles 1 to " +
                                   std::to_string(kMaxDimension));
                return true;
            }
            if (result_.had_header && header_columns_ != columns) {
                error(line_no, "this row has " + std::to_string(columns) + " columns but the header (line " +
                                   std::to_string(header_line_) + ") has " + std::to_string(header_columns_));
                return true;
            }
            columns_ = columns;
            first_data_line_ = line_no;
            result_.data.dim = static_cast<int>(coordinates);
            result_.held_out.dim = result_.data.dim;
        } else if (columns != columns_) {
            error(line_no, "expected " + std::to_string(columns_) + " columns (as on line " +
                               std::to_string(first_data_line_) + "), found " + std::to_string(columns));
            return true;
        }
        if (rows_ >= max_points_) {
            error(line_no, "more than " + std::to_string(max_points_) + " points; the limit is " +
                               std::to_string(max_points_));
            return false;
        }
        ++rows_;

        Vec x;
        x.reserve(columns_ - 1);
        std::size_t column = 0;
        bool row_ok = true;
        int label = 0;
        int split = 1;
        const std::size_t label_column = split_ ? columns_ - 1 : columns_;
        for_each_field(line, [&](std::string_view field) {
            ++column;
            if (!row_ok) return;
            if (split_ && column == columns_) {
                split = split_word(field);
                if (split == 0) {
                    error(line_no, "split " + quoted(field) + " must be train or test");
                    row_ok = false;
                }
                return;
            }
            double value = 0;
            const NumberKind kind = read_number(field, value);
            if (column == label_column) {
                row_ok = read_label(line_no, field, kind, value, label);
                return;
            }
            if (kind != NumberKind::Ok) {
                error(line_no, "column " + std::to_string(column) + ": " + describe(kind, field));
                row_ok = false;
                return;
            }
            x.push_back(value);
        });
        if (row_ok) (split == 2 ? result_.held_out : result_.data).add(std::move(x), label);
        return true;
    }

    void finish() {
        if (rows_ == 0 && result_.error_count == 0)
            error(0, result_.had_header ? "the file has a header but no data rows" : "the file has no data rows");
        // Only test rows would leave the learner nothing to train on (and replace the points by none).
        if (result_.error_count == 0 && result_.data.empty() && !result_.held_out.empty())
            error(0, "every row is a test point (split = test): at least one row must be split = train");
        if (saw_zero_) {
            for (int& y : result_.data.labels)
                if (y == 0) y = -1;
            for (int& y : result_.held_out.labels)
                if (y == 0) y = -1;
        }
        result_.zero_one_labels = saw_zero_;
        result_.ok = result_.error_count == 0;
    }

private:
    static std::string describe(NumberKind kind, std::string_view field) {
        switch (kind) {
            case NumberKind::Empty: return "the field is empty";
            case NumberKind::NotANumber: return quoted(field) + " is not a number";
            case NumberKind::NotFinite: return quoted(field) + " is not a finite number";
            case NumberKind::OutOfRange: return quoted(field) + " is too large for a double";
            case NumberKind::TooLarge:
                return quoted(field) + " is larger than " + shortest_decimal(kMaxAbsCoordinate) +
                       " in size (the widget's coordinate limit)";
            case NumberKind::Ok: break;
        }
        return {};
    }

    bool read_label(std::size_t line_no, std::string_view field, NumberKind kind, double value, int& label) {
        const bool known = kind == NumberKind::Ok && (value == 1.0 || value == -1.0 || value == 0.0);
        if (!known) {
            error(line_no, "label " + quoted(field) + " is not a class label: use -1 and 1, or 0 and 1");
            return false;
        }
        label = static_cast<int>(value);
        if (label == 0 && !saw_zero_) { saw_zero_ = true; first_zero_line_ = line_no; }
        if (label == -1 && !saw_minus_) { saw_minus_ = true; first_minus_line_ = line_no; }
        if (saw_zero_ && saw_minus_ && !reported_mix_) {
            reported_mix_ = true;
            error(line_no, "labels mix 0 (line " + std::to_string(first_zero_line_) + ") and -1 (line " +
                               std::to_string(first_minus_line_) + "): use either -1 and 1, or 0 and 1");
            return false;
        }
        return true;
    }

    void error(std::size_t line_no, std::string message) {
        ++result_.error_count;
        if (result_.errors.size() < CsvResult::kMaxReportedErrors)
            result_.errors.push_back({line_no, std::move(message)});
    }

    std::size_t max_points_;
    CsvResult& result_;
    bool seen_content_ = false;
    std::size_t header_columns_ = 0, header_line_ = 0;
    std::size_t columns_ = 0, first_data_line_ = 0, rows_ = 0;
    bool split_ = false;  // the rows end in a train/test column
    bool saw_zero_ = false, saw_minus_ = false, reported_mix_ = false;
    std::size_t first_zero_line_ = 0, first_minus_line_ = 0;
};

}  // namespace

CsvResult parse_csv(std::string_view text, std::size_t max_points) {
    CsvResult result;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 BOM
    Reader reader(max_points, result);
    std::size_t line_no = 0;
    while (!text.empty()) {
        ++line_no;
        const std::size_t newline = text.find('\n');
        const std::string_view line = trim(text.substr(0, newline));
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        if (line.empty() || line.front() == '#') continue;
        if (!reader.read_line(line_no, line)) break;
    }
    reader.finish();
    return result;
}

std::string CsvResult::summary() const {
    if (!ok) {
        if (errors.empty()) return "the file could not be read";
        const CsvError& first = errors.front();
        std::string out = first.line > 0 ? "line " + std::to_string(first.line) + ": " + first.message : first.message;
        if (error_count > 1)
            out += " (and " + std::to_string(error_count - 1) + " more error" + (error_count > 2 ? "s" : "") + ")";
        return out;
    }
    std::string out = std::to_string(data.size()) + (data.size() == 1 ? " point" : " points") + " in " +
                      std::to_string(data.dim) + "-D (" + std::to_string(count_label(data, 1)) + " positive, " +
                      std::to_string(count_label(data, -1)) + " negative)";
    if (had_split)
        out += " for training and " + std::to_string(held_out.size()) + (held_out.size() == 1 ? " test point" : " test points");
    if (had_header) out += ", header skipped";
    if (zero_one_labels) out += ", labels 0/1 read as -1/+1";
    return out;
}

namespace {
void write_rows(std::string& out, const Dataset& data, const char* split) {
    for (std::size_t i = 0; i < data.size(); ++i) {
        for (double v : data.points[i]) {
            out += shortest_decimal(v);
            out += ',';
        }
        out += data.labels[i] > 0 ? "1" : "-1";
        if (split) {
            out += ',';
            out += split;
        }
        out += '\n';
    }
}
}  // namespace

std::string write_csv(const Dataset& data, const Dataset& held_out) {
    if (held_out.empty()) return write_csv(data);
    std::string out;
    out.reserve(32 + (data.size() + held_out.size()) * static_cast<std::size_t>(data.dim + 2) * 10);
    for (int j = 1; j <= data.dim; ++j) out += "x" + std::to_string(j) + ",";
    out += "label,split\n";
    write_rows(out, data, "train");
    write_rows(out, held_out, "test");
    return out;
}

std::string write_csv(const Dataset& data) {
    std::string out;
    out.reserve(32 + data.size() * static_cast<std::size_t>(data.dim + 1) * 10);
    for (int j = 1; j <= data.dim; ++j) out += "x" + std::to_string(j) + ",";
    out += "label\n";
    for (std::size_t i = 0; i < data.size(); ++i) {
        for (double v : data.points[i]) {
            out += shortest_decimal(v);
            out += ',';
        }
        out += data.labels[i] > 0 ? "1\n" : "-1\n";
    }
    return out;
}

}  // namespace pl
