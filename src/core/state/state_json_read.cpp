// Reading the JSON state (state_json.hpp: state_from_json) over the property table of state_table.hpp.
// nlohmann/json is used only through calls that do not throw (the Emscripten build aborts on a throw): a
// SAX parser that records errors and limits depth and size, and type checks before every get<>. The
// writer is state_json.cpp.
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/decimal.hpp"
#include "core/state/limited_json.hpp"
#include "core/state/names.hpp"
#include "core/state/state_json.hpp"
#include "core/theory/held_out.hpp"
#include "core/words/words_state.hpp"

namespace pl {

using namespace state_table;

namespace {

using Json = nlohmann::json;

constexpr std::string_view kSource = "The JSON state";

// Keys snapshot_json writes that describe the learner, not the state: read back silently ignored.
constexpr std::string_view kSnapshotKeys[] = {"weights", "b",        "alphas",   "mistakes", "mistakesPerEpoch",
                                              "epochs",  "visits",   "converged", "capped",  "diverged",
                                              "accuracy", "R",       "gamma",    "bound",    "separable",
                                              "whyNot",  "theoryComputing", "fragment", "wordsModel", "boundApplies",
                                              "boundNote", "lossPerEpoch", "testAccuracy", "maxMarginTestAccuracy",
                                              "pointCount", "testPointCount", "messageCount", "svm"};

// [SECTION] Reading
std::string describe(const Json& value) { return describe_json_value(value); }

// Integer-valued JSON (or a decimal string, for seeds above 2^53) as sign and magnitude.
bool whole_of(const Json& value, bool& negative, std::uint64_t& magnitude) {
    negative = false;
    magnitude = 0;
    if (value.is_number_unsigned()) {
        magnitude = value.get<std::uint64_t>();
        return true;
    }
    if (value.is_number_integer()) {
        const std::int64_t v = value.get<std::int64_t>();
        negative = v < 0;
        magnitude = negative ? static_cast<std::uint64_t>(-(v + 1)) + 1u : static_cast<std::uint64_t>(v);
        return true;
    }
    if (value.is_number_float()) {
        const double v = value.get<double>();
        if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) >= 1.8e19) return false;
        negative = v < 0;
        magnitude = static_cast<std::uint64_t>(std::fabs(v));
        return true;
    }
    if (value.is_string()) return parse_whole(value.get_ref<const Json::string_t&>(), negative, magnitude);
    return false;
}

struct JsonReader {
    const Json& root;
    std::string error;

    const Json* find(std::string_view path) {
        if (!error.empty()) return nullptr;  // the first error is the one reported
        const Json* node = &root;
        while (true) {
            const std::size_t dot = path.find('.');
            const std::string name(path.substr(0, dot));
            const auto it = node->find(name);
            if (it == node->end()) return nullptr;
            if (dot == std::string_view::npos) return &*it;
            if (!it->is_object()) {
                error = bad_value(kSource, "a group of settings", name, "it must be an object {...}, but it is " + describe(*it));
                return nullptr;
            }
            node = &*it;
            path.remove_prefix(dot + 1);
        }
    }
    void fail(const Key& key, const std::string& problem) { error = bad_value(kSource, key.what, key.json, problem); }
    // The JSON names of one list of points, for messages: the training points or the test points.
    struct PointNames {
        std::string_view what, points, labels, dim;
    };
    static constexpr PointNames kTraining{"the points", "points", "labels", "dim"};
    static constexpr PointNames kTest{"the test points", "heldOut.points", "heldOut.labels", "heldOut.dim"};

    void points(Dataset& data) { read_points(find("points"), find("labels"), find("dim"), kTraining, data); }

    // After points(): an absent "heldOut" means no test points; present ones must match data's dimension.
    void held_out(Dataset& test, const Dataset& data) {
        Dataset read;
        read.dim = data.dim;
        const Json* points = find(kTest.points);
        const Json* labels = find(kTest.labels);
        if (!error.empty()) return;
        if (points || labels) {
            read_points(points, labels, nullptr, kTest, read, data.dim);
            if (!error.empty()) return;
            if (read.empty()) read.dim = data.dim;
            if (std::string problem = held_out_problem(data, read); !problem.empty()) {
                error = bad_value(kSource, kTest.what, "heldOut", problem);
                return;
            }
        }
        test = std::move(read);
    }

    void read_points(const Json* points, const Json* labels, const Json* dim, const PointNames& names, Dataset& data,
                     int default_dim = 0) {
        const auto fail_points = [&](const std::string& problem) { error = bad_value(kSource, names.what, names.points, problem); };
        const Key labels_key{"", names.labels, "the labels"};
        if (!error.empty() || (!points && !labels && !dim)) return;
        if (!points) return fail_points("\"labels\" or \"dim\" are given but \"points\" is missing");
        if (!points->is_array()) return fail_points("it must be a list of points like [[1, 2], [-1, 0.5]], but it is " + describe(*points));
        const std::size_t n = points->size();
        if (n > kMaxPoints)
            return fail_points("there are " + std::to_string(n) + " points; the widget holds at most " + std::to_string(kMaxPoints));
        if (!labels && n > 0) return fail_points("\"labels\" is missing (one +1 or -1 per point)");
        if (labels && !labels->is_array())
            return fail(labels_key, "it must be a list of 1 and -1, but it is " + describe(*labels));
        if (labels && labels->size() != n)
            return fail(labels_key, "there are " + std::to_string(labels->size()) + " labels for " + std::to_string(n) + " points");
        Dataset out;
        out.dim = n > 0 ? ((*points)[0].is_array() ? static_cast<int>(std::min<std::size_t>((*points)[0].size(), 1000)) : 1) : 2;
        if (default_dim > 0) out.dim = default_dim;
        if (dim) {
            bool negative = false;
            std::uint64_t value = 0;
            const Key key{"", names.dim, "the dimension"};
            if (!whole_of(*dim, negative, value))
                return fail(key, "it must be " + whole_rule(kDimensionRange) + ", but it is " + describe(*dim));
            if (std::string p = whole_problem(negative, value, kDimensionRange); !p.empty()) return fail(key, p);
            out.dim = static_cast<int>(value);
        }
        if (out.dim < 1 || out.dim > kMaxDimension) {
            error = points_problem(out);
            return;
        }
        const auto d = static_cast<std::size_t>(out.dim);
        out.points.reserve(n);
        out.labels.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            const Json& p = (*points)[i];
            const std::string which = "point " + std::to_string(i + 1);
            Vec x;
            if (p.is_number() && d == 1) {
                x.push_back(p.get<double>());
            } else if (p.is_array() && p.size() == d) {
                for (const Json& c : p) {
                    if (!c.is_number()) return fail_points(which + " has " + describe(c) + " where a number should be");
                    x.push_back(c.get<double>());
                }
            } else {
                return fail_points(which + " must be a list of " + std::to_string(d) + " numbers, but it is " + describe(p));
            }
            for (double v : x)
                if (!std::isfinite(v) || std::fabs(v) > kMaxAbsCoordinate)
                    return fail_points(which + " has a coordinate beyond +-" + shortest_decimal(kMaxAbsCoordinate));
            const Json& y = (*labels)[i];
            if (!y.is_number() || !label_problem(y.get<double>()).empty())
                return fail(labels_key, "label " + std::to_string(i + 1) + " must be 1 or -1, but it is " + describe(y));
            out.add(std::move(x), y.get<double>() > 0 ? 1 : -1);
        }
        error = points_problem(out);
        if (!error.empty()) return;
        data = std::move(out);
    }
    template <class E>
    void name(const Key& key, E& value) {
        const Json* j = find(key.json);
        if (!j) return;
        if (!j->is_string()) return fail(key, name_problem<E>(describe(*j)));
        const std::string& text = j->get_ref<const Json::string_t&>();
        if (!parse(text, value)) fail(key, name_problem<E>(text));
    }
    template <class T>
    void whole(const Key& key, T& value, const WholeRange& range) {
        const Json* j = find(key.json);
        if (!j) return;
        bool negative = false;
        std::uint64_t magnitude = 0;
        if (!whole_of(*j, negative, magnitude)) return fail(key, "it must be " + whole_rule(range) + ", but it is " + describe(*j));
        const std::string problem = whole_problem(negative, magnitude, range);
        if (!problem.empty()) return fail(key, problem);
        value = static_cast<T>(magnitude);
    }
    void real(const Key& key, double& value, const RealRange& range) {
        const Json* j = find(key.json);
        if (!j) return;
        if (!j->is_number()) return fail(key, "it must be " + real_rule(range) + ", but it is " + describe(*j));
        const double v = j->get<double>();
        const std::string problem = real_problem(v, range);
        if (!problem.empty()) return fail(key, problem);
        value = v;
    }
    void label(const Key& key, int& value) {
        const Json* j = find(key.json);
        if (!j) return;
        if (!j->is_number() || !label_problem(j->get<double>()).empty())
            return fail(key, "it must be 1 or -1, but it is " + describe(*j));
        value = j->get<double>() > 0 ? 1 : -1;
    }
    void flag(const Key& key, bool& value) {
        const Json* j = find(key.json);
        if (!j) return;
        if (j->is_boolean()) value = j->get<bool>();
        else if (j->is_number() && (j->get<double>() == 0.0 || j->get<double>() == 1.0)) value = j->get<double>() == 1.0;
        else fail(key, "it must be true or false, but it is " + describe(*j));
    }
    void text(const Key& key, std::string& value) {
        const Json* j = find(key.json);
        if (!j) return;
        if (!j->is_string()) return fail(key, "it must be a string, but it is " + describe(*j));
        const std::string& text = j->get_ref<const Json::string_t&>();
        const std::string problem = text_problem(text);
        if (!problem.empty()) return fail(key, problem);
        value = text;
    }
    void progress(const Key& key, LessonProgress& value) {
        const Json* j = find(key.json);
        if (!j) return;
        if (!j->is_string()) return fail(key, "it must be a string, but it is " + describe(*j));
        const std::string problem = read_lesson_progress(j->get_ref<const Json::string_t&>(), value);
        if (!problem.empty()) fail(key, problem);
    }
    // "words": {"messages": ["viagra the", ...], "labels": [-1, ...]}; control characters in a message
    // become spaces (clean_message), which changes no word.
    void messages(const Key& key, WordsData& words) {
        const Json* messages = find("words.messages");
        const Json* labels = find("words.labels");
        if (!error.empty() || (!messages && !labels)) return;
        if (!messages) return fail(key, "\"words.labels\" is given but \"words.messages\" is missing");
        if (!messages->is_array()) return fail(key, "it must be a list of texts like [\"viagra the\"], but it is " + describe(*messages));
        if (messages->size() > kMaxMessages)
            return fail(key, "there are " + std::to_string(messages->size()) + " messages; the widget holds at most " +
                                 std::to_string(kMaxMessages));
        const Key label_key{"", "words.labels", "the labels of the messages"};
        if (!labels || !labels->is_array() || labels->size() != messages->size())
            return fail(label_key, "it must be a list of one 1 (ham) or -1 (spam) per message, but it is " +
                                       (labels ? describe(*labels) : std::string("missing")));
        WordsData out;
        for (std::size_t i = 0; i < messages->size(); ++i) {
            const Json& m = (*messages)[i];
            const Json& y = (*labels)[i];
            if (!m.is_string()) return fail(key, "message " + std::to_string(i + 1) + " must be a text, but it is " + describe(m));
            if (!y.is_number() || !label_problem(y.get<double>()).empty())
                return fail(label_key, "label " + std::to_string(i + 1) + " must be 1 or -1, but it is " + describe(y));
            out.messages.push_back(clean_message(m.get_ref<const Json::string_t&>()));
            out.labels.push_back(y.get<double>() > 0 ? 1 : -1);
        }
        if (std::string problem = words_problem(out); !problem.empty()) {
            error = std::string(kSource) + " has messages the widget cannot hold: " + problem;
            return;
        }
        words.messages = std::move(out.messages);
        words.labels = std::move(out.labels);
    }
};

// Every JSON path of the table, for telling known keys from unknown ones.
struct PathCollector {
    std::vector<std::string> paths{"points", "labels", "dim", "version", "heldOut.points", "heldOut.labels"};
    void points(const Dataset&) {}
    void held_out(const Dataset&, const Dataset&) {}
    template <class E>
    void name(const Key& key, const E&) { paths.emplace_back(key.json); }
    template <class T>
    void whole(const Key& key, const T&, const WholeRange&) { paths.emplace_back(key.json); }
    void real(const Key& key, const double&, const RealRange&) { paths.emplace_back(key.json); }
    void label(const Key& key, const int&) { paths.emplace_back(key.json); }
    void flag(const Key& key, const bool&) { paths.emplace_back(key.json); }
    void text(const Key& key, const std::string&) { paths.emplace_back(key.json); }
    void progress(const Key& key, const LessonProgress&) { paths.emplace_back(key.json); }
    void messages(const Key&, const WordsData&) {
        paths.emplace_back("words.messages");
        paths.emplace_back("words.labels");
    }
};

const std::vector<std::string>& known_paths() {
    static const std::vector<std::string> paths = [] {
        PathCollector collector;
        const WidgetState state;
        visit_properties(state, collector);
        visit_words_properties(state, collector);
        for (std::string_view key : kSnapshotKeys) collector.paths.emplace_back(key);
        return collector.paths;
    }();
    return paths;
}

bool is_known(const std::string& path) {
    for (const std::string& known : known_paths())
        if (known == path) return true;
    return false;
}

bool is_group(const std::string& name) {  // "kernel", "view", "panels", "heldOut", "hand"
    for (const std::string& known : known_paths())
        if (known.size() > name.size() && known.compare(0, name.size(), name) == 0 && known[name.size()] == '.') return true;
    return false;
}

std::vector<std::string> unknown_keys(const Json& root) {
    std::vector<std::string> unknown;
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (is_group(it.key()) && it->is_object()) {
            for (auto sub = it->begin(); sub != it->end(); ++sub)
                if (!is_known(it.key() + "." + sub.key())) unknown.push_back(it.key() + "." + sub.key());
        } else if (!is_known(it.key())) {
            unknown.push_back(it.key());
        }
    }
    return unknown;
}

DecodeResult failure(std::string message) {
    DecodeResult result;
    result.state = default_link_state();
    result.error = std::move(message);
    return result;
}

}  // namespace

// [SECTION] Public function
DecodeResult state_from_json(std::string_view text) {
    if (text.size() > kMaxJsonLength)
        return failure(std::string(kSource) + " is too long (" + std::to_string(text.size()) + " bytes); the widget reads at most " +
                       std::to_string(kMaxJsonLength) + ".");
    Json root;
    if (std::string error = parse_limited_json(text, root, kSource, JsonLimits{kMaxJsonValues, kMaxJsonDepth}); !error.empty())
        return failure(error);
    if (!root.is_object())
        return failure(std::string(kSource) + " must be an object {...}, but it is " + describe(root) + ".");

    if (const auto version = root.find("version"); version != root.end()) {
        bool negative = false;
        std::uint64_t v = 0;
        if (!whole_of(*version, negative, v) || negative || v == 0)
            return failure(std::string(kSource) + " has a bad version: it should be " + std::to_string(kStateVersion) +
                           ", but it is " + describe(*version) + ".");
        if (v > static_cast<std::uint64_t>(kStateVersion)) return failure(newer_version_message(kSource, describe(*version)));
    }

    DecodeResult result;
    result.state = default_link_state();
    JsonReader reader{root, {}};
    visit_properties(result.state, reader);
    visit_words_properties(result.state, reader);
    if (!reader.error.empty()) return failure(std::move(reader.error));

    const std::vector<std::string> unknown = unknown_keys(root);
    for (std::size_t i = 0; i < unknown.size() && i < kMaxWarnings; ++i)
        result.warnings.push_back("Ignored the setting " + quote_text(unknown[i]) + ": this version does not know it.");
    if (unknown.size() > kMaxWarnings)
        result.warnings.push_back("... and " + std::to_string(unknown.size() - kMaxWarnings) + " more unknown settings.");
    result.ok = true;
    return result;
}

}  // namespace pl