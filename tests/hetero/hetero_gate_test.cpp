// SPDX-License-Identifier: Apache-2.0
// HETERO with the gate test device (gate_plugin/gate_control.hpp): export and import when a device
// cannot export (its subgraph travels as IR and is compiled again), and several requests in flight
// overlapping on different devices, shown by holding inferences at gates (no timing assertions).
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <sstream>

#include "common/test_utils.hpp"
#include "gate_plugin/gate_control.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/runtime/core.hpp"

namespace {

constexpr size_t N = 8;
constexpr int bounded_wait_ms = 10000;  // only ever reached when the behaviour under test is broken

float weight(size_t i) { return 0.5f - 0.125f * static_cast<float>(i); }

// out = sigmoid(relu(x) * w)
std::shared_ptr<ov::Model> gate_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N});
    x->set_friendly_name("x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    std::vector<float> w(N);
    for (size_t i = 0; i < N; ++i)
        w[i] = weight(i);
    auto wc = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, w);
    wc->set_friendly_name("w");
    auto mul = std::make_shared<ov::op::v1::Multiply>(relu, wc);
    mul->set_friendly_name("mul");
    auto sig = std::make_shared<ov::op::v0::Sigmoid>(mul);
    sig->set_friendly_name("sigmoid");
    auto out = std::make_shared<ov::op::v0::Result>(sig);
    out->set_friendly_name("out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "gated");
}

ov::Tensor random_input(unsigned seed) {
    return devmux_test::random_f32(ov::Shape{1, N}, seed, -3.f, 3.f);
}

// The naive reference: sigmoid(max(x, 0) * w).
void expect_reference(const ov::Tensor& x, const ov::Tensor& y, float tolerance) {
    ASSERT_EQ(y.get_size(), N);
    for (size_t i = 0; i < N; ++i) {
        const float v = std::max(x.data<float>()[i], 0.f) * weight(i);
        EXPECT_NEAR(y.data<float>()[i], 1.f / (1.f + std::exp(-v)), tolerance) << i;
    }
}

size_t counter(ov::Core& core, const std::string& device, const std::string& key) {
    ov::Any value = core.get_property(device, key);
    if (value.is<std::string>())
        return static_cast<size_t>(std::stoul(value.as<std::string>()));
    return value.as<size_t>();
}

// The gate library, opened by the test itself so that the Core's later dlopen of the same path gives
// the same instance, whose control functions the test then calls.
class GateLibrary {
public:
    GateLibrary() {
        m_handle = dlopen(devmux_gate::library_path(), RTLD_NOW | RTLD_LOCAL);
        if (!m_handle)
            return;
        arm = reinterpret_cast<devmux_gate_arm_fn>(dlsym(m_handle, "devmux_gate_arm"));
        release = reinterpret_cast<devmux_gate_release_fn>(dlsym(m_handle, "devmux_gate_release"));
        wait_entered = reinterpret_cast<devmux_gate_wait_entered_fn>(dlsym(m_handle, "devmux_gate_wait_entered"));
        in_flight = reinterpret_cast<devmux_gate_in_flight_fn>(dlsym(m_handle, "devmux_gate_in_flight"));
    }
    ~GateLibrary() {
        if (m_handle)
            dlclose(m_handle);
    }
    bool ok() const { return m_handle && arm && release && wait_entered && in_flight; }

    devmux_gate_arm_fn arm = nullptr;
    devmux_gate_release_fn release = nullptr;
    devmux_gate_wait_entered_fn wait_entered = nullptr;
    devmux_gate_in_flight_fn in_flight = nullptr;

private:
    void* m_handle = nullptr;
};

// Opens the given gates wide when a test leaves early, so no request stays held at a gate.
struct OpenOnExit {
    GateLibrary& gates;
    std::vector<std::string> devices;
    ~OpenOnExit() {
        for (const auto& device : devices)
            gates.release(device.c_str(), 1000);
    }
};

TEST(HeteroGate, GateDeviceCannotExport) {
    ov::Core core;
    core.register_plugin(devmux_gate::library_path(), "GATE");
    auto compiled = core.compile_model(gate_model(), "GATE");
    std::stringstream blob;
    EXPECT_THROW(compiled.export_model(blob), ov::NotImplemented);
}

// M (the mock) lacks Sigmoid, so the sigmoid runs on GATE, which cannot export: its subgraph is written
// as IR and compiled again on import, while M's subgraph comes back from M's own blob.
TEST(HeteroGate, DeviceWithoutExportIsRecompiledFromIrOnImport) {
    std::stringstream blob;
    ov::Tensor x = random_input(5);
    std::vector<float> before(N);
    {
        ov::Core core;
        core.register_plugin(std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_mock_plugin.so", "M",
                             {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Relu,Multiply"}});
        core.register_plugin(devmux_gate::library_path(), "GATE");
        auto compiled = core.compile_model(gate_model(), "HETERO:M,GATE");
        ASSERT_EQ(compiled.get_property(ov::execution_devices), (std::vector<std::string>{"M.0", "GATE"}));
        auto request = compiled.create_infer_request();
        request.set_input_tensor(x);
        request.infer();
        expect_reference(x, request.get_output_tensor(), 1e-6f);
        std::copy_n(request.get_output_tensor().data<float>(), N, before.begin());
        compiled.export_model(blob);
    }
    // A fresh Core: nothing compiled survives but the blob.
    ov::Core core;
    core.register_plugin(std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_mock_plugin.so", "M",
                         {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Relu,Multiply"}});
    core.register_plugin(devmux_gate::library_path(), "GATE");
    auto imported = core.import_model(blob, "HETERO");
    EXPECT_EQ(counter(core, "GATE", devmux_gate::compile_model_calls), 1u);  // compiled again from the IR
    EXPECT_EQ(counter(core, "M", "MOCK_COMPILE_MODEL_CALLS"), 0u);            // imported from its blob
    EXPECT_EQ(imported.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 2u);
    auto request = imported.create_infer_request();
    request.set_input_tensor(x);
    request.infer();
    const ov::Tensor after = request.get_output_tensor();
    for (size_t i = 0; i < N; ++i)
        EXPECT_NEAR(after.data<float>()[i], before[i], 1e-6f) << i;
}

// relu and mul on GA, sigmoid on GB (two registrations of the gate device). Request 1 is held inside
// its second stage (on GB) while request 2 is started: request 2's first stage (on GA) must enter
// while request 1's second stage is still running.
TEST(HeteroGate, RequestsInFlightOverlapOnDifferentDevices) {
    GateLibrary gates;
    ASSERT_TRUE(gates.ok()) << dlerror();
    ov::Core core;
    core.register_plugin(devmux_gate::library_path(), "GA");
    core.register_plugin(devmux_gate::library_path(), "GB");
    auto model = gate_model();
    for (const auto& node : model->get_ordered_ops())
        node->get_rt_info()["affinity"] = std::string(node->get_friendly_name() == "sigmoid" ? "GB" : "GA");
    auto compiled = core.compile_model(model, "HETERO:GA,GB");
    ASSERT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 2u);

    auto r1 = compiled.create_infer_request();
    auto r2 = compiled.create_infer_request();
    const ov::Tensor x1 = random_input(1), x2 = random_input(2);
    r1.set_input_tensor(x1);
    r2.set_input_tensor(x2);
    gates.arm("GA");
    gates.arm("GB");
    OpenOnExit open_on_exit{gates, {"GA", "GB"}};  // destroyed before the requests

    r1.start_async();
    ASSERT_TRUE(gates.wait_entered("GA", 1, bounded_wait_ms)) << "request 1 never reached its first stage";
    gates.release("GA", 1);
    ASSERT_TRUE(gates.wait_entered("GB", 1, bounded_wait_ms)) << "request 1 never reached its second stage";

    // Request 1 is now held inside GB; nothing lets it through until request 2 is inside GA.
    r2.start_async();
    ASSERT_TRUE(gates.wait_entered("GA", 2, bounded_wait_ms))
        << "request 2's first stage did not start while request 1's second stage was running";
    EXPECT_EQ(gates.in_flight("GB"), 1u);  // request 1, second stage
    EXPECT_EQ(gates.in_flight("GA"), 1u);  // request 2, first stage
    EXPECT_FALSE(r1.wait_for(std::chrono::milliseconds(0)));

    gates.release("GA", 1);
    ASSERT_TRUE(gates.wait_entered("GB", 2, bounded_wait_ms)) << "request 2 never reached its second stage";
    gates.release("GB", 2);
    r1.wait();
    r2.wait();
    expect_reference(x1, r1.get_output_tensor(), 1e-6f);
    expect_reference(x2, r2.get_output_tensor(), 1e-6f);
}

}  // namespace
