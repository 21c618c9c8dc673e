# SPDX-License-Identifier: Apache-2.0
"""devmux's `openvino` package: OpenVINO's Python runtime API over devmux (docs/python.md)."""
from openvino._pyopenvino import (ConstOutput, Dimension, Model, Output, PartialShape, Shape, Tensor, Type)
from openvino._pyopenvino import get_version as _native_version
from openvino._ov_api import (AsyncInferQueue, CompiledModel, Core, InferRequest, OVDict, compile_model)
from openvino import properties, utils

__version__ = _native_version()


def get_version():
    """The OpenVINO API version devmux follows, as OpenVINO's get_version() reports its own."""
    return __version__


__all__ = ["AsyncInferQueue", "CompiledModel", "ConstOutput", "Core", "Dimension", "InferRequest", "Model",
           "OVDict", "Output", "PartialShape", "Shape", "Tensor", "Type", "compile_model", "get_version",
           "properties", "utils"]
