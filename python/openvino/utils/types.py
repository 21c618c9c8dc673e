# SPDX-License-Identifier: Apache-2.0
"""Element types and numpy dtypes, both ways (openvino.utils.types as in OpenVINO)."""
import numpy as np

from openvino._pyopenvino import Type


def get_dtype(openvino_type):
    """The numpy dtype of an element type (bf16 as uint16: numpy has no bfloat16)."""
    return openvino_type.to_dtype()


def get_element_type(data_type):
    """The element type of a numpy dtype or Python type (int is i64 and float f32, as in OpenVINO)."""
    if data_type is int:
        return Type.i64
    if data_type is float:
        return Type.f32
    if data_type is bool:
        return Type.boolean
    return Type(np.dtype(data_type))
