#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compiles a model for the "GPU" alias and for HETERO, and prints which devices ran the parts
(the EXECUTION_DEVICES property, ov::execution_devices in C++): the Python twin of examples/proxy_alias
and examples/hetero_manual_affinity.

    alias_split.py MODEL.xml [PLUGINS_XML]

e.g. alias_split.py ../shared/models/squeezenet1.1-ir11/squeezenet1.1.xml build/lib/plugins-software-gpu.xml
(the software deployment: OpenCL and Vulkan drivers that run on the CPU serve "GPU", docs/deployment.md).

1. "GPU" is an alias: plugins.xml names the vendor plugins behind it; the application names no vendor.
   The model is compiled for GPU (and for each GPU.N when there are several) and the devices that run it
   are printed.
2. HETERO:GPU,CPU with manual affinity: the first half of the model's compute ops (in execution order) get
   rt_info "affinity" = GPU, the rest CPU, as one splits a model too big for one device; HETERO cuts the
   model where the affinity changes and both devices run a part.
Every compiled model runs the same seeded random input and is compared with the CPU alone. Exit code 0
when all agree, 2 when one does not."""
import sys

import numpy as np

import openvino as ov

ALIAS = "GPU"
# f32 on both sides; a model that computes in f16 on one device differs by about 1e-3.
TOLERANCE = 1e-4
STRUCTURAL = ("Parameter", "Constant", "Result")


def as_text(value):
    return ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


def random_inputs(model, seed=2024):
    rng = np.random.default_rng(seed)
    return [rng.uniform(0, 255, list(port.get_shape())).astype(port.get_element_type().to_dtype())
            for port in model.inputs]


def run(compiled, inputs):
    results = compiled.create_infer_request().infer(inputs)
    return [results[i] for i in range(len(compiled.outputs))]


def max_difference(got, expected):
    return max(float(np.max(np.abs(a.astype(np.float64) - b))) for a, b in zip(got, expected))


def set_affinity_in_two(model, first, second):
    """Compute ops by position; Constants and Parameters go with their first compute consumer and Results
    with their producer, so that weights never travel between devices."""
    ops = model.get_ordered_ops()
    compute = [op for op in ops if op.get_type_name() not in STRUCTURAL]
    affinity = {op.get_friendly_name(): (first if i < len(compute) // 2 else second) for i, op in enumerate(compute)}
    consumers = {}
    for op in compute:
        for i in range(op.get_input_size()):
            producer = op.input_value(i).get_node()
            consumers.setdefault(producer.get_friendly_name(), affinity[op.get_friendly_name()])
    for op in ops:
        name = op.get_friendly_name()
        if op.get_type_name() == "Result":
            affinity[name] = affinity[op.input_value(0).get_node().get_friendly_name()]
        elif op.get_type_name() in ("Parameter", "Constant"):
            affinity[name] = consumers.get(name, first)
        op.set_rt_info(affinity[name], "affinity")
    return sum(1 for op in compute if affinity[op.get_friendly_name()] == first), len(compute)


def main(model_path, plugins_xml=""):
    core = ov.Core(plugins_xml)
    available = core.available_devices
    print("Available devices:", ", ".join(available))
    gpus = [d for d in available if d == ALIAS or d.startswith(ALIAS + ".")]
    if not gpus:
        print(f"error: no {ALIAS} device is available", file=sys.stderr)
        return 1
    for device in gpus:
        print(f"{device}: {core.get_property(device, 'FULL_DEVICE_NAME')}\n"
              f"  served by (primary first): {as_text(core.get_property(device, 'MULTI_DEVICE_PRIORITIES'))}")

    model = core.read_model(model_path)
    inputs = random_inputs(model)
    expected = run(core.compile_model(model, "CPU"), inputs)

    targets = [ALIAS] + (gpus if len(gpus) > 1 else [])
    all_agree = True
    for target in targets:
        compiled = core.compile_model(model, target)
        outputs = run(compiled, inputs)
        difference = max_difference(outputs, expected)
        all_agree &= difference <= TOLERANCE
        print(f"Model '{model.get_friendly_name()}' compiled for {target} runs on "
              f"{as_text(compiled.get_property('EXECUTION_DEVICES'))}: top class {int(np.argmax(outputs[0]))}, "
              f"max |{target} - CPU| = {difference:.3g} ({'agrees' if difference <= TOLERANCE else 'DIFFERS'})")

    split = model.clone()
    on_first, compute = set_affinity_in_two(split, ALIAS, "CPU")
    target = f"HETERO:{ALIAS},CPU"
    compiled = core.compile_model(split, target)
    outputs = run(compiled, inputs)
    difference = max_difference(outputs, expected)
    all_agree &= difference <= TOLERANCE
    print(f"Model '{model.get_friendly_name()}' split by affinity ({on_first} of {compute} compute ops on {ALIAS}, "
          f"the rest on CPU), compiled for {target}, runs on {as_text(compiled.get_property('EXECUTION_DEVICES'))}: "
          f"top class {int(np.argmax(outputs[0]))}, max |{target} - CPU| = {difference:.3g} "
          f"({'agrees' if difference <= TOLERANCE else 'DIFFERS'})")

    print(f"Every {ALIAS} compilation agrees with CPU." if all_agree else f"A {ALIAS} compilation DIFFERS from CPU.")
    return 0 if all_agree else 2


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(1)
    sys.exit(main(*sys.argv[1:]))
