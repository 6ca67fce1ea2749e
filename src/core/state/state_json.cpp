// Writing the JSON state (state_json.hpp: state_to_json, training_settings_json) over the property table
// of state_table.hpp; dump_json replaces invalid UTF-8 (nlohmann/json is used only through calls that do
// not throw: the Emscripten build aborts on a throw). The reader is state_json_read.cpp; the snapshot
// that adds what the learner and the theory show is core/facts/snapshot_json.cpp.
#include "core/state/state_json.hpp"

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/state/names.hpp"
#include "core/state/state_json_object.hpp"
#include "core/theory/held_out.hpp"
#include "core/words/words_state.hpp"

namespace pl {

using namespace state_table;

namespace {

constexpr std::uint64_t kMaxExactInJs = 9007199254740992ull;  // 2^53

// [SECTION] Writing

OrderedJson& at_path(OrderedJson& root, std::string_view path) {
    OrderedJson* node = &root;
    while (true) {
        const std::size_t dot = path.find('.');
        node = &(*node)[std::string(path.substr(0, dot))];
        if (dot == std::string_view::npos) return *node;
        path.remove_prefix(dot + 1);
    }
}

OrderedJson point_list(const Dataset& data) {
    OrderedJson points = OrderedJson::array();
    for (const Vec& p : data.points) {
        OrderedJson point = OrderedJson::array();
        for (double v : p) point.push_back(json_number(v));
        points.push_back(std::move(point));
    }
    return points;
}

struct JsonWriter {
    OrderedJson& out;
    bool lists = true;  // false: the light snapshot, without the lists that grow with the data
    void points(const Dataset& data) {
        if (lists) {
            out["points"] = point_list(data);
            out["labels"] = data.labels;
        }
        out["dim"] = data.dim;
    }
    void held_out(const Dataset& test, const Dataset&) {
        if (!lists) return;
        OrderedJson group = OrderedJson::object();
        group["points"] = point_list(test);
        group["labels"] = test.labels;
        out["heldOut"] = std::move(group);
    }
    template <class E>
    void name(const Key& key, const E& value) { at_path(out, key.json) = std::string(to_string(value)); }
    template <class T>
    void whole(const Key& key, const T& value, const WholeRange&) {
        if constexpr (std::is_unsigned_v<T>) {
            if (value > kMaxExactInJs) {
                at_path(out, key.json) = std::to_string(value);
                return;
            }
        }
        at_path(out, key.json) = value;
    }
    void real(const Key& key, const double& value, const RealRange&) { at_path(out, key.json) = json_number(value); }
    void label(const Key& key, const int& value) { at_path(out, key.json) = value; }
    void flag(const Key& key, const bool& value) { at_path(out, key.json) = value; }
    void text(const Key& key, const std::string& value) { at_path(out, key.json) = value; }
    void progress(const Key& key, const LessonProgress& value) {  // only once a step was checked: states stay as they were
        const std::string text = encode_lesson_progress(value);
        if (!text.empty()) at_path(out, key.json) = text;
    }
    void messages(const Key&, const WordsData& words) {
        if (!lists) return;
        out["words"]["messages"] = words.messages;
        out["words"]["labels"] = words.labels;
    }
};

}  // namespace

OrderedJson json_number(double value) { return std::isfinite(value) ? OrderedJson(value) : OrderedJson(nullptr); }

OrderedJson state_object(const WidgetState& state, bool lists) {
    OrderedJson out = OrderedJson::object();
    out["version"] = kStateVersion;
    JsonWriter writer{out, lists};
    visit_properties(state, writer);
    visit_words_properties(state, writer);
    return out;
}

namespace {

OrderedJson training_settings_object(const TrainConfig& config) {
    OrderedJson out = OrderedJson::object();
    JsonWriter writer{out};
    visit_training_settings(config, writer);
    return out;
}

}  // namespace

std::string dump_json(const OrderedJson& j) { return j.dump(-1, ' ', false, OrderedJson::error_handler_t::replace); }

// [SECTION] Public functions
std::string state_to_json(const WidgetState& state) { return dump_json(state_object(state)); }

std::string training_settings_json(const TrainConfig& config) { return dump_json(training_settings_object(config)); }

}  // namespace pl
