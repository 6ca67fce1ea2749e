#include "app/render/field_renderer.hpp"

#include "app/render/frame_damage.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "app/render/gl.hpp"
#include "app/render/gl_program.hpp"
#include "app/render/gl_texture.hpp"

namespace pl::app {

namespace {
// Restores the framebuffer and viewport the caller had (ImGui's renderer draws right after us).
struct SavedTarget {
    GLint framebuffer = 0, viewport[4] = {0, 0, 0, 0};
    SavedTarget() {
        glGetIntegerv(GL_FRAMEBUFFER_BINDING, &framebuffer);
        glGetIntegerv(GL_VIEWPORT, viewport);
    }
    ~SavedTarget() {
        glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(framebuffer));
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    }
};
}  // namespace

FieldRenderer::~FieldRenderer() {
    if (vao_) glDeleteVertexArrays(1, &vao_);
    if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
    if (texture_) glDeleteTextures(1, &texture_);
    if (records_) glDeleteTextures(1, &records_);
    if (cpu_values_) glDeleteTextures(1, &cpu_values_);
}

bool FieldRenderer::ok() {
    if (!tried_) {
        tried_ = true;
        glGenVertexArrays(1, &vao_);
        records_ = make_nearest_texture();  // the shader only uses texelFetch
        cpu_values_ = make_nearest_texture();
    }
    return error_.empty();
}

// The program of the model last uploaded; nullptr (and error_ says why) when GL refused it.
FieldProgram* FieldRenderer::program() {
    FieldPrograms& programs = programs_owner_ ? *programs_owner_->programs_ : *programs_;
    FieldProgram* program = programs.get(FieldVariant::of(packed_));
    if (!program) error_ = programs.error();
    return program;
}

bool FieldRenderer::ensure_target(int width, int height) {
    width = std::max(1, width);
    height = std::max(1, height);
    if (texture_ && width == width_ && height == height_) return true;
    if (!texture_) texture_ = make_nearest_texture();  // one texel per device pixel: the image stays exact
    if (!framebuffer_) glGenFramebuffers(1, &framebuffer_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
#ifdef __EMSCRIPTEN__
    // WebGL2 guarantees an RGBA8 texture as a complete colour attachment, and asking waits for the GPU
    // process (10-15 ms of the widget's start on a software renderer).
    const bool complete = true;
#else
    const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
#endif
    if (!complete) error_ = "the decision-field framebuffer is incomplete";
    width_ = width;
    height_ = height;
    return complete;
}

// The model's records go into the RGBA32F record texture, PL_FIELD_RECORD_TEXTURE_WIDTH texels a row
// (layout: shaders/field_contract.h, built by pack_field). A model past the contract's limits is not
// uploaded: draw() then shows values from the CPU.
void FieldRenderer::upload_records(const DecisionField& field) {
    packed_ = pack_field(field);
    if (!packed_.fits_gpu()) {
        cpu_cell_ = cpu_value_cell(packed_, width_, height_);
        notice_ = packed_.too_big_for_gpu + " Its regions are computed on the CPU" +
                  (cpu_cell_ > 1 ? ", one value per " + std::to_string(cpu_cell_) + " x " + std::to_string(cpu_cell_) + " pixels." : ".");
        return;
    }
    notice_.clear();
    const std::size_t texels = std::max<std::size_t>(1, packed_.texels_needed);
    const std::size_t rows = (texels + kRecordTextureWidth - 1) / kRecordTextureWidth;
    packed_.floats.resize(rows * kRecordTextureWidth * 4, 0.0f);
    glBindTexture(GL_TEXTURE_2D, records_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, kRecordTextureWidth, static_cast<GLsizei>(rows), 0, GL_RGBA, GL_FLOAT,
                 packed_.floats.data());
    std::vector<float>().swap(packed_.floats);  // the GPU has them now
}

// The fallback: f from DecisionField::eval at the centre of each cpu_cell_ x cpu_cell_ block of pixels
// (each pixel when the cell is 1) for the blocks of rows [first_row, first_row + row_count), plus one
// block row either side so that fwidth() at a band's edge (2x2 pixel quads) reads computed values.
void FieldRenderer::compute_cpu_values(const DecisionField& field, const FieldView& view, int first_row, int row_count) {
    const int cell = cpu_cell_;
    const int columns = (width_ + cell - 1) / cell, rows = (height_ + cell - 1) / cell;
    glBindTexture(GL_TEXTURE_2D, cpu_values_);
    if (cpu_values_width_ != columns || cpu_values_height_ != rows) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, columns, rows, 0, GL_RED, GL_FLOAT, nullptr);
        cpu_values_width_ = columns;
        cpu_values_height_ = rows;
    }
    const int first = std::max(0, first_row / cell - 1);
    const int last = std::min(rows, (first_row + row_count + cell - 1) / cell + 1);
    if (last <= first) return;
    const double centre = 0.5 * (cell - 1);  // of a block, in pixels from its first one
    std::vector<float> values(static_cast<std::size_t>(columns) * static_cast<std::size_t>(last - first));
    std::size_t i = 0;
    for (int y = first; y < last; ++y)
        for (int x = 0; x < columns; ++x)
            values[i++] = static_cast<float>(field.eval({view.data_x(x * cell + centre), view.data_y(y * cell + centre)}));
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, first, columns, last - first, GL_RED, GL_FLOAT, values.data());
}

void FieldRenderer::set_uniforms(const FieldUniformLocations& u, const FieldView& view, const FieldStyle& style, bool sign_only) {
    const PackedField& r = packed_;
    glUniform1i(u.u_kind, r.fits_gpu() ? r.kind : PL_FIELD_KIND_CPU_VALUES);
    glUniform1i(u.u_lift, r.lift);
    glUniform1i(u.u_bias, r.bias);
    glUniform1i(u.u_input_dim, r.input_dim);
    glUniform1i(u.u_weight_count, r.weight_count);
    glUniform1f(u.u_b, r.b);
    glUniform1i(u.u_record_count, r.record_count);
    glUniform1i(u.u_record_texels, r.record_texels);
    glUniform1i(u.u_cpu_cell, cpu_cell_);
    glUniform1i(u.u_kernel, r.kernel);
    glUniform4f(u.u_kernel_params, r.kernel_degree, r.kernel_coef0, r.kernel_sigma, r.kernel_gamma);
    glUniform2f(u.u_kernel_extra, r.kernel_scale, r.kernel_theta);
    glUniform2f(u.u_center, static_cast<float>(view.center_x), static_cast<float>(view.center_y));
    glUniform1f(u.u_units_per_pixel, static_cast<float>(view.units_per_pixel));
    glUniform2f(u.u_size, static_cast<float>(width_), static_cast<float>(height_));
    glUniform1f(u.u_strength_scale, style.strength_scale);
    glUniform3fv(u.u_positive, 1, style.positive);
    glUniform3fv(u.u_negative, 1, style.negative);
    glUniform3fv(u.u_background, 1, style.background);
    glUniform3fv(u.u_contour, 1, style.contour);
    glUniform1i(u.u_show_unit_contours, style.unit_contours ? 1 : 0);
    glUniform1i(u.u_sign_only, sign_only ? 1 : 0);
}

bool FieldRenderer::draw(const DecisionField& field, const FieldView& view, const FieldStyle& style, bool sign_only,
                         int first_row, int row_count, bool upload) {
    if (upload) upload_records(field);
    const FieldProgram* program = this->program();
    if (!program) return false;
    if (!packed_.fits_gpu()) compute_cpu_values(field, view, first_row, row_count >= 0 ? row_count : height_);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glViewport(0, 0, width_, height_);
    glDisable(GL_BLEND);
    if (row_count >= 0) {
        glEnable(GL_SCISSOR_TEST);  // one band of rows; the rest of the texture keeps its pixels
        glScissor(0, first_row, width_, row_count);
    } else {
        glDisable(GL_SCISSOR_TEST);
    }
    glDisable(GL_DEPTH_TEST);
    glUseProgram(program->program);
    set_uniforms(program->uniforms, view, style, sign_only);
    glActiveTexture(GL_TEXTURE0 + PL_FIELD_RECORDS_UNIT);
    glBindTexture(GL_TEXTURE_2D, records_);
    glActiveTexture(GL_TEXTURE0 + PL_FIELD_CPU_VALUES_UNIT);
    glBindTexture(GL_TEXTURE_2D, cpu_values_);
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    note_texture_written(texture_);  // the frames that show it draw it again (frame_damage.hpp)
    glBindVertexArray(0);
    glUseProgram(0);
    glActiveTexture(GL_TEXTURE0);  // ImGui's renderer binds its textures on unit 0
    glDisable(GL_SCISSOR_TEST);
    return true;
}

bool FieldRenderer::render_step(const DecisionField& field, const FieldView& view, const FieldStyle& style, bool restart,
                                double budget_ms) {
    if (!ok()) return true;
    SavedTarget saved;
    if (!ensure_target(view.width, view.height)) return true;
    if (restart) next_row_ = 0;
    if (next_row_ >= height_) return true;
    if (next_row_ == 0) upload_records(field);
    FieldProgram* program = this->program();
    if (!program) return true;
    // A band's cost is its pixels times the model's records. The GPU's speed is measured once, on the
    // first band a program paints (waiting for the GPU to finish it); later bands are sized from
    // it without waiting, since each wait would also wait for the whole previous frame and keep the
    // page from preparing the next one meanwhile.
    const double work_per_row = static_cast<double>(width_) * (static_cast<double>(packed_.record_count) + 4.0);
    int rows = height_ - next_row_;
    const bool measure = program->ms_per_work <= 0;
    unsigned char pixel[4];
    if (measure) {
        rows = std::min(rows, 8);
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);  // the work queued before is not the band's
    } else {
        rows = std::clamp(static_cast<int>(budget_ms / (program->ms_per_work * work_per_row)), 1, rows);
    }
    const auto start = std::chrono::steady_clock::now();
    if (!draw(field, view, style, false, next_row_, rows, false)) return true;
    if (measure) {
        glReadPixels(0, next_row_, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);  // wait for the GPU: honest timing
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        program->ms_per_work = std::max(ms, 0.05) / (rows * work_per_row);
    }
    next_row_ += rows;
    return next_row_ >= height_;
}

unsigned int FieldRenderer::render(const DecisionField& field, const FieldView& view, const FieldStyle& style) {
    if (!ok()) return 0;
    SavedTarget saved;
    if (!ensure_target(view.width, view.height)) return 0;
    if (!draw(field, view, style, false)) return 0;
    return texture_;
}

FieldAgreement FieldRenderer::compare_with_cpu(const DecisionField& field, const FieldView& view) {
    FieldAgreement result;
    if (!ok()) return result;
    SavedTarget saved;
    if (!ensure_target(view.width, view.height)) return result;
    FieldStyle style{};
    if (!draw(field, view, style, true)) return result;
    std::vector<unsigned char> pixels(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 4);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    // "Tiny" is relative to the field's range over the view: float32 on the GPU vs double on the CPU
    // may only disagree right at the boundary.
    double range = 0.0;
    std::vector<double> values(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_));
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
            const double f = field.eval({view.data_x(x), view.data_y(y)});
            values[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)] = f;
            if (std::isfinite(f)) range = std::max(range, std::fabs(f));
        }
    for (std::size_t i = 0; i < values.size(); ++i) {
        const bool gpu_positive = pixels[i * 4] > 127;
        const bool cpu_positive = values[i] > 0.0;
        ++result.pixels;
        if (gpu_positive) ++result.positive;
        if (gpu_positive != cpu_positive) {
            ++result.disagree;
            if (std::fabs(values[i]) > 1e-4 * std::max(range, 1e-12)) ++result.disagree_not_tiny;
        }
    }
    result.fraction = result.pixels ? 1.0 - static_cast<double>(result.disagree) / static_cast<double>(result.pixels) : 0.0;
    return result;
}

double FieldRenderer::time_render(const DecisionField& field, const FieldView& view, const FieldStyle& style, int repeats) {
    if (!ok()) return -1.0;
    SavedTarget saved;
    if (!ensure_target(view.width, view.height)) return -1.0;
    unsigned char pixel[4];
    if (!draw(field, view, style, false)) return -1.0;  // warm-up (shader compile, upload)
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < repeats; ++i) draw(field, view, style, false);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);  // waits for the GPU to finish
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return 1000.0 * seconds / std::max(1, repeats);
}

}  // namespace pl::app
