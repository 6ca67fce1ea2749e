#include "app/load_state.hpp"

#include "app/app.hpp"
#include "core/state_codec.hpp"
#include "core/state_json.hpp"

namespace pl::app {

std::string load_into(App& app, std::string_view text) {
    std::size_t first = 0;
    while (first < text.size() && (text[first] == ' ' || text[first] == '\n' || text[first] == '\t' || text[first] == '\r')) ++first;
    const bool json = first < text.size() && text[first] == '{';
    const DecodeResult decoded = json ? state_from_json(text) : decode_fragment(text);
    Session& session = app.session();
    if (!decoded.ok) {
        const std::string message = (json ? "This state file could not be loaded: " : "This link could not be opened: ") + decoded.error +
                                    " The widget kept its current state.";
        session.set_notice(message);
        return message;
    }
    app.run().running = false;
    session.load_state(decoded.state);
    if (!decoded.warnings.empty()) {
        std::string note = "Loaded, with notes:";
        for (const std::string& w : decoded.warnings) note += " " + w;
        session.set_notice(note);
    } else {
        session.clear_notice();
    }
    return {};
}

}  // namespace pl::app
