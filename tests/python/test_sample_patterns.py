# SPDX-License-Identifier: Apache-2.0
"""The calls OpenVINO's Python samples make (query devices, sync and throughput benchmarks), written
here in their style against devmux."""
import numpy as np

import openvino as ov
from conftest import SQUEEZENET


def fill_random(tensor, seed=0):
    from openvino.runtime.utils.types import get_dtype  # the import path older samples use
    dtype = get_dtype(tensor.element_type)
    tensor.data[:] = np.random.default_rng(seed).uniform(0, 255, list(tensor.shape)).astype(dtype)


def test_query_every_device_property():
    core = ov.Core("plugins-software-gpu.xml")
    for device in core.available_devices:
        assert core.get_property(device, "FULL_DEVICE_NAME")
        for key in core.get_property(device, "SUPPORTED_PROPERTIES"):
            if key not in ("SUPPORTED_METRICS", "SUPPORTED_CONFIG_KEYS", "SUPPORTED_PROPERTIES"):
                core.get_property(device, key)  # every value converts to Python


def test_sync_benchmark_style(core):
    compiled = core.compile_model(core.read_model(SQUEEZENET), "CPU", {"PERFORMANCE_HINT": "LATENCY"})
    request = compiled.create_infer_request()
    for model_input in compiled.inputs:
        fill_random(request.get_tensor(model_input))
    request.infer()
    first = request.get_output_tensor().data.copy()
    for _ in range(3):
        request.infer()
    np.testing.assert_array_equal(request.get_output_tensor().data, first)


def test_throughput_benchmark_style(core):
    compiled = core.compile_model(SQUEEZENET, "CPU", {"PERFORMANCE_HINT": "THROUGHPUT"})
    queue = ov.AsyncInferQueue(compiled)
    assert len(queue) >= 1
    for request in queue:
        for model_input in compiled.inputs:
            fill_random(request.get_tensor(model_input))
    for _ in range(2 * len(queue)):
        queue.start_async()
    queue.wait_all()
    assert all(request.get_output_tensor().data.shape == (1, 1000, 1, 1) for request in queue)


def test_runtime_submodule_aliases():
    import openvino.runtime.properties.hint as old_hint
    import openvino.properties.hint as hint
    assert old_hint is hint
    assert ov.utils.types.get_dtype(ov.Type.f32) == np.float32
