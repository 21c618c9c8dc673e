#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What the Python API costs over C++ on a small model: `compiled(inputs)` (numpy in, numpy out) against
the same compiled model's same request run from C++ (infer, then each output copied out), interleaved in
one process so that both see the same machine load.

    PYTHONPATH=build/python python3 benchmarks/python_overhead.py [--model M.xml] [--device CPU]
                                                                   [--rounds 20] [--iterations 200]

Rounds alternate the order (Python first, then C++ first) so that drifts of the machine's load fall on both
sides. Reported: the median and mean per inference of each side over all rounds, the median of the per-round
ratios, and the load average before and after (os.getloadavg), since the machine may be shared.
docs/python.md ("Overhead") records the numbers."""
import argparse
import os
import pathlib
import statistics
import time

import numpy as np

import openvino as ov

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_MODEL = (pathlib.Path(os.environ.get("DEVMUX_MODELS_DIR", ROOT.parent / "shared" / "models"))
                 / "landmarks-regression-retail-0009" / "FP32" / "landmarks-regression-retail-0009.xml")


def python_block(compiled, inputs, iterations):
    timings = []
    for _ in range(iterations):
        start = time.perf_counter()
        compiled(inputs)
        timings.append((time.perf_counter() - start) * 1e6)
    return timings


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default=str(DEFAULT_MODEL))
    parser.add_argument("--device", default="CPU")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()

    load_before = os.getloadavg()
    core = ov.Core()
    compiled = core.compile_model(args.model, args.device, {"PERFORMANCE_HINT": "LATENCY"})
    rng = np.random.default_rng(2026)
    inputs = {i: rng.uniform(0, 255, list(port.get_shape())).astype(port.get_element_type().to_dtype())
              for i, port in enumerate(compiled.inputs)}
    expected = compiled(inputs)[0].copy()
    # compiled(inputs) keeps one request; the C++ side runs that same request with the same input tensors.
    native_request = compiled._request._native
    python_block(compiled, inputs, args.iterations)  # warm-up of both paths
    native_request._time_infer_from_cpp(args.iterations)
    np.testing.assert_allclose(compiled._request.get_output_tensor(0).data, expected, rtol=1e-6)

    python_all, cpp_all, ratios = [], [], []
    for round_index in range(args.rounds):
        if round_index % 2 == 0:
            py = python_block(compiled, inputs, args.iterations)
            cpp = native_request._time_infer_from_cpp(args.iterations)
        else:
            cpp = native_request._time_infer_from_cpp(args.iterations)
            py = python_block(compiled, inputs, args.iterations)
        python_all += py
        cpp_all += cpp
        ratios.append(statistics.median(py) / statistics.median(cpp))
    load_after = os.getloadavg()

    py_median, cpp_median = statistics.median(python_all), statistics.median(cpp_all)
    overhead = (py_median / cpp_median - 1) * 100
    print(f"model {pathlib.Path(args.model).name} on {args.device}, {args.rounds} rounds x {args.iterations} "
          f"inferences per side, {os.cpu_count()} CPUs")
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    print(f"C++    request.infer() + output copy: median {cpp_median:8.1f} us, mean {statistics.fmean(cpp_all):8.1f} us")
    print(f"Python compiled(inputs):              median {py_median:8.1f} us, mean {statistics.fmean(python_all):8.1f} us")
    print(f"overhead of Python: {overhead:+.1f}% (median of all), per-round median ratio "
          f"{statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f}); "
          f"absolute {py_median - cpp_median:.1f} us per inference")
    print("within 10%:", "yes" if overhead <= 10.0 else "no")


if __name__ == "__main__":
    main()
