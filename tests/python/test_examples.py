# SPDX-License-Identifier: Apache-2.0
"""examples/python/classification.py (PrePostProcessor: u8 HWC image of any size -> SqueezeNet's f32 NCHW input
minus the mean): the pizza, given at the model's size and at twice it, is classified as SqueezeNet's stored
reference output says."""
import importlib.util
import pathlib

import numpy as np

from conftest import MODELS, SQUEEZENET, PIZZA_CLASS, read_f32

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python" / "classification.py"
PIZZA_BGR = MODELS / "inputs" / "pizza_1x3x227x227_nchw_bgr.f32"
LABELS = MODELS / "squeezenet1.1-ir10" / "squeezenet1.1.labels"


def run_example(image, capsys):
    spec = importlib.util.spec_from_file_location("classification_example", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    example.main(str(SQUEEZENET), str(image), str(LABELS), "CPU")
    rows = capsys.readouterr().out.splitlines()[2:]
    return [(int(row.split()[0]), float(row.split()[1])) for row in rows]


def test_classifies_the_pizza_at_the_model_size_and_resized(tmp_path, capsys, squeezenet_ref):
    reference = squeezenet_ref.reshape(-1)
    expected_top = [(int(i), float(reference[i])) for i in np.argsort(reference)[::-1][:5]]
    assert expected_top[0][0] == PIZZA_CLASS

    at_model_size = run_example(PIZZA_BGR, capsys)
    # Each pixel repeated 2x2: the linear (half-pixel) halving in the preprocessing gives the photo back exactly.
    photo = read_f32(PIZZA_BGR, (3, 227, 227)).transpose(1, 2, 0)
    doubled = tmp_path / "pizza_454x454.npy"
    np.save(doubled, np.repeat(np.repeat(photo, 2, axis=0), 2, axis=1).astype(np.uint8))
    resized = run_example(doubled, capsys)

    for got in (at_model_size, resized):
        assert [index for index, _ in got] == [index for index, _ in expected_top]
        # The shared models' README: 1e-3 is a safe tolerance against the stored references.
        np.testing.assert_allclose([p for _, p in got], [p for _, p in expected_top], rtol=1e-3, atol=1e-4)


# --- examples/python/hello_query_device.py and alias_split.py ---------------------------------------------
EXAMPLES = EXAMPLE.parent


def run_script(name, *args):
    import os
    import subprocess
    import sys
    environment = dict(os.environ, DEVMUX_PLUGINS_XML="")
    return subprocess.run([sys.executable, str(EXAMPLES / name), *map(str, args)], capture_output=True, text=True,
                          timeout=300, env=environment)


def test_hello_query_device_lists_every_property_with_its_mutability():
    import openvino as ov
    run = run_script("hello_query_device.py", "plugins-software-gpu.xml")
    assert run.returncode == 0, run.stderr
    core = ov.Core("plugins-software-gpu.xml")
    listed = {}
    device = None
    for line in run.stdout.splitlines():
        if line and not line.startswith(" ") and line not in ("Available devices:",) and "runtime" not in line:
            device = line
            listed[device] = {}
        elif line.startswith("    "):
            mutability, _, rest = line[4:].partition(": ")
            name, _, value = rest.partition(" : ")
            listed[device][name] = (mutability, value)
    assert list(listed) == core.available_devices == ["CPU", "GPU"]
    for device, properties in listed.items():
        supported = core.get_property(device, "SUPPORTED_PROPERTIES")
        assert set(properties) == set(supported) - {"SUPPORTED_PROPERTIES"}
        for name, (mutability, value) in properties.items():
            assert mutability == ("Mutable" if supported[name] == "RW" else "Immutable"), name
            assert not value.startswith("(error:"), (device, name, value)
        assert properties["FULL_DEVICE_NAME"][1] == core.get_property(device, "FULL_DEVICE_NAME")


def test_alias_split_names_the_devices_that_ran_the_parts():
    run = run_script("alias_split.py", SQUEEZENET, "plugins-software-gpu.xml")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    whole = next(line for line in lines if "compiled for GPU runs on" in line)
    split = next(line for line in lines if "split by affinity" in line)
    assert whole.split("runs on ")[1].split(":")[0] in ("OPENCL.0", "VULKAN.0", "CPU")
    assert split.split("runs on ")[1].split(":")[0] == "GPU, CPU"
    assert "(agrees)" in whole and "(agrees)" in split
    assert lines[-1] == "Every GPU compilation agrees with CPU."
