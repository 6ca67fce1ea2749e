// `generate PRESET`: writes a preset or a seeded generator's points as CSV to standard output.
#include <ostream>

#include "commands.hpp"
#include "core/learn/csv.hpp"
#include "core/learn/dataset.hpp"
#include "options.hpp"

namespace pl::cli {

int run_generate(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& /*err*/) {
    const GenerateOptions options = parse_generate_options(args);
    out << write_csv(make_preset(options.preset, options.params));
    return out ? 0 : 1;
}

}  // namespace pl::cli
