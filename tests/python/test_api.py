# SPDX-License-Identifier: Apache-2.0
"""The package, its types, Tensor over numpy, properties and errors."""
import numpy as np
import pytest

import openvino as ov
import openvino.properties as props
import openvino.properties.device as device
import openvino.properties.hint as hints
from conftest import PIZZA_CLASS, SQUEEZENET


def test_import_and_version():
    assert ov.__version__ == ov.get_version()
    assert ov.__version__
    from openvino.runtime import Core, Tensor, Type  # the older import path
    assert Core is ov.Core and Tensor is ov.Tensor and Type is ov.Type
    import openvino.runtime as ovr
    assert ovr.properties is props


def test_type_and_dtype_map_both_ways():
    pairs = {ov.Type.f32: np.float32, ov.Type.f64: np.float64, ov.Type.f16: np.float16, ov.Type.i8: np.int8,
             ov.Type.i16: np.int16, ov.Type.i32: np.int32, ov.Type.i64: np.int64, ov.Type.u8: np.uint8,
             ov.Type.u16: np.uint16, ov.Type.u32: np.uint32, ov.Type.u64: np.uint64, ov.Type.boolean: np.bool_}
    for ov_type, dtype in pairs.items():
        assert ov_type.to_dtype() == np.dtype(dtype)
        assert ov.Type(np.dtype(dtype)) == ov_type
        assert ov.Tensor(np.zeros((2, 3), dtype=dtype)).element_type == ov_type
    assert ov.Type("f32") == ov.Type.f32
    assert ov.Type.f32.size == 4 and ov.Type.f32.is_real
    assert {ov.Type.f32: 1}[ov.Type.f32] == 1


def test_shapes():
    shape = ov.Shape([1, 3, 227, 227])
    assert len(shape) == 4 and shape[1] == 3 and shape[-1] == 227 and list(shape) == [1, 3, 227, 227]
    assert shape == [1, 3, 227, 227]
    partial = ov.PartialShape([1, 3, -1, ov.Dimension(10, 20)])
    assert partial.is_dynamic and len(partial) == 4 and partial[2].is_dynamic
    assert ov.PartialShape([1, 3]).to_shape() == [1, 3]
    assert ov.PartialShape([1, 3]) == ov.PartialShape(ov.Shape([1, 3]))


def test_tensor_copies_unless_shared():
    array = np.arange(12, dtype=np.float32).reshape(3, 4)
    copied = ov.Tensor(array)
    shared = ov.Tensor(array, shared_memory=True)
    array[0, 0] = 100.0
    assert copied.data[0, 0] == 0.0
    assert shared.data[0, 0] == 100.0
    shared.data[2, 3] = -1.0  # data is a writable view
    assert array[2, 3] == -1.0
    assert copied.shape == [3, 4] and copied.size == 12 and copied.byte_size == 48
    assert copied.element_type == ov.Type.f32


def test_tensor_keeps_shared_memory_alive():
    tensor = ov.Tensor(np.full((1000,), 7, dtype=np.int32), shared_memory=True)
    import gc
    gc.collect()
    assert tensor.data.sum() == 7000
    view = ov.Tensor(ov.Type.f32, [2, 2]).data  # the view keeps its tensor alive
    gc.collect()
    view[:] = 1.0
    assert view.sum() == 4.0


def test_tensor_from_strided_array_copies_in_c_order():
    array = np.arange(12, dtype=np.int64).reshape(3, 4).T
    tensor = ov.Tensor(array)
    assert tensor.shape == [4, 3]
    np.testing.assert_array_equal(tensor.data, array)
    with pytest.raises(ValueError, match="C-contiguous"):
        ov.Tensor(array, shared_memory=True)


def test_tensor_of_type_and_shape():
    tensor = ov.Tensor(ov.Type.u8, ov.Shape([2, 5]))
    assert tensor.data.dtype == np.uint8 and tensor.data.shape == (2, 5)
    tensor.shape = [5, 2]
    assert tensor.data.shape == (5, 2)


def test_core_devices_and_properties(core):
    assert "CPU" in core.available_devices
    assert core.available_devices == core.get_available_devices()
    assert core.get_property("CPU", props.device.full_name())
    assert core.get_property("CPU", device.full_name) == core.get_property("CPU", "FULL_DEVICE_NAME")
    supported = core.get_property("CPU", props.supported_properties())
    assert "FULL_DEVICE_NAME" in supported
    core.set_property("CPU", {hints.performance_mode(): hints.PerformanceMode.THROUGHPUT})
    assert core.get_property("CPU", hints.performance_mode) == hints.PerformanceMode.THROUGHPUT
    core.set_property("CPU", {"PERFORMANCE_HINT": "LATENCY"})
    assert core.get_property("CPU", "PERFORMANCE_HINT") == "LATENCY"
    assert props.hint.performance_mode(hints.PerformanceMode.LATENCY) == ("PERFORMANCE_HINT", hints.PerformanceMode.LATENCY)


def test_model_ports(core):
    model = core.read_model(SQUEEZENET)
    assert len(model.inputs) == 1 and len(model.outputs) == 1
    assert model.input().get_any_name() == "data"
    assert model.input("data").shape == [1, 3, 227, 227]
    assert model.input(0).element_type == ov.Type.f32
    assert model.output(0).partial_shape == ov.PartialShape([1, 1000, 1, 1])


def test_model_reshape(core):
    model = core.read_model(SQUEEZENET)
    model.reshape([2, 3, 227, 227])
    assert model.input().shape == [2, 3, 227, 227]
    model.reshape({"data": ov.PartialShape([1, 3, 227, 227])})
    assert model.input().shape == [1, 3, 227, 227]
    model.reshape({0: [3, 3, 227, 227]})
    assert model.output().shape == [3, 1000, 1, 1]
    model.reshape({model.input(): "1,3,227,227"})
    assert model.input().shape == [1, 3, 227, 227]


def test_compiled_model_ports(squeezenet_cpu):
    assert [p.get_any_name() for p in squeezenet_cpu.inputs] == ["data"]
    assert squeezenet_cpu.input().shape == [1, 3, 227, 227]
    assert squeezenet_cpu.input("data").element_type == ov.Type.f32
    assert squeezenet_cpu.output(0).shape == [1, 1000, 1, 1]
    assert squeezenet_cpu.output() == squeezenet_cpu.outputs[0]


def test_unknown_device_raises_with_the_cpp_message(core):
    with pytest.raises(RuntimeError, match="NO_SUCH_DEVICE"):
        core.compile_model(str(SQUEEZENET), "NO_SUCH_DEVICE")
    with pytest.raises(RuntimeError, match="NO_SUCH_DEVICE"):
        core.get_property("NO_SUCH_DEVICE", "FULL_DEVICE_NAME")


def test_missing_model_raises(core):
    with pytest.raises(RuntimeError, match="no_such_model.xml"):
        core.read_model("no_such_model.xml")


def test_wrong_input_shape_raises(squeezenet_cpu):
    request = squeezenet_cpu.create_infer_request()
    with pytest.raises(RuntimeError) as raised:
        request.infer({0: np.zeros((1, 3, 224, 224), dtype=np.float32)})
    assert "224" in str(raised.value)


def test_unknown_input_name_raises(squeezenet_cpu):
    with pytest.raises(RuntimeError, match="no_such_input"):
        squeezenet_cpu.create_infer_request().infer({"no_such_input": np.zeros((1, 3, 227, 227), np.float32)})


def test_write_through_tensor_data_is_seen_by_the_request(squeezenet_cpu, pizza):
    request = squeezenet_cpu.create_infer_request()
    request.get_tensor("data").data[:] = pizza
    request.infer()
    assert int(np.argmax(request.get_output_tensor().data)) == PIZZA_CLASS


def test_shared_input_tensor_is_read_at_inference(squeezenet_cpu, pizza):
    request = squeezenet_cpu.create_infer_request()
    array = np.zeros_like(pizza)
    request.set_tensor(squeezenet_cpu.input(), ov.Tensor(array, shared_memory=True))
    array[:] = pizza  # written after set_tensor: the request reads the array's memory
    request.infer()
    assert int(np.argmax(request.get_tensor(squeezenet_cpu.output()).data)) == PIZZA_CLASS


def test_compiled_model_outlives_its_core(pizza):
    compiled = ov.Core().compile_model(str(SQUEEZENET), "CPU")
    import gc
    gc.collect()
    assert int(np.argmax(compiled(pizza)[0])) == PIZZA_CLASS


def test_ov_compile_model(pizza):
    compiled = ov.compile_model(SQUEEZENET, "CPU")
    assert int(np.argmax(compiled([pizza])[0])) == PIZZA_CLASS
