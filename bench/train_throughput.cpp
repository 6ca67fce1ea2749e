// Primal perceptron throughput: 200,000 x 20 linearly separable points (seeded), 10 sequential
// epochs, absorbed bias, eta = 1. Prints examples visited per second.
//
//   train_throughput [--n N] [--dim D] [--epochs E] [--repeat R] [--write-data FILE]
// The 10-epoch run is repeated R times (default 5, reset() in between, identical runs); the best
// and the median rate are printed, the best one on the RESULT line.
//
// --write-data stores the exact data for bench/sklearn_perceptron.py: a little-endian header of two
// int64 (n, dim) followed by n rows of dim + 1 float64 (the coordinates, then the label +-1).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "core/learn/learner.hpp"
#include "core/learn/rng.hpp"

namespace {

pl::Dataset make_separable(std::size_t n, int dim, std::uint64_t seed) {
    pl::Rng rng(seed);
    pl::Vec w_star(static_cast<std::size_t>(dim));
    for (double& v : w_star) v = rng.normal();
    const double offset = 0.1;
    pl::Dataset data;
    data.dim = dim;
    data.points.reserve(n);
    data.labels.reserve(n);
    while (data.size() < n) {
        pl::Vec x(static_cast<std::size_t>(dim));
        for (double& v : x) v = rng.uniform(-1.0, 1.0);
        const double value = pl::dot(w_star, x) + offset;
        if (value == 0.0) continue;
        data.add(std::move(x), value > 0 ? +1 : -1);
    }
    return data;
}

bool write_data(const pl::Dataset& data, const std::string& path) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) return false;
    const std::int64_t header[2] = {static_cast<std::int64_t>(data.size()), static_cast<std::int64_t>(data.dim)};
    bool ok = std::fwrite(header, sizeof header, 1, file) == 1;
    for (std::size_t i = 0; ok && i < data.size(); ++i) {
        pl::Vec row = data.points[i];
        row.push_back(static_cast<double>(data.labels[i]));
        ok = std::fwrite(row.data(), sizeof(double), row.size(), file) == row.size();
    }
    return std::fclose(file) == 0 && ok;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t n = 200000;
    int dim = 20;
    int epochs = 10;
    int repeat = 5;
    std::string data_path;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--n")) n = std::strtoul(argv[i + 1], nullptr, 10);
        else if (!std::strcmp(argv[i], "--dim")) dim = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--epochs")) epochs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--repeat")) repeat = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--write-data")) data_path = argv[i + 1];
    }

    pl::Dataset data = make_separable(n, dim, 20240601);
    if (!data_path.empty() && !write_data(data, data_path)) {
        std::fprintf(stderr, "cannot write %s\n", data_path.c_str());
        return 1;
    }

    pl::TrainConfig config;
    config.algorithm = pl::Algorithm::Perceptron;
    config.bias = pl::BiasMode::Absorbed;
    config.order = pl::Order::Sequential;
    config.max_epochs = epochs;

    auto start = std::chrono::steady_clock::now();
    pl::Learner learner(std::move(data), config);
    const double setup_seconds = seconds_since(start);

    std::vector<double> rates;
    double train_seconds = 0.0;
    for (int r = 0; r < repeat; ++r) {
        learner.reset();
        start = std::chrono::steady_clock::now();
        for (int e = 0; e < epochs; ++e) learner.epoch();
        train_seconds = seconds_since(start);
        rates.push_back(static_cast<double>(learner.visits()) / train_seconds);
    }
    std::sort(rates.begin(), rates.end());

    const double visits = static_cast<double>(learner.visits());
    std::printf("primal perceptron: n=%zu dim=%d epochs=%zu visits=%.0f mistakes=%zu (last epoch %zu)\n", n, dim,
                learner.epochs_completed(), visits, learner.mistakes(),
                learner.mistakes_per_epoch().empty() ? std::size_t{0} : learner.mistakes_per_epoch().back());
    std::printf("setup (copy + features) %.3f s, training (last of %d runs) %.3f s, training accuracy %.6f\n",
                setup_seconds, repeat, train_seconds, learner.training_accuracy());
    std::printf("visits per second: best %.0f, median %.0f\n", rates.back(), rates[rates.size() / 2]);
    std::printf("RESULT visits_per_second=%.0f\n", rates.back());
    return 0;
}
