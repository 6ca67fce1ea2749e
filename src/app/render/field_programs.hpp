// The decision-field shader (shaders/decision_field.frag) compiled once per kind of model it meets:
// the model's kind, lift, bias and kernel codes become compile-time constants, so each program holds
// only the branches that model takes. A software renderer (SwiftShader: school labs, headless browsers)
// pays for every branch it cannot rule out at every pixel; measured there (bench/field_variants.mjs),
// the line's coarse picture took 16 ms in the program that handles every model and 1 ms in its own.
// Programs are compiled on first use (a new lift or kernel costs one compile then) and kept.
#pragma once
#include <map>
#include <string>
#include <tuple>

#include "app/render/field_contract.hpp"
#include "app/render/field_packing.hpp"

namespace pl::app {

// The codes a program is built for; a code the model's kind never reads is 0, so models that differ
// only there share a program.
struct FieldVariant {
    int kind = PL_FIELD_KIND_LINEAR, lift = 0, bias = 0, kernel = 0;
    static FieldVariant of(const PackedField& packed);
    std::string defines() const;  // the "#define PL_FIELD_FIXED_..." lines
    bool operator<(const FieldVariant& o) const {
        return std::tie(kind, lift, bias, kernel) < std::tie(o.kind, o.lift, o.bias, o.kernel);
    }
};

struct FieldProgram {
    unsigned int program = 0;
    FieldUniformLocations uniforms;  // -1 for a uniform this variant does not read
    double ms_per_work = 0.0;        // measured GPU milliseconds per pixel and record (0: not yet)
};

class FieldPrograms {
public:
    FieldPrograms() = default;
    FieldPrograms(const FieldPrograms&) = delete;
    FieldPrograms& operator=(const FieldPrograms&) = delete;
    ~FieldPrograms();

    // The program for `variant`, compiled and linked on first use (sampler units set); nullptr when GL
    // refused it, with the reason in error().
    FieldProgram* get(const FieldVariant& variant);
    const std::string& error() const { return error_; }
    std::size_t compiled() const { return programs_.size(); }

    // Compiles the program that decides everything by uniforms and checks that it reads every uniform
    // of field_contract.h (the list and the shader must not drift apart). "" when it does; else why not.
    static std::string check_contract();

private:
    std::map<FieldVariant, FieldProgram> programs_;
    std::string error_;
};

}  // namespace pl::app
