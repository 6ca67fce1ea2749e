#include "app/field_renderer.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/gl.hpp"
#include "app/gl_program.hpp"

namespace pl::app {

namespace {
int lift_code(LiftKind lift) {
    switch (lift) {
        case LiftKind::None: return 0;
        case LiftKind::Product: return 1;
        case LiftKind::Radial: return 2;
        case LiftKind::Poly2: return 3;
        case LiftKind::Constant: return 4;
    }
    return 0;
}
int bias_code(BiasMode bias) { return bias == BiasMode::Absorbed ? 0 : bias == BiasMode::Explicit ? 1 : 2; }
int kernel_code(KernelType type) {
    switch (type) {
        case KernelType::Linear: return 0;
        case KernelType::Polynomial: return 1;
        case KernelType::Gaussian: return 2;
        case KernelType::Rbf: return 3;
        case KernelType::Sigmoid: return 4;
    }
    return 0;
}

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
    if (program_) glDeleteProgram(program_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
    if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
    if (texture_) glDeleteTextures(1, &texture_);
    if (records_) glDeleteTextures(1, &records_);
}

bool FieldRenderer::ok() {
    if (!tried_) {
        tried_ = true;
        program_ = build_program("fullscreen", "decision_field", error_);
        if (program_) {
            glGenVertexArrays(1, &vao_);
            glGenTextures(1, &records_);
            glBindTexture(GL_TEXTURE_2D, records_);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        }
    }
    return program_ != 0;
}

bool FieldRenderer::ensure_target(int width, int height) {
    width = std::max(1, width);
    height = std::max(1, height);
    if (texture_ && width == width_ && height == height_) return true;
    if (!texture_) glGenTextures(1, &texture_);
    if (!framebuffer_) glGenFramebuffers(1, &framebuffer_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    // One texel per device pixel: nearest sampling keeps the image exact.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
    const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (!complete) error_ = "the decision-field framebuffer is incomplete";
    width_ = width;
    height_ = height;
    return complete;
}

// Kernel: one RGBA32F texel per support vector (s1, s2, alpha*y, 0).
// Voted: three texels per stored perceptron (w0..w3), (w4..w7), (b, c, 0, 0).
void FieldRenderer::upload_records(const DecisionField& field) {
    std::vector<float> data;
    int texels_per_record = 1;
    if (field.kind == DecisionField::Kind::Kernel) {
        record_count_ = static_cast<int>(std::min(field.support.size(), field.coef.size()));
        data.reserve(static_cast<std::size_t>(record_count_) * 4);
        for (int i = 0; i < record_count_; ++i) {
            const Vec& s = field.support[static_cast<std::size_t>(i)];
            data.push_back(static_cast<float>(s.empty() ? 0.0 : s[0]));
            data.push_back(static_cast<float>(s.size() > 1 ? s[1] : 0.0));
            data.push_back(static_cast<float>(field.coef[static_cast<std::size_t>(i)]));
            data.push_back(0.0f);
        }
    } else if (field.kind == DecisionField::Kind::Voted) {
        texels_per_record = 3;
        record_count_ = static_cast<int>(std::min(field.voted_w.size(), field.voted_c.size()));
        for (int k = 0; k < record_count_; ++k) {
            const auto i = static_cast<std::size_t>(k);
            for (std::size_t j = 0; j < 8; ++j) data.push_back(static_cast<float>(j < field.voted_w[i].size() ? field.voted_w[i][j] : 0.0));
            data.push_back(static_cast<float>(i < field.voted_b.size() ? field.voted_b[i] : 0.0));
            data.push_back(static_cast<float>(field.voted_c[i]));
            data.push_back(0.0f);
            data.push_back(0.0f);
        }
    } else {
        record_count_ = 0;
    }
    const int texels = std::max(1, record_count_ * texels_per_record);
    const int rows = (texels + records_width_ - 1) / records_width_;
    data.resize(static_cast<std::size_t>(rows * records_width_) * 4, 0.0f);
    glBindTexture(GL_TEXTURE_2D, records_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, records_width_, rows, 0, GL_RGBA, GL_FLOAT, data.data());
}

void FieldRenderer::draw(const DecisionField& field, const FieldView& view, const FieldStyle& style, bool sign_only,
                         int first_row, int row_count, bool upload) {
    if (upload) upload_records(field);
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
    glUseProgram(program_);
    auto loc = [&](const char* name) { return glGetUniformLocation(program_, name); };
    glUniform1i(loc("u_kind"), field.kind == DecisionField::Kind::Linear ? 0 : field.kind == DecisionField::Kind::Kernel ? 1 : 2);
    glUniform1i(loc("u_lift"), lift_code(field.lift));
    glUniform1i(loc("u_bias"), bias_code(field.bias));
    glUniform1i(loc("u_input_dim"), std::clamp(field.input_dim, 1, 2));
    float w[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (std::size_t i = 0; i < 8 && i < field.w.size(); ++i) w[i] = static_cast<float>(field.w[i]);
    glUniform1fv(loc("u_w"), 8, w);
    glUniform1i(loc("u_w_count"), static_cast<int>(std::min<std::size_t>(8, field.w.size())));
    glUniform1f(loc("u_b"), static_cast<float>(field.b));
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, records_);
    glUniform1i(loc("u_records"), 0);
    glUniform1i(loc("u_record_count"), record_count_);
    glUniform1i(loc("u_texture_width"), records_width_);
    glUniform1i(loc("u_kernel"), kernel_code(field.kernel.type));
    glUniform4f(loc("u_kernel_params"), static_cast<float>(field.kernel.degree), static_cast<float>(field.kernel.coef0),
                static_cast<float>(field.kernel.sigma), static_cast<float>(field.kernel.gamma));
    glUniform2f(loc("u_kernel_extra"), static_cast<float>(field.kernel.scale), static_cast<float>(field.kernel.theta));
    glUniform2f(loc("u_center"), static_cast<float>(view.center_x), static_cast<float>(view.center_y));
    glUniform1f(loc("u_units_per_pixel"), static_cast<float>(view.units_per_pixel));
    glUniform2f(loc("u_size"), static_cast<float>(width_), static_cast<float>(height_));
    glUniform1f(loc("u_strength_scale"), style.strength_scale);
    glUniform3fv(loc("u_positive"), 1, style.positive);
    glUniform3fv(loc("u_negative"), 1, style.negative);
    glUniform3fv(loc("u_background"), 1, style.background);
    glUniform3fv(loc("u_contour"), 1, style.contour);
    glUniform1i(loc("u_show_unit_contours"), style.unit_contours ? 1 : 0);
    glUniform1i(loc("u_sign_only"), sign_only ? 1 : 0);
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glUseProgram(0);
    glDisable(GL_SCISSOR_TEST);
}

bool FieldRenderer::render_step(const DecisionField& field, const FieldView& view, const FieldStyle& style, bool restart,
                                double budget_ms) {
    if (!ok()) return true;
    SavedTarget saved;
    if (!ensure_target(view.width, view.height)) return true;
    if (restart) next_row_ = 0;
    if (next_row_ >= height_) return true;
    int rows = height_ - next_row_;
    if (rows_per_ms_ > 0) rows = std::clamp(static_cast<int>(rows_per_ms_ * budget_ms), 1, rows);
    else rows = std::min(rows, 8);  // first band: measure
    const auto start = std::chrono::steady_clock::now();
    draw(field, view, style, false, next_row_, rows, next_row_ == 0);
    unsigned char pixel[4];
    glReadPixels(0, next_row_, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);  // wait for the GPU: honest timing
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const double speed = rows / std::max(ms, 0.05);
    rows_per_ms_ = rows_per_ms_ > 0 ? 0.5 * rows_per_ms_ + 0.5 * speed : speed;
    next_row_ += rows;
    return next_row_ >= height_;
}

unsigned int FieldRenderer::render(const DecisionField& field, const FieldView& view, const FieldStyle& style) {
    if (!ok()) return 0;
    SavedTarget saved;
    if (!ensure_target(view.width, view.height)) return 0;
    draw(field, view, style, false);
    return texture_;
}

FieldAgreement FieldRenderer::compare_with_cpu(const DecisionField& field, const FieldView& view) {
    FieldAgreement result;
    if (!ok()) return result;
    SavedTarget saved;
    if (!ensure_target(view.width, view.height)) return result;
    FieldStyle style{};
    draw(field, view, style, true);
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
            const Vec p{view.center_x + (x + 0.5 - width_ * 0.5) * view.units_per_pixel,
                        view.center_y + (y + 0.5 - height_ * 0.5) * view.units_per_pixel};
            const double f = field.eval(p);
            values[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)] = f;
            if (std::isfinite(f)) range = std::max(range, std::fabs(f));
        }
    for (std::size_t i = 0; i < values.size(); ++i) {
        const bool gpu_positive = pixels[i * 4] > 127;
        const bool cpu_positive = values[i] > 0.0;
        ++result.pixels;
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
    draw(field, view, style, false);  // warm-up (shader compile, upload)
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < repeats; ++i) draw(field, view, style, false);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);  // waits for the GPU to finish
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return 1000.0 * seconds / std::max(1, repeats);
}

}  // namespace pl::app
