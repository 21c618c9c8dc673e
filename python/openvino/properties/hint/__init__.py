# SPDX-License-Identifier: Apache-2.0
"""openvino.properties.hint: the performance hints and their values."""
import enum

from openvino.properties._property import make_property as _make


# str mixed in, so a value read back with get_property ("LATENCY") compares equal to the member.
class PerformanceMode(str, enum.Enum):
    LATENCY = "LATENCY"
    THROUGHPUT = "THROUGHPUT"
    CUMULATIVE_THROUGHPUT = "CUMULATIVE_THROUGHPUT"


class Priority(str, enum.Enum):
    LOW = "LOW"
    MEDIUM = "MEDIUM"
    HIGH = "HIGH"
    DEFAULT = "MEDIUM"


class SchedulingCoreType(str, enum.Enum):
    ANY_CORE = "ANY_CORE"
    PCORE_ONLY = "PCORE_ONLY"
    ECORE_ONLY = "ECORE_ONLY"


class ExecutionMode(str, enum.Enum):
    PERFORMANCE = "PERFORMANCE"
    ACCURACY = "ACCURACY"


inference_precision = _make("INFERENCE_PRECISION_HINT")
model_priority = _make("MODEL_PRIORITY")
performance_mode = _make("PERFORMANCE_HINT")
scheduling_core_type = _make("SCHEDULING_CORE_TYPE")
enable_cpu_pinning = _make("ENABLE_CPU_PINNING")
enable_hyper_threading = _make("ENABLE_HYPER_THREADING")
num_requests = _make("PERFORMANCE_HINT_NUM_REQUESTS")
model = _make("MODEL_PTR")
allow_auto_batching = _make("ALLOW_AUTO_BATCHING")
execution_mode = _make("EXECUTION_MODE_HINT")
