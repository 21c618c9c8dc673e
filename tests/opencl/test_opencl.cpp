// SPDX-License-Identifier: Apache-2.0
// The OPENCL plugin through ov::Core, on whatever OpenCL devices the machine has (PoCL, a CPU-type device,
// in CI): device listing and OPENCL_DEVICE_TYPES, properties, what it refuses and how it says so, fused and
// unfused convolutions against the ops' reference evaluate(), profiling, asynchronous requests and the
// program cache across processes.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <gtest/gtest.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <optional>
#include <random>
#include <set>

#include "cl_device.hpp"
#include "kernels.hpp"
#include "common/test_utils.hpp"
#include "devmux/kit/internal_ops.hpp"
#include "devmux/plugin/device_identity.hpp"
#include "devmux/plugin/iremote_context.hpp"
#include "devmux/kit/reference_executor.hpp"
#include "openvino/op/ops.hpp"
#include "openvino/openvino.hpp"

namespace {

constexpr const char* all_types = "GPU,ACCELERATOR,CPU";

// The devices of the given types, counted with the OpenCL API directly (not through the plugin).
size_t count_devices(cl_device_type types) {
    cl_uint platforms = 0;
    if (clGetPlatformIDs(0, nullptr, &platforms) != CL_SUCCESS || platforms == 0)
        return 0;
    std::vector<cl_platform_id> ids(platforms);
    clGetPlatformIDs(platforms, ids.data(), nullptr);
    size_t total = 0;
    for (auto platform : ids) {
        cl_uint n = 0;
        if (clGetDeviceIDs(platform, types, 0, nullptr, &n) == CL_SUCCESS)
            total += n;
    }
    return total;
}

ov::Core& admitting_core() {
    static ov::Core* core = [] {
        auto* c = new ov::Core();
        c->set_property("OPENCL", {{"OPENCL_DEVICE_TYPES", all_types}});
        return c;
    }();
    return *core;
}

// Every OPENCL test below needs one device of some type; CI always has PoCL.
void require_device() {
    ASSERT_GT(count_devices(CL_DEVICE_TYPE_ALL), 0u) << "no OpenCL device at all: install pocl-opencl-icd";
}

// The index of the first CPU-type OpenCL device (PoCL) among every type, as admitting_core() numbers OPENCL.N,
// or none. The kernel-choice tests name the kernels chosen for CPU-type devices (a GPU keeps others), and the
// allocation test needs a driver that refuses a buffer over CL_DEVICE_MAX_MEM_ALLOC_SIZE at once (NVIDIA's
// accepts twice that).
std::optional<size_t> cpu_type_device() {
    const auto all = devmux::opencl::enumerate_devices(CL_DEVICE_TYPE_ALL).devices;
    for (size_t i = 0; i < all.size(); ++i)
        if (all[i].type & CL_DEVICE_TYPE_CPU)
            return i;
    return std::nullopt;
}
const char* const no_cpu_type_device = "no CPU-type OpenCL device here (PoCL, pocl-opencl-icd, is not installed)";

std::string error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

std::vector<ov::Tensor> reference(const std::shared_ptr<ov::Model>& model, const std::vector<ov::Tensor>& inputs) {
    auto plan = std::make_shared<devmux::kit::ReferencePlan>(model->clone(), "reference");
    devmux::kit::ReferenceExecutor executor(plan);
    std::vector<ov::Tensor> outputs(model->outputs().size());
    executor.run(inputs, outputs, false);
    return outputs;
}

float max_relative_error(const ov::Tensor& actual, const ov::Tensor& expected) {
    const float* a = actual.data<float>();
    const float* e = expected.data<float>();
    float scale = 1e-6f, diff = 0.0f;
    for (size_t i = 0; i < expected.get_size(); ++i) {
        scale = std::max(scale, std::fabs(e[i]));
        diff = std::max(diff, std::fabs(a[i] - e[i]));
    }
    return diff / scale;
}

// Seeded normal values: never all zeros, different per seed.
ov::Tensor seeded_tensor(const ov::Shape& shape, unsigned seed) {
    ov::Tensor tensor(ov::element::f32, shape);
    std::mt19937 generator(seed);
    std::normal_distribution<float> values(0.0f, 1.0f);
    for (size_t i = 0; i < tensor.get_size(); ++i)
        tensor.data<float>()[i] = values(generator);
    return tensor;
}

std::shared_ptr<ov::op::v0::Constant> random_constant(const ov::Shape& shape, unsigned seed) {
    return std::make_shared<ov::op::v0::Constant>(seeded_tensor(shape, seed));
}

TEST(OpenclDevices, DefaultTypesListOnlyGpusAndAccelerators) {
    ov::Core core;
    const auto devices = core.get_property("OPENCL", ov::available_devices);
    EXPECT_EQ(devices.size(), count_devices(CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR));
    EXPECT_EQ(core.get_property("OPENCL", "OPENCL_DEVICE_TYPES").as<std::string>(), "GPU,ACCELERATOR");
}

TEST(OpenclDevices, WithoutAnAdmittedDeviceCompilingSaysWhy) {
    if (count_devices(CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR) > 0)
        GTEST_SKIP() << "this machine has an OpenCL GPU or accelerator, so the default types admit a device";
    ov::Core core;
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{4});
    auto model = std::make_shared<ov::Model>(ov::OutputVector{std::make_shared<ov::op::v0::Relu>(x)},
                                             ov::ParameterVector{x});
    const std::string message = error_of([&] { core.compile_model(model, "OPENCL"); });
    EXPECT_NE(message.find("OPENCL"), std::string::npos) << message;
    EXPECT_NE(message.find("no OpenCL device of the admitted types"), std::string::npos) << message;
    EXPECT_NE(message.find("(CPU)"), std::string::npos) << "names what was left out: " << message;
}

TEST(OpenclDevices, CpuTypeAdmitsEveryDeviceInStableOrder) {
    require_device();
    auto& core = admitting_core();
    const auto devices = core.get_property("OPENCL", ov::available_devices);
    ASSERT_EQ(devices.size(), count_devices(CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CPU));
    for (size_t i = 0; i < devices.size(); ++i)
        EXPECT_EQ(devices[i], std::to_string(i));
    EXPECT_EQ(core.get_property("OPENCL", ov::available_devices), devices) << "the order is stable";
    // The first device is the first device of the first platform.
    cl_platform_id platform;
    ASSERT_EQ(clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
    cl_device_id first;
    ASSERT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &first, nullptr), CL_SUCCESS);
    char name[256] = {};
    clGetDeviceInfo(first, CL_DEVICE_NAME, sizeof(name), name, nullptr);
    EXPECT_EQ(core.get_property("OPENCL.0", ov::device::full_name), std::string(name));
}

TEST(OpenclDevices, UnknownDeviceTypeIsRefusedNamingKeyAndValue) {
    ov::Core core;
    const std::string message =
        error_of([&] { core.set_property("OPENCL", {{"OPENCL_DEVICE_TYPES", "GPU,FPGA"}}); });
    EXPECT_NE(message.find("OPENCL_DEVICE_TYPES"), std::string::npos) << message;
    EXPECT_NE(message.find("GPU,FPGA"), std::string::npos) << message;
}

TEST(OpenclProperties, DescribeTheDevice) {
    require_device();
    auto& core = admitting_core();
    const auto capabilities = core.get_property("OPENCL.0", ov::device::capabilities);
    EXPECT_NE(std::find(capabilities.begin(), capabilities.end(), ov::device::capability::FP32), capabilities.end());
    EXPECT_NE(std::find(capabilities.begin(), capabilities.end(), ov::device::capability::EXPORT_IMPORT),
              capabilities.end());
    EXPECT_GT(core.get_property("OPENCL.0", "OPENCL_GLOBAL_MEMORY_SIZE").as<uint64_t>(), 0u);
    EXPECT_FALSE(core.get_property("OPENCL.0", "OPENCL_DRIVER_VERSION").as<std::string>().empty());
    EXPECT_NE(core.get_property("OPENCL.0", "OPENCL_C_VERSION").as<std::string>().find("OpenCL C"), std::string::npos);
    const auto range = core.get_property("OPENCL", ov::range_for_async_infer_requests);
    EXPECT_GE(std::get<1>(range), std::get<0>(range));
    EXPECT_EQ(core.get_property("OPENCL", ov::hint::inference_precision), ov::element::f32);
    const auto supported = core.get_property("OPENCL", ov::supported_properties);
    for (const char* key : {"OPENCL_DEVICE_TYPES", "CACHE_DIR", "PERF_COUNT", "PERFORMANCE_HINT", "DEVICE_UUID"})
        EXPECT_NE(std::find(supported.begin(), supported.end(), key), supported.end()) << key;
}

// ov::device::luid is the driver's (cl_khr_device_uuid) where it marks it valid; elsewhere (PoCL) reading it
// says that the device has none. Checked against the OpenCL API directly.
TEST(OpenclProperties, LuidIsTheDriversWhereValidAndRefusedOtherwise) {
    require_device();
    const auto enumeration = devmux::opencl::enumerate_devices(CL_DEVICE_TYPE_ALL);
    ASSERT_FALSE(enumeration.devices.empty()) << enumeration.why_none;
    const cl_device_id id = enumeration.devices[0].device;
    size_t size = 0;
    clGetDeviceInfo(id, CL_DEVICE_EXTENSIONS, 0, nullptr, &size);
    std::string extensions(size, '\0');
    clGetDeviceInfo(id, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr);
    cl_bool valid = CL_FALSE;
    if (extensions.find("cl_khr_device_uuid") != std::string::npos)
        clGetDeviceInfo(id, CL_DEVICE_LUID_VALID_KHR, sizeof(valid), &valid, nullptr);
    auto& core = admitting_core();
    const auto supported = core.get_property("OPENCL", ov::supported_properties);
    const bool listed = std::find(supported.begin(), supported.end(), ov::device::luid.name()) != supported.end();
    EXPECT_EQ(listed, valid == CL_TRUE) << "listed exactly where the driver has one";
    if (valid) {
        std::array<uint8_t, CL_LUID_SIZE_KHR> luid{};
        ASSERT_EQ(clGetDeviceInfo(id, CL_DEVICE_LUID_KHR, luid.size(), luid.data(), nullptr), CL_SUCCESS);
        const auto reported = core.get_property("OPENCL.0", ov::device::luid);
        EXPECT_TRUE(std::equal(luid.begin(), luid.end(), reported.luid.begin()));
        return;
    }
    const std::string message = error_of([&] { core.get_property("OPENCL.0", ov::device::luid); });
    EXPECT_NE(message.find("no LUID"), std::string::npos) << message;
    EXPECT_NE(message.find(enumeration.devices[0].name), std::string::npos) << message;
}

TEST(OpenclProperties, CpuTypeDeviceSharesTheHostCpuUuid) {
    require_device();
    auto& core = admitting_core();
    if (core.get_property("OPENCL.0", "OPENCL_DEVICE_TYPE").as<std::string>() != "CPU")
        GTEST_SKIP() << "OPENCL.0 is not a CPU-type device";
    EXPECT_EQ(core.get_property("OPENCL.0", ov::device::type), ov::device::Type::INTEGRATED);
    const auto uuid = core.get_property("OPENCL.0", ov::device::uuid);
    EXPECT_EQ(uuid.uuid, devmux::host_cpu_uuid().uuid) << "PoCL has no cl_khr_device_uuid: the host CPU's identity";
    EXPECT_EQ(uuid.uuid, core.get_property("CPU", ov::device::uuid).uuid) << "the same physical device as CPU";
}

TEST(OpenclErrors, UnsupportedOpIsNamedWithItsTypeAndTheDevice) {
    require_device();
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{4, 3});
    // GatherElements: an op OPENCL has no kernel for (Gather itself runs there).
    auto indices = ov::op::v0::Constant::create(ov::element::i32, ov::Shape{2, 3}, {0, 2, 1, 3, 0, 1});
    auto gather = std::make_shared<ov::op::v6::GatherElements>(data, indices, 0);
    gather->set_friendly_name("pick_rows");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{gather}, ov::ParameterVector{data});
    auto& core = admitting_core();
    const auto supported = core.query_model(model, "OPENCL");
    EXPECT_EQ(supported.count("pick_rows"), 0u);
    const std::string message = error_of([&] { core.compile_model(model, "OPENCL"); });
    EXPECT_NE(message.find("pick_rows"), std::string::npos) << message;
    EXPECT_NE(message.find("Gather"), std::string::npos) << message;
    EXPECT_NE(message.find("OPENCL"), std::string::npos) << message;
}

// A residual FusedConvolution (the sum before the activation, which only the CPU asks the kit for) is
// refused by query and compile alike, with the reason.
TEST(OpenclErrors, ResidualFusedConvolutionIsRefusedByQueryAndCompile) {
    require_device();
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 4, 6, 6});
    auto addend = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8, 6, 6});
    auto fused = std::make_shared<devmux::kit::FusedConvolution>(
        ov::OutputVector{data, random_constant({8, 4, 3, 3}, 21), random_constant({1, 8, 1, 1}, 22), addend},
        ov::Strides{1, 1}, ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{1, 1}, ov::Strides{1, 1},
        ov::op::PadType::EXPLICIT, devmux::kit::FusedActivation::Relu, 0.0, 0.0, true, false, true);
    fused->set_friendly_name("residual");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{fused}, ov::ParameterVector{data, addend});
    auto& core = admitting_core();
    EXPECT_EQ(core.query_model(model, "OPENCL").count("residual"), 0u);
    const std::string message = error_of([&] { core.compile_model(model, "OPENCL"); });
    EXPECT_NE(message.find("residual"), std::string::npos) << message;
    EXPECT_NE(message.find("sums its addend before the activation"), std::string::npos) << message;
}

TEST(OpenclHetero, OpsOpenclRefusesRunOnCpuAndTheResultMatchesTheReference) {
    require_device();
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 4, 6, 6});
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, random_constant({8, 4, 3, 3}, 11), ov::Strides{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::Strides{1, 1});
    // GatherElements: an op OPENCL has no kernel for (Gather itself runs there).
    std::vector<int32_t> channels(3 * 6 * 6);
    for (size_t i = 0; i < channels.size(); ++i)
        channels[i] = static_cast<int32_t>((i * 5) % 8);
    auto indices = ov::op::v0::Constant::create(ov::element::i32, ov::Shape{1, 3, 6, 6}, channels);
    auto gather = std::make_shared<ov::op::v6::GatherElements>(conv, indices, 1);
    gather->set_friendly_name("pick_channels");
    auto sigmoid = std::make_shared<ov::op::v0::Sigmoid>(gather);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{sigmoid}, ov::ParameterVector{data});
    auto& core = admitting_core();
    auto compiled = core.compile_model(model, "HETERO:OPENCL,CPU");
    const auto devices = compiled.get_property(ov::execution_devices);
    EXPECT_NE(std::find(devices.begin(), devices.end(), "CPU"), devices.end()) << "GatherElements runs on CPU";
    EXPECT_NE(std::find_if(devices.begin(), devices.end(),
                           [](const std::string& d) { return d.rfind("OPENCL", 0) == 0; }),
              devices.end())
        << "the convolution and the sigmoid run on OPENCL: " << ::testing::PrintToString(devices);
    auto request = compiled.create_infer_request();
    const auto input = seeded_tensor({1, 4, 6, 6}, 12);
    request.set_input_tensor(input);
    request.infer();
    const auto expected = reference(model, std::vector<ov::Tensor>{input});
    EXPECT_LT(max_relative_error(request.get_output_tensor(0), expected[0]), 1e-5f);
}

TEST(OpenclErrors, OpenClFailuresNameTheCallTheSymbolAndTheOp) {
    EXPECT_EQ(devmux::opencl::error_name(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES");
    EXPECT_EQ(devmux::opencl::error_name(CL_INVALID_KERNEL_ARGS), "CL_INVALID_KERNEL_ARGS");
    EXPECT_EQ(devmux::opencl::error_name(-12345), "CL error -12345");
    const std::string message = error_of(
        [] { devmux::opencl::check(CL_MEM_OBJECT_ALLOCATION_FAILURE, "clCreateBuffer", "OPENCL.0: op 'conv1' (Convolution)"); });
    for (const char* part : {"clCreateBuffer", "CL_MEM_OBJECT_ALLOCATION_FAILURE", "conv1", "Convolution", "OPENCL.0"})
        EXPECT_NE(message.find(part), std::string::npos) << part << " in " << message;
}

TEST(OpenclErrors, AProgramThatFailsToBuildReportsItsBuildLog) {
    require_device();
    const auto enumeration = devmux::opencl::enumerate_devices(CL_DEVICE_TYPE_ALL);
    ASSERT_FALSE(enumeration.devices.empty()) << enumeration.why_none;
    devmux::opencl::DeviceContext device(enumeration.devices[0], "OPENCL.0");
    // The same path DeviceContext::program builds ops.cl through, given a kernel the compiler must refuse.
    const std::string broken = "__kernel void broken(__global float* out) { out[0] = undeclared_thing * 2.0f; }\n";
    const std::string message = error_of([&] {
        devmux::opencl::build_program(device.context(), device.device(), broken.c_str(), broken.size(), "OPENCL.0",
                                      "broken.cl");
    });
    for (const char* part : {"OPENCL.0", "clBuildProgram", "CL_BUILD_PROGRAM_FAILURE", "broken.cl", "build log",
                             "undeclared_thing"})
        EXPECT_NE(message.find(part), std::string::npos) << part << " in " << message;
}

TEST(OpenclErrors, AnAllocationTheDeviceRefusesNamesTheBytesAndTheirOwner) {
    require_device();
    const auto cpu = cpu_type_device();
    if (!cpu)
        GTEST_SKIP() << no_cpu_type_device;
    const auto enumeration = devmux::opencl::enumerate_devices(CL_DEVICE_TYPE_ALL);
    devmux::opencl::DeviceContext device(enumeration.devices[*cpu], "OPENCL.0");
    const size_t too_many = static_cast<size_t>(enumeration.devices[*cpu].max_allocation) * 2;
    const std::string message = error_of([&] { device.allocate(too_many, "the weights 'fc' of model 'big'"); });
    for (const std::string part : {std::string("OPENCL.0"), std::string("clCreateBuffer"), std::to_string(too_many),
                                   std::string("model 'big'"), std::string("CL_INVALID_BUFFER_SIZE")})
        EXPECT_NE(message.find(part), std::string::npos) << part << " in " << message;
}

// conv(3x3, pad 1) + bias + Relu + an Add of another convolution's output (1x1, the GEMM kernel), then a
// grouped (depthwise) convolution with stride 2: the fused, pointwise and grouped kernels against evaluate().
std::shared_ptr<ov::Model> convolution_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 8, 11, 13});
    auto conv = std::make_shared<ov::op::v1::Convolution>(x, random_constant({16, 8, 3, 3}, 1), ov::Strides{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::Strides{1, 1});
    auto bias = std::make_shared<ov::op::v1::Add>(conv, random_constant({1, 16, 1, 1}, 2));
    auto relu = std::make_shared<ov::op::v0::Relu>(bias);
    auto pointwise = std::make_shared<ov::op::v1::Convolution>(x, random_constant({16, 8, 1, 1}, 3),
                                                               ov::Strides{1, 1}, ov::CoordinateDiff{0, 0},
                                                               ov::CoordinateDiff{0, 0}, ov::Strides{1, 1});
    auto sum = std::make_shared<ov::op::v1::Add>(relu, pointwise);
    auto depthwise = std::make_shared<ov::op::v1::GroupConvolution>(
        sum, random_constant({16, 1, 1, 3, 3}, 4), ov::Strides{2, 2}, ov::CoordinateDiff{1, 1},
        ov::CoordinateDiff{0, 0}, ov::Strides{1, 1});
    return std::make_shared<ov::Model>(ov::OutputVector{depthwise, sum}, ov::ParameterVector{x}, "convolutions");
}

namespace {

// Runs `request` on `inputs` and checks every output against the reference evaluate() within `tolerance`
// (relative to the largest output).
void infer_and_expect_reference(ov::InferRequest& request, const std::shared_ptr<ov::Model>& model,
                                const std::vector<ov::Tensor>& inputs, float tolerance) {
    for (size_t i = 0; i < inputs.size(); ++i)
        request.set_input_tensor(i, inputs[i]);
    request.infer();
    const auto expected = reference(model, inputs);
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_LT(max_relative_error(request.get_output_tensor(i), expected[i]), tolerance) << "output " << i;
}

// The exec types of the kernels the last inference ran, in order (needs ov::enable_profiling).
std::vector<std::string> executed_kernels(const ov::InferRequest& request) {
    std::vector<std::string> kernels;
    for (const auto& record : request.get_profiling_info())
        if (record.status == ov::ProfilingInfo::Status::EXECUTED)
            kernels.push_back(record.exec_type);
    return kernels;
}

}  // namespace

TEST(OpenclKernels, FusedPointwiseAndGroupedConvolutionsMatchTheReference) {
    require_device();
    auto model = convolution_model();
    auto compiled = admitting_core().compile_model(model, "OPENCL", ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    const auto input = seeded_tensor({2, 8, 11, 13}, 42);
    request.set_input_tensor(input);
    request.infer();
    const auto expected = reference(model, std::vector<ov::Tensor>{input});
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_LT(max_relative_error(request.get_output_tensor(i), expected[i]), 1e-5f) << "output " << i;
    // The convolution, its bias, Relu and the Add ran as one kernel; the 1x1 convolution on the GEMM kernel.
    const std::vector<std::string> kernels = executed_kernels(request);
    EXPECT_EQ(std::count(kernels.begin(), kernels.end(), "convolution_1x1_f32"), 1) << ::testing::PrintToString(kernels);
    EXPECT_EQ(std::count(kernels.begin(), kernels.end(), "eltwise_f32"), 0) << ::testing::PrintToString(kernels);
    EXPECT_EQ(kernels.size(), 3u) << ::testing::PrintToString(kernels);
}

// A PRelu slope with as many values as channels but along the last axis ([1, 1, 1, W], W = C): numpy's rule puts
// it on the columns, so the convolution, which indexes a fused slope by channel, must not take it as its own
// (it did, and answered wrong): OPENCL refuses it, naming the op, and HETERO runs it on CPU.
TEST(OpenclKernels, APReluSlopeAlongTheLastAxisIsNotReadPerChannel) {
    require_device();
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 4, 8, 8});
    auto conv = std::make_shared<ov::op::v1::Convolution>(x, random_constant({8, 4, 3, 3}, 501), ov::Strides{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::Strides{1, 1});
    auto biased = std::make_shared<ov::op::v1::Add>(conv, random_constant({1, 8, 1, 1}, 502));
    auto prelu = std::make_shared<ov::op::v0::PRelu>(biased, random_constant({1, 1, 1, 8}, 503));
    auto model = std::make_shared<ov::Model>(ov::OutputVector{prelu}, ov::ParameterVector{x}, "prelu_on_columns");
    ov::Core& core = admitting_core();
    const std::string message = error_of([&] { core.compile_model(model, "OPENCL"); });
    EXPECT_NE(message.find("per-channel PRelu slope"), std::string::npos) << message;
    EXPECT_NE(message.find(prelu->get_friendly_name()), std::string::npos) << message;
    EXPECT_NE(message.find(ov::Shape{1, 1, 1, 8}.to_string()), std::string::npos) << message << ": names the slope";
    auto request = core.compile_model(model, "HETERO:OPENCL,CPU").create_infer_request();
    infer_and_expect_reference(request, model, {seeded_tensor({1, 4, 8, 8}, 504)}, 1e-5f);
}

// Each path of the blocked convolution, pooling and reduction kernels, on shapes that end mid-block (PoCL, a
// CPU-type device, runs the 16-channel kernels):
// - 16 output channels on rows of 23 (row blocks of 8, the last one partial), PRelu applied per element;
// - stride 2 without padding (clamped loads at the row's end), Relu and an Add of another input;
// - a dilated 3x3 on a narrow 11x11 plane (convolution_same: the flattened plane, masked taps) with 130 output
//   channels (a partial block of 16), and a 1x1 one on a plane of 529 pixels (blocks of 16, the last one holding
//   a single pixel), and a 1x1 one on 121 pixels (the last block's second half holding one);
// - 24 output channels: the 8-channel kernel (which GPU-type devices use for every convolution);
// - max pooling with stride 2, and with stride 1 and padding (partial output blocks, windows leaving the row);
// - mean and max over innermost axes (rows of 121 and 23, not multiples of 8), a sum over a middle axis.
std::shared_ptr<ov::Model> blocked_kernels_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 5, 23, 23});
    auto other = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 32, 11, 11});
    const auto conv = [](const ov::Output<ov::Node>& in, const ov::Shape& filter, unsigned seed, size_t stride,
                         std::ptrdiff_t pad, size_t dilation) -> std::shared_ptr<ov::Node> {
        auto c = std::make_shared<ov::op::v1::Convolution>(in, random_constant(filter, seed),
                                                           ov::Strides{stride, stride}, ov::CoordinateDiff{pad, pad},
                                                           ov::CoordinateDiff{pad, pad}, ov::Strides{dilation, dilation});
        return std::make_shared<ov::op::v1::Add>(c, random_constant({1, filter[0], 1, 1}, seed + 1));
    };
    auto prelu = std::make_shared<ov::op::v0::PRelu>(conv(x, {32, 5, 3, 3}, 80, 1, 1, 1), random_constant({32}, 82));
    auto strided = std::make_shared<ov::op::v1::Add>(
        std::make_shared<ov::op::v0::Relu>(conv(x, {32, 5, 3, 3}, 83, 2, 0, 1)), other);  // 11 x 11
    auto pooled = std::make_shared<ov::op::v1::MaxPool>(x, ov::Strides{2, 2}, ov::Shape{0, 0}, ov::Shape{0, 0},
                                                        ov::Shape{3, 3});  // 11 x 11
    auto pooled_again = std::make_shared<ov::op::v1::MaxPool>(pooled, ov::Strides{1, 1}, ov::Shape{1, 1},
                                                              ov::Shape{1, 1}, ov::Shape{3, 3});
    auto narrow = std::make_shared<ov::op::v0::Relu>(conv(pooled_again, {130, 5, 3, 3}, 85, 1, 2, 2));
    auto pointwise = std::make_shared<ov::op::v0::Relu>(conv(x, {130, 5, 1, 1}, 87, 1, 0, 1));
    auto eight_wide = std::make_shared<ov::op::v0::Relu>(conv(x, {24, 5, 3, 3}, 92, 1, 1, 1));
    // 121 pixels: the last block of 16 holds 9, so its second half stores a single pixel.
    auto pointwise_tail = std::make_shared<ov::op::v0::Relu>(conv(other, {32, 32, 1, 1}, 95, 1, 0, 1));
    const auto axes = [](std::vector<int64_t> values) {
        return ov::op::v0::Constant::create(ov::element::i64, {values.size()}, values);
    };
    auto mean = std::make_shared<ov::op::v1::ReduceMean>(strided, axes({2, 3}), true);
    auto row_max = std::make_shared<ov::op::v1::ReduceMax>(prelu, axes({3}), false);
    auto channel_sum = std::make_shared<ov::op::v1::ReduceSum>(narrow, axes({1}), false);
    return std::make_shared<ov::Model>(ov::OutputVector{prelu, strided, narrow, mean, row_max, channel_sum, pointwise,
                                                         eight_wide, pointwise_tail},
                                       ov::ParameterVector{x, other}, "blocked_kernels");
}

TEST(OpenclKernels, BlockedConvolutionPoolingAndReductionPathsMatchTheReference) {
    require_device();
    const auto cpu = cpu_type_device();
    if (!cpu)
        GTEST_SKIP() << no_cpu_type_device;
    auto model = blocked_kernels_model();
    auto compiled = admitting_core().compile_model(model, "OPENCL." + std::to_string(*cpu), ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    infer_and_expect_reference(request, model, {seeded_tensor({2, 5, 23, 23}, 90), seeded_tensor({2, 32, 11, 11}, 91)},
                               1e-5f);
    // Six fused convolutions (the Adds and activations ran inside them): the 3x3 stride-1 one with 16-channel
    // blocks on Winograd tiles, two on row blocks (one of them the 8-channel kernel), the dilated one on the plane
    // and the 1x1 ones on blocks of 16 pixels of the plane.
    const std::vector<std::string> kernels = executed_kernels(request);
    const auto runs_of = [&](const char* kernel) { return std::count(kernels.begin(), kernels.end(), kernel); };
    EXPECT_EQ(runs_of("convolution_tiled_f32"), 2) << ::testing::PrintToString(kernels);
    EXPECT_EQ(runs_of("convolution_winograd_f32"), 1) << ::testing::PrintToString(kernels);
    EXPECT_EQ(runs_of("convolution_same_f32"), 1) << ::testing::PrintToString(kernels);
    EXPECT_EQ(runs_of("convolution_1x1_f32"), 2) << ::testing::PrintToString(kernels);
    EXPECT_EQ(runs_of("eltwise_f32"), 0) << ::testing::PrintToString(kernels);
}

// Every path of convolution_winograd16 (3x3, stride 1, 16-channel blocks on a CPU-type device), each output a
// separate Result:
// - SqueezeNet's expand3x3 on an odd plane (13x13: the last tile row and column half outside), 16 input channels,
//   bias and Relu (whole-vector epilogue, full tiles stored in pairs);
// - an even plane (12x14, every tile full) with 64 input channels and 130 output channels (a partial block);
// - padding 0 (an 11x11 output from 13x13: tiles read no padding) with a per-channel scale-shift after the Relu;
// - asymmetric padding (top/left 2, bottom/right 0) with Sigmoid (the per-element epilogue) and an Add of another
//   input (the addend).
std::shared_ptr<ov::Model> winograd_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 16, 13, 13});
    auto wide = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 64, 12, 14});
    auto other = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 32, 13, 13});
    unsigned seed = 300;
    const auto conv = [&](const ov::Output<ov::Node>& in, size_t oc, std::ptrdiff_t pad_begin,
                          std::ptrdiff_t pad_end) -> std::shared_ptr<ov::Node> {
        const size_t ic = in.get_shape()[1];
        auto c = std::make_shared<ov::op::v1::Convolution>(in, random_constant({oc, ic, 3, 3}, seed++),
                                                           ov::Strides{1, 1}, ov::CoordinateDiff{pad_begin, pad_begin},
                                                           ov::CoordinateDiff{pad_end, pad_end}, ov::Strides{1, 1});
        return std::make_shared<ov::op::v1::Add>(c, random_constant({1, oc, 1, 1}, seed++));
    };
    auto odd = std::make_shared<ov::op::v0::Relu>(conv(x, 64, 1, 1));
    auto even = std::make_shared<ov::op::v0::Relu>(conv(wide, 130, 1, 1));
    // Each constant draws its seed in its own statement: two seed++ in one call's arguments would leave
    // which constant gets which seed to the compiler.
    auto valid_scale = random_constant({1, 32, 1, 1}, seed++);
    auto valid_shift = random_constant({1, 32, 1, 1}, seed++);
    auto valid = std::make_shared<ov::op::v1::Add>(
        std::make_shared<ov::op::v1::Multiply>(std::make_shared<ov::op::v0::Relu>(conv(x, 32, 0, 0)), valid_scale),
        valid_shift);
    auto shifted = std::make_shared<ov::op::v1::Add>(std::make_shared<ov::op::v0::Sigmoid>(conv(x, 32, 2, 0)), other);
    return std::make_shared<ov::Model>(ov::OutputVector{odd, even, valid, shifted}, ov::ParameterVector{x, wide, other},
                                       "winograd");
}

TEST(OpenclKernels, WinogradConvolutionsMatchTheReferenceOnFreshInputs) {
    require_device();
    const auto cpu = cpu_type_device();
    if (!cpu)
        GTEST_SKIP() << no_cpu_type_device;
    auto model = winograd_model();
    auto compiled = admitting_core().compile_model(model, "OPENCL." + std::to_string(*cpu), ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    // Fresh inputs on every run; the seed is printed on failure to reproduce it.
    const unsigned seed = std::random_device{}();
    SCOPED_TRACE("input seed " + std::to_string(seed));
    const std::vector<ov::Tensor> inputs{seeded_tensor({2, 16, 13, 13}, seed), seeded_tensor({1, 64, 12, 14}, seed + 1),
                                         seeded_tensor({2, 32, 13, 13}, seed + 2)};
    // Winograd sums other products than the direct convolution (the transforms scale and combine inputs and
    // filters), so rounding differs more than the direct kernels' 1e-5; a wrong tap or transform gives errors of
    // order 1.
    infer_and_expect_reference(request, model, inputs, 1e-4f);
    const std::vector<std::string> kernels = executed_kernels(request);
    EXPECT_EQ(std::count(kernels.begin(), kernels.end(), "convolution_winograd_f32"), 4)
        << ::testing::PrintToString(kernels);
    EXPECT_EQ(kernels.size(), 4u) << ::testing::PrintToString(kernels);
}

// Per-channel Multiply and Add after a convolution's activation (a batch normalisation placed after the Relu,
// as in head-pose and gaze): Relu then scale-shift on whole vectors; Sigmoid then a scalar scale and a
// per-channel shift element by element; Relu, scale-shift and then an Add of another input.
std::shared_ptr<ov::Model> scale_shift_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8, 10, 12});
    auto other = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 16, 10, 12});
    unsigned seed = 50;
    const auto branch = [&](const ov::Shape& filter, const ov::CoordinateDiff& pads, bool sigmoid,
                            const ov::Shape& scale_shape, const ov::Shape& shift_shape) -> std::shared_ptr<ov::Node> {
        auto conv = std::make_shared<ov::op::v1::Convolution>(x, random_constant(filter, seed++), ov::Strides{1, 1},
                                                              pads, pads, ov::Strides{1, 1});
        std::shared_ptr<ov::Node> v = std::make_shared<ov::op::v1::Add>(conv, random_constant({1, 16, 1, 1}, seed++));
        if (sigmoid)
            v = std::make_shared<ov::op::v0::Sigmoid>(v);
        else
            v = std::make_shared<ov::op::v0::Relu>(v);
        v = std::make_shared<ov::op::v1::Multiply>(v, random_constant(scale_shape, seed++));
        return std::make_shared<ov::op::v1::Add>(random_constant(shift_shape, seed++), v);
    };
    auto relu_branch = branch({16, 8, 3, 3}, {1, 1}, false, {1, 16, 1, 1}, {1, 16, 1, 1});
    auto sigmoid_branch = branch({16, 8, 1, 1}, {0, 0}, true, {}, {16, 1, 1});
    auto residual = std::make_shared<ov::op::v1::Add>(branch({16, 8, 3, 3}, {1, 1}, false, {16, 1, 1}, {1}), other);
    return std::make_shared<ov::Model>(ov::OutputVector{relu_branch, sigmoid_branch, residual},
                                       ov::ParameterVector{x, other}, "scale_shift");
}

namespace {

// Runs scale_shift_model's compiled form on seeded inputs and checks every output against the reference.
ov::InferRequest infer_scale_shift_model(ov::CompiledModel& compiled, const std::shared_ptr<ov::Model>& model,
                                         unsigned seed) {
    auto request = compiled.create_infer_request();
    infer_and_expect_reference(request, model,
                               {seeded_tensor({1, 8, 10, 12}, seed), seeded_tensor({1, 16, 10, 12}, seed + 1)}, 1e-5f);
    return request;
}

}  // namespace

TEST(OpenclKernels, ScaleShiftAfterTheActivationRunsInTheConvolutionKernel) {
    require_device();
    auto model = scale_shift_model();
    auto compiled = admitting_core().compile_model(model, "OPENCL", ov::enable_profiling(true));
    auto request = infer_scale_shift_model(compiled, model, 61);
    // Three convolution kernels and nothing else: no Multiply or Add ran as its own kernel.
    std::vector<std::string> kernels;
    for (const auto& record : request.get_profiling_info())
        if (record.status == ov::ProfilingInfo::Status::EXECUTED)
            kernels.push_back(record.node_type + ":" + record.exec_type);
    EXPECT_EQ(kernels.size(), 3u) << ::testing::PrintToString(kernels);
    for (const auto& kernel : kernels)
        EXPECT_EQ(kernel.rfind("FusedConvolution:convolution_", 0), 0u) << kernel;
    size_t fused_ops = 0;
    for (const auto& node : compiled.get_runtime_model()->get_ordered_ops()) {
        EXPECT_STRNE(node->get_type_name(), "Multiply") << node->get_friendly_name();
        fused_ops += std::string(node->get_type_name()) == "FusedConvolution";
    }
    EXPECT_EQ(fused_ops, 3u);
}

// The kernels compute in f32 only (f16 arithmetic is not implemented): an f16 request falls back to f32, says
// so through the compiled model's inference_precision, and gives f32 results.
TEST(OpenclPrecision, AnF16RequestRunsAndReportsF32) {
    require_device();
    auto model = scale_shift_model();
    auto compiled =
        admitting_core().compile_model(model, "OPENCL", ov::hint::inference_precision(ov::element::f16));
    EXPECT_EQ(compiled.get_property(ov::hint::inference_precision), ov::element::f32);
    const auto capabilities = admitting_core().get_property(compiled.get_property(ov::execution_devices).at(0),
                                                            ov::device::capabilities);
    EXPECT_EQ(std::count(capabilities.begin(), capabilities.end(), ov::device::capability::FP16), 0)
        << "FP16 is not claimed while the kernels compute in f32";
    infer_scale_shift_model(compiled, model, 71);
}

TEST(OpenclExecution, ProfilingGivesOneRecordPerKernelFromDeviceTimestamps) {
    require_device();
    auto model = convolution_model();
    auto compiled = admitting_core().compile_model(model, "OPENCL", ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    request.set_input_tensor(seeded_tensor({2, 8, 11, 13}, 7));
    request.infer();
    size_t executed = 0;
    for (const auto& record : request.get_profiling_info()) {
        if (record.status != ov::ProfilingInfo::Status::EXECUTED)
            continue;
        ++executed;
        EXPECT_FALSE(record.node_name.empty());
        EXPECT_GE(record.real_time.count(), 0);
    }
    EXPECT_GE(executed, 3u);
}

TEST(OpenclExecution, AsyncRequestsInFlightGiveTheResultsOfInfer) {
    require_device();
    auto model = convolution_model();
    auto compiled = admitting_core().compile_model(model, "OPENCL");
    const auto input = seeded_tensor({2, 8, 11, 13}, 9);
    auto sync = compiled.create_infer_request();
    sync.set_input_tensor(input);
    sync.infer();
    std::vector<ov::InferRequest> requests;
    for (int i = 0; i < 4; ++i) {
        requests.push_back(compiled.create_infer_request());
        requests.back().set_input_tensor(input);
    }
    std::atomic<int> callbacks{0};
    for (auto& r : requests) {
        r.set_callback([&callbacks](std::exception_ptr error) {
            if (!error)
                ++callbacks;
        });
        r.start_async();
    }
    for (auto& r : requests) {
        r.wait();
        const auto& out = r.get_output_tensor(0);
        const auto& want = sync.get_output_tensor(0);
        EXPECT_EQ(0, std::memcmp(out.data(), want.data(), want.get_byte_size()));
    }
    EXPECT_EQ(callbacks.load(), 4);
}

// The FP16-INT8 models (FakeQuantize on activations and weights) have no references of their own: the
// plugin must compute what its prepared graph says, checked with every node's evaluate() on the graph the
// plugin plans (f16 weights widened to f32; the f16 graph itself would round every intermediate, which the
// quantizers amplify), on the FP16 model's reference inputs.
class OpenclQuantizedModel : public ::testing::TestWithParam<std::string> {};

TEST_P(OpenclQuantizedModel, MatchesTheReferenceInterpreter) {
    require_device();
    const std::string name = GetParam();
    const std::string root = std::string(DEVMUX_MODELS_DIR) + "/" + name;
    auto& core = admitting_core();
    auto model = core.read_model(root + "/FP16-INT8/" + name + ".xml");
    auto compiled = core.compile_model(model, "OPENCL");
    auto request = compiled.create_infer_request();
    std::vector<ov::Tensor> inputs;
    for (const auto& port : compiled.inputs()) {
        ov::Tensor tensor(ov::element::f32, port.get_shape());
        std::ifstream file(root + "/FP16/ref/" + name + ".input." + port.get_any_name() + ".f32", std::ios::binary);
        ASSERT_TRUE(file.read(reinterpret_cast<char*>(tensor.data()), static_cast<std::streamsize>(tensor.get_byte_size())))
            << "reference input of " << port.get_any_name();
        request.set_tensor(port, tensor);
        inputs.push_back(tensor);
    }
    request.infer();
    const auto expected = reference(devmux::opencl::prepare_model(*model), inputs);
    ASSERT_EQ(expected.size(), compiled.outputs().size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_LT(max_relative_error(request.get_output_tensor(i), expected[i]), 1e-3f) << name << " output " << i;
}

INSTANTIATE_TEST_SUITE_P(SharedModels, OpenclQuantizedModel,
                         ::testing::Values("landmarks-regression-retail-0009", "head-pose-estimation-adas-0001",
                                           "gaze-estimation-adas-0002"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string label = info.param.substr(0, info.param.find('-'));
                             return label;
                         });

TEST(OpenclCache, ASecondProcessWithTheSameCacheBuildsNothing) {
    devmux_test::TempDir cache;
    const auto run_probe = [&] {
        const std::string command = std::string(DEVMUX_CACHE_PROBE) + " " + cache.path() + " 2>&1";
        FILE* pipe = popen(command.c_str(), "r");
        std::string output;
        std::array<char, 256> buffer{};
        while (pipe && fgets(buffer.data(), buffer.size(), pipe))
            output += buffer.data();
        const int status = pipe ? pclose(pipe) : -1;
        EXPECT_EQ(status, 0) << output;
        return output;
    };
    EXPECT_EQ(run_probe(), "1\n") << "an empty cache: the program is built from source once";
    EXPECT_EQ(run_probe(), "0\n") << "a filled cache: nothing is built from source";
}

// ---- remote tensors: OpenCL buffers of the device ----

// The cl_mem a remote tensor's parameters name, checked with the OpenCL API: a buffer of `bytes` bytes in
// the context the parameters name.
cl_mem checked_buffer(const ov::RemoteTensor& tensor, size_t bytes) {
    const ov::AnyMap params = tensor.get_params();
    auto buffer = reinterpret_cast<cl_mem>(params.at("OCL_BUFFER").as<uint64_t>());
    auto context = reinterpret_cast<cl_context>(params.at("OCL_CONTEXT").as<uint64_t>());
    size_t size = 0;
    cl_context owner = nullptr;
    EXPECT_EQ(clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof(size), &size, nullptr), CL_SUCCESS);
    EXPECT_EQ(clGetMemObjectInfo(buffer, CL_MEM_CONTEXT, sizeof(owner), &owner, nullptr), CL_SUCCESS);
    EXPECT_GE(size, bytes);
    EXPECT_EQ(owner, context);
    return buffer;
}

TEST(OpenclRemote, DeviceBuffersAreBoundAsInputsAndOutputsWithoutHostMemory) {
    require_device();
    auto model = convolution_model();
    auto& core = admitting_core();
    auto compiled = core.compile_model(model, "OPENCL");
    const std::string device = compiled.get_property(ov::execution_devices).at(0);
    ov::RemoteContext context = compiled.get_context();
    EXPECT_EQ(context.get_device_name(), device);
    EXPECT_EQ(context.get_params().at(devmux::memory_space_key).as<std::string>(), device);
    EXPECT_EQ(core.get_default_context("OPENCL").get_params().at(devmux::memory_space_key).as<std::string>(), device);

    const auto input = seeded_tensor({2, 8, 11, 13}, 77);
    ov::RemoteTensor device_input = context.create_tensor(ov::element::f32, input.get_shape());
    EXPECT_EQ(device_input.get_params().at(devmux::memory_space_key).as<std::string>(), device);
    checked_buffer(device_input, input.get_byte_size());
    EXPECT_EQ(devmux::remote_tensor_of(device_input)->host_data(), nullptr) << "device memory, not a host view";
    device_input.copy_from(input);
    std::vector<ov::RemoteTensor> device_outputs;
    auto request = compiled.create_infer_request();
    request.set_input_tensor(device_input);
    for (size_t i = 0; i < model->outputs().size(); ++i) {
        device_outputs.push_back(context.create_tensor(ov::element::f32, model->output(i).get_shape()));
        request.set_output_tensor(i, device_outputs.back());
    }
    const auto expected = reference(model, std::vector<ov::Tensor>{input});
    for (int round = 0; round < 2; ++round) {  // the second run reuses the bound buffers
        if (round == 1) {
            request.start_async();
            request.wait();
        } else {
            request.infer();
        }
        for (size_t i = 0; i < expected.size(); ++i) {
            ov::Tensor host(ov::element::f32, expected[i].get_shape());
            device_outputs[i].copy_to(host);
            EXPECT_LT(max_relative_error(host, expected[i]), 1e-5f) << "round " << round << " output " << i;
        }
    }
    // An empty tensor copies nothing rather than failing on OpenCL's refusal of empty transfers.
    ov::RemoteTensor empty = context.create_tensor(ov::element::f32, {0, 3});
    ov::Tensor empty_host(ov::element::f32, {0, 3});
    EXPECT_NO_THROW(empty.copy_from(empty_host));
    EXPECT_NO_THROW(empty.copy_to(empty_host));
    const std::string message =
        error_of([&] { context.create_tensor(ov::element::f32, {4}, {{"OCL_BUFFER", uint64_t{1}}}); });
    EXPECT_NE(message.find(device), std::string::npos) << message;
    EXPECT_NE(message.find("create_tensor"), std::string::npos) << message;
}

// The application's own cl_mem, made with the OpenCL API in the context the OPENCL context names, wrapped the
// way OpenVINO's GPU plugin takes it (ov::intel_gpu::ocl::ClContext::create_tensor(type, shape, cl_mem) passes
// SHARED_MEM_TYPE=OCL_BUFFER and MEM_HANDLE=<cl_mem as void*>), used as a model's input and outputs.
struct AppQueue {
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    explicit AppQueue(const ov::RemoteContext& remote) {
        context = reinterpret_cast<cl_context>(remote.get_params().at("OCL_CONTEXT").as<uint64_t>());
        cl_device_id device = nullptr;
        EXPECT_EQ(clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof(device), &device, nullptr), CL_SUCCESS);
        cl_int status = CL_SUCCESS;
        queue = clCreateCommandQueue(context, device, 0, &status);
        EXPECT_EQ(status, CL_SUCCESS);
    }
    ~AppQueue() { clReleaseCommandQueue(queue); }
    cl_mem buffer(size_t bytes, cl_context in = nullptr) const {
        cl_int status = CL_SUCCESS;
        cl_mem mem = clCreateBuffer(in ? in : context, CL_MEM_READ_WRITE, bytes, nullptr, &status);
        EXPECT_EQ(status, CL_SUCCESS);
        return mem;
    }
};

ov::AnyMap shared_buffer(cl_mem mem) {
    return {{"SHARED_MEM_TYPE", std::string("OCL_BUFFER")}, {"MEM_HANDLE", static_cast<void*>(mem)}};
}

TEST(OpenclRemote, AnApplicationsOwnClBuffersServeAsInputAndOutputs) {
    require_device();
    auto model = convolution_model();
    auto compiled = admitting_core().compile_model(model, "OPENCL");
    ov::RemoteContext context = compiled.get_context();
    AppQueue app(context);
    const auto input = seeded_tensor({2, 8, 11, 13}, 88);
    cl_mem input_mem = app.buffer(input.get_byte_size());
    ASSERT_EQ(clEnqueueWriteBuffer(app.queue, input_mem, CL_TRUE, 0, input.get_byte_size(), input.data(), 0, nullptr,
                                   nullptr),
              CL_SUCCESS);
    auto request = compiled.create_infer_request();
    ov::RemoteTensor wrapped_input =
        context.create_tensor(ov::element::f32, input.get_shape(), shared_buffer(input_mem));
    EXPECT_EQ(reinterpret_cast<cl_mem>(wrapped_input.get_params().at("OCL_BUFFER").as<uint64_t>()), input_mem);
    // The tensor holds its own reference: the application may let go of its own.
    clReleaseMemObject(input_mem);
    request.set_input_tensor(wrapped_input);
    std::vector<cl_mem> output_mems;
    for (size_t i = 0; i < model->outputs().size(); ++i) {
        const ov::Shape shape = model->output(i).get_shape();
        // One element larger than needed: a buffer may be bigger than the tensor.
        output_mems.push_back(app.buffer((ov::shape_size(shape) + 1) * sizeof(float)));
        request.set_output_tensor(i, context.create_tensor(ov::element::f32, shape, shared_buffer(output_mems.back())));
    }
    request.infer();
    const auto expected = reference(model, std::vector<ov::Tensor>{input});
    for (size_t i = 0; i < expected.size(); ++i) {
        ov::Tensor host(ov::element::f32, expected[i].get_shape());
        ASSERT_EQ(clEnqueueReadBuffer(app.queue, output_mems[i], CL_TRUE, 0, host.get_byte_size(), host.data(), 0,
                                      nullptr, nullptr),
                  CL_SUCCESS);
        EXPECT_LT(max_relative_error(host, expected[i]), 1e-5f) << "output " << i;
    }
    for (cl_mem mem : output_mems)
        clReleaseMemObject(mem);
}

TEST(OpenclRemote, WrappingAClBufferChecksItsContextAndSize) {
    require_device();
    auto compiled = admitting_core().compile_model(convolution_model(), "OPENCL");
    ov::RemoteContext context = compiled.get_context();
    const std::string device = context.get_device_name();
    AppQueue app(context);
    cl_mem small = app.buffer(4 * 15);
    std::string message = error_of([&] { context.create_tensor(ov::element::f32, {4, 4}, shared_buffer(small)); });
    for (const std::string part : {device, std::string("60 bytes"), std::string("needs 64"), std::string("MEM_HANDLE")})
        EXPECT_NE(message.find(part), std::string::npos) << part << " in " << message;
    clReleaseMemObject(small);

    // A buffer of another cl_context on the same device.
    cl_device_id cl_device = nullptr;
    ASSERT_EQ(clGetContextInfo(app.context, CL_CONTEXT_DEVICES, sizeof(cl_device), &cl_device, nullptr), CL_SUCCESS);
    cl_int status = CL_SUCCESS;
    cl_context foreign = clCreateContext(nullptr, 1, &cl_device, nullptr, nullptr, &status);
    ASSERT_EQ(status, CL_SUCCESS);
    cl_mem elsewhere = app.buffer(64, foreign);
    message = error_of([&] { context.create_tensor(ov::element::f32, {4, 4}, shared_buffer(elsewhere)); });
    EXPECT_NE(message.find(device), std::string::npos) << message;
    EXPECT_NE(message.find("another cl_context"), std::string::npos) << message;
    clReleaseMemObject(elsewhere);
    clReleaseContext(foreign);

    cl_mem fine = app.buffer(64);
    message = error_of([&] {
        context.create_tensor(ov::element::f32, {4, 4}, {{"SHARED_MEM_TYPE", std::string("USM_USER_BUFFER")},
                                                         {"MEM_HANDLE", static_cast<void*>(fine)}});
    });
    EXPECT_NE(message.find("SHARED_MEM_TYPE=OCL_BUFFER"), std::string::npos) << message;
    EXPECT_NE(message.find("USM_USER_BUFFER"), std::string::npos) << message;
    message = error_of([&] {
        context.create_tensor(ov::element::f32, {4, 4}, {{"SHARED_MEM_TYPE", std::string("OCL_BUFFER")}});
    });
    EXPECT_NE(message.find("needs MEM_HANDLE"), std::string::npos) << message;
    EXPECT_NO_THROW(context.create_tensor(ov::element::f32, {4, 4}, shared_buffer(fine)));
    clReleaseMemObject(fine);
}

// relu and add on OPENCL, the multiply in the middle forced to CPU: relu's output goes to the CPU subgraph
// (a copy out of device memory) and straight to the OPENCL subgraph of add (the same device buffer).
TEST(OpenclHetero, BoundariesBetweenOpenclSubgraphsStayInDeviceMemory) {
    require_device();
    const ov::Shape shape{1, 6, 5, 5};
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, shape);
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto mul = std::make_shared<ov::op::v1::Multiply>(relu, random_constant({1, 6, 1, 1}, 5));
    mul->set_friendly_name("mul");
    auto sigmoid = std::make_shared<ov::op::v0::Sigmoid>(mul);
    sigmoid->set_friendly_name("sigmoid");
    auto add = std::make_shared<ov::op::v1::Add>(relu, sigmoid);
    add->set_friendly_name("add");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{add}, ov::ParameterVector{x}, "touching");
    for (const auto& node : model->get_ordered_ops())
        node->get_rt_info()["affinity"] = std::string(node->get_friendly_name() == "mul" ? "CPU" : "OPENCL");

    auto compiled = admitting_core().compile_model(model, "HETERO:OPENCL,CPU", ov::enable_profiling(true));
    // The memory space of the device HETERO placed the OPENCL subgraphs on ("OPENCL.0").
    const std::string device = admitting_core().get_default_context("OPENCL").get_device_name();
    auto request = compiled.create_infer_request();
    const auto input = seeded_tensor(shape, 21);
    request.set_input_tensor(input);
    const auto expected = reference(model, std::vector<ov::Tensor>{input});
    for (int round = 0; round < 2; ++round) {
        request.infer();
        EXPECT_LT(max_relative_error(request.get_output_tensor(0), expected[0]), 1e-5f) << "round " << round;
    }
    std::vector<std::string> transfers;
    for (const auto& record : request.get_profiling_info())
        if (record.node_type == "Transfer")
            transfers.push_back(record.exec_type);
    std::sort(transfers.begin(), transfers.end());
    const std::string bytes = std::to_string(ov::shape_size(shape) * sizeof(float)) + "B";
    // relu -> mul leaves the device, mul's output -> sigmoid enters it; relu -> add is the device buffer itself.
    const std::vector<std::string> wanted{"copy_" + device + "_to_host_" + bytes, "copy_host_to_" + device + "_" + bytes,
                                          "shared_tensor_" + bytes};
    EXPECT_EQ(transfers, wanted);
}

}  // namespace

namespace {

// One device reached twice is listed once; two CPU drivers, whose UUID is derived from the host CPU, stay two.
TEST(OpenclDevices, ADeviceReachedTwiceIsListedOnce) {
    const auto device = [](uintptr_t handle, uint8_t uuid_byte, bool from_driver, const char* name) {
        devmux::opencl::DeviceInfo info;
        info.device = reinterpret_cast<cl_device_id>(handle);
        info.uuid.uuid.fill(0);
        info.uuid.uuid[0] = uuid_byte;
        info.uuid_from_driver = from_driver;
        info.name = name;
        return info;
    };
    std::vector<devmux::opencl::DeviceInfo> devices = {
        device(1, 7, true, "gpu"),            // kept
        device(1, 7, true, "gpu again"),      // the same handle: a platform listed twice
        device(2, 7, true, "gpu other icd"),  // the same driver UUID through another ICD file
        device(3, 9, true, "second gpu"),     // kept: another device
        device(4, 5, false, "pocl"),          // kept
        device(5, 5, false, "intel cpu"),     // kept: a derived identity, another driver of the CPU
    };
    devmux::opencl::drop_repeated_devices(devices);
    std::vector<std::string> names;
    for (const auto& d : devices)
        names.push_back(d.name);
    EXPECT_EQ(names, (std::vector<std::string>{"gpu", "second gpu", "pocl", "intel cpu"}));
}

// The real enumeration lists each cl_device_id once.
TEST(OpenclDevices, EnumerationListsEachDeviceOnce) {
    require_device();
    const auto devices = devmux::opencl::enumerate_devices(CL_DEVICE_TYPE_ALL).devices;
    std::set<cl_device_id> handles;
    for (const auto& d : devices)
        EXPECT_TRUE(handles.insert(d.device).second) << d.name;
}

}  // namespace
