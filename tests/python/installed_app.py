# SPDX-License-Identifier: Apache-2.0
"""Run by run_installed.cmake: `import openvino` from <prefix>/python classifies the pizza on CPU.
   installed_app.py PREFIX MODELS_DIR"""
import pathlib
import sys

import numpy as np

import openvino as ov

prefix, models = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2])
assert pathlib.Path(ov.__file__).resolve().is_relative_to(prefix), f"imported {ov.__file__}, not from {prefix}"
core = ov.Core()
assert "CPU" in core.available_devices, core.available_devices
compiled = core.compile_model(models / "squeezenet1.1-ir11" / "squeezenet1.1.xml", "CPU")
pizza = np.fromfile(models / "inputs" / "pizza_1x3x227x227_nchw_bgr_minus_mean.f32", np.float32)
top = int(np.argmax(compiled(pizza.reshape(1, 3, 227, 227))[0]))
assert top == 963, top
print(f"installed package {ov.__file__}: class {top}")
# The compiled model and the Core are left to the interpreter's teardown on purpose, as applications leave
# them: that unloads the CPU plugin while the OpenMP runtime it loaded may still have worker threads, which
# crashed the process at exit now and then until the plugin pinned that runtime (docs/python.md).
