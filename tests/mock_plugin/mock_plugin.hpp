// SPDX-License-Identifier: Apache-2.0
#pragma once

// The configurable mock plugin (libdevmux_mock_plugin.so), a test tool for virtual devices (HETERO,
// the proxy): one library registered under any name any number of times, each instance configured
// by these properties (in plugins.xml, in Core::register_plugin's config, or with set_property):
//
//   MOCK_DEVICE_IDS     comma-separated device ids (default "0"); the devices are NAME.<id>.
//   MOCK_UUIDS          comma-separated 32-hex-digit UUIDs, one per device in order; an empty entry (or
//                       a missing one at the end) means that device has no UUID: ov::device::uuid is then
//                       absent from its supported properties and reading it throws. Default: none.
//   MOCK_SUPPORTED_OPS  comma-separated op type names as ov::Node::get_type_name() gives them
//                       ("Parameter,Result,Constant,Add,Relu"); "*" (the default) means every op and
//                       "" means none. query_model reports only these ops; compile_model throws, naming
//                       the op and its type, if the model has any other.
//   MOCK_DEVICE_TYPE    ov::device::type: "integrated" (default) or "discrete".
//   MOCK_FULL_NAME      ov::device::full_name (default "devmux mock device"); set on "NAME.<id>", that
//                       device's alone.
//   MOCK_QUERY_MODEL_CALLS, MOCK_COMPILE_MODEL_CALLS (read-only): how many times the runtime (the Core,
//                       the proxy, HETERO) called this instance's query_model / compile_model.
//   MOCK_INFER_CALLS    (read-only) how many inferences this instance's compiled models were asked to run
//                       (failed ones included).
//
// Timing and faults, so that what chooses or combines devices (the proxy's measured backend selection,
// AUTO's fallbacks, MULTI) is tested without hardware. Read when a model is compiled: a compiled model
// keeps the values of its compile (set_property later changes later compiles only).
//   MOCK_COMPILE_DELAY_MS  compile_model sleeps this long (milliseconds, fractions allowed; default 0).
//   MOCK_INFER_DELAY_MS    each inference sleeps this long besides computing (milliseconds; default 0).
//   MOCK_COMPILE_ERROR     non-empty: compile_model fails with this text (after the delay, counted as a
//                          call). Default "".
//   MOCK_FAIL_INFERENCE    N > 0: inference number N (from 1) of each compiled model fails. Default 0: none.
//   MOCK_FAIL_EVERY        N > 0: inferences N, 2N, 3N, ... of each compiled model fail. Default 0: none.
//   MOCK_LOST_AFTER        N > 0: the device is lost once N inferences ran on it (all this instance's
//                          compiled models on that device together): every later inference, compile_model,
//                          import_model, query_model and create_infer_request on it fails, naming the device
//                          and saying it is lost. It stays lost for the instance's life. Default 0: never.
//                          An inference that was already running on the device when another one lost it
//                          fails too when it ends (as a real device's queue does), naming the device and
//                          saying it was lost while the inference ran.
//   MOCK_MEMORY_BYTES      N > 0: each device has N bytes of memory. A compiled model holds, for its life,
//                          the bytes of its model's Constants and of every op's outputs (no reuse: a plain
//                          upper bound); a compile that would take more than is left fails naming the bytes
//                          needed, the bytes left and the device. Default 0: unlimited.
//   MOCK_LIST_DEVICES_ERROR  non-empty: reading ov::available_devices fails with this text (a driver whose
//                          device enumeration throws). Default "".
//   A failed inference throws ov::Exception naming the device, the inference's number and the key that
//   made it fail; the output tensors are left as they were.
//
// The environment variable DEVMUX_MOCK_CREATE_ERROR, when set, makes the plugin factory throw its value
// (a library that loads but whose plugin cannot be created); it is read each time an instance is made.
// DEVMUX_MOCK_PLUGIN_VERSION, when set, is the instance's ov::Version buildNumber (default "0.1.0"): another
// build of the plugin, read the same way.
//
// It also accepts and reports ov::num_streams, ov::enable_profiling, ov::cache_dir and
// ov::hint::performance_mode (and ov::device::id, naming one of its devices); any other key throws.
// Inference runs every op's reference implementation (devmux::kit::ReferenceExecutor); compiled models
// export and import (as IR) and report per-op profiling records with ov::enable_profiling.
//
// Tests include this header as "mock_plugin/mock_plugin.hpp" and depend on the target
// devmux_mock_plugin.

#include <string>

namespace devmux_mock {

constexpr const char* device_ids = "MOCK_DEVICE_IDS";
constexpr const char* uuids = "MOCK_UUIDS";
constexpr const char* supported_ops = "MOCK_SUPPORTED_OPS";
constexpr const char* device_type = "MOCK_DEVICE_TYPE";
constexpr const char* full_name = "MOCK_FULL_NAME";
constexpr const char* query_model_calls = "MOCK_QUERY_MODEL_CALLS";
constexpr const char* compile_model_calls = "MOCK_COMPILE_MODEL_CALLS";
constexpr const char* infer_calls = "MOCK_INFER_CALLS";
constexpr const char* compile_delay_ms = "MOCK_COMPILE_DELAY_MS";
constexpr const char* infer_delay_ms = "MOCK_INFER_DELAY_MS";
constexpr const char* compile_error = "MOCK_COMPILE_ERROR";
constexpr const char* fail_inference = "MOCK_FAIL_INFERENCE";
constexpr const char* fail_every = "MOCK_FAIL_EVERY";
constexpr const char* lost_after = "MOCK_LOST_AFTER";
constexpr const char* memory_bytes = "MOCK_MEMORY_BYTES";
constexpr const char* list_devices_error = "MOCK_LIST_DEVICES_ERROR";
constexpr const char* create_error_env = "DEVMUX_MOCK_CREATE_ERROR";
constexpr const char* plugin_version_env = "DEVMUX_MOCK_PLUGIN_VERSION";

/// The library in the build tree (tests only: DEVMUX_BUILD_LIB_DIR is defined by devmux_add_gtest).
#ifdef DEVMUX_BUILD_LIB_DIR
inline std::string library_path() {
    return std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_mock_plugin.so";
}
#endif

}  // namespace devmux_mock
