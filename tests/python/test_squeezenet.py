# SPDX-License-Identifier: Apache-2.0
"""SqueezeNet 1.1 classifies the pizza on CPU and on the GPU alias of the software deployment
(PoCL and lavapipe, as tests/gpu does), checked against the stored reference outputs."""
import numpy as np
import pytest

import openvino as ov
from conftest import PIZZA_CLASS, SQUEEZENET

# The reference came from ONNX Runtime (../shared/models/README.md); GPU kernels may differ a little more.
TOLERANCE = {"CPU": 1e-3, "GPU": 2e-3}


@pytest.fixture(scope="module")
def software_gpu_core():
    return ov.Core("plugins-software-gpu.xml")


def check_pizza(prob, ref, tolerance):
    prob = np.asarray(prob).reshape(-1)
    assert int(np.argmax(prob)) == PIZZA_CLASS
    assert prob[PIZZA_CLASS] == pytest.approx(0.565, abs=0.01)
    np.testing.assert_allclose(prob, ref.reshape(-1), atol=tolerance, rtol=0)


@pytest.mark.parametrize("device", ["CPU", "GPU"])
def test_classifies_the_pizza(device, core, software_gpu_core, pizza, squeezenet_ref):
    chosen = software_gpu_core if device == "GPU" else core
    model = chosen.read_model(SQUEEZENET)
    compiled = chosen.compile_model(model, device)
    request = compiled.create_infer_request()
    results = request.infer({0: pizza})
    output = compiled.output(0)
    check_pizza(results[output], squeezenet_ref, TOLERANCE[device])
    # Results are indexed by compiled port, model port, index and name alike.
    np.testing.assert_array_equal(results[0], results[output])
    np.testing.assert_array_equal(results[model.output(0)], results[output])
    np.testing.assert_array_equal(results["prob"], results[output]) if "prob" in output.get_names() else None
    assert list(results.keys()) == [output]


def test_gpu_alias_is_listed_and_named(software_gpu_core):
    assert "GPU" in software_gpu_core.available_devices
    assert software_gpu_core.get_property("GPU", "FULL_DEVICE_NAME")


def test_gpu_compile_from_path_with_config(software_gpu_core, pizza, squeezenet_ref):
    compiled = software_gpu_core.compile_model(str(SQUEEZENET), "GPU", {"PERFORMANCE_HINT": "LATENCY"})
    check_pizza(compiled({"data": pizza})[0], squeezenet_ref, TOLERANCE["GPU"])
    assert compiled.get_property("EXECUTION_DEVICES")


@pytest.mark.parametrize("inputs", ["dict_by_index", "dict_by_name", "dict_by_port", "list", "array", "tensor"])
def test_input_forms(inputs, squeezenet_cpu, pizza, squeezenet_ref):
    given = {"dict_by_index": lambda: {0: pizza}, "dict_by_name": lambda: {"data": pizza},
             "dict_by_port": lambda: {squeezenet_cpu.input(0): pizza}, "list": lambda: [pizza],
             "array": lambda: pizza, "tensor": lambda: {0: ov.Tensor(pizza)}}[inputs]()
    check_pizza(squeezenet_cpu(given)[0], squeezenet_ref, TOLERANCE["CPU"])


def test_float64_input_is_converted(squeezenet_cpu, pizza, squeezenet_ref):
    check_pizza(squeezenet_cpu(pizza.astype(np.float64))[0], squeezenet_ref, TOLERANCE["CPU"])


def test_results_are_copies_unless_shared(squeezenet_cpu, pizza):
    request = squeezenet_cpu.create_infer_request()
    copied = request.infer(pizza)[0]
    shared = request.infer(pizza, share_outputs=True)[0]
    assert np.shares_memory(shared, request.get_output_tensor().data)
    assert not np.shares_memory(copied, request.get_output_tensor().data)


def test_gpu_request_outlives_its_core_and_compiled_model(pizza, squeezenet_ref):
    import gc
    request = ov.Core("plugins-software-gpu.xml").compile_model(str(SQUEEZENET), "GPU").create_infer_request()
    gc.collect()
    check_pizza(request.infer([pizza])[0], squeezenet_ref, TOLERANCE["GPU"])
    del request
    gc.collect()
