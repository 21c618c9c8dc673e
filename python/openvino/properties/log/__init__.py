# SPDX-License-Identifier: Apache-2.0
"""openvino.properties.log: the log level."""
import enum

from openvino.properties._property import make_property as _make


class Level(str, enum.Enum):
    NO = "LOG_NONE"
    ERR = "LOG_ERROR"
    WARNING = "LOG_WARNING"
    INFO = "LOG_INFO"
    DEBUG = "LOG_DEBUG"
    TRACE = "LOG_TRACE"


level = _make("LOG_LEVEL")
