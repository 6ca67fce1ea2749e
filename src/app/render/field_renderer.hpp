// Paints the learned decision function at every device pixel of the canvas with the GLSL shader in
// shaders/decision_field.frag, into a texture that the canvas shows with ImGui::Image under the points.
// The texture is only re-rendered when the model, the view or the colours change, so an expensive
// field (thousands of support vectors) costs one pass per change, not one per frame.
// The model reaches the shader as codes compiled into a program for its kind (field_programs.hpp),
// scalars in uniforms and records in a float texture (weights, support vectors, voted perceptrons of any length; layout in
// shaders/field_contract.h). A model past the contract's limits is evaluated on the CPU instead
// (DecisionField::eval, band by band; one value per block of pixels when a value per pixel would take
// more than about a second) and coloured by the same shader; notice() says so.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "app/render/field_contract.hpp"
#include "app/render/field_packing.hpp"
#include "app/render/field_programs.hpp"
#include "core/learn/decision_field.hpp"

namespace pl::app {

struct FieldView {
    double center_x = 0, center_y = 0;  // data coordinates at the middle of the canvas
    double units_per_pixel = 0.01;      // data units per *device* pixel
    int width = 1, height = 1;          // canvas size in device pixels
    // Data coordinates of the centre of a pixel (column from the left, row from the bottom), as the
    // shader computes them.
    double data_x(double column) const { return center_x + (column + 0.5 - width * 0.5) * units_per_pixel; }
    double data_y(double row) const { return center_y + (row + 0.5 - height * 0.5) * units_per_pixel; }
    bool operator==(const FieldView& o) const {
        return center_x == o.center_x && center_y == o.center_y && units_per_pixel == o.units_per_pixel &&
               width == o.width && height == o.height;
    }
};

struct FieldStyle {
    float positive[3], negative[3], background[3], contour[3];
    float strength_scale = 1.0f;  // |f| that gets full colour (the legend's end)
    bool unit_contours = false;   // also draw f = +1 and f = -1
};

struct FieldAgreement {
    std::size_t pixels = 0, disagree = 0;
    std::size_t positive = 0;           // pixels the GPU painted f > 0
    std::size_t disagree_not_tiny = 0;  // sign differs although |f| is not tiny relative to its range
    double fraction = 0.0;              // pixels where GPU and CPU signs agree
};

class FieldRenderer {
public:
    FieldRenderer() = default;
    FieldRenderer(const FieldRenderer&) = delete;
    FieldRenderer& operator=(const FieldRenderer&) = delete;
    ~FieldRenderer();

    bool ok();                           // false once GL refused a program (error() says why)
    // Use `owner`'s programs instead of compiling its own (a shader compiles in tens of ms on a software
    // renderer: a second renderer of the same field must not freeze a frame for it). owner outlives this.
    void share_programs_of(FieldRenderer& owner) { programs_owner_ = &owner; }
    const std::string& error() const { return error_; }
    // Empty while the GPU evaluates the model; otherwise a sentence for the user saying why the regions
    // come from the CPU (the model needs more texels than the record texture holds).
    const std::string& notice() const { return notice_; }
    // Renders into the texture; returns its GL name (0 on failure).
    unsigned int render(const DecisionField& field, const FieldView& view, const FieldStyle& style);
    // Progressive rendering for expensive fields: call every frame with the same inputs; each call
    // paints the next band of rows, sized so one call takes about `budget_ms` of GPU time (measured,
    // so a fast GPU paints everything at once and a software renderer spreads it over frames).
    // restart: the inputs changed, start again from the first row. Returns true when complete.
    bool render_step(const DecisionField& field, const FieldView& view, const FieldStyle& style, bool restart,
                     double budget_ms);
    unsigned int texture() const { return texture_; }
    // Sign-only render, read back, compare with DecisionField::eval at every pixel centre.
    FieldAgreement compare_with_cpu(const DecisionField& field, const FieldView& view);
    // Renders `repeats` times and waits for the GPU; returns milliseconds per frame (benchmarks).
    double time_render(const DecisionField& field, const FieldView& view, const FieldStyle& style, int repeats);

private:
    bool ensure_target(int width, int height);
    void upload_records(const DecisionField& field);
    void compute_cpu_values(const DecisionField& field, const FieldView& view, int first_row, int row_count);
    FieldProgram* program();
    void set_uniforms(const FieldUniformLocations& u, const FieldView& view, const FieldStyle& style, bool sign_only);
    bool draw(const DecisionField& field, const FieldView& view, const FieldStyle& style, bool sign_only,
              int first_row = 0, int row_count = -1, bool upload = true);

    unsigned int vao_ = 0, framebuffer_ = 0, texture_ = 0, records_ = 0, cpu_values_ = 0;
    std::unique_ptr<FieldPrograms> programs_ = std::make_unique<FieldPrograms>();
    PackedField packed_;           // the model last uploaded (its floats are released after the upload)
    int width_ = 0, height_ = 0;
    int cpu_cell_ = 1;              // CPU values: one per cpu_cell_ x cpu_cell_ pixels
    int cpu_values_width_ = 0, cpu_values_height_ = 0;
    std::string notice_;
    int next_row_ = 0;             // progressive rendering: first row not painted yet
    bool tried_ = false;
    FieldRenderer* programs_owner_ = nullptr;
    std::string error_;
};

}  // namespace pl::app
