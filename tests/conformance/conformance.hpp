// SPDX-License-Identifier: Apache-2.0
// The conformance suite's harness: the device table (devices.def), one ov::Core for the whole process
// (the runtime's plugins.xml plus the suite's mock devices), presence checks, the expected-failure
// mechanism, an independent reference (every node's own evaluate(), walked here in the test), seeded
// inputs and the normalised error.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <memory>
#include <string>
#include <vector>

#include "openvino/openvino.hpp"

namespace conformance {

struct Device {
    std::string label;            // prefix of every test name of the device
    std::string name;             // what compile_model and query_model are given
    std::string property_device;  // what get_property and set_property are given
    bool host_memory = false;     // computes in host memory: allocation counting applies
};

/// True for a device that stands for devices below it ("HETERO:A,B"): it has no devices or identity of
/// its own.
bool is_virtual(const Device& device);

/// gtest prints a test's parameter with this (the device's label).
void PrintTo(const Device& device, std::ostream* os);

/// Every device of devices.def, in its order.
const std::vector<Device>& devices();

/// A test the device is known to fail, matched against "<Suite>.<Test>/<parameters without the device
/// label>" ('*' matches any run of characters), with the reason it fails.
struct ExpectedFailure {
    std::string pattern;
    std::string reason;
};
const std::vector<ExpectedFailure>& expected_failures(const std::string& label);

/// The key expected failures are matched against: "<Suite>.<Test>/<parameters>" from gtest's suite name
/// ("Conformance/OpConformance") and test name ("Query.../CPU__Add_f32"), without the instantiation
/// prefix and the "<label>__" of the parameters.
std::string test_key(const std::string& suite_name, const std::string& test_name, const std::string& label);

/// The one Core of the process; every device of devices() is registered in it (when its plugin exists).
ov::Core& core();

/// A Core of its own, configured as core(), for tests that write properties: a device that wrongly
/// accepts a write must not change what the other tests see.
std::unique_ptr<ov::Core> fresh_core();

/// Why the device cannot be tested here ("" when it is present).
std::string absence_reason(const Device& device);

/// Runs a test body for a device: skips, printing the reason, when the device is absent; otherwise runs
/// the body, and when the current test is one of the device's expected failures, turns its failures
/// into a skip that prints the reason and the first failure, and reports a failure when it passes.
/// An exception escaping the body is a failure that names it.
void run(const Device& device, const std::function<void()>& body);

/// run() with the given list of expected failures instead of the device's own.
void run_expecting(const Device& device, const std::vector<ExpectedFailure>& failures,
                   const std::function<void()>& body);

/// "label__rest" with every character outside [A-Za-z0-9_] replaced by '_'.
std::string test_name(const std::string& label, const std::string& rest);

/// True when text matches the glob pattern ('*': any run of characters, '?': one character).
bool glob_match(const std::string& pattern, const std::string& text);

// ---- numerics ----

/// A tensor of element type `type` and `shape` with values drawn uniformly from [lo, hi] by
/// std::mt19937(seed) (integers: whole numbers in the range; f16: the nearest f16 of an f32 draw).
ov::Tensor random_tensor(const ov::element::Type& type, const ov::Shape& shape, uint32_t seed, double lo, double hi);

/// The values of a tensor of any numeric element type, as doubles.
std::vector<double> to_doubles(const ov::Tensor& tensor);

/// max |actual - expected| / max(max |expected|, eps); infinity on a size mismatch.
double normalised_error(const ov::Tensor& actual, const ov::Tensor& expected, double eps = 1e-6);

/// The model's outputs for `inputs` (in parameter order), computed here by walking the model in topological
/// order and calling each node's evaluate(): no device, no plugin, no executor of the runtime. A ReadValue
/// gives its initial value (the first inference of a fresh request); Assign is not evaluated.
std::vector<ov::Tensor> reference_outputs(const ov::Model& model, const std::vector<ov::Tensor>& inputs);

/// The index of the compiled model's port whose tensor names include `name`, else whose node (or, for
/// an output, whose producer) has that friendly name; throws naming it when there is none.
size_t find_port(const std::vector<ov::Output<const ov::Node>>& ports, const std::string& name, bool output);

// ---- allocation counting (a replaced global operator new in this executable) ----

/// Counts the calls of operator new (from every thread) made while `action` runs.
size_t allocations_during(const std::function<void()>& action);

}  // namespace conformance
