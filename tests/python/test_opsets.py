# SPDX-License-Identifier: Apache-2.0
"""Building models in Python: openvino.opsetN factory functions generated from the op table, ov.Model(...) from
nodes, Node/Output methods; models compiled on CPU and checked against numpy."""
import numpy as np
import pytest

import openvino as ov
import openvino.runtime.opset13 as ops
from openvino import _pyopenvino

# Float32 accumulation over at most a few hundred products of values in [-1, 1].
TOLERANCE = dict(rtol=1e-4, atol=1e-4)


def conv2d_reference(x, w, pads):
    """Cross-correlation NCHW x OIHW, stride 1, dilation 1, zero padding `pads` on each side."""
    x = np.pad(x, ((0, 0), (0, 0), (pads, pads), (pads, pads)))
    windows = np.lib.stride_tricks.sliding_window_view(x, w.shape[2:], axis=(2, 3))  # N C H W kh kw
    return np.einsum("nchwij,ocij->nohw", windows, w, dtype=np.float64).astype(np.float32)


def test_every_op_of_every_opset_has_a_function():
    for number in range(1, 15):
        module = getattr(ov, f"opset{number}")
        types = _pyopenvino._opset_types(f"opset{number}")
        assert types, number
        for type_name, _ in types:
            assert callable(getattr(module, ov._opsets._function_name(type_name))), (number, type_name)
    # opset14 is partial in devmux's table: the ops it shares with opset13 come from there, the new versions not.
    assert ov.opset14.add is not None and ov.opset14.max_pool._version == "opset14"
    assert ov.opset8 is ov.runtime.opset8
    assert ops is ov.opset13
    # OpenVINO's spellings of a few names the plain snake_case rule would get wrong.
    for name in ("matmul", "topk", "hswish", "prelu", "softplus", "convolution", "group_convolution", "max_pool",
                 "avg_pool", "relu", "add", "concat", "reduce_mean", "shape_of", "gather_nd", "non_max_suppression",
                 "lstm_cell", "batch_norm_inference", "read_value", "assign", "parameter", "constant", "result"):
        assert callable(getattr(ops, name)), name


def test_conv_relu_matmul_model_matches_numpy():
    rng = np.random.default_rng(26)
    weights = rng.uniform(-1, 1, (4, 3, 3, 3)).astype(np.float32)
    dense = rng.uniform(-1, 1, (4 * 6 * 6, 5)).astype(np.float32)
    bias = rng.uniform(-1, 1, (1, 5)).astype(np.float32)

    data = ops.parameter([1, 3, 6, 6], np.float32, name="data")
    conv = ops.convolution(data, ops.constant(weights), [1, 1], [1, 1], [1, 1], [1, 1], name="conv")
    relu = ops.relu(conv)
    flat = ops.reshape(relu, ops.constant(np.array([1, -1], dtype=np.int64)), special_zero=False)
    logits = ops.add(ops.matmul(flat, ops.constant(dense), False, False), ops.constant(bias), name="logits")
    probabilities = ops.softmax(logits, 1)
    model = ov.Model([ops.result(probabilities, name="probabilities")], [data], "tiny_classifier")

    assert model.get_friendly_name() == "tiny_classifier"
    assert conv.get_friendly_name() == "conv" and conv.get_type_name() == "Convolution"
    assert conv.get_output_partial_shape(0) == ov.PartialShape([1, 4, 6, 6])
    assert conv.get_output_element_type(0) == ov.Type.f32
    assert conv.get_element_type() == ov.Type.f32
    assert [p.get_friendly_name() for p in model.get_parameters()] == ["data"]
    assert len(model.get_results()) == 1 and model.get_results()[0].get_type_name() == "Result"
    assert conv.get_attributes()["strides"] == "1,1"
    assert np.array_equal(conv.input_value(1).get_node().get_data(), weights)

    compiled = ov.Core().compile_model(model, "CPU")
    x = rng.uniform(-1, 1, (1, 3, 6, 6)).astype(np.float32)
    got = compiled({0: x})[0]
    hidden = np.maximum(conv2d_reference(x, weights, 1), 0).reshape(1, -1)
    z = hidden @ dense + bias
    expected = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    np.testing.assert_allclose(got, expected, **TOLERANCE)


def test_pooling_concat_split_and_python_values_as_inputs():
    rng = np.random.default_rng(8)
    data = ops.parameter([1, 2, 4, 4], ov.Type.f32)
    pooled = ov.opset8.max_pool(data, [2, 2], [1, 1], [0, 0], [0, 0], [2, 2])
    assert pooled.get_output_size() == 2  # v8 MaxPool also gives the indices
    averaged = ov.opset1.avg_pool(data, [2, 2], [0, 0], [0, 0], [2, 2], True)
    joined = ops.concat([pooled.output(0), averaged], 1)
    halves = ops.split(ops.multiply(joined, 2), 1, 2)  # a plain number becomes an f32 Constant
    assert [o.get_partial_shape() for o in halves.outputs()] == [ov.PartialShape([1, 2, 2, 2])] * 2
    model = ov.Model([halves.output(0), halves.output(1)], [data])
    x = rng.uniform(-1, 1, (1, 2, 4, 4)).astype(np.float32)
    results = ov.compile_model(model, "CPU")(x)
    blocks = x.reshape(1, 2, 2, 2, 2, 2)
    np.testing.assert_allclose(results[0], 2 * blocks.max(axis=(3, 5)), **TOLERANCE)
    np.testing.assert_allclose(results[1], 2 * blocks.mean(axis=(3, 5)), **TOLERANCE)


def test_keyword_attributes_and_errors():
    data = ops.parameter([1, 1, 5, 5])
    filters = ops.constant(np.ones((1, 1, 3, 3), np.float32))
    same = ops.convolution(data, filters, strides=[1, 1], pads_begin=[0, 0], pads_end=[0, 0], dilations=[1, 1],
                           auto_pad="SAME_UPPER")
    assert same.get_output_partial_shape(0) == ov.PartialShape([1, 1, 5, 5])
    with pytest.raises(RuntimeError, match="has no attribute 'stride'"):
        ops.convolution(data, filters, [1, 1], [0, 0], [0, 0], [1, 1], stride=[1, 1])
    with pytest.raises(RuntimeError):  # the op's own validation: 2 dims of strides for a 2-D convolution
        ops.convolution(data, filters, [1], [0, 0], [0, 0], [1, 1])
    assert "Parameter" in repr(data)


def test_node_and_port_methods():
    data = ops.parameter(ov.PartialShape([-1, 3]), np.float32, name="x")
    node = ops.sigmoid(data)
    node.set_friendly_name("squash")
    assert node.get_friendly_name() == "squash" and node.friendly_name == "squash"
    port = node.output(0)
    assert port.get_node().get_friendly_name() == "squash"
    assert port.get_partial_shape().is_dynamic and node.outputs()[0] == port
    assert port.get_element_type() == ov.Type.f32
    # Constants take numpy's dtype unless told (as OpenVINO's do); ov.Type or a numpy dtype both work.
    assert ops.constant(1.5).get_element_type() == ov.Type.f64
    assert ops.constant([1, 2], ov.Type.i32).get_element_type() == ov.Type.i32
    assert ops.constant(np.zeros(3, np.float16)).get_output_partial_shape(0) == ov.PartialShape([3])
    assert ops.constant([[1, 2]], np.uint8).get_data().tolist() == [[1, 2]]
    # bf16 (held as uint16 bits): 1.0 is 0x3F80, and 1 + 2**-8 rounds to even, back to 1.0.
    assert ops.constant([1.0, 1.0 + 2 ** -8, -2.0], ov.Type.bf16).get_data().tolist() == [0x3F80, 0x3F80, 0xC000]
    model = ov.Model(node, [data], "dyn")
    assert model.is_dynamic() and len(model.get_ordered_ops()) == 3


def test_node_arithmetic_tensor_names_and_named_inputs():
    rng = np.random.default_rng(13)
    a, b = ops.parameter([2, 3], name="a"), ops.parameter([2, 3], name="b")
    a.output(0).get_tensor().set_names({"left"})
    b.output(0).get_tensor().add_names({"right"})
    out = (a + b) * 2.0 - a / b + (1.0 - (-b))
    assert out.get_type_name() == "Add" and out.get_output_element_type(0) == ov.Type.f32
    model = ov.Model([out], [a, b])
    assert model.input("left").get_any_name() == "left" and model.input(1).get_names() == {"right"}
    x, y = rng.uniform(0.5, 1.5, (2, 3)).astype(np.float32), rng.uniform(0.5, 1.5, (2, 3)).astype(np.float32)
    got = ov.compile_model(model, "CPU")({"left": x, "right": y})[0]
    np.testing.assert_allclose(got, (x + y) * 2 - x / y + (1 + y), **TOLERANCE)
