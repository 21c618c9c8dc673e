// SPDX-License-Identifier: Apache-2.0
// ov::RemoteContext and ov::RemoteTensor: host devices' default contexts, a device whose tensors the
// host cannot address (a fake device in this file), and copies across memory spaces.

#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "common/test_utils.hpp"
#include "devmux/plugin/iremote_context.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/openvino.hpp"
#include "openvino/runtime/remote_context.hpp"

namespace {

using devmux_test::error_of;

std::shared_ptr<ov::Model> relu_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 8});
    x->output(0).set_names({"x"});
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->output(0).set_names({"y"});
    return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(relu)},
                                       ov::ParameterVector{x}, "relu");
}

std::vector<float> random_values(size_t count, unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(-4.f, 4.f);
    std::vector<float> values(count);
    for (auto& v : values)
        v = dist(gen);
    return values;
}

// Device memory the host cannot address: bytes kept in a private buffer, reached only by copies.
class FakeDeviceTensor : public devmux::IRemoteTensor {
public:
    FakeDeviceTensor(const ov::element::Type& type, const ov::Shape& shape)
        : m_type(type), m_shape(shape), m_bytes(ov::shape_size(shape) * type.size()), m_device("FAKE"), m_space("fake-vram") {}
    const ov::element::Type& get_element_type() const override { return m_type; }
    const ov::Shape& get_shape() const override { return m_shape; }
    const std::string& get_device_name() const override { return m_device; }
    const std::string& get_memory_space() const override { return m_space; }
    ov::AnyMap get_params() const override { return {{devmux::memory_space_key, m_space}, {"FAKE_HANDLE", "42"}}; }
    void copy_to_host(ov::Tensor& dst) const override {
        ++copies_out;
        std::memcpy(dst.data(), m_bytes.data(), m_bytes.size());
    }
    void copy_from_host(const ov::Tensor& src) override {
        ++copies_in;
        std::memcpy(m_bytes.data(), src.data(), m_bytes.size());
    }
    mutable int copies_out = 0;
    int copies_in = 0;

private:
    ov::element::Type m_type;
    ov::Shape m_shape;
    std::vector<uint8_t> m_bytes;
    std::string m_device;
    std::string m_space;
};

TEST(RemoteContext, CpuDefaultContextGivesHostTensors) {
    ov::Core core;
    ov::RemoteContext context = core.get_default_context("CPU");
    ASSERT_TRUE(context);
    EXPECT_EQ(context.get_device_name(), "CPU");
    EXPECT_EQ(context.get_params().at(devmux::memory_space_key).as<std::string>(), "host");
    ov::RemoteTensor tensor = context.create_tensor(ov::element::f32, ov::Shape{2, 8});
    EXPECT_EQ(tensor.get_params().at(devmux::memory_space_key).as<std::string>(), "host");
    EXPECT_EQ(tensor.get_device_name(), "CPU");
    EXPECT_EQ(tensor.get_shape(), (ov::Shape{2, 8}));
    EXPECT_NO_THROW(ov::RemoteTensor::type_check(tensor, {{devmux::memory_space_key, {"host"}}}));
    EXPECT_THROW(ov::RemoteTensor::type_check(tensor, {{devmux::memory_space_key, {"fake-vram"}}}), ov::Exception);
    EXPECT_THROW(ov::RemoteTensor::type_check(ov::Tensor(ov::element::f32, ov::Shape{1})), ov::Exception);
    const ov::Tensor host = context.create_host_tensor(ov::element::f32, ov::Shape{3});
    EXPECT_EQ(host.get_shape(), (ov::Shape{3}));
}

TEST(RemoteContext, HostRemoteTensorIsUsableAsAnInferenceInput) {
    ov::Core core;
    ov::CompiledModel compiled = core.compile_model(relu_model(), "CPU");
    ov::RemoteContext context = compiled.get_context();
    EXPECT_EQ(context.get_device_name(), "CPU");
    ov::RemoteTensor input = context.create_tensor(ov::element::f32, ov::Shape{2, 8});
    const auto x = random_values(16, 7);
    ov::Tensor staging(ov::element::f32, ov::Shape{2, 8}, const_cast<float*>(x.data()));
    input.copy_from(staging);
    ov::InferRequest request = compiled.create_infer_request();
    request.set_tensor("x", input);
    request.infer();
    const ov::Tensor y = request.get_tensor("y");
    for (size_t i = 0; i < x.size(); ++i)
        EXPECT_EQ(y.data<float>()[i], std::max(x[i], 0.f)) << i;
}

TEST(RemoteContext, DeviceMemoryIsReachedOnlyThroughCopies) {
    auto device = std::make_shared<FakeDeviceTensor>(ov::element::f32, ov::Shape{4});
    ov::RemoteTensor tensor = devmux::make_remote_tensor(device);
    EXPECT_EQ(devmux::memory_space_of(tensor), "fake-vram");
    EXPECT_EQ(tensor.get_params().at("FAKE_HANDLE").as<std::string>(), "42");
    const ov::Tensor& as_plain = tensor;
    const std::string message = error_of([&] { (void)as_plain.data(); });
    EXPECT_NE(message.find("device 'FAKE' (fake-vram)"), std::string::npos) << message;
    EXPECT_NE(message.find("copy it to a host tensor"), std::string::npos) << message;

    const auto values = random_values(4, 3);
    ov::Tensor source(ov::element::f32, ov::Shape{4});
    std::memcpy(source.data(), values.data(), 16);
    tensor.copy_from(source);
    ov::Tensor back(ov::element::f32, ov::Shape{4});
    tensor.copy_to(back);
    EXPECT_EQ(std::memcmp(back.data(), values.data(), 16), 0);
    EXPECT_EQ(device->copies_in, 1);
    EXPECT_EQ(device->copies_out, 1);

    // Device to device goes through one host staging tensor.
    auto other = std::make_shared<FakeDeviceTensor>(ov::element::f32, ov::Shape{4});
    ov::Tensor other_tensor = devmux::make_remote_tensor(other);
    devmux::copy_tensor(tensor, other_tensor);
    ov::Tensor check(ov::element::f32, ov::Shape{4});
    devmux::copy_tensor(other_tensor, check);
    EXPECT_EQ(std::memcmp(check.data(), values.data(), 16), 0);
}

TEST(RemoteContext, PlainTensorsAreHostMemory) {
    const ov::Tensor tensor(ov::element::f32, ov::Shape{2});
    EXPECT_EQ(devmux::memory_space_of(tensor), "host");
    EXPECT_EQ(devmux::remote_tensor_of(tensor), nullptr);
}

TEST(RemoteContext, CreateContextFromParametersIsRefusedByHostDevices) {
    ov::Core core;
    EXPECT_THROW(core.create_context("CPU", {{"SOME_HANDLE", "1"}}), ov::NotImplemented);
}

TEST(RemoteContext, CompileOnAContextUsesItsDevice) {
    ov::Core core;
    ov::RemoteContext context = core.get_default_context("CPU");
    ov::CompiledModel compiled = core.compile_model(relu_model(), context);
    EXPECT_EQ(compiled.get_context().get_device_name(), "CPU");
}

}  // namespace
