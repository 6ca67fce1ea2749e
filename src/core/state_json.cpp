#include "state_json.hpp"

#include <nlohmann/json.hpp>

#include "names.hpp"

namespace pl {

std::string state_to_json(const WidgetState& state) {
    nlohmann::json points = nlohmann::json::array();
    for (const Vec& p : state.data.points) points.push_back(p);
    nlohmann::json out = {
        {"dim", state.data.dim},
        {"points", points},
        {"labels", state.data.labels},
        {"algorithm", std::string(to_string(state.config.algorithm))},
        {"bias", std::string(to_string(state.config.bias))},
        {"order", std::string(to_string(state.config.order))},
        {"init", std::string(to_string(state.config.init))},
        {"seed", state.config.seed},
        {"eta", state.config.eta},
        {"maxEpochs", state.config.max_epochs},
        {"lift", std::string(to_string(state.config.lift))},
        {"activeLabel", state.active_label},
    };
    return out.dump();
}

}  // namespace pl
