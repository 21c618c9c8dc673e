# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures of the openvino Python package's tests: the real models of ../shared/models."""
import os
import pathlib

import numpy as np
import pytest

MODELS = pathlib.Path(os.environ.get("DEVMUX_MODELS_DIR",
                                     pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "models"))
SQUEEZENET = MODELS / "squeezenet1.1-ir11" / "squeezenet1.1.xml"
# This IR has no built-in mean: its input is the photo minus (104, 117, 123), as in tests/cpu.
PIZZA = MODELS / "inputs" / "pizza_1x3x227x227_nchw_bgr_minus_mean.f32"
SQUEEZENET_REF = MODELS / "squeezenet1.1-ir11" / "ref" / "squeezenet1.1.output.prob_sink_port_0.f32"
PIZZA_CLASS = 963


def read_f32(path, shape):
    return np.fromfile(path, dtype="<f4").reshape(shape)


@pytest.fixture(scope="session")
def pizza():
    return read_f32(PIZZA, (1, 3, 227, 227))


@pytest.fixture(scope="session")
def squeezenet_ref():
    return read_f32(SQUEEZENET_REF, (1, 1000, 1, 1))


@pytest.fixture(scope="session")
def core():
    import openvino as ov
    return ov.Core()


@pytest.fixture(scope="session")
def squeezenet_cpu(core):
    return core.compile_model(str(SQUEEZENET), "CPU")
