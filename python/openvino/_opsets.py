# SPDX-License-Identifier: Apache-2.0
"""`openvino.opset1` ... `openvino.opset14` (and `openvino.runtime.opsetN`): factory functions that build a
model in Python, `ops.convolution(data, filters, strides, pads_begin, pads_end, dilations)`.

Every function is generated from the runtime's op table (`_pyopenvino._opset_types`), not written one by
one: a call makes the op the way the IR reader makes a layer, a default-constructed op of that opset with
its inputs connected and its attributes given as text, then validated. What is written here is only the
Python spelling OpenVINO uses: the function's name (`MatMul` is `matmul`) and, for the ops applications
use most, the order of the positional arguments where OpenVINO mixes inputs and attributes.

Calling convention of a generated function: inputs first (nodes, ports, numpy arrays, numbers or lists,
which become Constants), then the attributes in the order the op visits them; any attribute can be given by
its name as keyword (`auto_pad="same_upper"`), and `name=` sets the node's friendly name.
"""
import re
import sys
import types

import numpy as np

from openvino import _pyopenvino as _native
from openvino._pyopenvino import Node, Output, PartialShape, Type

# Op type -> OpenVINO's Python function name, where the plain CamelCase -> snake_case rule gives another.
_NAME_EXCEPTIONS = {
    "MatMul": "matmul", "TopK": "topk", "HSwish": "hswish", "HSigmoid": "hsigmoid", "PRelu": "prelu",
    "SoftPlus": "softplus", "SoftSign": "softsign", "IsNaN": "is_nan", "NV12toRGB": "nv12_to_rgb",
    "NV12toBGR": "nv12_to_bgr", "I420toRGB": "i420_to_rgb", "I420toBGR": "i420_to_bgr",
    "ExperimentalDetectronTopKROIs": "experimental_detectron_topk_rois", "Xor": "logical_xor",
}

# OpenVINO's positional order for ops whose Python signature is not "inputs, then attributes in visit
# order". Tokens: `input`, `input?` (optional input), `*inputs` (a list of inputs), `@attribute`, and
# `@python_name:attribute` where OpenVINO's keyword differs from the attribute's name.
_SIGNATURES = {
    "Convolution": "data filters @strides @pads_begin @pads_end @dilations @auto_pad",
    "GroupConvolution": "data filters @strides @pads_begin @pads_end @dilations @auto_pad",
    "BinaryConvolution": "data filters @strides @pads_begin @pads_end @dilations @mode @pad_value @auto_pad",
    "ConvolutionBackpropData": "data filters @strides output_shape? @pads_begin @pads_end @dilations @auto_pad "
                               "@output_padding",
    "GroupConvolutionBackpropData": "data filters @strides output_shape? @pads_begin @pads_end @dilations "
                                    "@auto_pad @output_padding",
    "MaxPool/opset1": "data @strides @pads_begin @pads_end @kernel_shape:kernel @rounding_type @auto_pad",
    "MaxPool": "data @strides @dilations @pads_begin @pads_end @kernel_shape:kernel @rounding_type @auto_pad "
               "@index_element_type @axis",
    "AvgPool": "data_batch @strides @pads_begin @pads_end @kernel_shape:kernel @exclude_pad:exclude-pad "
               "@rounding_type @auto_pad",
    "MatMul": "data_a data_b @transpose_a @transpose_b",
    "Concat": "*nodes @axis",
    "Split": "data axis @num_splits",
    "Clamp": "data @min_value:min @max_value:max",
    "Pad": "arg pads_begin pads_end @pad_mode arg_pad_value?",
    "Reshape": "node output_shape @special_zero",
    "Gather": "data indices axis @batch_dims",
    "TopK": "data k @axis @mode @sort @index_element_type",
    "Convert": "data @destination_type",
    "ReadValue": "init_value? @variable_id",
    "Assign": "new_value @variable_id",
}

_NODE_LIKE = (Node, Output, np.ndarray, np.generic)


def _function_name(type_name):
    if type_name in _NAME_EXCEPTIONS:
        return _NAME_EXCEPTIONS[type_name]
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", type_name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return name.lower()


def _attribute_text(value):
    """An attribute value as the text form the ops read (the IR's <data> spelling)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (Type, PartialShape)):
        return str(value)
    if isinstance(value, (type, np.dtype)):
        return str(Type(value))
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return ",".join(_attribute_text(item) for item in value)
    if isinstance(value, str):
        return value
    if hasattr(value, "value") and not isinstance(value, (int, float)):  # enum members
        return str(value.value)
    return str(value)


def constant(value, dtype=None, name=None, shared_memory=False):
    """A Constant holding value (a numpy array, a number or a list), with dtype (numpy dtype or ov.Type)
    if given."""
    element_type = None
    if isinstance(dtype, Type) and dtype == Type.bf16:
        # numpy has no bfloat16: the values are rounded (to nearest even) to bf16 bits held as uint16.
        bits = np.asarray(value, np.float32).view(np.uint32).astype(np.uint64)
        rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
        node = _native._make_constant(np.ascontiguousarray(rounded), Type.bf16)
        if name:
            node.set_friendly_name(name)
        return node
    if isinstance(dtype, Type):
        element_type, dtype = dtype, dtype.to_dtype()
    array = np.array(value, dtype=dtype) if dtype is not None else np.asarray(value)
    node = _native._make_constant(np.ascontiguousarray(array), element_type or Type(array.dtype))
    if name:
        node.set_friendly_name(name)
    return node


def parameter(shape, dtype=np.float32, name=None):
    """A Parameter of this shape (list, tuple, PartialShape or text) and element type (numpy dtype or ov.Type)."""
    element_type = dtype if isinstance(dtype, Type) else Type(dtype)
    node = _native._make_parameter(element_type, PartialShape(shape) if not isinstance(shape, PartialShape) else shape)
    if name:
        node.set_friendly_name(name)
    return node


def result(data, name=None):
    """A Result of data (a node's output 0, or a port)."""
    node = _native._make_result(_as_output(data, None))
    if name:
        node.set_friendly_name(name)
    return node


def _as_output(value, like):
    """value as a port: a node gives its output 0, anything else becomes a Constant; for element-wise ops a
    plain number takes the element type of `like` (the first node input), so `ops.add(x, 1)` works for an
    f32 x. Otherwise Python ints give i64 Constants (axes, shapes) and floats f32 ones."""
    if isinstance(value, Output):
        return value
    if isinstance(value, Node):
        return value.output(0)
    if like is not None and not isinstance(value, np.ndarray) and np.ndim(value) == 0:
        element_type = like.get_element_type()
        if element_type.is_static():
            return constant(value, element_type).output(0)
    if not isinstance(value, (np.ndarray, np.generic)) and np.asarray(value).dtype == np.float64:
        return constant(value, np.float32).output(0)  # Python floats as inputs: f32, as a model's data usually is
    return constant(value).output(0)


class _OpFactory:
    """One generated function: `opsetN.<name>(inputs..., attributes..., name=None)`."""

    def __init__(self, opset, type_name, version):
        self._opset, self._type, self._version = opset, type_name, version
        self.__name__ = _function_name(type_name)
        self.__qualname__ = self.__name__
        self._attributes = None

    @property
    def __doc__(self):
        signature = self._signature()
        if signature is not None:
            arguments = ", ".join(token.lstrip("@*").split(":")[0] for token in signature.split())
            return (f"Makes a {self._type} ({self._version}) node of {self._opset}: {self.__name__}({arguments}, "
                    f"name=None); `?` marks an optional input.")
        names = ", ".join(name for name, _ in self._attribute_list())
        return (f"Makes a {self._type} ({self._version}) node of {self._opset}: inputs first, then the "
                f"attributes ({names or 'none'}); name= sets its friendly name.")

    def _attribute_list(self):
        if self._attributes is None:
            self._attributes = _native._op_attributes(self._opset, self._type)
        return self._attributes

    def _is_elementwise(self):
        return [name for name, _ in self._attribute_list()] == ["auto_broadcast"]

    def _signature(self):
        return _SIGNATURES.get(f"{self._type}/{self._version}", _SIGNATURES.get(self._type))

    def __call__(self, *args, name=None, **kwargs):
        inputs, attributes = [], {}
        signature = self._signature()
        if signature is not None:
            self._bind_signature(signature.split(), args, kwargs, inputs, attributes)
        else:
            self._bind_generic(args, kwargs, inputs, attributes)
        like = None
        if self._is_elementwise():
            like = next((value for value in inputs if isinstance(value, (Node, Output))), None)
            like = like.output(0) if isinstance(like, Node) else like
        ports = [_as_output(value, like) for value in inputs]
        texts = {key: _attribute_text(value) for key, value in attributes.items() if value is not None}
        for key in ("auto_pad", "rounding_type"):  # OpenVINO's Python accepts "EXPLICIT", "SAME_UPPER", "FLOOR"
            if key in texts:
                texts[key] = texts[key].lower()
        return _native._make_op(self._opset, self._type, ports, texts, name or "")

    def _bind_signature(self, tokens, args, kwargs, inputs, attributes):
        args = list(args)
        for token in tokens:
            if token.startswith("@"):
                python_name, _, attribute = token[1:].partition(":")
                attribute = attribute or python_name
                if args:
                    attributes[attribute] = args.pop(0)
                elif python_name in kwargs:
                    attributes[attribute] = kwargs.pop(python_name)
                elif attribute in kwargs:
                    attributes[attribute] = kwargs.pop(attribute)
            elif token.startswith("*"):
                values = args.pop(0) if args else kwargs.pop(token[1:])
                inputs.extend(values)
            else:
                optional = token.endswith("?")
                input_name = token.rstrip("?")
                value = args.pop(0) if args else kwargs.pop(input_name, None)
                if value is None:
                    if not optional:
                        raise TypeError(f"{self.__name__}() needs its input '{input_name}'")
                    continue
                inputs.append(value)
        if args:
            raise TypeError(f"{self.__name__}() takes {len(tokens)} arguments, got {len(tokens) + len(args)}")
        attributes.update(kwargs)

    def _bind_generic(self, args, kwargs, inputs, attributes):
        names = [attribute for attribute, _ in self._attribute_list()]
        args = list(args)
        if not names or names == ["auto_broadcast"]:
            # Element-wise ops and ops without attributes: positional arguments are inputs, numbers and
            # lists included (`ops.add(x, 1.0)`), up to an auto_broadcast text.
            while args and not isinstance(args[0], str):
                inputs.append(args.pop(0))
        else:
            while args and isinstance(args[0], _NODE_LIKE):
                inputs.append(args.pop(0))
        if len(args) > len(names):
            raise TypeError(f"{self.__name__}() got {len(args)} positional attributes; {self._type} has "
                            f"{len(names)}: {', '.join(names) or '(none)'}")
        attributes.update(zip(names, args))
        attributes.update(kwargs)


_SPECIAL = {"Constant": constant, "Parameter": parameter, "Result": result}


# devmux's table lists of opset14 only the op versions new in it (docs/ops.md); OpenVINO's opset14 also holds
# every other op of opset13 unchanged, so the Python module takes those from opset13.
_PARTIAL_OPSETS = {14: 13}


def _make_module(number):
    opset = f"opset{number}"
    module = types.ModuleType(f"openvino.{opset}", f"OpenVINO's {opset} factory functions over devmux's op table.")
    op_types = [(opset, type_name, version) for type_name, version in _native._opset_types(opset)]
    if number in _PARTIAL_OPSETS:
        base = f"opset{_PARTIAL_OPSETS[number]}"
        own = {type_name for _, type_name, _ in op_types}
        op_types += [(base, type_name, version) for type_name, version in _native._opset_types(base)
                     if type_name not in own]
    for source, type_name, version in op_types:
        function = _SPECIAL.get(type_name) or _OpFactory(source, type_name, version)
        setattr(module, _function_name(type_name), function)
    return module


def install(package):
    """Adds openvino.opset1 ... opsetN (openvino.runtime adds the same modules under its name)."""
    number = 1
    while True:
        try:
            module = _make_module(number)
        except RuntimeError:
            break
        setattr(package, f"opset{number}", module)
        sys.modules[f"openvino.opset{number}"] = module
        newest = module
        number += 1
    _install_operators(newest)


def _install_operators(ops):
    """Arithmetic on nodes, as OpenVINO's Node has it: `a + b`, `a * 2.0`, `-a` make the element-wise ops."""
    Node.__add__ = lambda a, b: ops.add(a, b)
    Node.__radd__ = lambda a, b: ops.add(b, a) if isinstance(b, (Node, Output)) else ops.add(a, b)
    Node.__sub__ = lambda a, b: ops.subtract(a, b)
    Node.__rsub__ = lambda a, b: ops.subtract(_as_output(b, a.output(0)), a)
    Node.__mul__ = lambda a, b: ops.multiply(a, b)
    Node.__rmul__ = lambda a, b: ops.multiply(a, b)
    Node.__truediv__ = lambda a, b: ops.divide(a, b)
    Node.__rtruediv__ = lambda a, b: ops.divide(_as_output(b, a.output(0)), a)
    Node.__neg__ = lambda a: ops.negative(a)
