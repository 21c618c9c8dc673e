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

/// The library in the build tree (tests only: DEVMUX_BUILD_LIB_DIR is defined by devmux_add_gtest).
#ifdef DEVMUX_BUILD_LIB_DIR
inline std::string library_path() {
    return std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_mock_plugin.so";
}
#endif

}  // namespace devmux_mock
