# SPDX-License-Identifier: Apache-2.0
"""openvino.properties.device: what a device says about itself, and device selection."""
import enum

from openvino.properties._property import make_property as _make


class Type(str, enum.Enum):
    INTEGRATED = "integrated"
    DISCRETE = "discrete"


class Capability:
    FP32 = "FP32"
    BF16 = "BF16"
    FP16 = "FP16"
    INT8 = "INT8"
    INT16 = "INT16"
    BIN = "BIN"
    WINOGRAD = "WINOGRAD"
    EXPORT_IMPORT = "EXPORT_IMPORT"


id = _make("DEVICE_ID")  # noqa: A001 (OpenVINO's name)
full_name = _make("FULL_DEVICE_NAME")
architecture = _make("DEVICE_ARCHITECTURE")
uuid = _make("DEVICE_UUID")
luid = _make("DEVICE_LUID")
type = _make("DEVICE_TYPE")  # noqa: A001 (OpenVINO's name)
gops = _make("DEVICE_GOPS")
thermal = _make("DEVICE_THERMAL")
capabilities = _make("OPTIMIZATION_CAPABILITIES")
priorities = _make("MULTI_DEVICE_PRIORITIES")
