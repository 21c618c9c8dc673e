# SPDX-License-Identifier: Apache-2.0
"""openvino.properties.streams: the number of streams."""
from openvino.properties._property import make_property as _make


class Num:
    AUTO = -1
    NUMA = -2


num = _make("NUM_STREAMS")
