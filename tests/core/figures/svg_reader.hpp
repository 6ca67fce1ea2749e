// A small XML reader for the figure tests: an SVG's elements with their attributes, text and children;
// parse_svg fails on anything that is not well-formed (an unclosed or mismatched tag, a repeated attribute).
#pragma once
#include <cctype>
#include <map>
#include <string>
#include <vector>

namespace svg_test {

// [SECTION] a small XML reader: elements with their attributes, text and children
struct Element {
    std::string name;
    std::map<std::string, std::string> attributes;
    std::string text;
    std::vector<Element> children;
    std::string attr(const std::string& key) const {
        const auto it = attributes.find(key);
        return it == attributes.end() ? std::string() : it->second;
    }
};

struct XmlReader {
    const std::string& s;
    std::size_t i = 0;
    bool ok = true;
    void skip_space() { while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i; }
    std::string name() {
        const std::size_t start = i;
        while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '-' || s[i] == ':' || s[i] == '_')) ++i;
        return s.substr(start, i - start);
    }
    static std::string unescape(std::string t) {
        const std::pair<const char*, const char*> entities[] = {{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&amp;", "&"}};
        for (const auto& [from, to] : entities)
            for (std::size_t p; (p = t.find(from)) != std::string::npos;) t.replace(p, std::string(from).size(), to);
        return t;
    }
    // Reads one element starting at '<'.
    Element element() {
        Element e;
        if (s[i] != '<') { ok = false; return e; }
        ++i;
        e.name = name();
        while (true) {
            skip_space();
            if (i >= s.size()) { ok = false; return e; }
            if (s.compare(i, 2, "/>") == 0) { i += 2; return e; }
            if (s[i] == '>') { ++i; break; }
            const std::string key = name();
            skip_space();
            if (key.empty() || s[i] != '=') { ok = false; return e; }
            ++i;
            skip_space();
            const char quote = s[i++];
            const std::size_t end = s.find(quote, i);
            if (end == std::string::npos) { ok = false; return e; }
            if (e.attributes.count(key)) ok = false;  // a repeated attribute is not XML
            e.attributes[key] = unescape(s.substr(i, end - i));
            i = end + 1;
        }
        while (ok && i < s.size()) {
            if (s.compare(i, 2, "</") == 0) {
                i += 2;
                if (name() != e.name) ok = false;
                skip_space();
                ++i;  // '>'
                return e;
            }
            if (s[i] == '<') e.children.push_back(element());
            else {
                const std::size_t end = s.find('<', i);
                e.text += unescape(s.substr(i, end - i));
                i = end;
            }
        }
        ok = false;
        return e;
    }
};

inline Element parse_svg(const std::string& svg, bool& ok) {
    XmlReader reader{svg};
    std::size_t start = svg.find("<svg");
    if (start == std::string::npos) { ok = false; return {}; }
    reader.i = start;
    Element root = reader.element();
    reader.skip_space();
    ok = reader.ok && reader.i == svg.size();
    return root;
}

inline void collect(const Element& e, const std::string& name, std::vector<const Element*>& out) {
    if (e.name == name) out.push_back(&e);
    for (const Element& c : e.children) collect(c, name, out);
}
inline std::vector<const Element*> all(const Element& root, const std::string& name) {
    std::vector<const Element*> out;
    collect(root, name, out);
    return out;
}
inline std::vector<const Element*> with_class(const Element& root, const std::string& name, const std::string& cls) {
    std::vector<const Element*> out;
    for (const Element* e : all(root, name)) {
        const std::string c = " " + e->attr("class") + " ";
        if (c.find(" " + cls + " ") != std::string::npos) out.push_back(e);
    }
    return out;
}

}  // namespace svg_test
