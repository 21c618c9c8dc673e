# SPDX-License-Identifier: Apache-2.0
"""Core beyond read/compile: models from memory, export/import, query_model, partial shapes (profiling:
test_profiling.py)."""
import numpy as np
import pytest

import openvino as ov
from conftest import PIZZA_CLASS, SQUEEZENET


def test_read_model_from_memory(core, pizza):
    xml = SQUEEZENET.read_text()
    weights = SQUEEZENET.with_suffix(".bin").read_bytes()
    model = core.read_model(xml, weights)
    assert model.input().get_any_name() == "data"
    assert int(np.argmax(core.compile_model(model, "CPU")(pizza)[0])) == PIZZA_CLASS
    assert core.read_model(xml.encode(), weights).output().shape == [1, 1000, 1, 1]


def test_read_model_from_path_object(core):
    assert core.read_model(SQUEEZENET).input().shape == [1, 3, 227, 227]


def test_export_and_import(core, squeezenet_cpu, pizza):
    blob = squeezenet_cpu.export_model()
    assert isinstance(blob, bytes) and blob
    imported = core.import_model(blob, "CPU")
    assert int(np.argmax(imported(pizza)[0])) == PIZZA_CLASS


def test_query_model(core):
    model = core.read_model(SQUEEZENET)
    supported = core.query_model(model, "CPU")
    assert supported and set(supported.values()) == {"CPU"}


def test_partial_shape_text():
    shape = ov.PartialShape("1,3,?,?")
    assert len(shape) == 4 and shape[0].get_length() == 1 and shape[2].is_dynamic


def test_compiled_model_property(squeezenet_cpu):
    assert int(squeezenet_cpu.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS")) >= 1
    import openvino.properties as props
    assert squeezenet_cpu.get_property(props.optimal_number_of_infer_requests) >= 1


def test_dtype_helpers():
    from openvino.utils.types import get_dtype, get_element_type
    assert get_dtype(ov.Type.i64) == np.int64
    assert get_element_type(np.float16) == ov.Type.f16
    assert get_element_type(int) == ov.Type.i64


def test_bad_tensor_type_raises():
    with pytest.raises(TypeError, match="complex"):
        ov.Tensor(np.zeros(3, dtype=np.complex64))
