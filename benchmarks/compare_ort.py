#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""devmux CPU against ONNX Runtime, interleaved in one run.

For every round, model and thread count, runs `devmux benchmark` and the ONNX Runtime peer's
ort_bench.js one after the other, so both see the same machine load; prints the median over rounds of
each side's median latency and the ratio devmux / ORT (below 1.0: devmux is faster).

usage: benchmarks/compare_ort.py [--build build] [--ort /tmp/ortpeer] [--rounds 5] [--iters 100]
       [--threads 1,2] [--models squeezenet,vehicle,landmarks] [--baseline OTHER_BUILD]
       [--infer-precision P] [--baseline-precision P] [--onnx]
--baseline runs a second devmux build (its bin/devmux with its lib/ first on LD_LIBRARY_PATH) in the
same rounds, so a change is measured before and after in one run. --infer-precision and
--baseline-precision pass -infer_precision (f32, f16, bf16) to each side: `--baseline build
--baseline-precision f32 --infer-precision bf16` measures bf16 and f32 of one build in one run.
--onnx makes devmux read the same ONNX file ONNX Runtime runs instead of the IR, and adds mnist (an ONNX
model with no IR: ../shared/models/mnist-onnx), so both sides run one file (docs/onnx.md, "Speed").
The ORT work folder comes from /work/shared/peers/onnxruntime/setup.sh (../shared/peers relative to the
repository root).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS_DIR = os.path.join(ROOT, "..", "shared", "models")
MODELS = {
    "squeezenet": ("squeezenet1.1-ir11/squeezenet1.1.xml", "squeezenet1.1.onnx", "[1,3,227,227]"),
    "vehicle": ("vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml",
                "vehicle-attributes-recognition-barrier-0039.onnx", "[1,3,72,72]"),
    "landmarks": ("landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml",
                  "landmarks-regression-retail-0009.onnx", "[1,3,48,48]"),
}
# ONNX-only models (--onnx): (ONNX file, SHAPE, input name).
ONNX_MODELS = {
    "mnist": (os.path.join(MODELS_DIR, "mnist-onnx", "mnist.onnx"), "[1,1,28,28]", "Input3"),
}


def devmux_median(build, xml, threads, iters, precision=None):
    cmd = [os.path.join(build, "bin", "devmux"), "benchmark", "-m", xml, "-d", "CPU", "-n", str(iters),
           "--nireq", "1", "-nthreads", str(threads)]
    if precision:
        cmd += ["-infer_precision", precision]
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.path.join(build, "lib") + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    match = re.search(r"Median:\s+([0-9.]+)", out)
    if not match:
        sys.exit("no median in devmux output:\n" + out)
    return float(match.group(1))


def ort_median(ort, onnx, shape, threads, iters, input_name="t0_0"):
    cmd = ["node", os.path.join(ort, "ort_bench.js"), os.path.join(ort, "onnx", onnx), input_name, shape,
           str(threads), str(iters)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return float(json.loads(out.strip().splitlines()[-1])["median_ms"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--ort", default="/tmp/ortpeer")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iters", type=int, default=100)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--models", help="default: all (with --onnx, mnist too)")
    parser.add_argument("--baseline", help="another devmux build folder to measure in the same rounds")
    parser.add_argument("--infer-precision", help="-infer_precision for devmux (default: the device's)")
    parser.add_argument("--baseline-precision", help="-infer_precision for the baseline")
    parser.add_argument("--onnx", action="store_true", help="devmux reads the ONNX file ORT runs, not the IR")
    args = parser.parse_args()
    threads = [int(t) for t in args.threads.split(",")]
    known = dict(MODELS)
    if args.onnx:
        known.update({name: (None, onnx, shape) for name, (onnx, shape, _) in ONNX_MODELS.items()})
    models = args.models.split(",") if args.models else list(known)
    for name in models:
        if name not in known:
            sys.exit(f"unknown model '{name}'; known: {', '.join(known)}")
    with open("/proc/loadavg") as f:
        print("load average before:", " ".join(f.read().split()[:3]))
    results = {}  # (model, threads) -> ([devmux medians], [ort medians], [baseline medians])
    for r in range(args.rounds):
        for name in models:
            xml, onnx, shape = known[name]
            input_name = ONNX_MODELS[name][2] if name in ONNX_MODELS else "t0_0"
            devmux_file = os.path.join(args.ort, "onnx", onnx) if args.onnx else os.path.join(MODELS_DIR, xml)
            for t in threads:
                d = devmux_median(args.build, devmux_file, t, args.iters, args.infer_precision)
                o = ort_median(args.ort, onnx, shape, t, args.iters, input_name)
                entry = results.setdefault((name, t), ([], [], []))
                entry[0].append(d)
                entry[1].append(o)
                line = f"round {r + 1}: {name:<10} {t} thread(s): devmux {d:8.3f} ms  ORT {o:8.3f} ms"
                if args.baseline:
                    b = devmux_median(args.baseline, devmux_file, t, args.iters,
                                      args.baseline_precision)
                    entry[2].append(b)
                    line += f"  baseline {b:8.3f} ms"
                print(line, flush=True)
    with open("/proc/loadavg") as f:
        print("load average after:", " ".join(f.read().split()[:3]))
    print(f"\nmedian over {args.rounds} rounds of per-run median latency ({args.iters} inferences each)")
    header = f"{'model':<10} {'threads':>7} {'devmux ms':>10} {'ORT ms':>10} {'devmux/ORT':>11}"
    if args.baseline:
        header += f" {'baseline ms':>12} {'baseline/ORT':>13}"
    print(header)
    for (name, t), (d, o, b) in results.items():
        dm, om = statistics.median(d), statistics.median(o)
        line = f"{name:<10} {t:>7} {dm:>10.3f} {om:>10.3f} {dm / om:>11.2f}"
        if b:
            bm = statistics.median(b)
            line += f" {bm:>12.3f} {bm / om:>13.2f}"
        print(line)


if __name__ == "__main__":
    main()
