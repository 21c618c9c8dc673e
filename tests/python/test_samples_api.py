# SPDX-License-Identifier: Apache-2.0
"""What OpenVINO's own Python samples use beyond the basics (docs/python.md, "OpenVINO's Python samples"):
InferRequest.latency (throughput_benchmark), openvino.op and ov.set_batch (model_creation_sample),
opset1.max_pool in OpenVINO's argument order, SUPPORTED_PROPERTIES as a dict (hello_query_device), a script
that ends with runs in flight; and ov.serialize / ov.save_model and rt_info."""
import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import openvino as ov
from openvino import op, opset1, opset8
from conftest import SQUEEZENET

RNG_SEED = 26


def elapsed_ms(start):
    return (time.perf_counter() - start) * 1e3


# --- InferRequest.latency ------------------------------------------------------------------------------
def test_latency_of_infer_lies_within_the_call(squeezenet_cpu, pizza):
    request = squeezenet_cpu.create_infer_request()
    assert request.latency == 0.0  # nothing ran yet
    for _ in range(3):
        start = time.perf_counter()
        request.infer({0: pizza})
        outer = elapsed_ms(start)
        # Measured inside the call on the same monotonic clock: positive and never more than the call took.
        assert 0.0 < request.latency <= outer + 1e-3


def test_latency_of_async_run_is_taken_before_the_callback(squeezenet_cpu, pizza):
    request = squeezenet_cpu.create_infer_request()
    seen = []
    request.set_callback(lambda userdata: seen.append((userdata, request.latency)), "tag")
    start = time.perf_counter()
    request.start_async({0: pizza})
    request.wait()
    outer = elapsed_ms(start)
    assert len(seen) == 1 and seen[0][0] == "tag"
    assert 0.0 < seen[0][1] == request.latency <= outer + 1e-3


def test_latency_in_async_infer_queue(core):
    compiled = core.compile_model(SQUEEZENET, "CPU", {"PERFORMANCE_HINT": "THROUGHPUT"})
    queue = ov.AsyncInferQueue(compiled, 2)
    data = np.random.default_rng(RNG_SEED).uniform(-100, 100, (1, 3, 227, 227)).astype(np.float32)
    start = time.perf_counter()
    for _ in range(4):
        queue.start_async({0: data})
    queue.wait_all()
    outer = elapsed_ms(start)
    assert all(0.0 < request.latency <= outer + 1e-3 for request in queue)


# --- exiting with runs in flight -----------------------------------------------------------------------
EXIT_SCRIPT = textwrap.dedent("""
    import sys
    import openvino as ov
    core = ov.Core()
    compiled = core.compile_model(sys.argv[1], "CPU", {"PERFORMANCE_HINT": "THROUGHPUT"})
    queue = ov.AsyncInferQueue(compiled, 2)
    # One write per line: two callbacks may run at once on the device threads.
    queue.set_callback(lambda request, userdata: sys.stdout.write(f"done {userdata}\\n"))
    request = compiled.create_infer_request()
    request.set_callback(lambda userdata: None)
    for index in range(2):
        queue.start_async(userdata=index)
    request.start_async()
    if sys.argv[2] == "raise":
        raise RuntimeError("the application failed with runs in flight")
    sys.exit(3)
""")


@pytest.mark.parametrize("ending, code", [("exit", 3), ("raise", 1)])
def test_script_ending_with_runs_in_flight_exits_cleanly(tmp_path, ending, code):
    # Before the exit handler, a device thread that entered Python for a callback while the interpreter
    # finalized was ended by it and the process aborted ("FATAL: exception not rethrown"), every time.
    script = tmp_path / "exit_in_flight.py"
    script.write_text(EXIT_SCRIPT)
    for _ in range(3):
        run = subprocess.run([sys.executable, str(script), str(SQUEEZENET), ending], capture_output=True,
                             text=True, timeout=300, env=dict(os.environ))
        assert run.returncode == code, run.stderr
        assert "FATAL" not in run.stderr
        # The runs in flight finished, their callbacks included, before the interpreter went.
        assert sorted(run.stdout.split("\n")[:2]) == ["done 0", "done 1"], run.stdout


# --- openvino.op, ov.set_batch, opset1.max_pool (model_creation_sample) -------------------------------------
def test_op_classes_make_nodes():
    parameter = op.Parameter(ov.Type.f32, ov.Shape([2, 3]))
    values = np.random.default_rng(RNG_SEED).normal(size=6).astype(np.float32)
    weights = op.Constant(ov.Type.f32, ov.Shape([2, 3]), values.tolist())
    shape = op.Constant(ov.Type.i64, ov.Shape([2]), np.array([0, -1], np.int64))
    assert isinstance(parameter, op.Parameter) and not isinstance(parameter, op.Constant)
    assert isinstance(weights, op.Constant) and isinstance(weights, ov.Node)
    np.testing.assert_array_equal(weights.get_data(), values.reshape(2, 3))
    assert shape.get_element_type() == ov.Type.i64
    assert op.Constant(ov.Type.f32, ov.Shape([2, 2]), [1.5]).get_data().tolist() == [[1.5, 1.5], [1.5, 1.5]]
    with pytest.raises(ValueError, match="needs 6 values"):
        op.Constant(ov.Type.f32, ov.Shape([2, 3]), [1.0, 2.0])

    add = opset8.add(parameter, weights)
    model = ov.Model(opset8.reshape(add, shape, True), [parameter], "ops")
    x = np.random.default_rng(RNG_SEED + 1).normal(size=(2, 3)).astype(np.float32)
    got = ov.Core().compile_model(model, "CPU")({0: x})[0]
    np.testing.assert_allclose(got, x + values.reshape(2, 3), rtol=1e-6)
    assert isinstance(op.Result(add), op.Result)


def test_opset1_max_pool_takes_openvino_order():
    # max_pool(data, strides, pads_begin, pads_end, kernel_shape, rounding_type): 'ceil' keeps the last row
    # and column of a 5x5 input.
    data = op.Parameter(ov.Type.f32, ov.Shape([1, 2, 5, 5]))
    pool = opset1.max_pool(data, [2, 2], [0, 0], [0, 0], [2, 2], "ceil")
    assert list(pool.get_output_shape(0)) == [1, 2, 3, 3]
    x = np.random.default_rng(RNG_SEED).normal(size=(1, 2, 5, 5)).astype(np.float32)
    padded = np.full((1, 2, 6, 6), -np.inf, np.float32)
    padded[:, :, :5, :5] = x
    expected = padded.reshape(1, 2, 3, 2, 3, 2).max(axis=(3, 5))
    got = ov.Core().compile_model(ov.Model(pool, [data]), "CPU")({0: x})[0]
    np.testing.assert_array_equal(got, expected)


def test_set_batch_and_get_batch(core, pizza):
    model = core.read_model(SQUEEZENET)
    with pytest.raises(RuntimeError):
        ov.get_batch(model)  # no input has a layout yet
    ov.layout_helpers.set_layout(model.input(), ov.Layout("NCHW"))
    ov.set_batch(model, 3)
    assert list(model.input().get_shape()) == [3, 3, 227, 227]
    assert ov.get_batch(model) == ov.Dimension(3)
    batch = np.concatenate([pizza, np.random.default_rng(RNG_SEED).uniform(-100, 100, (2, 3, 227, 227))
                            .astype(np.float32)])
    got = core.compile_model(model, "CPU")({0: batch})[0]
    one = core.compile_model(SQUEEZENET, "CPU")
    for i in range(3):
        np.testing.assert_allclose(got[i:i + 1], one({0: batch[i:i + 1]})[0], rtol=1e-4, atol=1e-6)


def test_supported_properties_is_a_dict_of_mutability(core):
    supported = core.get_property("CPU", "SUPPORTED_PROPERTIES")
    assert isinstance(supported, dict)
    assert supported["FULL_DEVICE_NAME"] == "RO"
    assert supported["PERFORMANCE_HINT"] == "RW"
    assert set(supported.values()) == {"RO", "RW"}


# --- ov.serialize / ov.save_model ----------------------------------------------------------------------
def small_conv_model():
    rng = np.random.default_rng(RNG_SEED)
    data = opset8.parameter([1, 3, 8, 8], np.float32, name="data")
    weights = rng.normal(size=(4, 3, 3, 3)).astype(np.float32)
    conv = opset8.convolution(data, opset8.constant(weights), [1, 1], [1, 1], [1, 1], [1, 1])
    model = ov.Model(opset8.relu(conv), [data], "small_conv")
    return model, weights


def reference_conv_relu(x, weights):
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(2, 3))
    return np.maximum(np.einsum("nchwij,ocij->nohw", windows, weights), 0)


def test_serialize_round_trip(tmp_path, core):
    model, weights = small_conv_model()
    ov.serialize(model, tmp_path / "m.xml")  # a pathlib path; the .bin beside it
    assert (tmp_path / "m.bin").stat().st_size == weights.nbytes
    ov.serialize(model, str(tmp_path / "n.xml"), str(tmp_path / "weights.bin"))
    assert (tmp_path / "weights.bin").exists()
    x = np.random.default_rng(RNG_SEED + 1).normal(size=(1, 3, 8, 8)).astype(np.float32)
    got = core.compile_model(core.read_model(tmp_path / "m.xml"), "CPU")({0: x})[0]
    np.testing.assert_allclose(got, reference_conv_relu(x, weights), rtol=1e-4, atol=1e-4)
    with pytest.raises(RuntimeError, match="IR version 11"):
        ov.serialize(model, tmp_path / "old.xml", version="IR_V10")


def test_serialize_real_model_keeps_its_answer(tmp_path, core, pizza, squeezenet_cpu):
    ov.serialize(core.read_model(SQUEEZENET), tmp_path / "squeezenet.xml")
    again = core.compile_model(tmp_path / "squeezenet.xml", "CPU")({0: pizza})[0]
    np.testing.assert_array_equal(again, squeezenet_cpu({0: pizza})[0])


def test_save_model_compresses_weights_to_f16(tmp_path, core):
    model, weights = small_conv_model()
    ov.save_model(model, tmp_path / "f16.xml")
    ov.save_model(model, tmp_path / "f32.xml", compress_to_fp16=False)
    assert (tmp_path / "f32.bin").stat().st_size == weights.nbytes
    assert (tmp_path / "f16.bin").stat().st_size == weights.nbytes // 2
    saved = core.read_model(tmp_path / "f16.xml")
    assert "Convert" in [node.get_type_name() for node in saved.get_ordered_ops()]
    x = np.random.default_rng(RNG_SEED + 2).normal(size=(1, 3, 8, 8)).astype(np.float32)
    got = core.compile_model(saved, "CPU")({0: x})[0]
    rounded = weights.astype(np.float16).astype(np.float32)
    np.testing.assert_allclose(got, reference_conv_relu(x, rounded), rtol=1e-4, atol=1e-4)


# --- rt_info -------------------------------------------------------------------------------------------
def test_model_and_node_rt_info():
    model, _ = small_conv_model()
    model.set_rt_info("yes", ["conversion", "checked"])
    model.set_rt_info(3, "count")
    assert model.has_rt_info(["conversion", "checked"]) and not model.has_rt_info(["conversion", "other"])
    assert model.get_rt_info(["conversion", "checked"]) == "yes"
    assert model.get_rt_info("count") == 3
    assert model.get_rt_info()["conversion"] == {"checked": "yes"}
    with pytest.raises(KeyError, match="conversion/other"):
        model.get_rt_info(["conversion", "other"])
    node = model.get_ordered_ops()[0]
    node.set_rt_info("CPU", "affinity")
    assert node.get_rt_info("affinity") == "CPU" and node.get_rt_info()["affinity"] == "CPU"
