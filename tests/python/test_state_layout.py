# SPDX-License-Identifier: Apache-2.0
"""ov.Layout and openvino.layout_helpers; VariableState of a stateful model (ReadValue/Assign) built in Python."""
import numpy as np

import openvino as ov
import openvino.runtime.opset13 as ops
from openvino import layout_helpers

TOLERANCE = dict(rtol=1e-5, atol=1e-5)


def test_layout_and_helpers():
    nchw = ov.Layout("NCHW")
    assert str(nchw) == "[N,C,H,W]" and nchw == ov.Layout("[N,C,H,W]") and nchw != ov.Layout("NHWC")
    assert nchw.has_name("C") and nchw.get_index_by_name("W") == 3 and nchw.rank == 4
    assert ov.Layout().empty() and ov.Layout().is_dynamic_rank
    assert layout_helpers.has_batch(nchw) and layout_helpers.batch_idx(nchw) == 0
    assert layout_helpers.channels_idx("NHWC") == 3 and layout_helpers.height_idx("NHWC") == 1
    assert layout_helpers.width_idx("NHWC") == 2 and not layout_helpers.has_depth("NHWC")
    data = ops.parameter([1, 3, 2, 2])
    layout_helpers.set_layout(data.output(0), ov.Layout("NCHW"))
    assert layout_helpers.get_layout(data.output(0)) == nchw
    import openvino.runtime.layout_helpers as old_path
    assert old_path is layout_helpers


def accumulator_model():
    """out = state + x; state = out: the state holds the sum of every input since the last reset."""
    x = ops.parameter([1, 4], np.float32, name="x")
    initial = ops.constant(np.full((1, 4), 0.5, np.float32))
    state = ops.read_value(initial, "sum")
    total = ops.add(state, x, name="total")
    saved = ops.assign(total, "sum")
    return ov.Model(results=[ops.result(total)], sinks=[saved], parameters=[x], name="accumulator")


def test_variable_state_accumulates_resets_and_is_settable():
    rng = np.random.default_rng(2626)
    model = accumulator_model()
    assert model.get_variable_ids() == ["sum"] and len(model.get_sinks()) == 1
    request = ov.compile_model(model, "CPU").create_infer_request()
    running = np.full((1, 4), 0.5, np.float32)
    for _ in range(3):
        x = rng.uniform(-1, 1, (1, 4)).astype(np.float32)
        running = running + x
        np.testing.assert_allclose(request.infer({0: x})[0], running, **TOLERANCE)

    states = request.query_state()
    assert [s.name for s in states] == ["sum"] and states[0].get_name() == "sum"
    np.testing.assert_allclose(states[0].state.data, running, **TOLERANCE)

    chosen = rng.uniform(-1, 1, (1, 4)).astype(np.float32)
    states[0].state = ov.Tensor(chosen)
    x = rng.uniform(-1, 1, (1, 4)).astype(np.float32)
    np.testing.assert_allclose(request.infer({0: x})[0], chosen + x, **TOLERANCE)

    states[0].reset()
    np.testing.assert_allclose(request.infer({0: x})[0], 0.5 + x, **TOLERANCE)
    request.reset_state()
    np.testing.assert_allclose(request.infer({0: x})[0], 0.5 + x, **TOLERANCE)
    states[0].set_state(ov.Tensor(chosen))
    np.testing.assert_allclose(states[0].get_state().data, chosen, **TOLERANCE)


def test_a_state_outlives_its_request():
    request = ov.compile_model(accumulator_model(), "CPU").create_infer_request()
    x = np.random.default_rng(2627).uniform(-1, 1, (1, 4)).astype(np.float32)
    request.infer([x])
    state = request.query_state()[0]
    del request
    assert state.name == "sum" and state.state.shape == ov.Shape([1, 4])
    np.testing.assert_allclose(state.state.data, 0.5 + x, **TOLERANCE)
