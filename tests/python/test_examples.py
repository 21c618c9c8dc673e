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
