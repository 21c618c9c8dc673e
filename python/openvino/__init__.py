# SPDX-License-Identifier: Apache-2.0
"""devmux's `openvino` package: OpenVINO's Python runtime API over devmux (docs/python.md)."""
import atexit as _atexit
import sys as _sys

from openvino._pyopenvino import (ConstOutput, Dimension, Layout, Model, Node, Output, PartialShape, ProfilingInfo,
                                  Shape, Tensor, Type, VariableState, layout_helpers)
from openvino._pyopenvino import get_version as _native_version
from openvino._pyopenvino import get_batch
from openvino._ov_api import (AsyncInferQueue, CompiledModel, Core, InferRequest, OVDict, compile_model, save_model,
                              serialize, set_batch)
from openvino import properties, utils, preprocess, op
from openvino import _opsets, _pyopenvino

__version__ = _native_version()
# Runs still in flight when the script ends are waited for before the interpreter finalizes: a device
# thread entering Python for a callback after that point would bring the process down.
_atexit.register(_pyopenvino._wait_for_requests_at_exit)
_sys.modules[f"{__name__}.layout_helpers"] = layout_helpers
# openvino.opset1 ... openvino.opset14, generated from the runtime's op table.
_opsets.install(_sys.modules[__name__])


def get_version():
    """The OpenVINO API version devmux follows, as OpenVINO's get_version() reports its own."""
    return __version__


__all__ = ["AsyncInferQueue", "CompiledModel", "ConstOutput", "Core", "Dimension", "InferRequest", "Layout",
           "Model", "Node", "OVDict", "Output", "PartialShape", "ProfilingInfo", "Shape", "Tensor", "Type",
           "VariableState", "compile_model", "get_batch", "get_version", "layout_helpers", "op", "preprocess",
           "properties", "save_model", "serialize", "set_batch", "utils"]
