// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest-spi.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <mutex>
#include <new>
#include <random>
#include <sstream>

#include "common/test_utils.hpp"
#include "conformance.hpp"
#include "core/core_test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"

// ---- allocation counting: replaces the global operator new of the whole process (the plugins too) ----
#include "common/counting_new.hpp"

namespace conformance {

const std::vector<Device>& devices() {
    static const std::vector<Device> table = {
#define DEVMUX_CONFORMANCE_DEVICE(label, name, property_device, host_memory) \
    Device{#label, name, property_device, host_memory},
#include "devices.def"
#undef DEVMUX_CONFORMANCE_DEVICE
    };
    return table;
}

void PrintTo(const Device& device, std::ostream* os) {
    *os << device.label << " (" << device.name << ")";
}

size_t allocations_during(const std::function<void()>& action) {
    return devmux_test::allocations_during(action);
}

namespace {

// The suite's own devices, registered beside the runtime's plugins.xml: MOCK runs every op; MOCKPART takes
// a part of each model so that HETERO:MOCKPART,CPU splits; MALIAS is an alias whose one device (one UUID)
// is served by ALIASA (a part of the ops, primary) with ALIASB (every op) as its fallback.
constexpr const char* mockpart_ops =
    "Parameter,Result,Constant,Add,Subtract,Multiply,Relu,Concat,Reshape,Convolution,MaxPool,Transpose";
constexpr const char* aliasa_ops = "Parameter,Result,Constant,Add,Multiply,Relu,Sigmoid,MatMul,Softmax,Gather";

std::string suite_plugins_xml() {
    using core_test::plugin_element;
    const std::string mock = devmux_mock::library_path();
    return core_test::plugins_xml(
        plugin_element("MOCK", mock,
                       {{devmux_mock::uuids, "c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c1"},
                        {devmux_mock::full_name, "devmux conformance mock (every op)"}}) +
        plugin_element("MOCKPART", mock,
                       {{devmux_mock::uuids, "c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c2"},
                        {devmux_mock::supported_ops, mockpart_ops},
                        {devmux_mock::full_name, "devmux conformance mock (part of the ops)"}}) +
        plugin_element("ALIASA", mock,
                       {{"PROXY_CONFIGURATION_ALIAS", "MALIAS"},
                        {"PROXY_CONFIGURATION_FALLBACK", "ALIASB"},
                        {"PROXY_CONFIGURATION_PRIORITY", "0"},
                        {devmux_mock::uuids, "c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c3"},
                        {devmux_mock::supported_ops, aliasa_ops}}) +
        plugin_element("ALIASB", mock,
                       {{"PROXY_CONFIGURATION_ALIAS", "MALIAS"},
                        {"PROXY_CONFIGURATION_PRIORITY", "1"},
                        {devmux_mock::uuids, "c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c3"}}));
}

}  // namespace

std::unique_ptr<ov::Core> fresh_core() {
    static const std::string xml = [] {
        static devmux_test::TempDir dir;  // lives as long as the process: Cores read the file when made
        core_test::write_file(dir.file("plugins.xml"), suite_plugins_xml());
        return dir.file("plugins.xml");
    }();
    auto c = std::make_unique<ov::Core>();
    c->register_plugins(xml);
    // OPENCL admits GPU and ACCELERATOR devices by default; CI's OpenCL device is PoCL, of type CPU.
    try {
        c->set_property("OPENCL", {{"OPENCL_DEVICE_TYPES", "GPU,ACCELERATOR,CPU"}});
    } catch (const ov::Exception&) {
        // OPENCL is not built (no OpenCL SDK): its tests skip as absent.
    }
    // Settings the suite needs on some devices: VULKAN admits CPU-type devices (lavapipe, the Vulkan device
    // of CI) only when asked. A device whose plugin is not built refuses them; absence_reason() then skips
    // its tests with the reason, so the refusal itself is not an error here.
    for (const auto& device : devices())
        if (device.property_device == "VULKAN") {
            try {
                c->set_property("VULKAN", {{"VULKAN_DEVICE_TYPES", std::string("discrete,integrated,virtual,cpu")}});
            } catch (const ov::Exception&) {
            }
        }
    return c;
}

ov::Core& core() {
    // Never destroyed: the plugins' libraries stay loaded until the process ends.
    static ov::Core* instance = fresh_core().release();
    return *instance;
}

std::string absence_reason(const Device& device) {
    // Answers are the same for the whole process: ask once per device.
    static std::mutex mutex;  // guards answers
    static std::map<std::string, std::string> answers;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = answers.find(device.label);
    if (it != answers.end())
        return it->second;
    // A virtual device (HETERO) lists no devices of its own: it is present when it answers and every
    // device below it is present.
    std::vector<std::string> names;
    std::string reason;
    if (is_virtual(device)) {
        try {
            core().get_property(device.property_device, ov::supported_properties);
        } catch (const std::exception& e) {
            reason = "device " + device.property_device + " is not present in this build: " + e.what();
        }
        std::stringstream members(device.name.substr(device.name.find(':') + 1));
        for (std::string member; std::getline(members, member, ',');)
            names.push_back(member);
    } else {
        names.push_back(device.property_device);
    }
    for (const auto& name : names) {
        if (!reason.empty())
            break;
        try {
            if (core().get_property(name, ov::available_devices).empty())
                reason = "device " + name + " reports no available devices";
        } catch (const std::exception& e) {
            reason = "device " + name + " is not present in this build: " + e.what();
        }
    }
    answers[device.label] = reason;
    return reason;
}

bool is_virtual(const Device& device) {
    return device.name.rfind("HETERO:", 0) == 0;
}

std::string test_name(const std::string& label, const std::string& rest) {
    std::string name = label + "__" + rest;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            c = '_';
    return name;
}

bool glob_match(const std::string& pattern, const std::string& text) {
    // Iterative wildcard match with one backtrack point (the last '*').
    size_t p = 0, t = 0, star = std::string::npos, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = t;
        } else if (star != std::string::npos) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

std::string test_key(const std::string& suite_name, const std::string& test_name, const std::string& label) {
    const std::string suite = suite_name.substr(suite_name.find('/') + 1);
    const size_t slash = test_name.find('/');
    const std::string test = test_name.substr(0, slash);
    std::string params = slash == std::string::npos ? "" : test_name.substr(slash + 1);
    const std::string prefix = label + "__";
    if (params.rfind(prefix, 0) == 0)
        params = params.substr(prefix.size());
    return suite + "." + test + "/" + params;
}

namespace {

void guarded(const std::function<void()>& body) {
    try {
        body();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "exception escaped the test: " << e.what();
    } catch (...) {
        ADD_FAILURE() << "a non-standard exception escaped the test";
    }
}

}  // namespace

void run(const Device& device, const std::function<void()>& body) {
    run_expecting(device, expected_failures(device.label), body);
}

void run_expecting(const Device& device, const std::vector<ExpectedFailure>& failures,
                   const std::function<void()>& body) {
    const std::string absent = absence_reason(device);
    if (!absent.empty())
        GTEST_SKIP() << device.label << " is not present: " << absent;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string key = test_key(info->test_suite_name(), info->name(), device.label);
    const ExpectedFailure* expected = nullptr;
    for (const auto& failure : failures)
        if (glob_match(failure.pattern, key)) {
            expected = &failure;
            break;
        }
    if (!expected) {
        guarded(body);
        return;
    }
    ::testing::TestPartResultArray results;
    {
        ::testing::ScopedFakeTestPartResultReporter reporter(
            ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
        guarded(body);
    }
    std::string first_failure;
    for (int i = 0; i < results.size(); ++i)
        if (results.GetTestPartResult(i).failed()) {
            first_failure = results.GetTestPartResult(i).message();
            break;
        }
    if (first_failure.empty()) {
        ADD_FAILURE() << key << " on " << device.label << " passes, but it is listed as an expected failure ('"
                      << expected->pattern << "': " << expected->reason
                      << "): remove it from the device's expected failures";
        return;
    }
    GTEST_SKIP() << "expected failure on " << device.label << " ('" << expected->pattern << "'): " << expected->reason
                 << "\n  first failure: " << first_failure;
}

// ---- numerics ----

ov::Tensor random_tensor(const ov::element::Type& type, const ov::Shape& shape, uint32_t seed, double lo, double hi) {
    ov::Tensor t(type, shape);
    std::mt19937 gen(seed);
    const size_t n = t.get_size();
    auto reals = [&](auto* data) {
        std::uniform_real_distribution<float> dist(static_cast<float>(lo), static_cast<float>(hi));
        for (size_t i = 0; i < n; ++i)
            data[i] = static_cast<std::remove_pointer_t<decltype(data)>>(dist(gen));
    };
    auto integers = [&](auto* data) {
        std::uniform_int_distribution<int64_t> dist(static_cast<int64_t>(std::ceil(lo)),
                                                    static_cast<int64_t>(std::floor(hi)));
        for (size_t i = 0; i < n; ++i)
            data[i] = static_cast<std::remove_pointer_t<decltype(data)>>(dist(gen));
    };
    switch (ov::element::Type_t(type)) {
        case ov::element::Type_t::f32: reals(t.data<float>()); break;
        case ov::element::Type_t::f64: reals(t.data<double>()); break;
        case ov::element::Type_t::f16: reals(t.data<ov::float16>()); break;
        case ov::element::Type_t::i32: integers(t.data<int32_t>()); break;
        case ov::element::Type_t::i64: integers(t.data<int64_t>()); break;
        case ov::element::Type_t::i8: integers(t.data<int8_t>()); break;
        case ov::element::Type_t::u8: integers(t.data<uint8_t>()); break;
        default: OPENVINO_THROW("conformance: no random values for element type ", type);
    }
    return t;
}

std::vector<double> to_doubles(const ov::Tensor& tensor) {
    std::vector<double> out(tensor.get_size());
    auto copy = [&](const auto* data) {
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = static_cast<double>(data[i]);
    };
    const auto type = tensor.get_element_type();
    switch (ov::element::Type_t(type)) {
        case ov::element::Type_t::f32: copy(tensor.data<float>()); break;
        case ov::element::Type_t::f64: copy(tensor.data<double>()); break;
        case ov::element::Type_t::f16: {
            const auto* data = tensor.data<ov::float16>();
            for (size_t i = 0; i < out.size(); ++i)
                out[i] = static_cast<float>(data[i]);
            break;
        }
        case ov::element::Type_t::i32: copy(tensor.data<int32_t>()); break;
        case ov::element::Type_t::i64: copy(tensor.data<int64_t>()); break;
        case ov::element::Type_t::i8: copy(tensor.data<int8_t>()); break;
        case ov::element::Type_t::u8: copy(tensor.data<uint8_t>()); break;
        default: OPENVINO_THROW("conformance: cannot read element type ", type);
    }
    return out;
}

double normalised_error(const ov::Tensor& actual, const ov::Tensor& expected, double eps) {
    const auto a = to_doubles(actual), b = to_doubles(expected);
    if (a.size() != b.size())
        return std::numeric_limits<double>::infinity();
    double max_diff = 0, max_ref = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::isnan(a[i]) != std::isnan(b[i]))
            return std::numeric_limits<double>::infinity();
        if (!std::isnan(a[i]))
            max_diff = std::max(max_diff, std::abs(a[i] - b[i]));
        max_ref = std::max(max_ref, std::abs(b[i]));
    }
    return max_diff / std::max(max_ref, eps);
}

std::vector<ov::Tensor> reference_outputs(const ov::Model& model, const std::vector<ov::Tensor>& inputs) {
    const auto& parameters = model.get_parameters();
    OPENVINO_ASSERT(inputs.size() == parameters.size(), "conformance reference: ", inputs.size(),
                    " inputs for a model of ", parameters.size(), " parameters");
    std::map<std::pair<const ov::Node*, size_t>, ov::Tensor> values;
    auto value_of = [&](const ov::Output<ov::Node>& source) {
        auto it = values.find({source.get_node(), source.get_index()});
        OPENVINO_ASSERT(it != values.end(), "conformance reference: no value for an input of ",
                        source.get_node()->get_friendly_name());
        return it->second;
    };
    for (const auto& node : model.get_ordered_ops()) {
        const std::string type = node->get_type_name();
        if (type == "Parameter") {
            const auto pos = std::find(parameters.begin(), parameters.end(), node) - parameters.begin();
            values[{node.get(), 0}] = inputs.at(static_cast<size_t>(pos));
            continue;
        }
        if (type == "Result" || type == "ReadValue") {
            values[{node.get(), 0}] = value_of(node->input_value(0));
            continue;
        }
        if (type == "Assign")
            continue;
        ov::TensorVector in, out;
        for (size_t i = 0; i < node->get_input_size(); ++i)
            in.push_back(value_of(node->input_value(i)));
        // An output of data-dependent shape (NonZero, NMS) is left empty: evaluate() sizes it.
        for (size_t i = 0; i < node->get_output_size(); ++i)
            out.push_back(node->get_output_partial_shape(i).is_static()
                              ? ov::Tensor(node->get_output_element_type(i), node->get_output_shape(i))
                              : ov::Tensor());
        OPENVINO_ASSERT(node->evaluate(out, in), "conformance reference: ", type, " '", node->get_friendly_name(),
                        "' has no evaluate() for these inputs");
        for (size_t i = 0; i < out.size(); ++i)
            values[{node.get(), i}] = out[i];
    }
    std::vector<ov::Tensor> outputs;
    for (const auto& result : model.get_results())
        outputs.push_back(values.at({result.get(), 0}));
    return outputs;
}

size_t find_port(const std::vector<ov::Output<const ov::Node>>& ports, const std::string& name, bool output) {
    for (size_t i = 0; i < ports.size(); ++i)
        if (ports[i].get_names().count(name))
            return i;
    for (size_t i = 0; i < ports.size(); ++i) {
        const ov::Node* node = ports[i].get_node();
        if (node->get_friendly_name() == name ||
            (output && node->get_input_size() > 0 && node->input_value(0).get_node()->get_friendly_name() == name))
            return i;
    }
    OPENVINO_THROW("conformance: the compiled model has no ", output ? "output" : "input", " named '", name, "'");
}

}  // namespace conformance
