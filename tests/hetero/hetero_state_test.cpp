// SPDX-License-Identifier: Apache-2.0
// Stateful models on HETERO: the ReadValue and the Assign of a variable (and the ops between them)
// run on one device in one subgraph, whether assigned by the greedy query, by hand or by the split;
// query_state returns the states of every subgraph's request.
#include <gtest/gtest.h>

#include <cmath>

#include "common/test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "devmux/hetero/partition.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/runtime/core.hpp"
#include "subgraph_collector.hpp"

namespace {

constexpr size_t N = 4;
const std::vector<float> init_acc{0.5f, -1.f, 2.f, 0.25f};
const std::vector<float> init_mem{0.1f, 0.2f, -0.3f, 0.4f};

std::string summator_xml() { return std::string(DEVMUX_MODELS_DIR) + "/tiny/summator/1/summator.xml"; }

template <class T>
std::shared_ptr<T> named(std::shared_ptr<T> node, const std::string& name) {
    node->set_friendly_name(name);
    return node;
}

std::shared_ptr<ov::op::util::Variable> variable(const std::string& id) {
    return std::make_shared<ov::op::util::Variable>(ov::op::util::VariableInfo{ov::PartialShape{1, N}, ov::element::f32, id});
}

// acc += relu(x); out = 0.5 * acc. Variable "acc" (ReadValue "read", Assign "save", between them "sum").
std::shared_ptr<ov::Model> accumulator_model() {
    auto var = variable("acc");
    auto x = named(std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N}), "x");
    auto relu = named(std::make_shared<ov::op::v0::Relu>(x), "relu");
    auto init = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, init_acc);
    auto read = named(std::make_shared<ov::op::v6::ReadValue>(init, var), "read");
    auto sum = named(std::make_shared<ov::op::v1::Add>(read, relu), "sum");
    auto save = named(std::make_shared<ov::op::v6::Assign>(sum, var), "save");
    auto half = named(std::make_shared<ov::op::v1::Multiply>(
                          sum, ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, std::vector<float>(N, 0.5f))),
                      "half");
    auto out = named(std::make_shared<ov::op::v0::Result>(half), "out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::SinkVector{save}, ov::ParameterVector{x},
                                       ov::op::util::VariableVector{var}, "accumulator");
}

// Two variables: "acc" += x (ReadValue read1, Add add1, Assign save1) and mem = sigmoid(mem + x)
// (ReadValue read2, Add add2, Sigmoid sig2, Assign save2). Outputs: acc and mem after the update.
std::shared_ptr<ov::Model> two_state_model() {
    auto acc = variable("acc"), mem = variable("mem");
    auto x = named(std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N}), "x");
    auto read1 = named(std::make_shared<ov::op::v6::ReadValue>(
                           ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, init_acc), acc),
                       "read1");
    auto add1 = named(std::make_shared<ov::op::v1::Add>(read1, x), "add1");
    auto save1 = named(std::make_shared<ov::op::v6::Assign>(add1, acc), "save1");
    auto read2 = named(std::make_shared<ov::op::v6::ReadValue>(
                           ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, init_mem), mem),
                       "read2");
    auto add2 = named(std::make_shared<ov::op::v1::Add>(read2, x), "add2");
    auto sig2 = named(std::make_shared<ov::op::v0::Sigmoid>(add2), "sig2");
    auto save2 = named(std::make_shared<ov::op::v6::Assign>(sig2, mem), "save2");
    auto out1 = named(std::make_shared<ov::op::v0::Result>(add1), "out1");
    auto out2 = named(std::make_shared<ov::op::v0::Result>(sig2), "out2");
    return std::make_shared<ov::Model>(ov::ResultVector{out1, out2}, ov::SinkVector{save1, save2},
                                       ov::ParameterVector{x}, ov::op::util::VariableVector{acc, mem}, "two_states");
}

ov::Tensor random_input(const ov::Shape& shape, unsigned seed) {
    return devmux_test::random_f32(shape, seed, -2.f, 2.f);
}

using devmux_test::error_of;

size_t subgraph_holding(const devmux::hetero::PartitionDescription& d, const std::string& op) {
    for (const auto& s : d.subgraphs)
        if (std::find(s.ops.begin(), s.ops.end(), op) != s.ops.end())
            return s.id;
    return static_cast<size_t>(-1);
}

ov::VariableState state_named(ov::InferRequest& request, const std::string& name) {
    for (auto& state : request.query_state())
        if (state.get_name() == name)
            return state;
    ADD_FAILURE() << "no state named " << name;
    return request.query_state().front();
}

// ---- the split alone ----

TEST(HeteroState, RegionHoldsTheOpsBetweenReadValueAndAssign) {
    const auto regions = devmux::hetero::variable_regions(*accumulator_model());
    ASSERT_EQ(regions.size(), 1u);
    EXPECT_EQ(regions[0].variables, std::vector<std::string>{"acc"});
    EXPECT_EQ(regions[0].ops, (std::set<std::string>{"read", "sum", "save"}));
    EXPECT_EQ(regions[0].state_ops.size(), 2u);
}

// The ReadValue feeds only a Result and the Assign stores relu(x): on one device but unconnected, they
// would be two subgraphs; the state makes them one.
TEST(HeteroState, UnconnectedPairOfOneDeviceIsOneSubgraph) {
    auto var = variable("v");
    auto x = named(std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N}), "x");
    auto a1 = named(std::make_shared<ov::op::v0::Relu>(x), "a1");
    auto a2 = named(std::make_shared<ov::op::v6::Assign>(a1, var), "a2");
    auto a3 = named(std::make_shared<ov::op::v6::ReadValue>(
                        ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, init_acc), var),
                    "a3");
    auto b1 = named(std::make_shared<ov::op::v0::Relu>(x), "b1");
    auto out1 = named(std::make_shared<ov::op::v0::Result>(a3), "out1");
    auto out2 = named(std::make_shared<ov::op::v0::Result>(b1), "out2");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{out1, out2}, ov::SinkVector{a2}, ov::ParameterVector{x},
                                             ov::op::util::VariableVector{var}, "unconnected");
    const auto d = devmux::hetero::describe_partition(model, {{"a1", "A"}, {"a2", "A"}, {"a3", "A"}, {"b1", "B"}});
    EXPECT_EQ(d.subgraphs.size(), 2u);
    EXPECT_EQ(subgraph_holding(d, "a2"), subgraph_holding(d, "a3"));
}

TEST(HeteroState, PairOnTwoDevicesIsAnErrorNamingBoth) {
    const auto text = error_of([] {
        devmux::hetero::collect_subgraphs(accumulator_model(),
                                          {{"relu", "A"}, {"read", "A"}, {"sum", "A"}, {"save", "B"}, {"half", "A"}});
    });
    EXPECT_NE(text.find("ReadValue 'read' on A"), std::string::npos) << text;
    EXPECT_NE(text.find("Assign 'save' on B"), std::string::npos) << text;
    EXPECT_NE(text.find("acc"), std::string::npos) << text;
}

TEST(HeteroState, OpOfAnotherDeviceBetweenThePairIsAnErrorNamingIt) {
    const auto text = error_of([] {
        devmux::hetero::collect_subgraphs(accumulator_model(),
                                          {{"relu", "A"}, {"read", "A"}, {"sum", "B"}, {"save", "A"}, {"half", "A"}});
    });
    EXPECT_NE(text.find("one subgraph on A"), std::string::npos) << text;
    EXPECT_NE(text.find("Add 'sum' on B"), std::string::npos) << text;
}

// ---- through the Core, on HETERO:M,CPU ----

// M can read a variable but not assign one: the query keeps the pair (and the op between) together,
// so none of them goes to M.
TEST(HeteroState, QueryGivesThePairToADeviceOnlyWhenItSupportsBoth) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "M",
                         {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,ReadValue,Add,Multiply,Relu"}});
    const auto answer = core.query_model(accumulator_model(), "HETERO:M,CPU");
    EXPECT_EQ(answer.at("relu"), "M.0");
    EXPECT_EQ(answer.at("half"), "M.0");
    EXPECT_EQ(answer.at("read"), "CPU");
    EXPECT_EQ(answer.at("sum"), "CPU");
    EXPECT_EQ(answer.at("save"), "CPU");
}

TEST(HeteroState, ManualPairWithTwoAffinitiesIsAnErrorNamingBoth) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "M", {});
    auto model = accumulator_model();
    for (const auto& node : model->get_ordered_ops())
        node->get_rt_info()["affinity"] = std::string(node->get_friendly_name() == "save" ? "CPU" : "M");
    const auto text = error_of([&] { core.compile_model(model, "HETERO:M,CPU"); });
    EXPECT_NE(text.find("ReadValue 'read' (affinity 'M')"), std::string::npos) << text;
    EXPECT_NE(text.find("Assign 'save' (affinity 'CPU')"), std::string::npos) << text;
}

// M lacks Relu: relu runs on the CPU, the stateful part and half on M (two subgraphs). Several infers
// accumulate in M's request; the hand-computed state is init + sum of relu(x_k).
TEST(HeteroState, StateAccumulatesAcrossInfersOnTheSplitModel) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "M",
                         {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,ReadValue,Assign,Add,Multiply"}});
    auto compiled = core.compile_model(accumulator_model(), "HETERO:M,CPU");
    ASSERT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 2u);
    ASSERT_EQ(compiled.get_property(ov::execution_devices), (std::vector<std::string>{"CPU", "M.0"}));
    auto request = compiled.create_infer_request();
    std::vector<float> acc = init_acc;
    for (unsigned k = 0; k < 4; ++k) {
        const ov::Tensor x = random_input({1, N}, 100 + k);
        request.set_input_tensor(x);
        request.infer();
        for (size_t i = 0; i < N; ++i)
            acc[i] += std::max(x.data<float>()[i], 0.f);
        const ov::Tensor y = request.get_output_tensor();
        for (size_t i = 0; i < N; ++i)
            ASSERT_NEAR(y.data<float>()[i], 0.5f * acc[i], 1e-5f) << "infer " << k << " element " << i;
    }
    const auto states = request.query_state();
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0].get_name(), "acc");
    const ov::Tensor state = states[0].get_state();
    for (size_t i = 0; i < N; ++i)
        EXPECT_NEAR(state.data<float>()[i], acc[i], 1e-5f) << i;
    // After a reset the next inference starts again from the initial value.
    request.reset_state();
    const ov::Tensor x = random_input({1, N}, 150);
    request.set_input_tensor(x);
    request.infer();
    const ov::Tensor y = request.get_output_tensor();
    for (size_t i = 0; i < N; ++i)
        EXPECT_NEAR(y.data<float>()[i], 0.5f * (init_acc[i] + std::max(x.data<float>()[i], 0.f)), 1e-5f) << i;
}

// The two variables end up in two subgraphs on two devices (M lacks Sigmoid, so "mem" and its ops go
// to the CPU); query_state returns both, from their own requests.
TEST(HeteroState, QueryStateReturnsTheStatesOfEverySubgraph) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "M", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,ReadValue,Assign,Add"}});
    const auto answer = core.query_model(two_state_model(), "HETERO:M,CPU");
    EXPECT_EQ(answer.at("read1"), "M.0");
    EXPECT_EQ(answer.at("save1"), "M.0");
    EXPECT_EQ(answer.at("read2"), "CPU");
    EXPECT_EQ(answer.at("add2"), "CPU");
    EXPECT_EQ(answer.at("save2"), "CPU");
    auto compiled = core.compile_model(two_state_model(), "HETERO:M,CPU");
    ASSERT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 2u);
    auto request = compiled.create_infer_request();
    std::vector<float> acc = init_acc, mem = init_mem;
    for (unsigned k = 0; k < 3; ++k) {
        const ov::Tensor x = random_input({1, N}, 200 + k);
        request.set_input_tensor(x);
        request.infer();
        for (size_t i = 0; i < N; ++i) {
            acc[i] += x.data<float>()[i];
            mem[i] = 1.f / (1.f + std::exp(-(mem[i] + x.data<float>()[i])));
        }
    }
    ASSERT_EQ(request.query_state().size(), 2u);
    const ov::Tensor acc_state = state_named(request, "acc").get_state();
    const ov::Tensor mem_state = state_named(request, "mem").get_state();
    for (size_t i = 0; i < N; ++i) {
        EXPECT_NEAR(acc_state.data<float>()[i], acc[i], 1e-5f) << i;
        EXPECT_NEAR(mem_state.data<float>()[i], mem[i], 1e-5f) << i;
    }
}

// The summator IR (ReadValue "read" -> Add "add_sum" -> Assign "save") on HETERO:M,CPU where M lacks Add:
// M could run the ReadValue and the Assign but not the Add between them, so the whole stateful part
// goes to the CPU and the model compiles (a split state would be a cycle of subgraphs).
TEST(HeteroState, SummatorWithAnOpTheMockLacksKeepsItsStateTogether) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "M", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,ReadValue,Assign"}});
    auto model = core.read_model(summator_xml());
    const auto answer = core.query_model(model, "HETERO:M,CPU");
    EXPECT_EQ(answer.at("read"), "CPU");
    EXPECT_EQ(answer.at("add_sum"), "CPU");
    EXPECT_EQ(answer.at("save"), "CPU");
    float init = 0.f;
    for (const auto& node : model->get_ordered_ops())
        if (node->get_friendly_name() == "init_value")
            init = std::dynamic_pointer_cast<ov::op::v0::Constant>(node)->get_data_ptr<float>()[0];
    auto compiled = core.compile_model(model, "HETERO:M,CPU");
    auto request = compiled.create_infer_request();
    float acc = init;
    for (unsigned k = 0; k < 5; ++k) {
        const ov::Tensor x = random_input({1, 1}, 300 + k);
        request.set_input_tensor(x);
        request.infer();
        acc += x.data<float>()[0];
        ASSERT_NEAR(request.get_output_tensor().data<float>()[0], acc, 1e-5f) << "infer " << k;
    }
    const auto states = request.query_state();
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0].get_name(), "state");
    EXPECT_NEAR(states[0].get_state().data<float>()[0], acc, 1e-5f);
}

// The summator with read and save on M but add_sum on the CPU by hand: a clear error, not a broken split.
TEST(HeteroState, SummatorWithTheAddElsewhereByHandIsAnErrorNamingIt) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "M", {});
    auto model = core.read_model(summator_xml());
    for (const auto& node : model->get_ordered_ops())
        node->get_rt_info()["affinity"] = std::string(node->get_friendly_name() == "add_sum" ? "CPU" : "M");
    const auto text = error_of([&] { core.compile_model(model, "HETERO:M,CPU"); });
    EXPECT_NE(text.find("ReadValue 'read'"), std::string::npos) << text;
    EXPECT_NE(text.find("Add 'add_sum' on CPU"), std::string::npos) << text;
}

}  // namespace
