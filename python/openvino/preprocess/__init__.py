# SPDX-License-Identifier: Apache-2.0
"""openvino.preprocess: PrePostProcessor over devmux's C++ ov::preprocess (docs/python.md)."""
from openvino._pyopenvino.preprocess import (ColorFormat, InputInfo, InputModelInfo, InputTensorInfo, OutputInfo,
                                             OutputModelInfo, OutputTensorInfo, PostProcessSteps, PrePostProcessor,
                                             PreProcessSteps, ResizeAlgorithm)

__all__ = ["ColorFormat", "InputInfo", "InputModelInfo", "InputTensorInfo", "OutputInfo", "OutputModelInfo",
           "OutputTensorInfo", "PostProcessSteps", "PrePostProcessor", "PreProcessSteps", "ResizeAlgorithm"]
