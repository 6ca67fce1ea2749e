// The level set f(x) = level of a function on a rectangle, as polylines: marching squares over a grid
// of samples, each crossing refined by bisection along its cell edge so every vertex lies on the level
// to a tiny fraction of a grid cell (the figures' boundary for kernels and lifts). Std only.
#pragma once
#include <functional>
#include <vector>

namespace pl::figures {

struct ContourPoint { double x = 0, y = 0; };
using Polyline = std::vector<ContourPoint>;

struct ContourGrid {
    double min_x = 0, min_y = 0, max_x = 1, max_y = 1;  // the rectangle, in the function's coordinates
    int cells_x = 64, cells_y = 64;                     // cells across and up
    // Closed loops around every region where f > level: the rectangle's border counts as outside,
    // so a region cut by the border is closed along a thin ring just outside it (clip it away).
    bool closed_regions = false;
};

// f is called once per grid sample and about 30 times per crossing (the bisection).
std::vector<Polyline> trace_contour(const std::function<double(double, double)>& f, double level, const ContourGrid& grid);

}  // namespace pl::figures
