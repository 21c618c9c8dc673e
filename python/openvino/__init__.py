# SPDX-License-Identifier: Apache-2.0
"""devmux's `openvino` package: OpenVINO's Python runtime API over devmux (docs/python.md)."""
import sys as _sys

from openvino._pyopenvino import (ConstOutput, Dimension, Layout, Model, Node, Output, PartialShape, Shape, Tensor,
                                  Type, VariableState, layout_helpers)
from openvino._pyopenvino import get_version as _native_version
from openvino._ov_api import (AsyncInferQueue, CompiledModel, Core, InferRequest, OVDict, compile_model)
from openvino import properties, utils, preprocess
from openvino import _opsets

__version__ = _native_version()
_sys.modules[f"{__name__}.layout_helpers"] = layout_helpers
# openvino.opset1 ... openvino.opset14, generated from the runtime's op table.
_opsets.install(_sys.modules[__name__])


def get_version():
    """The OpenVINO API version devmux follows, as OpenVINO's get_version() reports its own."""
    return __version__


__all__ = ["AsyncInferQueue", "CompiledModel", "ConstOutput", "Core", "Dimension", "InferRequest", "Layout",
           "Model", "Node", "OVDict", "Output", "PartialShape", "Shape", "Tensor", "Type", "VariableState",
           "compile_model", "get_version", "layout_helpers", "preprocess", "properties", "utils"]
