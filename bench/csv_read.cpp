// Reading CSV at scale: the time parse_csv takes for files of 5, 10, 25 and 50 MB, in one run, and the
// ratio of each to the 5 MB file's time per megabyte. A linear reader keeps the ratio near 1; a
// quadratic one would double it with every doubling of the size. This used to be a timed unit test
// (`csv: a 50 MB file is read in linear time`), which failed once on a loaded machine: speed is measured
// here and printed, never asserted (tests/core/learn/test_csv.cpp keeps the correctness of the big read).
//
//   csv_read [--repeat K]     (median of K reads per size, default 3)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/learn/csv.hpp"

namespace {

using Clock = std::chrono::steady_clock;

std::string make_file(std::size_t megabytes) {
    std::string text;
    text.reserve((megabytes + 2) << 20);
    text += "x1,x2,label\n";
    const std::string rows = "1.2345678901,-2.3456789012,1\n0.0009765625,2.75,-1\n";
    while (text.size() < (megabytes << 20)) text += rows;
    return text;
}

double median_seconds(const std::string& text, int repeat, std::size_t& rows_read) {
    std::vector<double> times;
    for (int k = 0; k < repeat; ++k) {
        const Clock::time_point start = Clock::now();
        const pl::CsvResult r = pl::parse_csv(text, 10'000'000);
        times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
        if (!r.ok) { std::fprintf(stderr, "csv_read: the file was refused\n"); std::exit(1); }
        rows_read = r.data.size();
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    int repeat = 3;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--repeat") == 0) repeat = std::max(1, std::atoi(argv[i + 1]));
    std::printf("%8s %10s %10s %12s %14s\n", "size", "rows", "seconds", "MB/s", "s/MB vs 5 MB");
    double base_per_mb = 0;
    for (std::size_t mb : {5u, 10u, 25u, 50u}) {
        const std::string text = make_file(mb);
        std::size_t rows = 0;
        const double s = median_seconds(text, repeat, rows);
        const double per_mb = s / static_cast<double>(mb);
        if (base_per_mb == 0) base_per_mb = per_mb;
        std::printf("%6zu MB %10zu %10.3f %12.1f %14.2f\n", mb, rows, s, static_cast<double>(mb) / s, per_mb / base_per_mb);
    }
    return 0;
}
