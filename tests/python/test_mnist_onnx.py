# SPDX-License-Identifier: Apache-2.0
"""read_model of an .onnx file (the ONNX frontend, docs/onnx.md): MNIST against its stored references."""
import os

import numpy as np
import pytest

from conftest import MODELS, read_f32

pytestmark = pytest.mark.skipif(os.environ.get("DEVMUX_ENABLE_ONNX", "ON").upper() in ("OFF", "0", "FALSE", ""),
                                reason="the ONNX frontend is not built")

MNIST = MODELS / "mnist-onnx"
CASES = {"digit1_0to1": 1, "digit1_0to255": 1, "digit7_0to255": 7}


@pytest.mark.parametrize("case", sorted(CASES))
def test_mnist_onnx(case, core):
    compiled = core.compile_model(core.read_model(MNIST / "mnist.onnx"), "CPU")
    image = read_f32(MNIST / "ref" / f"mnist.input.Input3.{case}.f32", (1, 1, 28, 28))
    expected = read_f32(MNIST / "ref" / f"mnist.output.{case}.Plus214_Output_0.f32", (1, 10))
    scores = compiled({0: image})[compiled.output(0)]
    assert scores.shape == (1, 10)
    np.testing.assert_allclose(scores, expected, rtol=1e-3, atol=1e-3)
    assert int(np.argmax(scores)) == CASES[case]
    assert compiled.input(0).get_any_name() == "Input3"
