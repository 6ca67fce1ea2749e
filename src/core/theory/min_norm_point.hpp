// Private to theory.cpp: Wolfe's minimum-norm-point algorithm over a polytope given by its vertices.
//
// The polytope is conv{v_id}; the algorithm only needs two things from it: the vertex with a given id,
// and the id of the vertex minimising d.v for a direction d (a "linear minimisation oracle"). That is
// what lets theory.cpp run it on the difference of two class hulls (|P| * |N| vertices p - n) without
// ever listing those vertices: the best p - n in a direction is the best p minus the best n.
//
// Wolfe (1976) keeps a small "corral" of affinely independent vertices; each major cycle adds the
// vertex that most improves the current point, each minor cycle projects onto the corral's affine hull
// and drops vertices whose weight would turn negative. It is finite in exact arithmetic and the answer
// is the exact minimiser on the final corral, so it is accurate to rounding. We cap the major cycles.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/learn/vec.hpp"

namespace pl::detail {

class VertexOracle {
public:
    virtual ~VertexOracle() = default;
    virtual Vec vertex(std::size_t id) const = 0;
    virtual std::size_t minimize(const Vec& direction) const = 0;  // argmin over ids of direction . v_id
    virtual std::size_t start() const = 0;                        // a first vertex
    virtual double scale_squared() const = 0;                     // >= max |v|^2 (sets the tolerances)
};

struct MinNormPoint {
    Vec x;                             // the point of the polytope closest to the origin
    std::vector<std::size_t> corral;   // vertex ids with positive weight ...
    std::vector<double> weights;       // ... their convex weights (sum 1), x = sum weights[k] v_corral[k]
    bool converged = false;            // false: the iteration cap was reached first
    std::size_t iterations = 0;
};

MinNormPoint min_norm_point(const VertexOracle& oracle, std::size_t max_iterations);

}  // namespace pl::detail
