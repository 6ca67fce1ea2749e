// Session verbs for the test points (state().held_out): moving points between training and test,
// drawing a test set, holding out a share. Declared in session.hpp.
#include <algorithm>
#include <cmath>
#include <utility>

#include "core/session/session.hpp"
#include "core/state/names.hpp"
#include "core/theory/held_out.hpp"

namespace pl {

namespace {
void erase_at(Dataset& data, std::size_t index) {
    data.points.erase(data.points.begin() + static_cast<std::ptrdiff_t>(index));
    data.labels.erase(data.labels.begin() + static_cast<std::ptrdiff_t>(index));
}
}  // namespace

bool Session::move_to_test(std::size_t index) {
    if (!editable("marking test points") || index >= state_.data.size()) return false;
    push_undo();
    state_.held_out.dim = state_.data.dim;
    state_.held_out.add(state_.data.points[index], state_.data.labels[index]);
    erase_at(state_.data, index);
    state_.preset = "custom";
    data_changed();
    return true;
}

bool Session::move_to_training(std::size_t test_index) {
    if (!editable("marking training points") || test_index >= state_.held_out.size()) return false;
    push_undo();
    state_.data.add(state_.held_out.points[test_index], state_.held_out.labels[test_index]);
    erase_at(state_.held_out, test_index);
    state_.preset = "custom";
    data_changed();
    return true;
}

bool Session::add_test_point(const Vec& x, int label) {
    if (!editable("adding test points") || !finite_point(x) || !room_for_point()) return false;
    push_undo();
    state_.held_out.dim = state_.data.dim;
    state_.held_out.add(snapped(x), label > 0 ? 1 : -1);
    ++data_revision_;
    touch();
    return true;
}

bool Session::remove_test_point(std::size_t test_index) {
    if (!editable("removing test points") || test_index >= state_.held_out.size()) return false;
    push_undo();
    erase_at(state_.held_out, test_index);
    ++data_revision_;
    touch();
    return true;
}

bool Session::generate_test_set() {
    if (!editable("drawing a test set")) return false;
    Preset preset = Preset::Lecture4;
    if (!parse(state_.preset, preset) || !is_generated(preset)) {
        notice_ = "A test set can be drawn only for data made by a generator (circles, moons, overlap, ...), "
                  "from the same generator with a new seed. For these points, hold out a share of them instead.";
        touch();
        return false;
    }
    const std::size_t used = state_.data.size();
    const std::size_t room = kMaxPoints > used ? kMaxPoints - used : 0;
    if (room < kGeneratedPointsRange.min) {
        notice_ = "There is no room for a test set: the widget holds at most " + std::to_string(kMaxPoints) +
                  " points, training and test together.";
        touch();
        return false;
    }
    GeneratorParams params = generator_;
    params.n = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(params.n, 2)), room));
    Dataset test = make_sample(preset, params, test_set_seed(generator_.seed));
    if (test.dim != state_.data.dim) return false;  // every generator makes 2-D points; kept honest here
    push_undo();
    state_.held_out = std::move(test);
    ++data_revision_;
    touch();
    return true;
}

bool Session::hold_out_share(double share) {
    if (!editable("holding out test points")) return false;
    const std::size_t n = state_.data.size();
    if (!(share > 0.0 && share < 1.0) || n < 2) {
        notice_ = "Holding out needs at least two training points (one stays for training).";
        touch();
        return false;
    }
    const auto count = std::clamp<std::size_t>(static_cast<std::size_t>(std::llround(share * static_cast<double>(n))), 1, n - 1);
    const std::vector<std::size_t> chosen = choose_held_out(n, count, test_set_seed(state_.config.seed + n));
    push_undo();
    Dataset kept;
    kept.dim = state_.data.dim;
    state_.held_out.dim = state_.data.dim;
    std::size_t next = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (next < chosen.size() && chosen[next] == i) {
            state_.held_out.add(std::move(state_.data.points[i]), state_.data.labels[i]);
            ++next;
        } else {
            kept.add(std::move(state_.data.points[i]), state_.data.labels[i]);
        }
    }
    state_.data = std::move(kept);
    state_.preset = "custom";
    data_changed();
    return true;
}

bool Session::clear_test_set() {
    if (!editable("clearing the test points") || state_.held_out.empty()) return false;
    push_undo();
    state_.held_out.points.clear();
    state_.held_out.labels.clear();
    state_.held_out.dim = state_.data.dim;
    ++data_revision_;
    touch();
    return true;
}

}  // namespace pl
