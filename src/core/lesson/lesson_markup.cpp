// Lesson text markup (rules in lesson_markup.hpp): paragraphs first, then the runs of each.
#include "core/lesson/lesson_markup.hpp"

namespace pl {

namespace {

struct Line {
    std::string_view text;  // without its line break and without trailing spaces
    std::size_t offset;     // byte offset of the line in the whole text
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::size_t character_position(std::string_view text, std::size_t offset) {
    std::size_t characters = 0;
    for (std::size_t k = 0; k < offset && k < text.size(); ++k)
        if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++characters;
    return characters + 1;
}

class RunBuilder {
public:
    void add(RunStyle style, std::string_view text) {
        if (text.empty()) return;
        if (!runs_.empty() && runs_.back().style == style) runs_.back().text += text;
        else runs_.push_back({style, std::string(text)});
    }
    void add(RunStyle style, char c) { add(style, std::string_view(&c, 1)); }
    TextParagraph take() { return std::move(runs_); }

private:
    TextParagraph runs_;
};

// One paragraph: its lines joined by single spaces, with each character's byte offset in the text.
struct Paragraph {
    std::string text;
    std::vector<std::size_t> offsets;
};

// Runs of one paragraph. On an unclosed marker: records the error (first one wins) and re-reads the
// paragraph with that marker taken as plain text.
TextParagraph runs_of(const Paragraph& p, std::string_view whole, MarkupResult& result) {
    std::vector<char> plain_marker(p.text.size(), 0);  // markers (by offset in p.text) to read as text
    for (int attempt = 0; attempt < 64; ++attempt) {
        RunBuilder runs;
        const std::string& s = p.text;
        bool bold = false;
        std::size_t bold_start = 0, unclosed = std::string::npos;
        std::string unclosed_what;
        for (std::size_t i = 0; i < s.size(); ++i) {
            const RunStyle style = bold ? RunStyle::Bold : RunStyle::Plain;
            const char c = s[i];
            if (c == '\\' && i + 1 < s.size() && (s[i + 1] == '*' || s[i + 1] == '`' || s[i + 1] == '\\')) {
                runs.add(style, s[++i]);
            } else if (c == '`' && !plain_marker[i]) {
                const std::size_t close = s.find('`', i + 1);
                if (close == std::string::npos) {
                    unclosed = i;
                    unclosed_what = "an unclosed '`' (code)";
                    break;
                }
                runs.add(RunStyle::Code, std::string_view(s).substr(i + 1, close - i - 1));
                i = close;
            } else if (c == '*' && i + 1 < s.size() && s[i + 1] == '*' && !plain_marker[i]) {
                if (!bold) bold_start = i;
                bold = !bold;
                ++i;
            } else {
                runs.add(style, c);
            }
        }
        if (unclosed == std::string::npos && bold) {
            unclosed = bold_start;
            unclosed_what = "an unclosed '**' (bold)";
        }
        if (unclosed == std::string::npos) return runs.take();
        if (result.error.empty()) {
            result.position = character_position(whole, p.offsets[unclosed]);
            result.error = unclosed_what + " that starts at position " + std::to_string(result.position);
        }
        plain_marker[unclosed] = 1;
        // A later marker may be unclosed too; each attempt fixes one. After 64 broken markers in one
        // paragraph it is shown as plain text.
    }
    RunBuilder plain;
    plain.add(RunStyle::Plain, p.text);
    return plain.take();
}

}  // namespace

MarkupResult parse_markup(std::string_view text) {
    MarkupResult result;
    std::vector<Line> lines;
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::size_t stop = end;
        while (stop > start && is_space(text[stop - 1])) --stop;
        lines.push_back({text.substr(start, stop - start), start});
        start = end + 1;
    }

    Paragraph current;
    auto finish = [&] {
        if (current.text.empty()) return;
        TextParagraph runs = runs_of(current, text, result);
        if (!runs.empty()) result.paragraphs.push_back(std::move(runs));
        current = Paragraph{};
    };
    for (const Line& line : lines) {
        std::size_t first = 0;
        while (first < line.text.size() && is_space(line.text[first])) ++first;
        if (first == line.text.size()) {  // blank line: paragraph break
            finish();
            continue;
        }
        if (!current.text.empty()) {
            current.text += ' ';
            current.offsets.push_back(line.offset);  // the joining space stands for the line break
        }
        for (std::size_t k = first; k < line.text.size(); ++k) {
            current.text += line.text[k];
            current.offsets.push_back(line.offset + k);
        }
    }
    finish();
    return result;
}

}  // namespace pl
