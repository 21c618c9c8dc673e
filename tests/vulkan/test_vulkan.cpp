// SPDX-License-Identifier: Apache-2.0
// The VULKAN plugin through ov::Core: devices and their properties, errors, record-once execution,
// profiling, export/import and the shared real models.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unistd.h>
#include <fstream>
#include <sstream>
#include <atomic>
#include <mutex>
#include <set>
#include <iterator>
#include <thread>

#include "compiled_model.hpp"
#include "devmux/kit/export_format.hpp"
#include "devmux/kit/internal_ops.hpp"
#include "devmux/plugin/device_identity.hpp"
#include "devmux/plugin/iremote_context.hpp"
#include "infer_request.hpp"
#include "openvino/op/ops.hpp"
#include "plugin.hpp"
#include "vulkan_test_utils.hpp"

namespace {

using namespace vulkan_test;

// Before any Vulkan call of the process: the Khronos validation layer on (any message aborts, so the test
// run fails), lavapipe capped at two threads, Mesa's shader cache under the build tree.
const bool environment_ready = [] {
    setenv("DEVMUX_VULKAN_VALIDATION", "1", 0);
    setenv("LP_NUM_THREADS", "2", 0);
    setenv("MESA_SHADER_CACHE_DIR", DEVMUX_VULKAN_TEST_CACHE, 0);
    return true;
}();

std::string error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const ov::Exception& e) {
        return e.what();
    }
    return "no exception";
}

std::shared_ptr<ov::Model> conv_relu_model() {
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 3, 9, 9});
    auto weights = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{8, 3, 3, 3},
                                                floats(random_tensor(ov::element::f32, {8, 3, 3, 3}, 11)));
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, weights, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto bias = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, 8, 1, 1},
                                             floats(random_tensor(ov::element::f32, {1, 8, 1, 1}, 12)));
    auto add = std::make_shared<ov::op::v1::Add>(conv, bias);
    auto relu = std::make_shared<ov::op::v0::Relu>(add);
    relu->set_friendly_name("relu");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{data}, "conv_relu");
    return model;
}

TEST(VulkanDevices, CpuTypeDevicesAreAdmittedOnlyWhenAsked) {
    ov::Core core;
    const auto by_default = core.get_property("VULKAN", ov::available_devices);
    for (const auto& id : by_default)  // a GPU machine lists its GPUs, never lavapipe
        EXPECT_EQ(core.get_property("VULKAN." + id, ov::device::full_name).find("llvmpipe"), std::string::npos);
    if (by_default.empty()) {
        const std::string error = error_of([&] { core.compile_model(conv_relu_model(), "VULKAN"); });
        EXPECT_NE(error.find("VULKAN_DEVICE_TYPES"), std::string::npos) << error;
        EXPECT_NE(error.find("llvmpipe"), std::string::npos) << error;  // says what the drivers offer
    }
    core.set_property("VULKAN", {{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    const auto all = core.get_property("VULKAN", ov::available_devices);
    const bool lavapipe = std::any_of(all.begin(), all.end(), [&](const std::string& id) {
        return core.get_property("VULKAN." + id, ov::device::full_name).find("llvmpipe") != std::string::npos;
    });
    if (!lavapipe)
        GTEST_SKIP() << "no CPU-type Vulkan driver here (lavapipe, Debian's mesa-vulkan-drivers, is not installed)";
    ASSERT_GT(all.size(), by_default.size());
    EXPECT_EQ(all.front(), "0");
}

TEST(VulkanDevices, PropertiesOfLavapipe) {
    auto core = make_core();
    const auto ids = core->get_property("VULKAN", ov::available_devices);
    ASSERT_FALSE(ids.empty());
    bool found = false;
    for (const auto& id : ids) {
        const std::string device = "VULKAN." + id;
        const std::string name = core->get_property(device, ov::device::full_name);
        EXPECT_FALSE(name.empty());
        const auto capabilities = core->get_property(device, ov::device::capabilities);
        EXPECT_NE(std::find(capabilities.begin(), capabilities.end(), ov::device::capability::FP32), capabilities.end());
        if (name.find("llvmpipe") == std::string::npos)
            continue;
        found = true;
        // lavapipe's deviceUUID names the Mesa build: the host CPU's identity is used, as the CPU plugin does.
        EXPECT_EQ(core->get_property(device, ov::device::uuid), devmux::host_cpu_uuid());
        EXPECT_EQ(core->get_property(device, ov::device::uuid), core->get_property("CPU", ov::device::uuid));
        // lavapipe has VK_KHR_16bit_storage and shaderFloat16.
        EXPECT_NE(std::find(capabilities.begin(), capabilities.end(), ov::device::capability::FP16), capabilities.end());
        EXPECT_EQ(core->get_property(device, ov::device::type), ov::device::Type::INTEGRATED);
    }
    if (!found)
        GTEST_SKIP() << "lavapipe (llvmpipe) is not among the VULKAN devices: Debian's mesa-vulkan-drivers is not "
                        "installed";
}

TEST(VulkanDevices, BadSettingsAreRefusedNamingTheKey) {
    auto core = make_core();
    const std::string error =
        error_of([&] { core->set_property("VULKAN", {{"VULKAN_DEVICE_TYPES", std::string("gpu,teapot")}}); });
    EXPECT_NE(error.find("VULKAN_DEVICE_TYPES"), std::string::npos) << error;
    EXPECT_NE(error.find("teapot"), std::string::npos) << error;
    const std::string unknown = error_of([&] { core->compile_model(conv_relu_model(), "VULKAN.9"); });
    EXPECT_NE(unknown.find("'9'"), std::string::npos) << unknown;
}

TEST(VulkanExecution, ConvBiasReluMatchesTheReferenceAndRecordsOnce) {
    auto core = make_core();
    auto model = conv_relu_model();
    auto compiled = core->compile_model(model, "VULKAN");
    auto request = compiled.create_infer_request();
    for (unsigned seed = 1; seed <= 3; ++seed) {
        auto input = random_tensor(ov::element::f32, {1, 3, 9, 9}, seed);
        request.set_input_tensor(input);
        request.infer();
        const auto expected = reference_outputs(model, {input});
        EXPECT_LT(relative_error(floats(request.get_output_tensor()), floats(expected[0])), 1e-5) << "seed " << seed;
    }
}

TEST(VulkanExecution, CommandBufferIsRecordedOnceAndAgainOnlyForANewTensor) {
    // The plugin classes directly, to see the request's recordings.
    setenv("DEVMUX_VULKAN_VALIDATION", "1", 0);
    auto plugin = std::make_shared<devmux::vulkan::Plugin>();
    plugin->set_property({{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    auto model = conv_relu_model();
    auto compiled = plugin->compile_model(model, {});
    auto sync = std::dynamic_pointer_cast<devmux::vulkan::InferRequest>(compiled->create_sync_infer_request());
    ASSERT_TRUE(sync);
    auto input = sync->get_tensor(compiled->inputs()[0]);
    auto values = random_tensor(ov::element::f32, {1, 3, 9, 9}, 5);
    values.copy_to(input);
    for (int i = 0; i < 4; ++i)
        sync->infer();
    EXPECT_EQ(sync->recordings(), 1u);
    auto replaced = random_tensor(ov::element::f32, {1, 3, 9, 9}, 6);
    sync->set_tensor(compiled->inputs()[0], replaced);
    sync->infer();
    sync->infer();
    EXPECT_EQ(sync->recordings(), 2u);
    const auto expected = reference_outputs(model, {replaced});
    EXPECT_LT(relative_error(floats(sync->get_tensor(compiled->outputs()[0])), floats(expected[0])), 1e-5);
}

TEST(VulkanExecution, ProfilingGivesADeviceTimePerStep) {
    auto core = make_core();
    auto compiled = core->compile_model(conv_relu_model(), "VULKAN", ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    request.set_input_tensor(random_tensor(ov::element::f32, {1, 3, 9, 9}, 3));
    request.infer();
    const auto profile = request.get_profiling_info();
    ASSERT_FALSE(profile.empty());
    bool conv = false;
    for (const auto& info : profile)
        if (info.exec_type == "conv_fused_f32") {
            conv = true;
            EXPECT_EQ(info.node_name, "relu");  // the fused op takes the last op's name
            EXPECT_EQ(info.status, ov::ProfilingInfo::Status::EXECUTED);
        }
    EXPECT_TRUE(conv);
}

TEST(VulkanExecution, ConcurrentRequestsGiveTheResultsOfOne) {
    auto core = make_core();
    auto model = conv_relu_model();
    auto compiled = core->compile_model(model, "VULKAN");
    auto input = random_tensor(ov::element::f32, {1, 3, 9, 9}, 21);
    const auto expected = floats(reference_outputs(model, {input})[0]);
    std::vector<std::thread> threads;
    std::vector<std::vector<float>> results(3);
    for (size_t t = 0; t < results.size(); ++t)
        threads.emplace_back([&, t] {
            auto request = compiled.create_infer_request();
            request.set_input_tensor(input);
            for (int i = 0; i < 5; ++i)
                request.infer();
            results[t] = floats(request.get_output_tensor());
        });
    for (auto& thread : threads)
        thread.join();
    for (const auto& result : results) {
        EXPECT_EQ(result, results[0]);
        EXPECT_LT(relative_error(result, expected), 1e-5);
    }
}

TEST(VulkanExecution, UnsupportedOpIsRefusedByQueryAndCompileAlike) {
    auto core = make_core();
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::i32, ov::Shape{2, 3});
    auto relu = std::make_shared<ov::op::v0::Relu>(data);
    relu->set_friendly_name("int_relu");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{data});
    const auto supported = core->query_model(model, "VULKAN");
    EXPECT_EQ(supported.count("int_relu"), 0u);
    const std::string error = error_of([&] { core->compile_model(model, "VULKAN"); });
    EXPECT_NE(error.find("int_relu"), std::string::npos) << error;
    EXPECT_NE(error.find("f32"), std::string::npos) << error;
}

// A residual FusedConvolution (the sum before the activation) built directly, as an exported fused graph would
// read back: query takes it, and it computes act(conv + bias + addend).
TEST(VulkanExecution, ResidualFusedConvolutionMatchesItsReference) {
    auto core = make_core();
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 4, 6, 6});
    auto addend = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8, 6, 6});
    auto filters = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{8, 4, 3, 3},
                                                floats(random_tensor(ov::element::f32, {8, 4, 3, 3}, 63)));
    auto bias = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, 8, 1, 1},
                                             floats(random_tensor(ov::element::f32, {1, 8, 1, 1}, 64)));
    auto fused = std::make_shared<devmux::kit::FusedConvolution>(
        ov::OutputVector{data, filters, bias, addend}, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
        ov::CoordinateDiff{1, 1}, ov::Strides{1, 1}, ov::op::PadType::EXPLICIT, devmux::kit::FusedActivation::Relu,
        0.0, 0.0, true, false, true);
    fused->set_friendly_name("residual");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{fused}, ov::ParameterVector{data, addend});
    EXPECT_EQ(core->query_model(model, "VULKAN").count("residual"), 1u);
    auto request = core->compile_model(model, "VULKAN").create_infer_request();
    const auto x = random_tensor(ov::element::f32, {1, 4, 6, 6}, 65), y = random_tensor(ov::element::f32, {1, 8, 6, 6}, 66);
    request.set_input_tensor(0, x);
    request.set_input_tensor(1, y);
    request.infer();
    EXPECT_LT(relative_error(floats(request.get_output_tensor()), floats(reference_outputs(model, {x, y})[0])), 1e-5);
}

TEST(VulkanExecution, ExportImportGivesTheSameResults) {
    auto core = make_core();
    auto model = conv_relu_model();
    auto compiled = core->compile_model(model, "VULKAN");
    std::stringstream blob;
    compiled.export_model(blob);
    auto imported = core->import_model(blob, "VULKAN");
    auto input = random_tensor(ov::element::f32, {1, 3, 9, 9}, 8);
    auto a = compiled.create_infer_request();
    auto b = imported.create_infer_request();
    a.set_input_tensor(input);
    b.set_input_tensor(input);
    a.infer();
    b.infer();
    EXPECT_EQ(floats(a.get_output_tensor()), floats(b.get_output_tensor()));
}

}  // namespace

namespace {

TEST(VulkanExecution, StartAsyncCompletesThroughTheDevicesFenceThread) {
    auto core = make_core();
    auto model = conv_relu_model();
    auto compiled = core->compile_model(model, "VULKAN");
    std::vector<ov::InferRequest> requests;
    std::vector<ov::Tensor> inputs;
    std::atomic<int> callbacks{0};
    std::set<std::thread::id> callback_threads;
    std::mutex mutex;  // guards callback_threads
    for (unsigned i = 0; i < 3; ++i) {
        requests.push_back(compiled.create_infer_request());
        inputs.push_back(random_tensor(ov::element::f32, {1, 3, 9, 9}, 40 + i));
        requests.back().set_input_tensor(inputs.back());
        requests.back().set_callback([&](std::exception_ptr error) {
            EXPECT_FALSE(error);
            std::lock_guard<std::mutex> lock(mutex);
            callback_threads.insert(std::this_thread::get_id());
            ++callbacks;
        });
    }
    for (int round = 0; round < 2; ++round) {
        for (auto& request : requests)
            request.start_async();
        for (auto& request : requests)
            request.wait();
    }
    EXPECT_EQ(callbacks.load(), 6);
    EXPECT_EQ(callback_threads.size(), 1u);  // the device's completion queue, not a thread per request
    EXPECT_EQ(callback_threads.count(std::this_thread::get_id()), 0u);
    for (size_t i = 0; i < requests.size(); ++i)
        EXPECT_LT(relative_error(floats(requests[i].get_output_tensor()), floats(reference_outputs(model, {inputs[i]})[0])),
                  1e-5);
}

}  // namespace

namespace {

std::string run_probe(const std::string& model, const std::string& dir, std::vector<std::string>& lines) {
    const std::string out = dir + ".probe.out";  // beside the cache dir, which the compile creates
    const std::string command = std::string(DEVMUX_BUILD_BIN_DIR) + "/vulkan_cache_probe '" + model + "' '" + dir +
                                "' > '" + out + "' 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(out);
    std::string line;
    while (std::getline(in, line))
        lines.push_back(line);
    return status == 0 ? std::string() : "probe failed: " + command;
}

TEST(VulkanPipelineCache, ASecondProcessMergesTheCacheKeptUnderCacheDir) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("devmux_vulkan_cache_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    const std::string model = std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir10/squeezenet1.1.xml";

    std::vector<std::string> first, second;
    ASSERT_EQ(run_probe(model, dir.string(), first), "");
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[1], "0");  // nothing there yet
    // The file holds, behind its checksum (kit::write_cache_file), a Vulkan pipeline cache of this device:
    // header version one, 32-byte header, the IDs.
    const auto entry = devmux::kit::read_cache_file(first[0]);
    ASSERT_TRUE(entry) << first[0];
    std::vector<char> data(entry->begin(), entry->end());
    ASSERT_GE(data.size(), 32u) << first[0];
    uint32_t header[2];
    std::memcpy(header, data.data(), sizeof(header));
    EXPECT_EQ(header[0], 32u);
    EXPECT_EQ(header[1], static_cast<uint32_t>(VK_PIPELINE_CACHE_HEADER_VERSION_ONE));

    ASSERT_EQ(run_probe(model, dir.string(), second), "");
    ASSERT_EQ(second.size(), 2u);
    EXPECT_EQ(second[0], first[0]);
    EXPECT_EQ(second[1], std::to_string(data.size()));  // the second process merged the whole file
    std::filesystem::remove_all(dir);
    std::filesystem::remove(dir.string() + ".probe.out");
}

}  // namespace

namespace {

// out = relu(state + x); state = out, with the state starting at a Constant: on VULKAN the ReadValue runs as
// a device copy of a host-filled mirror and the Assign completes after the fence.
TEST(VulkanExecution, VariableStateCarriesOverAndResets) {
    for (const auto& precision : {ov::element::f32, ov::element::f16}) {
        SCOPED_TRACE(precision.get_type_name());
        auto core = make_core();
        auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 4});
        auto variable = std::make_shared<ov::op::util::Variable>(
            ov::op::util::VariableInfo{ov::PartialShape{2, 4}, ov::element::f32, "vulkan_acc"});
        auto init = random_tensor(ov::element::f32, {2, 4}, 77);
        auto read = std::make_shared<ov::op::v6::ReadValue>(
            ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2, 4}, floats(init)), variable);
        auto sum = std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Add>(read, x));
        auto assign = std::make_shared<ov::op::v6::Assign>(sum, variable);
        auto model = std::make_shared<ov::Model>(ov::OutputVector{sum}, ov::SinkVector{assign},
                                                 ov::ParameterVector{x}, ov::op::util::VariableVector{variable},
                                                 "state");
        auto compiled = core->compile_model(model, "VULKAN", ov::hint::inference_precision(precision));
        auto request = compiled.create_infer_request();
        auto input = random_tensor(ov::element::f32, {2, 4}, 78);
        request.set_input_tensor(input);
        // At f16 the state, the input and each sum are rounded to f16 (a sum of two f16 values is exact in f32,
        // so rounding it once gives the shader's result).
        const auto stored = [&](float value) {
            return precision == ov::element::f16 ? static_cast<float>(ov::float16(value)) : value;
        };
        const auto step = [&](std::vector<float>& state) {
            for (size_t i = 0; i < state.size(); ++i)
                state[i] = std::max(0.0f, stored(stored(state[i]) + stored(input.data<float>()[i])));
        };
        std::vector<float> state = floats(init);
        for (int round = 0; round < 3; ++round) {
            request.infer();
            step(state);
            EXPECT_EQ(floats(request.get_output_tensor()), state) << "round " << round;
        }
        ASSERT_EQ(request.query_state().size(), 1u);
        // The state keeps the variable's type whatever the precision.
        EXPECT_EQ(request.query_state()[0].get_state().get_element_type(), ov::element::f32);
        EXPECT_EQ(floats(request.query_state()[0].get_state()), state);
        request.reset_state();
        request.infer();
        state = floats(init);
        step(state);
        EXPECT_EQ(floats(request.get_output_tensor()), state);
        // set_state takes the variable's type too.
        auto chosen = random_tensor(ov::element::f32, {2, 4}, 79);
        request.query_state()[0].set_state(chosen);
        request.infer();
        state = floats(chosen);
        step(state);
        EXPECT_EQ(floats(request.get_output_tensor()), state);
        EXPECT_THROW(request.query_state()[0].set_state(random_tensor(ov::element::f16, {2, 4}, 80)), ov::Exception);
    }
}

}  // namespace

namespace {

TEST(VulkanRemote, DeviceTensorsAreMappedVkBuffersUsableAsInputs) {
    auto core = make_core();
    auto model = conv_relu_model();
    auto compiled = core->compile_model(model, "VULKAN");
    ov::RemoteContext context = compiled.get_context();
    EXPECT_EQ(context.get_device_name(), "VULKAN.0");
    EXPECT_EQ(context.get_params().at("MEMORY_SPACE").as<std::string>(), "VULKAN.0");
    EXPECT_EQ(core->get_default_context("VULKAN").get_params().at("MEMORY_SPACE").as<std::string>(), "VULKAN.0");
    ov::RemoteTensor input = context.create_tensor(ov::element::f32, ov::Shape{1, 3, 9, 9});
    EXPECT_EQ(input.get_params().at("MEMORY_SPACE").as<std::string>(), "VULKAN.0");
    EXPECT_NE(input.get_params().at("VK_BUFFER").as<uint64_t>(), 0u);
    const auto values = random_tensor(ov::element::f32, {1, 3, 9, 9}, 31);
    input.copy_from(values);
    ov::Tensor back(ov::element::f32, ov::Shape{1, 3, 9, 9});
    input.copy_to(back);
    EXPECT_EQ(floats(back), floats(values));
    auto request = compiled.create_infer_request();
    request.set_input_tensor(input);
    request.infer();
    EXPECT_LT(relative_error(floats(request.get_output_tensor()), floats(reference_outputs(model, {values})[0])), 1e-5);
}

// The device's own tensors are bound as they are, as inputs and as outputs: the input's shaders read its
// VkBuffer (no host mirror, no bytes copied per inference), the output is written into it, at f32 and f16 (the
// f16 plan converts on the host through the mapped buffers). A host input is mirrored, for comparison.
TEST(VulkanRemote, DeviceTensorsAreBoundWithoutHostCopies) {
    auto plugin = std::make_shared<devmux::vulkan::Plugin>();
    plugin->set_property({{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    auto model = conv_relu_model();
    const auto values = random_tensor(ov::element::f32, {1, 3, 9, 9}, 32);
    const auto expected = floats(reference_outputs(model, {values})[0]);
    for (const auto& precision : {ov::element::f32, ov::element::f16}) {
        SCOPED_TRACE(precision.get_type_name());
        auto compiled = plugin->compile_model(model, {ov::hint::inference_precision(precision)});
        auto context = compiled->get_context();
        ov::Tensor input = devmux::make_remote_tensor(context->create_tensor(ov::element::f32, {1, 3, 9, 9}, {}));
        ov::Tensor output = devmux::make_remote_tensor(
            context->create_tensor(ov::element::f32, compiled->outputs()[0].get_shape(), {}));
        devmux::copy_tensor(values, input);
        auto request = compiled->create_sync_infer_request();
        auto* vulkan_request = dynamic_cast<devmux::vulkan::InferRequest*>(request.get());
        ASSERT_NE(vulkan_request, nullptr);
        request->set_tensor(compiled->inputs()[0], values);
        request->infer();
        if (precision == ov::element::f32)
            EXPECT_EQ(vulkan_request->uploaded_bytes(), values.get_byte_size());  // the host input, mirrored
        request->set_tensor(compiled->inputs()[0], input);
        request->set_tensor(compiled->outputs()[0], output);
        for (int round = 0; round < 2; ++round) {
            request->infer();
            EXPECT_EQ(vulkan_request->uploaded_bytes(), 0u) << "round " << round;
            ov::Tensor result(ov::element::f32, output.get_shape());
            devmux::copy_tensor(output, result);
            EXPECT_LT(relative_error(floats(result), expected), precision == ov::element::f16 ? 2e-3 : 1e-5)
                << "round " << round;
        }
        // The input's new contents are read in place, without set_tensor.
        const auto changed = random_tensor(ov::element::f32, {1, 3, 9, 9}, 33);
        devmux::copy_tensor(changed, input);
        request->infer();
        ov::Tensor result(ov::element::f32, output.get_shape());
        devmux::copy_tensor(output, result);
        EXPECT_LT(relative_error(floats(result), floats(reference_outputs(model, {changed})[0])),
                  precision == ov::element::f16 ? 2e-3 : 1e-5);
    }
}

}  // namespace

namespace {

TEST(VulkanErrors, AFailedCallNamesTheCallTheResultTheOpAndTheDevice) {
    const std::string error = error_of([] {
        devmux::vulkan::check(VK_ERROR_OUT_OF_DEVICE_MEMORY, "vkAllocateMemory", "VULKAN.0: op 'conv1' (Convolution)");
    });
    for (const char* part : {"VULKAN.0", "conv1", "Convolution", "vkAllocateMemory", "VK_ERROR_OUT_OF_DEVICE_MEMORY"})
        EXPECT_NE(error.find(part), std::string::npos) << part << " missing from: " << error;
    EXPECT_EQ(error_of([] { devmux::vulkan::check(VK_SUCCESS, "vkQueueSubmit", "VULKAN.0"); }), "no exception");
    EXPECT_STREQ(devmux::vulkan::result_name(VK_ERROR_DEVICE_LOST), "VK_ERROR_DEVICE_LOST");
}

}  // namespace

namespace {

// Two producers writing side by side into a Concat's slices need no barrier between them; the consumer of
// the Concat needs one: one barrier in all.
TEST(VulkanExecution, BarriersOnlyWhereTheCommandsDepend) {
    auto plugin = std::make_shared<devmux::vulkan::Plugin>();
    plugin->set_property({{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    auto a = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 3, 4});
    auto b = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 2, 4});
    auto sa = std::make_shared<ov::op::v0::Sigmoid>(a);
    auto sb = std::make_shared<ov::op::v0::Sigmoid>(b);
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{sa, sb}, 1);
    auto relu = std::make_shared<ov::op::v0::Relu>(concat);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{a, b});
    auto compiled = plugin->compile_model(model, {});
    auto sync = std::dynamic_pointer_cast<devmux::vulkan::InferRequest>(compiled->create_sync_infer_request());
    ASSERT_TRUE(sync);
    auto in_a = random_tensor(ov::element::f32, {1, 3, 4}, 61), in_b = random_tensor(ov::element::f32, {1, 2, 4}, 62);
    sync->set_tensor(compiled->inputs()[0], in_a);
    sync->set_tensor(compiled->inputs()[1], in_b);
    sync->infer();
    EXPECT_EQ(sync->barriers(), 1u);
    const auto expected = reference_outputs(model, {in_a, in_b});
    EXPECT_LT(relative_error(floats(sync->get_tensor(compiled->outputs()[0])), floats(expected[0])), 1e-5);
}

}  // namespace

namespace {

// Without a usable driver (a process whose loader is pointed at a missing ICD file) the plugin still loads,
// lists no device, and compiling says why.
TEST(VulkanDevices, WithoutADriverTheErrorSaysSo) {
    const std::string out = std::filesystem::temp_directory_path() / ("devmux_vulkan_nodriver_" + std::to_string(::getpid()));
    const std::string command = "VK_ICD_FILENAMES=/nonexistent/devmux_icd.json VK_DRIVER_FILES=/nonexistent/devmux_icd.json '" +
                                std::string(DEVMUX_BUILD_BIN_DIR) + "/vulkan_cache_probe' '" + DEVMUX_MODELS_DIR +
                                "/squeezenet1.1-ir10/squeezenet1.1.xml' '" + out + ".dir' > '" + out + "' 2>&1";
    EXPECT_NE(std::system(command.c_str()), 0);
    std::ifstream in(out);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("VULKAN"), std::string::npos) << text;
    EXPECT_NE(text.find("driver"), std::string::npos) << text;
    std::filesystem::remove(out);
    std::filesystem::remove_all(out + ".dir");
}

}  // namespace

namespace {

// Inference precision f16 on a device with f16 storage: every value of the request's arena is stored in f16,
// so SqueezeNet's arena takes half the bytes it takes in f32; the ports keep the model's f32 and the property
// reads back f16. (The f16 results against the references: conformance's RealModelsF16 and VulkanOps'
// MatchesTheReferenceInF16; the weights' bytes: VulkanMemory.StagedWeightsGiveTheResultsOfMappedOnes.)
TEST(VulkanExecution, F16PrecisionHalvesTheRequestArena) {
    auto plugin = std::make_shared<devmux::vulkan::Plugin>();
    plugin->set_property({{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    const auto capabilities = plugin->get_property(ov::device::capabilities.name(), {}).as<std::vector<std::string>>();
    if (std::find(capabilities.begin(), capabilities.end(), ov::device::capability::FP16) == capabilities.end())
        GTEST_SKIP() << "VULKAN.0 has no f16 storage (FP16 capability); lavapipe has it";
    ov::Core core;
    auto squeezenet = core.read_model(std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir10/squeezenet1.1.xml");
    size_t arena_bytes[2] = {};
    for (const bool half : {false, true}) {
        auto compiled = plugin->compile_model(
            squeezenet, {ov::hint::inference_precision(half ? ov::element::f16 : ov::element::f32)});
        EXPECT_EQ(compiled->get_property(ov::hint::inference_precision.name()).as<ov::element::Type>(),
                  half ? ov::element::f16 : ov::element::f32);
        EXPECT_EQ(compiled->inputs()[0].get_element_type(), ov::element::f32);
        EXPECT_EQ(compiled->outputs()[0].get_element_type(), ov::element::f32);
        arena_bytes[half] = std::dynamic_pointer_cast<const devmux::vulkan::CompiledModel>(compiled)->plan()->arena_bytes;
    }
    ASSERT_GT(arena_bytes[0], 0u);
    const double ratio = static_cast<double>(arena_bytes[1]) / static_cast<double>(arena_bytes[0]);
    EXPECT_GT(ratio, 0.45) << arena_bytes[1] << " against " << arena_bytes[0];
    EXPECT_LT(ratio, 0.55) << arena_bytes[1] << " against " << arena_bytes[0];
}

}  // namespace

namespace {

// Weights on discrete GPUs go into device-only memory through a staging copy. lavapipe's one memory type is
// device-local and host-visible, so there they are written in place unless staging is forced, which runs the
// discrete-GPU path: buffers never mapped, filled only by vkCmdCopyBuffer. The results must be the same.
// Where the mapped memory type is not host-cached (a discrete GPU's window over the bus), the results the host
// reads are first copied by the device into host-cached buffers. lavapipe's memory is cached, so the test forces
// the copy: the results must be those of the direct read, at f32 and at f16 (where the host converts from the
// copy), on every inference, and the bytes copied must be the outputs' (nothing is copied unforced there).
TEST(VulkanMemory, ResultsReadBackThroughACopyEqualDirectReads) {
    auto plugin = std::make_shared<devmux::vulkan::Plugin>();
    plugin->set_property({{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    const auto model = conv_relu_model();
    auto first = plugin->compile_model(model, {});
    const auto device = std::dynamic_pointer_cast<const devmux::vulkan::CompiledModel>(first)->device();
    ASSERT_TRUE(device);
    struct Unforce {
        std::shared_ptr<devmux::vulkan::Device> device;
        ~Unforce() { device->force_read_back_copy(false); }
    } unforce{device};
    const size_t output_bytes = ov::shape_size(model->output().get_shape()) * sizeof(float);
    for (const auto& precision : {ov::element::f32, ov::element::f16}) {
        SCOPED_TRACE(precision.get_type_name());
        std::vector<std::vector<float>> results[2];  // direct, copied
        size_t copied_bytes[2] = {};
        for (const bool copy : {false, true}) {
            device->force_read_back_copy(copy);
            auto compiled = plugin->compile_model(model, {ov::hint::inference_precision(precision)});
            auto request = compiled->create_sync_infer_request();
            const size_t before = device->read_back_bytes();
            for (unsigned image = 0; image < 2; ++image) {
                request->set_tensor(compiled->inputs()[0],
                                    random_tensor(ov::element::f32, model->input().get_shape(), 90 + image));
                request->infer();
                results[copy].push_back(floats(request->get_tensor(compiled->outputs()[0])));
            }
            copied_bytes[copy] = device->read_back_bytes() - before;
        }
        EXPECT_EQ(results[1], results[0]);
        EXPECT_NE(results[1][0], results[1][1]) << "two different images gave the same output";
        const size_t source_bytes = output_bytes / sizeof(float) * precision.size();
        EXPECT_EQ(copied_bytes[1], 2 * source_bytes);
        device->force_read_back_copy(false);
        if (!device->reads_back_through_copy())
            EXPECT_EQ(copied_bytes[0], 0u);
    }
}

TEST(VulkanMemory, StagedWeightsGiveTheResultsOfMappedOnes) {
    auto plugin = std::make_shared<devmux::vulkan::Plugin>();
    plugin->set_property({{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    auto first = plugin->compile_model(conv_relu_model(), {});
    const auto device = std::dynamic_pointer_cast<const devmux::vulkan::CompiledModel>(first)->device();
    ASSERT_TRUE(device);
    struct Unforce {
        std::shared_ptr<devmux::vulkan::Device> device;
        ~Unforce() { device->force_weights_staging(false); }
    } unforce{device};

    auto infer = [&](const std::shared_ptr<ov::Model>& model, const ov::AnyMap& config, const ov::Tensor& input,
                     bool staged, size_t& staged_bytes) {
        device->force_weights_staging(staged);
        const size_t before = device->staged_bytes();
        auto compiled = plugin->compile_model(model, config);
        staged_bytes = device->staged_bytes() - before;
        auto request = compiled->create_sync_infer_request();
        request->set_tensor(compiled->inputs()[0], input);
        request->infer();
        return floats(request->get_tensor(compiled->outputs()[0]));
    };

    // SqueezeNet's real weights: texel filters with their bias texels, and plain ones.
    ov::Core core;
    auto squeezenet = core.read_model(std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir10/squeezenet1.1.xml");
    size_t filter_bytes = 0;
    for (const auto& op : squeezenet->get_ordered_ops())
        if (ov::as_type_ptr<ov::op::v1::Convolution>(op))
            filter_bytes += ov::shape_size(op->get_input_shape(1)) * sizeof(float);
    auto image = random_tensor(ov::element::f32, squeezenet->input().get_shape(), 71);
    size_t mapped_path_bytes = 0, staged_path_bytes = 0;
    const auto mapped = infer(squeezenet, {}, image, false, mapped_path_bytes);
    const auto staged = infer(squeezenet, {}, image, true, staged_path_bytes);
    EXPECT_EQ(staged, mapped);
    EXPECT_GE(staged_path_bytes, filter_bytes);
    // Unforced, a device whose memory the host maps (lavapipe, integrated GPUs) stages nothing; a discrete GPU
    // stages its weights into memory the host cannot map either way.
    device->force_weights_staging(false);
    if (device->weights_staged())
        EXPECT_GE(mapped_path_bytes, filter_bytes);
    else
        EXPECT_EQ(mapped_path_bytes, 0u);

    // Filters stored in f16 and a plain constant operand, against the reference.
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8, 6, 6});
    auto filters = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{24, 8, 3, 3},
                                                floats(random_tensor(ov::element::f32, {24, 8, 3, 3}, 72)));
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, filters, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto scale = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, 24, 6, 6},
                                              floats(random_tensor(ov::element::f32, {1, 24, 6, 6}, 73)));
    auto product = std::make_shared<ov::op::v1::Multiply>(conv, scale);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{product}, ov::ParameterVector{data});
    auto input = random_tensor(ov::element::f32, {1, 8, 6, 6}, 74);
    const auto expected = floats(reference_outputs(model, {input})[0]);
    size_t staged_bytes[2] = {};  // f32, f16
    for (const auto& precision : {ov::element::f32, ov::element::f16}) {
        const ov::AnyMap config{ov::hint::inference_precision(precision)};
        size_t ignored = 0, small_bytes = 0;
        const auto in_place = infer(model, config, input, false, ignored);
        const auto copied = infer(model, config, input, true, small_bytes);
        EXPECT_EQ(copied, in_place) << precision;
        EXPECT_GE(small_bytes, ov::shape_size(scale->get_shape()) * precision.size()) << precision;
        EXPECT_LT(relative_error(copied, expected), precision == ov::element::f16 ? 2e-3 : 1e-5) << precision;
        staged_bytes[precision == ov::element::f16] = small_bytes;
    }
    // At f16 the filters and the operand are stored in f16: half the bytes (the bias-free filters are packed
    // with the same padding at both precisions).
    EXPECT_EQ(staged_bytes[1] * 2, staged_bytes[0]);
}

}  // namespace

namespace {

// SqueezeNet compiled on VULKAN (CPU-type devices admitted) through a plugin of its own, with one random image:
// the tests below force a device setting and compare outputs bit for bit.
struct SqueezeNetOnVulkan {
    std::shared_ptr<devmux::vulkan::Plugin> plugin = std::make_shared<devmux::vulkan::Plugin>();
    std::shared_ptr<ov::Model> model;
    ov::Tensor image;

    explicit SqueezeNetOnVulkan(unsigned seed) {
        plugin->set_property({{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
        model = ov::Core().read_model(std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir10/squeezenet1.1.xml");
        image = random_tensor(ov::element::f32, model->input().get_shape(), seed);
    }
    std::shared_ptr<devmux::ICompiledModel> compile() const { return plugin->compile_model(model, {}); }
    static std::shared_ptr<devmux::vulkan::Device> device_of(const std::shared_ptr<devmux::ICompiledModel>& compiled) {
        return std::dynamic_pointer_cast<const devmux::vulkan::CompiledModel>(compiled)->device();
    }
    std::vector<float> infer(const std::shared_ptr<devmux::ICompiledModel>& compiled) const {
        auto request = compiled->create_sync_infer_request();
        request->set_tensor(compiled->inputs()[0], image);
        request->infer();
        return floats(request->get_tensor(compiled->outputs()[0]));
    }
};

// GPUs run the tiled convolutions in work groups of 64 (one item per invocation), CPU-type devices such as
// lavapipe in groups of 8 (each invocation walks 8 items). Forced on lavapipe, the GPUs' sizes must give
// SqueezeNet's outputs bit for bit (each output is summed by one invocation in the same order either way).
TEST(VulkanExecution, GpuWorkGroupSizesGiveTheSameResults) {
    const SqueezeNetOnVulkan squeezenet(81);
    auto first = squeezenet.compile();
    const auto device = SqueezeNetOnVulkan::device_of(first);
    ASSERT_TRUE(device);
    struct Unforce {
        std::shared_ptr<devmux::vulkan::Device> device;
        ~Unforce() { device->force_gpu_local_sizes(false); }
    } unforce{device};
    const bool cpu_device = device->physical().type == VK_PHYSICAL_DEVICE_TYPE_CPU;
    EXPECT_EQ(device->local_size(devmux::vulkan::Shader::conv_texel), cpu_device ? 8u : 64u);
    EXPECT_EQ(device->local_size(devmux::vulkan::Shader::binary), 64u);
    const auto own_sizes = squeezenet.infer(first);
    device->force_gpu_local_sizes(true);
    EXPECT_EQ(device->local_size(devmux::vulkan::Shader::conv_texel), 64u);
    EXPECT_EQ(device->local_size(devmux::vulkan::Shader::binary), 64u);
    EXPECT_EQ(squeezenet.infer(squeezenet.compile()), own_sizes);
}

// conv_texel's tile (pixels x quads of output channels per invocation) changes which invocation computes an
// output, never the order of its sums: every tile must give SqueezeNet's outputs bit for bit (its
// convolutions cover 1x1 and 3x3 filters, stride 2, the c4 layouts, a bias in the filters' texels and conv10's
// last block of 8 channels, where the parts past the group's last channel must do nothing).
TEST(VulkanExecution, ConvTexelTilesGiveTheSameResults) {
    const SqueezeNetOnVulkan squeezenet(83);
    auto first = squeezenet.compile();
    const auto device = SqueezeNetOnVulkan::device_of(first);
    ASSERT_TRUE(device);
    const auto own = device->conv_texel_tile();
    EXPECT_EQ(own.pixels, device->physical().type == VK_PHYSICAL_DEVICE_TYPE_CPU ? 16u : 1u);
    const auto reference = squeezenet.infer(first);
    struct Unforce {
        std::shared_ptr<devmux::vulkan::Device> device;
        ~Unforce() { device->force_conv_texel_tile({0, 0}); }
    } unforce{device};
    for (const auto tile : {devmux::vulkan::TexelTile{16, 4}, devmux::vulkan::TexelTile{1, 1},
                            devmux::vulkan::TexelTile{2, 2}, devmux::vulkan::TexelTile{4, 1}}) {
        if (tile.pixels == own.pixels && tile.quads == own.quads)
            continue;
        device->force_conv_texel_tile(tile);
        EXPECT_EQ(device->conv_texel_tile().quads, tile.quads);
        EXPECT_EQ(squeezenet.infer(squeezenet.compile()), reference) << tile.pixels << "x" << tile.quads;
    }
}

// A convolution conv_texel runs: 8 input channels (two quads), 24 output channels (a block of 16 and one of
// 8), 3x3 filters with padding.
std::shared_ptr<ov::Model> texel_conv_model() {
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8, 10, 10});
    auto weights = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{24, 8, 3, 3},
                                                floats(random_tensor(ov::element::f32, {24, 8, 3, 3}, 13)));
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, weights, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    return std::make_shared<ov::Model>(ov::OutputVector{conv}, ov::ParameterVector{data}, "texel_conv");
}

// DEVMUX_VULKAN_CONV_TILE picks the tile for tuning; a value that is not one is refused naming it.
TEST(VulkanExecution, ConvTileVariableIsReadAndCheckedAtCompile) {
    auto core = make_core();
    auto model = texel_conv_model();
    auto input = random_tensor(ov::element::f32, model->input().get_shape(), 84);
    std::string exec_type;
    const auto run = [&] {
        auto request = core->compile_model(model, "VULKAN", ov::enable_profiling(true)).create_infer_request();
        request.set_input_tensor(input);
        request.infer();
        for (const auto& info : request.get_profiling_info())
            if (info.exec_type.find("conv") != std::string::npos)
                exec_type = info.exec_type;
        return floats(request.get_output_tensor());
    };
    struct Unset {
        ~Unset() { unsetenv("DEVMUX_VULKAN_CONV_TILE"); }
    } unset;
    setenv("DEVMUX_VULKAN_CONV_TILE", "2x1", 1);
    const auto tiled = run();
    EXPECT_NE(exec_type.find("_texel"), std::string::npos) << exec_type;
    for (const char* bad : {"3x1", "16x3", "16", "4x4x4", "ax1", "4*1"}) {
        setenv("DEVMUX_VULKAN_CONV_TILE", bad, 1);
        const std::string error = error_of([&] { run(); });
        EXPECT_NE(error.find("DEVMUX_VULKAN_CONV_TILE"), std::string::npos) << error;
        EXPECT_NE(error.find(std::string("'") + bad + "'"), std::string::npos) << error;
    }
    unsetenv("DEVMUX_VULKAN_CONV_TILE");
    const auto own = run();
    EXPECT_EQ(own, tiled);
    const auto expected = reference_outputs(model, {input});
    EXPECT_LT(relative_error(own, floats(expected[0])), 1e-5);
}

}  // namespace

namespace {

// Threads of this process whose scheduling policy is SCHED_IDLE (field 41 of /proc/self/task/<tid>/stat).
size_t idle_policy_threads() {
    size_t count = 0;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
        std::ifstream stat(task.path() / "stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        const size_t after_name = text.rfind(')');
        if (after_name == std::string::npos)
            continue;
        std::istringstream fields(text.substr(after_name + 2));  // field 3 onwards
        std::string field;
        for (int index = 3; index <= 41 && fields >> field; ++index)
            if (index == 41 && field == "5")  // SCHED_IDLE
                ++count;
    }
    return count;
}

// On a CPU-type device (lavapipe) one SCHED_IDLE spinner per core it runs on keeps the cores awake while a
// submission is in flight, and no submission is counted in flight once the requests are done (sync and async).
TEST(VulkanExecution, CpuTypeDeviceKeepsItsCoresAwakeWithIdlePrioritySpinners) {
    auto plugin = std::make_shared<devmux::vulkan::Plugin>();
    plugin->set_property({{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    auto model = texel_conv_model();
    auto compiled = plugin->compile_model(model, {});
    const auto device = std::dynamic_pointer_cast<const devmux::vulkan::CompiledModel>(compiled)->device();
    ASSERT_TRUE(device);
    if (device->physical().type != VK_PHYSICAL_DEVICE_TYPE_CPU) {
        EXPECT_EQ(device->cores_awake(), nullptr) << "a GPU needs no spinners";
        return;
    }
    ASSERT_NE(device->cores_awake(), nullptr);
    unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    if (const char* threads = std::getenv("LP_NUM_THREADS"); threads && std::atoi(threads) > 0)
        cores = std::min(cores, static_cast<unsigned>(std::atoi(threads)));
    EXPECT_EQ(device->cores_awake()->spinners(), cores);
    auto input = random_tensor(ov::element::f32, model->input().get_shape(), 85);
    auto request = compiled->create_sync_infer_request();
    request->set_tensor(compiled->inputs()[0], input);
    request->infer();
    EXPECT_EQ(device->cores_awake()->in_flight(), 0);
    // The asynchronous requests come from the same plugin object, so they run on the device whose spinners are
    // counted. (Through an ov::Core they ran on the plugin library's own copy of the backend, linked beside the
    // one this executable links: another VkInstance and device, which this count never saw; and two
    // VkInstances in one process made the Khronos validation layer lose 1.65 MB of its state, which
    // LeakSanitizer reported.)
    auto async = compiled->create_infer_request();
    async->set_tensor(compiled->inputs()[0], input);
    for (int i = 0; i < 3; ++i) {
        async->start_async();
        async->wait();
    }
    EXPECT_EQ(device->cores_awake()->in_flight(), 0);
    EXPECT_GE(idle_policy_threads(), size_t(cores)) << "the spinners must run at SCHED_IDLE";
}

}  // namespace
