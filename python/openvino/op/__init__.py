# SPDX-License-Identifier: Apache-2.0
"""`openvino.op`: the node classes OpenVINO's samples construct directly, `op.Parameter(ov.Type.f32,
ov.Shape([1, 3, 224, 224]))` and `op.Constant(ov.Type.f32, ov.Shape([2, 2]), values)`.

devmux has one node class, `ov.Node`: calling these makes such a node (as `opsetN.parameter` and
`opsetN.constant` do), and `isinstance(node, op.Constant)` asks for the node's op type."""
import numpy as np

from openvino import _pyopenvino as _native
from openvino._pyopenvino import Node, PartialShape, Shape, Tensor, Type


class _NodeKind(type):
    """isinstance(node, op.X) is true for a node of op type X."""

    def __instancecheck__(cls, instance):
        return isinstance(instance, Node) and instance.get_type_name() == cls.__name__


class Parameter(metaclass=_NodeKind):
    """Parameter(element_type, shape): shape as ov.Shape, ov.PartialShape, a list or text."""

    def __new__(cls, element_type, shape):
        if not isinstance(element_type, Type):
            element_type = Type(element_type)
        if not isinstance(shape, PartialShape):
            shape = PartialShape(list(shape) if isinstance(shape, Shape) else shape)
        return _native._make_parameter(element_type, shape)


class Constant(metaclass=_NodeKind):
    """Constant(array), Constant(tensor), or Constant(element_type, shape, values) with values a list or an
    array of shape's size (a single value is repeated over the shape)."""

    def __new__(cls, *args, shared_memory=False):
        if len(args) == 1:
            value = args[0]
            if isinstance(value, Tensor):
                value = value.data
            array = np.ascontiguousarray(value)
            return _native._make_constant(array, Type(array.dtype))
        if len(args) != 3:
            raise TypeError("Constant takes (array), (tensor) or (element_type, shape, values)")
        element_type, shape, values = args
        if not isinstance(element_type, Type):
            element_type = Type(element_type)
        dims = [int(d) for d in shape]
        flat = np.asarray(values).reshape(-1)
        if flat.size == 1 and int(np.prod(dims)) != 1:
            flat = np.full(int(np.prod(dims)), flat[0])
        if flat.size != int(np.prod(dims)):
            raise ValueError(f"Constant of shape {dims} needs {int(np.prod(dims))} values, got {flat.size}")
        dtype = element_type.to_dtype()
        return _native._make_constant(np.ascontiguousarray(flat.astype(dtype).reshape(dims)), element_type)


class Result(metaclass=_NodeKind):
    """Result(output): a Result of a node's output 0 or of a port."""

    def __new__(cls, data):
        return _native._make_result(data.output(0) if isinstance(data, Node) else data)


__all__ = ["Constant", "Parameter", "Result"]
