// The one table of string names for every enum in config.hpp, for the presets and for EditPolicy
// (widget_state.hpp). The CLI, the link and JSON codecs and the UI combo boxes all use these, so a
// value is spelled the same everywhere.
//
//   to_string(value)        the canonical name (lower case, URL-safe: letters, digits and '-')
//   parse(text, out)        true and sets `out` when `text` is a known name or alias (case-insensitive);
//                           false and leaves `out` untouched otherwise
//   enum_values<E>()        every value of E in declaration order (for combo boxes and tests)
//   display_name(value)     a short human label for the UI, e.g. "Kernel perceptron"
//   names_list<E>()         "a|b|c", for help texts and error messages
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/base/config.hpp"
#include "core/state/widget_state.hpp"

namespace pl {

std::string_view to_string(Algorithm value);
std::string_view to_string(BiasMode value);
std::string_view to_string(Order value);
std::string_view to_string(Init value);
std::string_view to_string(LiftKind value);
std::string_view to_string(KernelType value);
std::string_view to_string(Preset value);
std::string_view to_string(EditPolicy value);
std::string_view to_string(DataMode value);

bool parse(std::string_view text, Algorithm& out);
bool parse(std::string_view text, BiasMode& out);
bool parse(std::string_view text, Order& out);
bool parse(std::string_view text, Init& out);
bool parse(std::string_view text, LiftKind& out);
bool parse(std::string_view text, KernelType& out);
bool parse(std::string_view text, Preset& out);
bool parse(std::string_view text, EditPolicy& out);
bool parse(std::string_view text, DataMode& out);

std::string_view display_name(Algorithm value);
std::string_view display_name(BiasMode value);
std::string_view display_name(Order value);
std::string_view display_name(Init value);
std::string_view display_name(LiftKind value);
std::string_view display_name(KernelType value);
std::string_view display_name(Preset value);
std::string_view display_name(EditPolicy value);
std::string_view display_name(DataMode value);

// Specialised in names.cpp for Algorithm, BiasMode, Order, Init, LiftKind, KernelType, Preset,
// EditPolicy and DataMode.
template <class E>
const std::vector<E>& enum_values();
template <> const std::vector<Algorithm>& enum_values<Algorithm>();
template <> const std::vector<BiasMode>& enum_values<BiasMode>();
template <> const std::vector<Order>& enum_values<Order>();
template <> const std::vector<Init>& enum_values<Init>();
template <> const std::vector<LiftKind>& enum_values<LiftKind>();
template <> const std::vector<KernelType>& enum_values<KernelType>();
template <> const std::vector<Preset>& enum_values<Preset>();
template <> const std::vector<EditPolicy>& enum_values<EditPolicy>();
template <> const std::vector<DataMode>& enum_values<DataMode>();

template <class E>
std::string names_list() {
    std::string out;
    for (E value : enum_values<E>()) {
        if (!out.empty()) out += '|';
        out += to_string(value);
    }
    return out;
}

}  // namespace pl
