// SPDX-License-Identifier: Apache-2.0
// HETERO boundary tensors across memory spaces: made by the producing subgraph's context; shared as
// they are between devices of one memory space (host devices: no copy at all), copied once for a
// consumer in another space. The gate device (tests/hetero/gate_plugin) plays a device with a memory
// of its own when registered with GATE_MEMORY_SPACE.

#include <gtest/gtest.h>

#include <cmath>

#include "common/test_utils.hpp"
#include "gate_plugin/gate_control.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/openvino.hpp"

namespace {

constexpr size_t N = 12;

float weight(size_t i) { return 0.75f - 0.125f * static_cast<float>(i); }

// y = sigmoid(relu(x) * w): relu and sigmoid on GATE, the multiply on CPU, so both boundaries cross
// between the devices (GATE -> CPU, then CPU -> GATE).
std::shared_ptr<ov::Model> split_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N});
    x->output(0).set_names({"x"});
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    std::vector<float> w(N);
    for (size_t i = 0; i < N; ++i)
        w[i] = weight(i);
    auto mul = std::make_shared<ov::op::v1::Multiply>(relu, ov::op::v0::Constant::create(ov::element::f32, {1, N}, w));
    mul->set_friendly_name("mul");
    auto sig = std::make_shared<ov::op::v0::Sigmoid>(mul);
    sig->set_friendly_name("sigmoid");
    sig->output(0).set_names({"y"});
    auto model = std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(sig)},
                                             ov::ParameterVector{x}, "split");
    relu->get_rt_info()["affinity"] = std::string("GATE");
    mul->get_rt_info()["affinity"] = std::string("CPU");
    sig->get_rt_info()["affinity"] = std::string("GATE");
    return model;
}

// Runs the split model once and checks it against the computation done here; returns the Transfer
// records' exec types.
std::vector<std::string> run_and_check(ov::Core& core) {
    ov::CompiledModel compiled = core.compile_model(split_model(), "HETERO:GATE,CPU", ov::enable_profiling(true));
    ov::InferRequest request = compiled.create_infer_request();
    const ov::Tensor x = devmux_test::random_f32(ov::Shape{1, N}, 11, -3.f, 3.f);
    request.set_tensor("x", x);
    for (int round = 0; round < 2; ++round) {  // twice: the copies happen on every inference
        request.infer();
        const ov::Tensor y = request.get_tensor("y");
        for (size_t i = 0; i < N; ++i) {
            const float v = std::max(x.data<float>()[i], 0.f) * weight(i);
            EXPECT_NEAR(y.data<float>()[i], 1.f / (1.f + std::exp(-v)), 1e-6f) << "round " << round << " element " << i;
        }
    }
    std::vector<std::string> transfers;
    for (const auto& info : request.get_profiling_info())
        if (info.node_type == "Transfer")
            transfers.push_back(info.exec_type);
    return transfers;
}

TEST(HeteroMemory, HostDevicesShareBoundaryTensorsWithoutCopy) {
    ov::Core core;
    core.register_plugin(devmux_gate::library_path(), "GATE");
    EXPECT_EQ(core.get_default_context("GATE").get_params().at("MEMORY_SPACE").as<std::string>(), "host");
    const auto transfers = run_and_check(core);
    ASSERT_EQ(transfers.size(), 2u);
    for (const auto& transfer : transfers)
        EXPECT_EQ(transfer.rfind("shared_tensor_", 0), 0u) << transfer;
}

TEST(HeteroMemory, DeviceInAnotherMemorySpaceGetsOneCopyEachWay) {
    ov::Core core;
    core.register_plugin(devmux_gate::library_path(), "GATE", {{devmux_gate::memory_space, "gate-vram"}});
    EXPECT_EQ(core.get_default_context("GATE").get_params().at("MEMORY_SPACE").as<std::string>(), "gate-vram");
    const auto transfers = run_and_check(core);
    ASSERT_EQ(transfers.size(), 2u);
    const size_t bytes = N * sizeof(float);
    EXPECT_EQ(transfers[0], "copy_gate-vram_to_host_" + std::to_string(bytes) + "B");
    EXPECT_EQ(transfers[1], "copy_host_to_gate-vram_" + std::to_string(bytes) + "B");
}

}  // namespace
