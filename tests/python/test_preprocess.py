# SPDX-License-Identifier: Apache-2.0
"""openvino.preprocess over devmux's ov::preprocess: the built model, compiled on CPU, against numpy."""
import numpy as np
import pytest

import openvino as ov
import openvino.runtime.opset13 as ops
from openvino.preprocess import ColorFormat, PrePostProcessor, ResizeAlgorithm

# f32 arithmetic on values below 256; the f16 output rounds to 11 significant bits.
TOLERANCE = dict(rtol=1e-5, atol=1e-4)
F16_TOLERANCE = dict(rtol=1e-3, atol=1e-3)


def doubling_model(shape):
    """x -> 2 * x: an NCHW f32 model whose output shows exactly what the preprocessing fed it."""
    data = ops.parameter(shape, np.float32, name="image")
    return ov.Model([ops.multiply(data, 2.0)], [data], "doubling")


def test_u8_nhwc_to_f32_nchw_with_mean_scale_and_f16_output():
    rng = np.random.default_rng(260)
    mean, scale = [10.0, 20.0, 30.0], [2.0, 4.0, 8.0]
    ppp = PrePostProcessor(doubling_model([1, 3, 4, 5]))
    ppp.input().tensor().set_element_type(ov.Type.u8).set_layout(ov.Layout("NHWC"))
    ppp.input().preprocess().convert_element_type(ov.Type.f32).mean(mean).scale(scale)
    ppp.input().model().set_layout(ov.Layout("NCHW"))
    ppp.output().tensor().set_element_type(ov.Type.f16)
    model = ppp.build()
    assert model.input(0).get_element_type() == ov.Type.u8
    assert model.input(0).get_partial_shape() == ov.PartialShape([1, 4, 5, 3])
    assert model.output(0).get_element_type() == ov.Type.f16
    assert str(ppp)  # the steps' description prints

    image = rng.integers(0, 256, (1, 4, 5, 3), dtype=np.uint8)
    got = ov.compile_model(model, "CPU")(image)[0]
    assert got.dtype == np.float16
    expected = 2 * ((image.astype(np.float32) - mean) / scale).transpose(0, 3, 1, 2)
    np.testing.assert_allclose(got.astype(np.float32), expected, **F16_TOLERANCE)


def test_set_shape_resize_linear_and_convert_layout():
    rng = np.random.default_rng(261)
    ppp = PrePostProcessor(doubling_model([1, 3, 4, 6]))
    info = ppp.input()
    info.tensor().set_shape([1, 8, 12, 3]).set_layout("NHWC")
    info.preprocess().resize(ResizeAlgorithm.RESIZE_LINEAR).convert_layout(ov.Layout("NCHW"))
    info.model().set_layout("NCHW")
    model = ppp.build()
    assert model.input(0).get_partial_shape() == ov.PartialShape([1, 8, 12, 3])

    image = rng.uniform(0, 1, (1, 8, 12, 3)).astype(np.float32)
    got = ov.compile_model(model, "CPU")({0: image})[0]
    # Linear (half-pixel) halving of each side samples between pixels 2i and 2i+1: the mean of 2x2 blocks.
    blocks = image.reshape(1, 4, 2, 6, 2, 3).mean(axis=(2, 4))
    np.testing.assert_allclose(got, 2 * blocks.transpose(0, 3, 1, 2), **TOLERANCE)


def test_scalar_mean_scale_reverse_channels_and_custom_step():
    rng = np.random.default_rng(262)
    ppp = PrePostProcessor(doubling_model([1, 3, 2, 2]))
    ppp.input().tensor().set_layout(ov.Layout("NCHW"))
    steps = ppp.input().preprocess()
    assert steps.mean(1.0) is steps  # each step returns the same steps object, so calls chain
    steps.scale(0.5).reverse_channels().custom(lambda port: ops.relu(port))
    model = ppp.build()
    x = rng.uniform(-2, 2, (1, 3, 2, 2)).astype(np.float32)
    got = ov.compile_model(model, "CPU")(x)[0]
    np.testing.assert_allclose(got, 2 * np.maximum((x - 1.0) / 0.5, 0)[:, ::-1], **TOLERANCE)


def test_errors_are_runtime_errors_with_the_cpp_message():
    ppp = PrePostProcessor(doubling_model([1, 3, 4, 4]))
    ppp.input().preprocess().resize(ResizeAlgorithm.RESIZE_BILINEAR_PILLOW)
    ppp.input().tensor().set_layout("NCHW")
    ppp.input().model().set_layout("NCHW")
    with pytest.raises(RuntimeError, match="Pillow"):
        ppp.build()
    assert ColorFormat.BGR != ColorFormat.RGB
