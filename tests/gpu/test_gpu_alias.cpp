// SPDX-License-Identifier: Apache-2.0
// "GPU" end to end on real drivers: the alias of the default deployment over the GPU backends that are
// built (VULKAN, then OPENCL) with CPU as the last fallback. The default deployment admits GPU-type
// devices only; the software deployment (plugins-software-gpu.xml) also admits CPU-type OpenCL and
// Vulkan devices, which is how these tests reach the real proxy path on PoCL and lavapipe in CI.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "common/test_utils.hpp"
#include "openvino/op/gather.hpp"
#include "openvino/openvino.hpp"

namespace {

using ::testing::Contains;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

const std::string models = DEVMUX_MODELS_DIR;
const std::string lib_dir = DEVMUX_BUILD_LIB_DIR;
const std::string squeezenet = models + "/squeezenet1.1-ir10/squeezenet1.1.xml";
const std::string squeezenet_ir11 = models + "/squeezenet1.1-ir11/squeezenet1.1.xml";

// The shipped deployments measure (PROXY_BACKEND_SELECTION=MEASURED); the tests of the priority chain's
// own mechanics (one query, the split, export) ask for the configured order.
constexpr const char* selection_key = "PROXY_BACKEND_SELECTION";
const ov::AnyMap by_priority{{selection_key, "PRIORITY"}};

// Never destroyed: the plugins' libraries stay loaded until the process ends.
ov::Core& software_core() {
    static ov::Core* core = new ov::Core("plugins-software-gpu.xml");
    return *core;
}

std::vector<std::string> split_words(const std::string& text) {
    std::istringstream stream(text);
    std::vector<std::string> words;
    for (std::string word; stream >> word;)
        words.push_back(word);
    return words;
}

// The plugins serving the software GPU device, primary first, without the CPU fallback.
std::vector<std::string> gpu_backends() {
    std::vector<std::string> backends;
    for (const auto& plugin : split_words(software_core().get_property("GPU", ov::device::priorities)))
        if (plugin != "CPU")
            backends.push_back(plugin);
    return backends;
}

struct Calls {
    uint64_t query = 0, compile = 0;
};

Calls calls_of(ov::Core& core, const std::string& plugin) {
    Calls calls;
    calls.query = core.get_property(plugin, plugin + "_QUERY_MODEL_CALLS").as<uint64_t>();
    calls.compile = core.get_property(plugin, plugin + "_COMPILE_MODEL_CALLS").as<uint64_t>();
    return calls;
}

std::map<std::string, Calls> calls_of_backends(ov::Core& core = software_core()) {
    std::map<std::string, Calls> calls;
    for (const auto& backend : gpu_backends())
        calls[backend] = calls_of(core, backend);
    return calls;
}

std::vector<float> read_floats(const std::string& path) {
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    EXPECT_TRUE(file) << "cannot open " << path;
    std::vector<float> values(static_cast<size_t>(file.tellg()) / sizeof(float));
    file.seekg(0);
    file.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(float)));
    return values;
}

const std::vector<float>& pizza() {
    static const std::vector<float> values = read_floats(models + "/inputs/pizza_1x3x227x227_nchw_bgr.f32");
    return values;
}

const std::vector<float>& reference_scores() {
    static const std::vector<float> values =
        read_floats(models + "/squeezenet1.1-ir10/ref/squeezenet1.1.output.prob_sink_port_0.f32");
    return values;
}

// max|a - b| / max(max|b|, 1e-3), the normalised error of the conformance suite.
double normalised_error(const ov::Tensor& actual, const std::vector<float>& expected) {
    EXPECT_EQ(actual.get_size(), expected.size());
    double worst = 0, scale = 1e-3;
    const float* data = actual.data<float>();
    for (size_t i = 0; i < expected.size() && i < actual.get_size(); ++i) {
        worst = std::max(worst, std::fabs(static_cast<double>(data[i]) - expected[i]));
        scale = std::max(scale, std::fabs(static_cast<double>(expected[i])));
    }
    return worst / scale;
}

ov::Tensor infer_pizza(ov::CompiledModel& compiled) {
    ov::InferRequest request = compiled.create_infer_request();
    ov::Tensor input(ov::element::f32, compiled.input().get_shape());
    std::copy(pizza().begin(), pizza().end(), input.data<float>());
    request.set_input_tensor(input);
    request.infer();
    ov::Tensor output = request.get_output_tensor();
    ov::Tensor copy(output.get_element_type(), output.get_shape());
    output.copy_to(copy);
    return copy;
}

// SqueezeNet behind a preprocessing resize: a u8 NHWC image at twice the resolution, resized back by
// Interpolate, an op the GPU backends do not run. The image repeats each pixel of the pizza over a 2x2
// block, so the linear resize gives back the pizza exactly and the model's reference output still holds.
std::shared_ptr<ov::Model> squeezenet_behind_a_resize() {
    auto model = software_core().read_model(squeezenet);
    ov::preprocess::PrePostProcessor ppp(model);
    ppp.input().tensor().set_element_type(ov::element::u8).set_layout("NHWC").set_spatial_static_shape(454, 454);
    ppp.input().preprocess().convert_element_type(ov::element::f32).resize(ov::preprocess::ResizeAlgorithm::RESIZE_LINEAR);
    ppp.input().model().set_layout("NCHW");
    return ppp.build();
}

ov::Tensor pizza_upscaled_u8() {
    ov::Tensor image(ov::element::u8, ov::Shape{1, 454, 454, 3});
    uint8_t* pixels = image.data<uint8_t>();
    for (size_t y = 0; y < 454; ++y)
        for (size_t x = 0; x < 454; ++x)
            for (size_t c = 0; c < 3; ++c)
                pixels[(y * 454 + x) * 3 + c] = static_cast<uint8_t>(pizza()[(c * 227 + y / 2) * 227 + x / 2]);
    return image;
}

ov::Tensor infer_upscaled_pizza(ov::CompiledModel& compiled) {
    ov::InferRequest request = compiled.create_infer_request();
    request.set_input_tensor(pizza_upscaled_u8());
    request.infer();
    return request.get_output_tensor();
}

TEST(GpuAlias, TheUpscaledImageHoldsThePizzaExactly) {
    // The premise of the split tests: the photo's values are whole numbers, so u8 loses nothing.
    for (float value : pizza())
        ASSERT_EQ(value, std::round(value));
}

TEST(GpuAlias, DefaultDeploymentListsHardwareGpusOrSaysWhyThereIsNone) {
    ov::Core core;
    const auto devices = core.get_property("GPU", ov::available_devices);
    if (!devices.empty()) {
        std::cout << "[ INFO ] hardware GPU devices under GPU: " << devices.size() << "\n";
        for (const auto& id : devices) {
            const std::string name = devices.size() == 1 ? "GPU" : "GPU." + id;
            EXPECT_FALSE(core.get_property(name, ov::device::full_name).empty());
        }
        return;
    }
    const std::string error = devmux_test::error_of([&] { core.compile_model(core.read_model(squeezenet), "GPU"); });
    EXPECT_THAT(error, HasSubstr("'GPU' has no devices"));
    for (const auto& backend : gpu_backends())
        EXPECT_THAT(error, HasSubstr(backend + " (0 devices)"));
}

TEST(GpuAlias, SoftwareDeploymentMakesOneDeviceServedByEveryBackend) {
    ov::Core& core = software_core();
    const auto cpu = core.get_property("CPU", ov::device::uuid);
    // Every built backend has a device on this CPU (PoCL, lavapipe), and they agree with the CPU on its identity.
    // A machine with a GPU lists that too (before them: GPUs come first).
    for (const auto& backend : gpu_backends()) {
        const auto ids = core.get_property(backend, ov::available_devices);
        const bool on_cpu = std::any_of(ids.begin(), ids.end(), [&](const std::string& id) {
            return core.get_property(backend + "." + id, ov::device::uuid) == cpu;
        });
        if (!on_cpu)
            GTEST_SKIP() << backend << " has no driver that runs on the CPU here (PoCL and lavapipe are installed by "
                         << "scripts/test)";
    }
    const auto devices = core.get_property("GPU", ov::available_devices);
    std::vector<std::string> on_cpu;
    for (const auto& id : devices) {
        const std::string name = devices.size() == 1 ? "GPU" : "GPU." + id;
        if (core.get_property(name, ov::device::uuid) == cpu)
            on_cpu.push_back(name);
    }
    ASSERT_EQ(on_cpu.size(), 1u) << "PoCL and lavapipe run on the same CPU: one physical device";
    const auto priorities = split_words(core.get_property(on_cpu[0], ov::device::priorities));
    ASSERT_EQ(priorities.size(), gpu_backends().size() + 1) << core.get_property(on_cpu[0], ov::device::priorities);
    EXPECT_EQ(priorities.back(), "CPU");
}

TEST(GpuAlias, AModelThePrimaryRunsWhollyIsThePrimarysOwnCompiledModel) {
    const auto backends = gpu_backends();
    ASSERT_FALSE(backends.empty());
    const auto before = calls_of_backends();
    ov::CompiledModel compiled = software_core().compile_model(squeezenet, "GPU", by_priority);
    const auto after = calls_of_backends();

    EXPECT_THAT(compiled.get_property(ov::execution_devices), ElementsAreArray({backends.front() + ".0"}));
    // One question to the primary, one compile on it; nothing asked of the other backends.
    for (const auto& backend : backends) {
        const bool primary = backend == backends.front();
        EXPECT_EQ(after.at(backend).query - before.at(backend).query, primary ? 1u : 0u) << backend;
        EXPECT_EQ(after.at(backend).compile - before.at(backend).compile, primary ? 1u : 0u) << backend;
    }
    EXPECT_LE(normalised_error(infer_pizza(compiled), reference_scores()), 1e-3);
}

TEST(GpuAlias, AModelWithOpsThePrimaryLacksSplitsOverTheBackendsAndCpu) {
    const auto backends = gpu_backends();
    ASSERT_FALSE(backends.empty());
    const auto model = squeezenet_behind_a_resize();
    const auto before = calls_of_backends();
    ov::CompiledModel compiled = software_core().compile_model(model, "GPU", by_priority);
    const auto after = calls_of_backends();

    const auto used = compiled.get_property(ov::execution_devices);
    EXPECT_THAT(used, Contains(backends.front() + ".0"));
    EXPECT_THAT(used, Contains("CPU"));
    // Exactly one query_model on the primary (HETERO reuses the proxy's answer); each fallback backend is
    // asked at most once, about the ops still unassigned; each subgraph compiles once.
    EXPECT_EQ(after.at(backends.front()).query - before.at(backends.front()).query, 1u);
    for (const auto& backend : backends) {
        EXPECT_LE(after.at(backend).query - before.at(backend).query, 1u) << backend;
        const bool runs_a_part = std::find(used.begin(), used.end(), backend + ".0") != used.end();
        EXPECT_EQ(after.at(backend).compile - before.at(backend).compile, runs_a_part ? 1u : 0u) << backend;
    }
    // The split shows in the runtime model: every op carries the device of its subgraph.
    std::set<std::string> affinities;
    for (const auto& node : compiled.get_runtime_model()->get_ordered_ops()) {
        const auto found = node->get_rt_info().find("affinity");
        if (found != node->get_rt_info().end())
            affinities.insert(found->second.as<std::string>());
    }
    EXPECT_EQ(affinities, std::set<std::string>(used.begin(), used.end()));
    EXPECT_LE(normalised_error(infer_upscaled_pizza(compiled), reference_scores()), 1e-3);
}

// A deployment written for a machine where VULKAN should lead (docs/deployment.md): VULKAN, then OPENCL
// for the ops VULKAN lacks (FakeQuantize), then CPU (Interpolate). Library paths are the build tree's.
std::unique_ptr<ov::Core> vulkan_first_core(const devmux_test::TempDir& dir) {
    auto plugin = [](const std::string& name, const std::string& library, const std::string& properties) {
        return "    <plugin name=\"" + name + "\" location=\"" + lib_dir + "/" + library + "\">\n      <properties>\n" +
               properties + "      </properties>\n    </plugin>\n";
    };
    auto property = [](const std::string& key, const std::string& value) {
        return "        <property key=\"" + key + "\" value=\"" + value + "\"/>\n";
    };
    std::ofstream(dir.file("plugins.xml"))
        << "<ie>\n  <plugins>\n"
        << "    <plugin name=\"CPU\" location=\"" << lib_dir << "/libdevmux_cpu_plugin.so\"/>\n"
        << "    <plugin name=\"HETERO\" location=\"" << lib_dir << "/libdevmux_hetero_plugin.so\"/>\n"
        << plugin("VULKAN", "libdevmux_vulkan_plugin.so",
                  property("PROXY_CONFIGURATION_ALIAS", "GPU") + property("PROXY_CONFIGURATION_PRIORITY", "0") +
                      property("PROXY_CONFIGURATION_FALLBACK", "OPENCL") +
                      property("VULKAN_DEVICE_TYPES", "discrete,integrated,virtual,cpu"))
        << plugin("OPENCL", "libdevmux_opencl_plugin.so",
                  property("PROXY_CONFIGURATION_ALIAS", "GPU") + property("PROXY_CONFIGURATION_PRIORITY", "1") +
                      property("PROXY_CONFIGURATION_FALLBACK", "CPU") +
                      property("OPENCL_DEVICE_TYPES", "GPU,ACCELERATOR,CPU"))
        << "  </plugins>\n</ie>\n";
    return std::make_unique<ov::Core>(dir.file("plugins.xml"));
}

// Landmarks FP16-INT8 (FakeQuantize before its convolutions) behind a u8 NHWC resize from 96x96.
std::shared_ptr<ov::Model> quantized_landmarks_behind_a_resize(ov::Core& core) {
    auto model = core.read_model(models + "/landmarks-regression-retail-0009/FP16-INT8/landmarks-regression-retail-0009.xml");
    ov::preprocess::PrePostProcessor ppp(model);
    ppp.input().tensor().set_element_type(ov::element::u8).set_layout("NHWC").set_spatial_static_shape(96, 96);
    ppp.input().preprocess().convert_element_type(ov::element::f32).resize(ov::preprocess::ResizeAlgorithm::RESIZE_LINEAR);
    ppp.input().model().set_layout("NCHW");
    return ppp.build();
}

// The quantized landmarks behind the NHWC resize (which neither GPU backend runs: CPU), followed by a Gather of
// 40 scattered landmark values: OPENCL gathers any constant indices, VULKAN turns constant indices into strided
// copies and refuses more than 16 of them (these make 20). A VULKAN-first alias then splits the model over
// VULKAN, OPENCL and CPU.
std::shared_ptr<ov::Model> landmarks_between_a_resize_and_a_gather(ov::Core& core) {
    auto model = quantized_landmarks_behind_a_resize(core);
    auto landmarks = model->get_results().at(0)->input_value(0);
    std::vector<int64_t> picks;
    for (int64_t i = 0; i < 20; ++i) {  // pairs (i, i + 5) mod 10: no three in a row step evenly
        picks.push_back(i % 10);
        picks.push_back((i * 3 + 5) % 10);
    }
    auto indices = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{picks.size()}, picks);
    auto axis = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{}, {1});
    auto gathered = std::make_shared<ov::op::v8::Gather>(landmarks, indices, axis);
    gathered->set_friendly_name("scattered_landmarks");
    return std::make_shared<ov::Model>(ov::OutputVector{gathered}, model->get_parameters());
}

TEST(GpuAlias, VulkanFirstDeploymentSplitsAModelOverBothBackendsAndCpu) {
    const auto backends = gpu_backends();
    if (backends.size() < 2)
        GTEST_SKIP() << "needs both GPU backends built; this build has " << backends.size();
    devmux_test::TempDir dir;
    auto core = vulkan_first_core(dir);
    const auto model = landmarks_between_a_resize_and_a_gather(*core);
    const auto before = calls_of_backends(*core);
    // Profiling asked of the fallback backend only, through ov::device::properties given to the alias.
    ov::CompiledModel compiled =
        core->compile_model(model, "GPU", ov::device::properties("OPENCL", ov::enable_profiling(true)));
    const auto after = calls_of_backends(*core);

    const auto used = compiled.get_property(ov::execution_devices);
    EXPECT_THAT(used, ::testing::UnorderedElementsAre("VULKAN.0", "OPENCL.0", "CPU"));
    EXPECT_EQ(after.at("VULKAN").query - before.at("VULKAN").query, 1u);
    EXPECT_EQ(after.at("OPENCL").query - before.at("OPENCL").query, 1u);
    // Each subgraph compiles once, on its device.
    std::map<std::string, std::set<int64_t>> subgraphs;
    for (const auto& node : compiled.get_runtime_model()->get_ordered_ops()) {
        const auto& info = node->get_rt_info();
        if (info.count("affinity") && info.count("subgraph"))
            subgraphs[info.at("affinity").as<std::string>()].insert(info.at("subgraph").as<int64_t>());
    }
    EXPECT_EQ(after.at("VULKAN").compile - before.at("VULKAN").compile, subgraphs["VULKAN.0"].size());
    EXPECT_EQ(after.at("OPENCL").compile - before.at("OPENCL").compile, subgraphs["OPENCL.0"].size());
    EXPECT_GE(subgraphs["OPENCL.0"].size(), 1u);

    const auto per_device = compiled.get_property(ov::device::properties);
    ASSERT_TRUE(per_device.count("OPENCL.0"));
    EXPECT_TRUE(per_device.at("OPENCL.0").at(ov::enable_profiling.name()).as<bool>());
    ASSERT_TRUE(per_device.count("VULKAN.0"));
    EXPECT_FALSE(per_device.at("VULKAN.0").at(ov::enable_profiling.name()).as<bool>());

    // The same model on CPU alone is the reference (the quantized model has no stored reference output).
    ov::CompiledModel on_cpu = core->compile_model(model, "CPU");
    ov::Tensor image(ov::element::u8, ov::Shape{1, 96, 96, 3});
    std::mt19937 random(20261124);
    std::uniform_int_distribution<int> pixel(0, 255);
    for (size_t i = 0; i < image.get_size(); ++i)
        image.data<uint8_t>()[i] = static_cast<uint8_t>(pixel(random));
    ov::InferRequest gpu_request = compiled.create_infer_request(), cpu_request = on_cpu.create_infer_request();
    gpu_request.set_input_tensor(image);
    cpu_request.set_input_tensor(image);
    gpu_request.infer();
    cpu_request.infer();
    const ov::Tensor expected = cpu_request.get_output_tensor();
    const std::vector<float> expected_values(expected.data<float>(), expected.data<float>() + expected.get_size());
    // The conformance suite's FakeQuantize tolerance: a value within rounding of a level boundary may land
    // one level away on another device, and the landmarks regress from those levels.
    EXPECT_LE(normalised_error(gpu_request.get_output_tensor(), expected_values), 5e-3);
}

TEST(GpuAlias, ExportThroughTheAliasAndImportGiveTheSameResults) {
    ov::Core& core = software_core();
    for (const bool split : {false, true}) {
        SCOPED_TRACE(split ? "split model" : "whole model on the primary");
        ov::CompiledModel compiled = split ? core.compile_model(squeezenet_behind_a_resize(), "GPU", by_priority)
                                           : core.compile_model(squeezenet, "GPU", by_priority);
        std::stringstream blob;
        compiled.export_model(blob);
        ov::CompiledModel imported = core.import_model(blob, "GPU");
        EXPECT_EQ(imported.get_property(ov::execution_devices), compiled.get_property(ov::execution_devices));
        const ov::Tensor first = split ? infer_upscaled_pizza(compiled) : infer_pizza(compiled);
        const ov::Tensor second = split ? infer_upscaled_pizza(imported) : infer_pizza(imported);
        ASSERT_EQ(first.get_byte_size(), second.get_byte_size());
        EXPECT_EQ(0, std::memcmp(first.data(), second.data(), first.get_byte_size()));
    }
}

// One entry of PROXY_BACKEND_MEASUREMENTS: "VULKAN.0: 12.345 ms (median of 10), chosen".
struct Measured {
    std::string device;
    double ms = -1;  // -1: the candidate failed
    bool chosen = false;
};

std::vector<Measured> parse_measurements(const std::vector<std::string>& entries) {
    std::vector<Measured> parsed;
    for (const auto& entry : entries) {
        Measured m;
        const auto colon = entry.find(": ");
        m.device = entry.substr(0, colon);
        m.device = m.device.substr(0, m.device.find(" via "));
        if (colon != std::string::npos && entry.compare(colon + 2, 7, "failed:") != 0)
            m.ms = std::stod(entry.substr(colon + 2));
        m.chosen = entry.find(", chosen") != std::string::npos;
        parsed.push_back(m);
    }
    return parsed;
}

TEST(GpuAlias, ShippedDeploymentsSelectTheBackendByMeasurement) {
    EXPECT_EQ(software_core().get_property("GPU", selection_key).as<std::string>(), "MEASURED");
    ov::Core core;
    EXPECT_EQ(core.get_property("GPU", selection_key).as<std::string>(), "MEASURED");
}

// Issue 25 §1: with VULKAN written first, MEASURED runs SqueezeNet on whichever backend measured faster
// on this machine (on PoCL and lavapipe that has been OPENCL; on NVIDIA, VULKAN), and PRIORITY on VULKAN.
TEST(GpuAlias, VulkanFirstDeploymentRunsSqueezeNetOnTheBackendMeasuredFastest) {
    const auto backends = gpu_backends();
    if (backends.size() < 2)
        GTEST_SKIP() << "needs both GPU backends built; this build has " << backends.size();
    devmux_test::TempDir dir;
    auto core = vulkan_first_core(dir);
    const auto model = core->read_model(squeezenet_ir11);
    const auto before = calls_of_backends(*core);
    ov::CompiledModel compiled = core->compile_model(model, "GPU", {{selection_key, "MEASURED"}});
    const auto after = calls_of_backends(*core);

    const auto entries = compiled.get_property("PROXY_BACKEND_MEASUREMENTS").as<std::vector<std::string>>();
    for (const auto& entry : entries)
        std::cout << "[ measured ] " << entry << std::endl;
    const auto measured = parse_measurements(entries);
    ASSERT_EQ(measured.size(), 2u);
    std::set<std::string> devices;
    const Measured* chosen = nullptr;
    for (const auto& m : measured) {
        devices.insert(m.device);
        EXPECT_GT(m.ms, 0) << m.device << " failed";
        if (m.chosen) {
            EXPECT_EQ(chosen, nullptr) << "one choice";
            chosen = &m;
        }
    }
    EXPECT_EQ(devices, (std::set<std::string>{"VULKAN.0", "OPENCL.0"}));
    ASSERT_NE(chosen, nullptr);
    for (const auto& m : measured)
        EXPECT_LE(chosen->ms, m.ms) << "the choice is the lower measured latency";
    EXPECT_EQ(compiled.get_property(ov::execution_devices), std::vector<std::string>{chosen->device});
    for (const auto& backend : {"VULKAN", "OPENCL"})
        EXPECT_EQ(after.at(backend).compile - before.at(backend).compile, 1u) << backend << " compiled as a candidate";
    // The IR v11 model has no mean in it: its reference input is the pizza with the mean taken off.
    const std::string ref = models + "/squeezenet1.1-ir11/ref/squeezenet1.1.";
    const std::vector<float> input_values = read_floats(ref + "input.data.f32");
    ov::InferRequest request = compiled.create_infer_request();
    ov::Tensor input(ov::element::f32, compiled.input().get_shape());
    ASSERT_EQ(input.get_size(), input_values.size());
    std::copy(input_values.begin(), input_values.end(), input.data<float>());
    request.set_input_tensor(input);
    request.infer();
    EXPECT_LE(normalised_error(request.get_output_tensor(), read_floats(ref + "output.prob_sink_port_0.f32")), 1e-3);

    // The decision stays in this Core: the next compile of the model builds only the chosen backend.
    const auto again_before = calls_of_backends(*core);
    ov::CompiledModel again = core->compile_model(model, "GPU", {{selection_key, "MEASURED"}});
    const auto again_after = calls_of_backends(*core);
    for (const auto& backend : {"VULKAN", "OPENCL"})
        EXPECT_EQ(again_after.at(backend).compile - again_before.at(backend).compile,
                  chosen->device == std::string(backend) + ".0" ? 1u : 0u)
            << backend;

    ov::CompiledModel by_order = core->compile_model(model, "GPU", by_priority);
    EXPECT_EQ(by_order.get_property(ov::execution_devices), std::vector<std::string>{"VULKAN.0"});
}

}  // namespace
