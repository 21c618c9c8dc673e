# SPDX-License-Identifier: Apache-2.0
"""The older import path (`from openvino.runtime import Core`), which OpenVINO still answers, with its
submodules (`openvino.runtime.properties`, `openvino.runtime.utils.types`) as aliases of the new ones."""
import sys

from openvino import *  # noqa: F401,F403
from openvino import __all__, __version__, get_version  # noqa: F401
from openvino import layout_helpers, op, preprocess, properties, utils  # noqa: F401
from openvino.properties import device, hint, log, streams
from openvino.utils import types

for _alias, _module in {"properties": properties, "properties.device": device, "properties.hint": hint,
                        "properties.log": log, "properties.streams": streams, "utils": utils,
                        "utils.types": types, "preprocess": preprocess,
                        "layout_helpers": layout_helpers, "op": op}.items():
    sys.modules[f"{__name__}.{_alias}"] = _module

import openvino as _package  # noqa: E402

# openvino.runtime.opsetN are the modules openvino.opsetN (sys.modules holds both names).
for _name in dir(_package):
    if _name.startswith("opset"):
        globals()[_name] = getattr(_package, _name)
        sys.modules[f"{__name__}.{_name}"] = getattr(_package, _name)
