// SPDX-License-Identifier: Apache-2.0
#pragma once

// The "gate" test plugin (libdevmux_hetero_gate_plugin.so, tests of HETERO only): a device that runs
// every op with its reference implementation (models with dynamic shapes too, op by op), that CANNOT export a compiled model (export_model throws
// ov::NotImplemented, import_model is not implemented), and whose inferences can be held at a gate the
// test opens, so tests can see which stages of which requests run at the same time.
//
// Devices are named as registered (one device per registration; no properties of its own besides the
// read-only GATE_COMPILE_MODEL_CALLS). The gate is controlled through these C functions, which the
// test finds with dlsym in the same library the Core loads (dlopen of one path gives one instance).
// Each gate is keyed by the registered device name; an unarmed gate lets every inference through.

#include <cstddef>

extern "C" {
/// Arms the gate of `device` and zeroes its counters: from now on the n-th inference that enters waits
/// until at least n have been released (at most 20 s, then it throws).
typedef void (*devmux_gate_arm_fn)(const char* device);
/// Lets `count` more inferences of `device` through, in the order they entered.
typedef void (*devmux_gate_release_fn)(const char* device, size_t count);
/// Waits up to `timeout_ms` until `count` inferences of `device` have entered; returns 1 if they did.
typedef int (*devmux_gate_wait_entered_fn)(const char* device, size_t count, int timeout_ms);
/// Inferences of `device` that have entered and not yet finished.
typedef size_t (*devmux_gate_in_flight_fn)(const char* device);
}

namespace devmux_gate {
constexpr const char* compile_model_calls = "GATE_COMPILE_MODEL_CALLS";
/// Write-only: a memory space name; the device's contexts then hand out tensors "in" that space
/// (host bytes underneath), so HETERO must copy boundary tensors to and from the device.
constexpr const char* memory_space = "GATE_MEMORY_SPACE";
/// Write-only: when set, available_devices throws this text (a device that cannot list its devices).
constexpr const char* fail_device_list = "GATE_FAIL_DEVICE_LIST";
#ifdef DEVMUX_BUILD_LIB_DIR
inline const char* library_path() { return DEVMUX_BUILD_LIB_DIR "/libdevmux_hetero_gate_plugin.so"; }
#endif
}  // namespace devmux_gate
