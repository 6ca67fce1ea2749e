#include "app/render/field_programs.hpp"

#include "app/render/gl.hpp"
#include "app/render/gl_program.hpp"

namespace pl::app {

namespace {
FieldUniformLocations look_up(unsigned int program) {
    FieldUniformLocations locations;
#define PL_FIELD_LOOK_UP(glsl_type, name) locations.name = glGetUniformLocation(program, #name);
    PL_FIELD_UNIFORMS(PL_FIELD_LOOK_UP)
#undef PL_FIELD_LOOK_UP
    return locations;
}
}  // namespace

FieldVariant FieldVariant::of(const PackedField& packed) {
    FieldVariant v;
    if (!packed.fits_gpu()) {  // colours values computed on the CPU: no model code is read
        v.kind = PL_FIELD_KIND_CPU_VALUES;
        return v;
    }
    v.kind = packed.kind;
    v.lift = packed.lift;  // every model kind evaluates its lift on the GPU
    // The bias is read by the linear dot products (linear and voted); a kernel model's bias arrives
    // folded into b. Only the kernel model reads the kernel.
    if (v.kind != PL_FIELD_KIND_KERNEL) v.bias = packed.bias;
    if (v.kind == PL_FIELD_KIND_KERNEL) v.kernel = packed.kernel;
    return v;
}

std::string FieldVariant::defines() const {
    return "#define PL_FIELD_FIXED_KIND " + std::to_string(kind) + "\n#define PL_FIELD_FIXED_LIFT " + std::to_string(lift) +
           "\n#define PL_FIELD_FIXED_BIAS " + std::to_string(bias) + "\n#define PL_FIELD_FIXED_KERNEL " + std::to_string(kernel) + "\n";
}

FieldPrograms::~FieldPrograms() {
    for (auto& [variant, entry] : programs_)
        if (entry.program) glDeleteProgram(entry.program);
}

FieldProgram* FieldPrograms::get(const FieldVariant& variant) {
    if (const auto found = programs_.find(variant); found != programs_.end()) return &found->second;
    const std::string defines = variant.defines();
    std::string error;
    FieldProgram entry;
    entry.program = build_program("fullscreen", "decision_field", error, "field_contract", defines.c_str());
    if (!entry.program) {
        error_ = error;
        return nullptr;
    }
    entry.uniforms = look_up(entry.program);
    glUseProgram(entry.program);
    glUniform1i(entry.uniforms.u_records, PL_FIELD_RECORDS_UNIT);  // -1 (unused here) is ignored by GL
    glUniform1i(entry.uniforms.u_cpu_values, PL_FIELD_CPU_VALUES_UNIT);
    glUseProgram(0);
    return &programs_.emplace(variant, entry).first->second;
}

std::string FieldPrograms::check_contract() {
    std::string error;
    const unsigned int program = build_program("fullscreen", "decision_field", error, "field_contract");
    if (!program) return error;
#define PL_FIELD_CHECK(glsl_type, name) \
    if (glGetUniformLocation(program, #name) < 0 && error.empty()) error = "decision_field.frag does not use the contract's uniform " #name;
    PL_FIELD_UNIFORMS(PL_FIELD_CHECK)
#undef PL_FIELD_CHECK
    glDeleteProgram(program);
    return error;
}

}  // namespace pl::app
