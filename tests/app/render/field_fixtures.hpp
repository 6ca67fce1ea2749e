// Decision fields with known content for the GPU-vs-CPU checks (field_check) and the packing tests.
// Test data only: nothing here ships in the app.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/learn/decision_field.hpp"

namespace pl::test {

struct NamedField {
    std::string name;
    DecisionField field;
};

// One field per case the shader handles, with fixed numbers so failures are reproducible:
// linear (every bias mode and lift), every kernel, voted, on 2-D data.
std::vector<NamedField> reference_fields();
// Fields with more than 8 weights or more than 2 input coordinates: 1-D data, the degree-2 lift with
// an explicit or absorbed bias, 10-D and 16-D data seen on the canvas plane (x1, x2, 0, ..., 0), kernels
// over 10-D support vectors, and what the learners produce from 10-D and 16-D data (a voted perceptron
// with many vectors among them).
std::vector<NamedField> wide_fields();
// A voted perceptron on 2-D data with `count` stored perceptrons (absorbed bias, records of 5 floats,
// 2 texels), for the limit of a GPU pass: count - 1 lines x1 + 0.5 x2 = a_k with one vote each, then
// x2 = 0.5 with (count - 1) / 2 votes. Boundary: x1 + 0.5 x2 = -0.7 above x2 = 0.5, = 1.3 below.
DecisionField many_voted_vectors(std::size_t count);

}  // namespace pl::test
