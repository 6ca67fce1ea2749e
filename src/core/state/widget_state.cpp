#include "core/state/widget_state.hpp"

#include "core/state/names.hpp"

namespace pl {

WidgetState default_widget_state() {
    WidgetState state;
    state.data = make_preset(Preset::Lecture4);
    state.preset = std::string(to_string(Preset::Lecture4));
    return state;
}

}  // namespace pl
