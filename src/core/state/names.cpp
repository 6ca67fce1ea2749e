// The name tables. One row per enum value: canonical name, UI label, optional aliases accepted by parse.
#include "core/state/names.hpp"

#include <array>
#include <cctype>
#include <cstddef>

namespace pl {

namespace {

template <class E>
struct NameRow {
    E value;
    std::string_view name;     // canonical, what to_string returns and every format writes
    std::string_view display;  // for people
    std::string_view aliases;  // extra spellings parse accepts, separated by spaces ("" = none)
};

constexpr std::array<NameRow<Algorithm>, 6> kAlgorithms{{
    {Algorithm::Perceptron, "perceptron", "Perceptron", "primal"},
    {Algorithm::Pocket, "pocket", "Pocket (keep the best weights)", ""},
    {Algorithm::Averaged, "averaged", "Averaged perceptron", "average"},
    {Algorithm::Voted, "voted", "Voted perceptron", ""},
    {Algorithm::Logistic, "logistic", "Logistic regression (SGD)", "sgd"},
    {Algorithm::Kernel, "kernel", "Kernel perceptron", "dual"},
}};

constexpr std::array<NameRow<BiasMode>, 3> kBiasModes{{
    {BiasMode::Absorbed, "absorbed", "absorbed: [x, 1]", ""},
    {BiasMode::Explicit, "explicit", "explicit: b += ηy", ""},
    {BiasMode::None, "none", "none: through 0", "origin"},
}};

constexpr std::array<NameRow<Order>, 2> kOrders{{
    {Order::Sequential, "sequential", "in order", "cyclic"},
    {Order::Random, "random", "shuffled each epoch", "shuffle"},
}};

constexpr std::array<NameRow<Init>, 2> kInits{{
    {Init::Zero, "zero", "w = 0", "zeros"},
    {Init::Random, "random", "random w (seeded)", ""},
}};

constexpr std::array<NameRow<LiftKind>, 5> kLifts{{
    {LiftKind::None, "none", "none: φ(x) = x", "identity"},
    {LiftKind::Product, "xy", "+ x₁x₂", "product"},
    {LiftKind::Radial, "radial", "+ x₁² + x₂²", "r2"},
    {LiftKind::Poly2, "poly2", "degree 2 (6-D)", "quadratic"},
    {LiftKind::Constant, "constant", "+ constant 1", "const"},
}};

constexpr std::array<NameRow<KernelType>, 5> kKernels{{
    {KernelType::Linear, "linear", "Linear", ""},
    {KernelType::Polynomial, "poly", "Polynomial", "polynomial"},
    {KernelType::Gaussian, "gaussian", "Gaussian", ""},
    {KernelType::Rbf, "rbf", "RBF", ""},
    {KernelType::Sigmoid, "sigmoid", "Sigmoid", "tanh"},
}};

constexpr std::array<NameRow<Preset>, 14> kPresets{{
    {Preset::And, "and", "AND (inputs ±" "1)", ""},
    {Preset::Or, "or", "OR (inputs ±" "1)", ""},
    {Preset::Nand, "nand", "NAND (inputs ±" "1)", ""},
    {Preset::Xor, "xor", "XOR (inputs ±" "1)", ""},
    {Preset::Lecture4, "lecture4", "Four lecture points", ""},
    {Preset::Bias1D, "bias1d", "1-D: needs a bias", ""},
    {Preset::SinglePoint, "single-point", "A single point", "single"},
    {Preset::SinglePointNearOrigin, "single-point-near", "A single point near the origin", ""},
    {Preset::SeparableMargin, "separable", "Separable with a margin", "margin"},
    {Preset::Circles, "circles", "Circles", ""},
    {Preset::Moons, "moons", "Moons", ""},
    {Preset::XorBlobs, "xor-blobs", "XOR blobs", ""},
    {Preset::Overlap, "overlap", "Overlapping clouds", "gaussians"},
    {Preset::Spirals, "spirals", "Spirals", ""},
}};

constexpr std::array<NameRow<EditPolicy>, 2> kEditPolicies{{
    {EditPolicy::Reset, "reset", "restart training", ""},
    {EditPolicy::Continue, "continue", "keep training", ""},
}};

constexpr std::array<NameRow<DataMode>, 2> kDataModes{{
    {DataMode::Points, "points", "Points in the plane", ""},
    {DataMode::Words, "words", "Words (spam or ham)", "text"},
}};

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

bool matches(std::string_view text, std::string_view name, std::string_view aliases) {
    if (equals_ignoring_case(text, name)) return true;
    while (!aliases.empty()) {
        const std::size_t space = aliases.find(' ');
        const std::string_view alias = aliases.substr(0, space);
        if (!alias.empty() && equals_ignoring_case(text, alias)) return true;
        if (space == std::string_view::npos) break;
        aliases.remove_prefix(space + 1);
    }
    return false;
}

template <class E, std::size_t N>
const NameRow<E>& row_of(const std::array<NameRow<E>, N>& table, E value) {
    for (const auto& row : table)
        if (row.value == value) return row;
    return table[0];  // unreachable for valid enum values
}

template <class E, std::size_t N>
bool parse_from(const std::array<NameRow<E>, N>& table, std::string_view text, E& out) {
    for (const auto& row : table)
        if (matches(text, row.name, row.aliases)) {
            out = row.value;
            return true;
        }
    return false;
}

template <class E, std::size_t N>
std::vector<E> values_of(const std::array<NameRow<E>, N>& table) {
    std::vector<E> values;
    for (const auto& row : table) values.push_back(row.value);
    return values;
}

}  // namespace

#define PL_NAME_TABLE(Enum, table)                                                              \
    std::string_view to_string(Enum value) { return row_of(table, value).name; }                \
    std::string_view display_name(Enum value) { return row_of(table, value).display; }          \
    bool parse(std::string_view text, Enum& out) { return parse_from(table, text, out); }       \
    template <>                                                                                 \
    const std::vector<Enum>& enum_values<Enum>() {                                              \
        static const std::vector<Enum> values = values_of(table);                               \
        return values;                                                                          \
    }

PL_NAME_TABLE(Algorithm, kAlgorithms)
PL_NAME_TABLE(BiasMode, kBiasModes)
PL_NAME_TABLE(Order, kOrders)
PL_NAME_TABLE(Init, kInits)
PL_NAME_TABLE(LiftKind, kLifts)
PL_NAME_TABLE(KernelType, kKernels)
PL_NAME_TABLE(Preset, kPresets)
PL_NAME_TABLE(EditPolicy, kEditPolicies)
PL_NAME_TABLE(DataMode, kDataModes)

#undef PL_NAME_TABLE

}  // namespace pl
