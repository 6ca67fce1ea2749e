// The name tables: every enum value round-trips through to_string / parse; unknown names are rejected.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "core/state/names.hpp"

using namespace pl;

namespace {
template <class E>
void check_round_trip(std::size_t expected_count) {
    const auto& values = enum_values<E>();
    CHECK(values.size() == expected_count);
    std::set<std::string> seen;
    for (E value : values) {
        const std::string name(to_string(value));
        CAPTURE(name);
        CHECK_FALSE(name.empty());
        CHECK(seen.insert(name).second);  // names are unique
        for (char c : name) CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'));
        E parsed{};
        if (value == E{}) parsed = values.back();  // make sure parse really writes
        REQUIRE(parse(name, parsed));
        CHECK(parsed == value);
        std::string upper = name;
        for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
        E parsed_upper{};
        CHECK(parse(upper, parsed_upper));
        CHECK(parsed_upper == value);
        CHECK_FALSE(display_name(value).empty());
    }
    E untouched = values.front();
    CHECK_FALSE(parse("no-such-name", untouched));
    CHECK_FALSE(parse("", untouched));
    CHECK(untouched == values.front());
}
}  // namespace

TEST_CASE("enum names round-trip") {
    check_round_trip<Algorithm>(6);
    check_round_trip<BiasMode>(3);
    check_round_trip<Order>(2);
    check_round_trip<Init>(2);
    check_round_trip<LiftKind>(5);
    check_round_trip<KernelType>(5);
    check_round_trip<Preset>(14);
    check_round_trip<EditPolicy>(2);
}

TEST_CASE("CLI spellings and aliases") {
    KernelType k{};
    CHECK(parse("poly", k));
    CHECK(k == KernelType::Polynomial);
    CHECK(parse("polynomial", k));
    CHECK(k == KernelType::Polynomial);
    LiftKind l{};
    CHECK(parse("xy", l));
    CHECK(l == LiftKind::Product);
    CHECK(to_string(LiftKind::Product) == "xy");
    Preset p{};
    CHECK(parse("xor-blobs", p));
    CHECK(p == Preset::XorBlobs);
    CHECK(names_list<Order>() == "sequential|random");
    BiasMode b{};
    CHECK_FALSE(parse("absorbed ", b));  // no trimming: callers pass clean tokens
    EditPolicy e{};
    CHECK(parse("Continue", e));
    CHECK(e == EditPolicy::Continue);
    CHECK(names_list<EditPolicy>() == "reset|continue");
}
