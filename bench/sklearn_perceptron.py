#!/usr/bin/python3
"""sklearn's Perceptron on the exact data written by `train_throughput --write-data FILE`.

Same settings as our primal perceptron run: no shuffling, eta0 = 1, no penalty, exactly max_iter
epochs (tol=None), an intercept. Prints examples visited per second (n * epochs / fit time).
Run with Debian's /usr/bin/python3 (python3-sklearn).
"""
import sys
import time

import numpy as np
from sklearn.linear_model import Perceptron


def main(path, epochs=10, repeat=5):
    with open(path, "rb") as f:
        n, dim = np.frombuffer(f.read(16), dtype="<i8")
        table = np.frombuffer(f.read(), dtype="<f8").reshape(int(n), int(dim) + 1)
    x = np.ascontiguousarray(table[:, :-1])
    y = table[:, -1].astype(np.int64)
    rates = []
    for _ in range(repeat):  # identical fits; best and median like the C++ bench
        model = Perceptron(shuffle=False, eta0=1.0, penalty=None, tol=None, max_iter=epochs, fit_intercept=True)
        start = time.perf_counter()
        model.fit(x, y)
        seconds = time.perf_counter() - start
        rates.append(int(n) * int(model.n_iter_) / seconds)
    rates.sort()
    print(f"sklearn Perceptron: n={int(n)} dim={int(dim)} epochs={model.n_iter_} fit {seconds:.3f} s, "
          f"training accuracy {model.score(x, y):.6f}")
    print(f"visits per second: best {rates[-1]:.0f}, median {rates[len(rates) // 2]:.0f}")
    print(f"RESULT visits_per_second={rates[-1]:.0f}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: sklearn_perceptron.py DATA_FILE [EPOCHS]")
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10)
