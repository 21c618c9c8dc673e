# SPDX-License-Identifier: Apache-2.0
"""Property keys as OpenVINO's Python API spells them: `props.cache_dir()` is the key "CACHE_DIR",
`props.cache_dir("/tmp/c")` the pair ("CACHE_DIR", "/tmp/c") that set_property and compile_model accept."""
from openvino.properties._property import make_property as _make

from openvino.properties import device, hint, log, streams  # noqa: F401

supported_properties = _make("SUPPORTED_PROPERTIES")
caching_properties = _make("CACHING_PROPERTIES")
available_devices = _make("AVAILABLE_DEVICES")
model_name = _make("NETWORK_NAME")
optimal_number_of_infer_requests = _make("OPTIMAL_NUMBER_OF_INFER_REQUESTS")
range_for_async_infer_requests = _make("RANGE_FOR_ASYNC_INFER_REQUESTS")
range_for_streams = _make("RANGE_FOR_STREAMS")
enable_profiling = _make("PERF_COUNT")
cache_dir = _make("CACHE_DIR")
loaded_from_cache = _make("LOADED_FROM_CACHE")
optimal_batch_size = _make("OPTIMAL_BATCH_SIZE")
max_batch_size = _make("MAX_BATCH_SIZE")
auto_batch_timeout = _make("AUTO_BATCH_TIMEOUT")
enable_mmap = _make("ENABLE_MMAP")
num_streams = _make("NUM_STREAMS")
inference_num_threads = _make("INFERENCE_NUM_THREADS")
compilation_num_threads = _make("COMPILATION_NUM_THREADS")
execution_devices = _make("EXECUTION_DEVICES")
