#include "core/figures/contour.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace pl::figures {

namespace {

constexpr int kBisections = 40;  // 2^-40 of a cell edge: far below any pixel

// A crossing sits on a grid edge; an edge is named by its lower-left sample and its direction.
std::uint64_t edge_key(int i, int j, bool vertical) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(i)) << 33) | (static_cast<std::uint64_t>(static_cast<std::uint32_t>(j)) << 1) |
           (vertical ? 1u : 0u);
}

struct Sampler {
    const std::function<double(double, double)>& f;
    double level;
    const ContourGrid& grid;
    int nx, ny;                 // samples across and up, the padding ring included
    int pad;                    // 1 when the border counts as outside
    double hx, hy;
    std::vector<double> values;

    double x_at(int i) const { return grid.min_x + (i - pad) * hx; }
    double y_at(int j) const { return grid.min_y + (j - pad) * hy; }
    bool padded(int i, int j) const { return pad && (i == 0 || j == 0 || i == nx - 1 || j == ny - 1); }
    double value(int i, int j) const { return values[static_cast<std::size_t>(j) * nx + i]; }
    bool inside(int i, int j) const { return value(i, j) > 0; }

    // The crossing between sample (i, j) and its neighbour along the edge, refined on f itself.
    ContourPoint crossing(int i, int j, bool vertical) const {
        const int i2 = vertical ? i : i + 1, j2 = vertical ? j + 1 : j;
        double ax = x_at(i), ay = y_at(j), bx = x_at(i2), by = y_at(j2);
        if (padded(i, j) || padded(i2, j2)) {
            // An edge to the padding ring: its crossing is put in the ring, just outside the rectangle.
            const double t = padded(i, j) ? 0.25 : 0.75;
            return {ax + (bx - ax) * t, ay + (by - ay) * t};
        }
        bool a_inside = inside(i, j);
        for (int k = 0; k < kBisections; ++k) {
            const double mx = 0.5 * (ax + bx), my = 0.5 * (ay + by);
            const bool m_inside = f(mx, my) - level > 0;
            if (m_inside == a_inside) { ax = mx; ay = my; } else { bx = mx; by = my; }
        }
        return {0.5 * (ax + bx), 0.5 * (ay + by)};
    }
};

}  // namespace

std::vector<Polyline> trace_contour(const std::function<double(double, double)>& f, double level, const ContourGrid& grid) {
    const int pad = grid.closed_regions ? 1 : 0;
    const int cx = std::max(1, grid.cells_x), cy = std::max(1, grid.cells_y);
    Sampler s{f, level, grid, cx + 1 + 2 * pad, cy + 1 + 2 * pad, pad, (grid.max_x - grid.min_x) / cx, (grid.max_y - grid.min_y) / cy, {}};
    s.values.resize(static_cast<std::size_t>(s.nx) * s.ny);
    for (int j = 0; j < s.ny; ++j)
        for (int i = 0; i < s.nx; ++i) {
            const double v = s.padded(i, j) ? -1.0 : f(s.x_at(i), s.y_at(j)) - level;
            s.values[static_cast<std::size_t>(j) * s.nx + i] = std::isfinite(v) ? v : -1.0;
        }

    // Each cell joins the crossings on its edges in pairs; a crossing is shared by the two cells beside it.
    struct Segment { std::uint64_t a, b; };
    std::vector<Segment> segments;
    std::unordered_map<std::uint64_t, ContourPoint> points;
    auto point = [&](int i, int j, bool vertical) {
        const std::uint64_t key = edge_key(i, j, vertical);
        if (!points.count(key)) points.emplace(key, s.crossing(i, j, vertical));
        return key;
    };
    for (int j = 0; j + 1 < s.ny; ++j)
        for (int i = 0; i + 1 < s.nx; ++i) {
            const int code = (s.inside(i, j) ? 1 : 0) | (s.inside(i + 1, j) ? 2 : 0) | (s.inside(i + 1, j + 1) ? 4 : 0) |
                             (s.inside(i, j + 1) ? 8 : 0);
            if (code == 0 || code == 15) continue;
            // The four edges: bottom, right, top, left.
            auto bottom = [&] { return point(i, j, false); };
            auto right = [&] { return point(i + 1, j, true); };
            auto top = [&] { return point(i, j + 1, false); };
            auto left = [&] { return point(i, j, true); };
            const bool centre_inside = 0.25 * (s.value(i, j) + s.value(i + 1, j) + s.value(i + 1, j + 1) + s.value(i, j + 1)) > 0;
            switch (code) {
                case 1: case 14: segments.push_back({left(), bottom()}); break;
                case 2: case 13: segments.push_back({bottom(), right()}); break;
                case 3: case 12: segments.push_back({left(), right()}); break;
                case 4: case 11: segments.push_back({right(), top()}); break;
                case 6: case 9: segments.push_back({bottom(), top()}); break;
                case 7: case 8: segments.push_back({left(), top()}); break;
                case 5:  // corners 0 and 2 inside: joined through the centre or apart
                    if (centre_inside) { segments.push_back({left(), top()}); segments.push_back({bottom(), right()}); }
                    else { segments.push_back({left(), bottom()}); segments.push_back({right(), top()}); }
                    break;
                case 10:  // corners 1 and 3 inside
                    if (centre_inside) { segments.push_back({left(), bottom()}); segments.push_back({right(), top()}); }
                    else { segments.push_back({bottom(), right()}); segments.push_back({left(), top()}); }
                    break;
                default: break;
            }
        }

    // Chain the segments into polylines through their shared crossings.
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> at;
    for (std::size_t k = 0; k < segments.size(); ++k) {
        at[segments[k].a].push_back(k);
        at[segments[k].b].push_back(k);
    }
    std::vector<bool> used(segments.size(), false);
    auto walk = [&](std::uint64_t from, std::size_t first, std::vector<std::uint64_t>& keys) {
        std::size_t seg = first;
        std::uint64_t here = from;
        while (true) {
            used[seg] = true;
            here = segments[seg].a == here ? segments[seg].b : segments[seg].a;
            keys.push_back(here);
            std::size_t next = segments.size();
            for (std::size_t k : at[here])
                if (!used[k]) { next = k; break; }
            if (next == segments.size()) return;
            seg = next;
        }
    };
    std::vector<Polyline> lines;
    auto emit = [&](const std::vector<std::uint64_t>& keys) {
        Polyline line;
        for (std::uint64_t key : keys) line.push_back(points.at(key));
        if (line.size() >= 2) lines.push_back(std::move(line));
    };
    // Open lines first, from their ends (crossings with one segment), then the closed loops.
    std::vector<std::uint64_t> ends;  // sorted: the same figure on every platform, whatever the hash order
    for (const auto& [key, list] : at)
        if (list.size() == 1) ends.push_back(key);
    std::sort(ends.begin(), ends.end());
    for (std::uint64_t key : ends) {
        const std::vector<std::size_t>& list = at[key];
        if (used[list[0]]) continue;
        std::vector<std::uint64_t> keys{key};
        walk(key, list[0], keys);
        emit(keys);
    }
    for (std::size_t k = 0; k < segments.size(); ++k) {
        if (used[k]) continue;
        std::vector<std::uint64_t> keys{segments[k].a};
        walk(segments[k].a, k, keys);
        emit(keys);
    }
    return lines;
}

}  // namespace pl::figures
