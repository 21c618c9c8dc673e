# SPDX-License-Identifier: Apache-2.0
"""InferRequest.profiling_info / get_profiling_info(): lists of ov.ProfilingInfo, as OpenVINO's Python API
returns them, on SqueezeNet compiled for CPU with and without profiling."""
import contextlib
import datetime
import io

import numpy as np
import pytest

import openvino as ov
import openvino.properties as props
from conftest import SQUEEZENET

Status = ov.ProfilingInfo.Status


@pytest.fixture(scope="module")
def model(core):
    return core.read_model(SQUEEZENET)


@pytest.fixture(scope="module")
def profiled(core, model):
    return core.compile_model(model, "CPU", {props.enable_profiling: True})


@pytest.fixture()
def image():
    # Fresh seeded input for each test: profiling must not depend on what the data is.
    return np.random.default_rng(20261127).standard_normal((1, 3, 227, 227)).astype(np.float32)


def op_names(model):
    return {op.get_friendly_name() for op in model.get_ordered_ops()}


def check_records(records, compiled, model):
    assert isinstance(records, list) and records
    known = op_names(compiled.get_runtime_model()) | op_names(model)
    for info in records:
        assert isinstance(info, ov.ProfilingInfo)
        assert isinstance(info.node_name, str) and info.node_name in known, info.node_name
        assert isinstance(info.node_type, str) and info.node_type
        assert isinstance(info.exec_type, str)
        assert isinstance(info.real_time, datetime.timedelta) and info.real_time >= datetime.timedelta(0)
        assert isinstance(info.cpu_time, datetime.timedelta) and info.cpu_time >= datetime.timedelta(0)
        assert isinstance(info.status, Status)
    executed = [info for info in records if info.status == Status.EXECUTED]
    assert any(info.real_time > datetime.timedelta(0) for info in executed), records


def test_records_after_infer(profiled, model, image):
    request = profiled.create_infer_request()
    request.infer({0: image})
    check_records(request.profiling_info, profiled, model)
    by_method = request.get_profiling_info()
    check_records(by_method, profiled, model)
    assert [info.node_name for info in by_method] == [info.node_name for info in request.profiling_info]


def test_records_with_perf_count_key(core, model, image):
    compiled = core.compile_model(model, "CPU", {"PERF_COUNT": True})
    request = compiled.create_infer_request()
    request.infer(image)
    check_records(request.get_profiling_info(), compiled, model)


def test_records_after_async_run(profiled, model, image):
    request = profiled.create_infer_request()
    request.start_async({0: image})
    request.wait()
    check_records(request.profiling_info, profiled, model)


def test_records_of_async_infer_queue_requests(profiled, model, image):
    queue = ov.AsyncInferQueue(profiled, 2)
    for _ in range(len(queue)):
        queue.start_async({0: image})
    queue.wait_all()
    for request in queue:
        check_records(request.profiling_info, profiled, model)


def test_empty_without_profiling(core, model, image):
    compiled = core.compile_model(model, "CPU")
    request = compiled.create_infer_request()
    request.infer(image)
    assert request.profiling_info == []
    assert request.get_profiling_info() == []
    disabled = core.compile_model(model, "CPU", {props.enable_profiling: False})
    request = disabled.create_infer_request()
    request.infer(image)
    assert request.profiling_info == []


def test_program_written_for_openvino_runs_unchanged(profiled, image):
    request = profiled.create_infer_request()
    request.infer(image)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for pi in request.profiling_info:
            print(pi.node_name, pi.node_type, pi.real_time.total_seconds(), pi.status)
    lines = printed.getvalue().splitlines()
    assert len(lines) == len(request.profiling_info)
    first = request.profiling_info[0]
    seconds = first.real_time.total_seconds()
    assert lines[0] == f"{first.node_name} {first.node_type} {seconds} Status.{first.status.name}"
    assert any(line.endswith(" Status.EXECUTED") for line in lines)


def test_status_enum():
    assert [Status.NOT_RUN, Status.OPTIMIZED_OUT, Status.EXECUTED] == [Status(0), Status(1), Status(2)]
    assert [int(s) for s in (Status.NOT_RUN, Status.OPTIMIZED_OUT, Status.EXECUTED)] == [0, 1, 2]
    # As in OpenVINO, the values are attributes of ProfilingInfo too.
    assert ov.ProfilingInfo.EXECUTED == Status.EXECUTED and ov.ProfilingInfo.NOT_RUN == Status.NOT_RUN
    assert str(Status.OPTIMIZED_OUT) == "Status.OPTIMIZED_OUT"


def test_constructed_and_assigned():
    info = ov.ProfilingInfo()
    assert (info.node_name, info.node_type, info.exec_type) == ("", "", "")
    assert info.status == Status.NOT_RUN and info.real_time == datetime.timedelta(0) == info.cpu_time
    info.node_name, info.node_type, info.exec_type = "conv", "Convolution", "jit_avx2"
    info.real_time = datetime.timedelta(microseconds=1500)
    info.cpu_time = datetime.timedelta(milliseconds=2)
    info.status = Status.EXECUTED
    assert info.real_time.total_seconds() == 0.0015 and info.cpu_time == datetime.timedelta(microseconds=2000)
    assert repr(info) == ("<ProfilingInfo: node_name='conv', node_type='Convolution', exec_type='jit_avx2', "
                          "status=EXECUTED, real_time=1500us, cpu_time=2000us>")


def test_repr_of_a_record(profiled, image):
    request = profiled.create_infer_request()
    request.infer(image)
    info = request.profiling_info[0]
    text = repr(info)
    assert text.startswith("<ProfilingInfo: ") and text.endswith(">")
    assert f"node_name='{info.node_name}'" in text and f"node_type='{info.node_type}'" in text
    assert f"status={info.status.name}" in text
    assert f"real_time={info.real_time // datetime.timedelta(microseconds=1)}us" in text


def test_reachable_from_runtime_module():
    import openvino.runtime as runtime
    assert runtime.ProfilingInfo is ov.ProfilingInfo
    assert runtime.ProfilingInfo.Status.EXECUTED == Status.EXECUTED
    assert "ProfilingInfo" in ov.__all__
