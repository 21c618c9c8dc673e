// SPDX-License-Identifier: Apache-2.0
// The split on small drawn graphs. Letters name devices: a* ops go to A, b* ops to B.
#include <gtest/gtest.h>

#include <algorithm>

#include "devmux/hetero/partition.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "subgraph_collector.hpp"

namespace {

using devmux::hetero::collect_subgraphs;
using devmux::hetero::describe_partition;
using devmux::hetero::PartitionDescription;

std::shared_ptr<ov::op::v0::Parameter> param(const std::string& name) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 4});
    p->set_friendly_name(name);
    return p;
}
std::shared_ptr<ov::Node> relu(const ov::Output<ov::Node>& in, const std::string& name) {
    auto n = std::make_shared<ov::op::v0::Relu>(in);
    n->set_friendly_name(name);
    return n;
}
std::shared_ptr<ov::Node> add(const ov::Output<ov::Node>& x, const ov::Output<ov::Node>& y, const std::string& name) {
    auto n = std::make_shared<ov::op::v1::Add>(x, y);
    n->set_friendly_name(name);
    return n;
}
std::shared_ptr<ov::op::v0::Result> result(const ov::Output<ov::Node>& in, const std::string& name) {
    auto r = std::make_shared<ov::op::v0::Result>(in);
    r->set_friendly_name(name);
    return r;
}

// Every compute op to the device its name starts with ("a1" -> "A").
std::map<std::string, std::string> by_letter(const std::shared_ptr<ov::Model>& model) {
    std::map<std::string, std::string> affinities;
    for (const auto& node : model->get_ordered_ops())
        if (!devmux::hetero::is_structural(*node))
            affinities[node->get_friendly_name()] = std::string(1, static_cast<char>(std::toupper(node->get_friendly_name()[0])));
    return affinities;
}

std::vector<std::string> devices_of(const PartitionDescription& d) {
    std::vector<std::string> devices;
    for (const auto& s : d.subgraphs)
        devices.push_back(s.device);
    return devices;
}

bool holds(const PartitionDescription& d, size_t subgraph, const std::string& op) {
    const auto& ops = d.subgraphs.at(subgraph).ops;
    return std::find(ops.begin(), ops.end(), op) != ops.end();
}

// Every boundary goes forward in execution order, so the subgraphs can run one after another.
void expect_forward(const PartitionDescription& d) {
    for (const auto& b : d.boundaries)
        for (size_t consumer : b.consumer_subgraphs)
            EXPECT_LT(b.producer_subgraph, consumer) << b.producer;
}

TEST(SubgraphCollector, ChainSplitsWhereTheDeviceChanges) {
    auto p = param("p");
    auto a1 = relu(p, "a1"), a2 = relu(a1, "a2"), b1 = relu(a2, "b1"), b2 = relu(b1, "b2"), a3 = relu(b2, "a3");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(a3, "out")}, ov::ParameterVector{p}, "chain");
    const auto d = describe_partition(model, by_letter(model));
    EXPECT_EQ(devices_of(d), (std::vector<std::string>{"A", "B", "A"}));
    EXPECT_TRUE(holds(d, 0, "a1") && holds(d, 0, "a2") && holds(d, 1, "b1") && holds(d, 1, "b2") && holds(d, 2, "a3"));
    ASSERT_EQ(d.boundaries.size(), 2u);
    EXPECT_EQ(d.boundaries[0].producer, "a2");
    EXPECT_EQ(d.boundaries[0].bytes(), 16u);
    EXPECT_EQ(d.boundaries[1].producer, "b2");
    expect_forward(d);
}

TEST(SubgraphCollector, DiamondDoesNotMergeAcrossTheOtherDevice) {
    // a1 -> b1 -> a3 and a1 -> a2 -> a3: putting a3 with a1 would make A and B wait on each other.
    auto p = param("p");
    auto a1 = relu(p, "a1"), b1 = relu(a1, "b1"), a2 = relu(a1, "a2"), a3 = add(b1, a2, "a3");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(a3, "out")}, ov::ParameterVector{p}, "diamond");
    const auto d = describe_partition(model, by_letter(model));
    ASSERT_EQ(d.subgraphs.size(), 3u);
    EXPECT_EQ(devices_of(d), (std::vector<std::string>{"A", "B", "A"}));
    EXPECT_TRUE(holds(d, 0, "a1") && holds(d, 0, "a2") && holds(d, 2, "a3"));
    expect_forward(d);
}

TEST(SubgraphCollector, NestedSkipEdgeGivesFiveSubgraphs) {
    auto p = param("p");
    auto a1 = relu(p, "a1"), b1 = relu(a1, "b1"), a2 = relu(b1, "a2"), b2 = relu(a2, "b2");
    auto a3 = add(b2, a1, "a3");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(a3, "out")}, ov::ParameterVector{p}, "skip");
    const auto d = describe_partition(model, by_letter(model));
    EXPECT_EQ(devices_of(d), (std::vector<std::string>{"A", "B", "A", "B", "A"}));
    expect_forward(d);
    // a1's output feeds both b1 and a3: one boundary tensor, two consumer subgraphs.
    const auto from_a1 = std::find_if(d.boundaries.begin(), d.boundaries.end(),
                                      [](const devmux::hetero::BoundaryDescription& b) { return b.producer == "a1"; });
    ASSERT_NE(from_a1, d.boundaries.end());
    EXPECT_EQ(from_a1->consumer_subgraphs, (std::vector<size_t>{1, 4}));
}

TEST(SubgraphCollector, SharedConstantIsCopiedIntoEachSubgraph) {
    auto p = param("p");
    auto c = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, 4}, {1.f, 2.f, 3.f, 4.f});
    c->set_friendly_name("c");
    auto a1 = add(p, c, "a1"), b1 = add(a1, c, "b1");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(b1, "out")}, ov::ParameterVector{p}, "consts");
    const auto d = describe_partition(model, by_letter(model));
    ASSERT_EQ(d.subgraphs.size(), 2u);
    EXPECT_TRUE(holds(d, 0, "c") && holds(d, 1, "c"));
    ASSERT_EQ(d.boundaries.size(), 1u);
    EXPECT_EQ(d.boundaries[0].producer, "a1");  // the constant never crosses
}

TEST(SubgraphCollector, UnusedInputFeedsNoSubgraph) {
    auto p = param("p"), unused = param("unused");
    auto a1 = relu(p, "a1");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(a1, "out")}, ov::ParameterVector{p, unused}, "m");
    const auto plan = collect_subgraphs(model, by_letter(model));
    ASSERT_EQ(plan.model_inputs.size(), 2u);
    EXPECT_EQ(plan.model_inputs[0].size(), 1u);
    EXPECT_TRUE(plan.model_inputs[1].empty());
    EXPECT_EQ(plan.submodels.size(), 1u);
}

TEST(SubgraphCollector, ModelInputReadBySeveralSubgraphsFeedsEach) {
    auto p = param("p");
    auto a1 = relu(p, "a1"), b1 = add(a1, p, "b1");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(b1, "out")}, ov::ParameterVector{p}, "m");
    const auto plan = collect_subgraphs(model, by_letter(model));
    ASSERT_EQ(plan.submodels.size(), 2u);
    ASSERT_EQ(plan.model_inputs[0].size(), 2u);
    EXPECT_EQ(plan.model_inputs[0][0].first, 0u);
    EXPECT_EQ(plan.model_inputs[0][1].first, 1u);
    EXPECT_EQ(plan.links.size(), 1u);
}

TEST(SubgraphCollector, DisconnectedPathsOfOneDeviceStayApart) {
    auto p0 = param("p0"), p1 = param("p1"), p2 = param("p2");
    auto a1 = relu(p0, "a1"), b1 = relu(p1, "b1"), a2 = relu(p2, "a2");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(a1, "o0"), result(b1, "o1"), result(a2, "o2")},
                                             ov::ParameterVector{p0, p1, p2}, "paths");
    const auto d = describe_partition(model, by_letter(model));
    EXPECT_EQ(devices_of(d), (std::vector<std::string>{"A", "B", "A"}));
    EXPECT_TRUE(d.boundaries.empty());
}

TEST(SubgraphCollector, ResultRunsWithItsProducer) {
    auto p = param("p");
    auto a1 = relu(p, "a1");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(a1, "out")}, ov::ParameterVector{p}, "m");
    auto affinities = by_letter(model);
    affinities["out"] = "B";
    const auto plan = collect_subgraphs(model, affinities);
    ASSERT_EQ(plan.submodels.size(), 1u);
    EXPECT_EQ(plan.submodels[0].device, "A");
    EXPECT_EQ(plan.model_outputs[0], (devmux::hetero::PortRef{0, 0}));
}

TEST(SubgraphCollector, OutputAlsoReadDownstreamIsOneSharedTensor) {
    auto p = param("p");
    auto a1 = relu(p, "a1"), b1 = relu(a1, "b1");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(a1, "mid"), result(b1, "out")},
                                             ov::ParameterVector{p}, "m");
    const auto plan = collect_subgraphs(model, by_letter(model));
    ASSERT_EQ(plan.links.size(), 1u);
    EXPECT_EQ(plan.links[0].model_output, 0);
    EXPECT_EQ(plan.submodels[0].part.model->get_results().size(), 1u);  // no second Result for the boundary
}

TEST(SubgraphCollector, MissingAffinityNamesTheOp) {
    auto p = param("p");
    auto a1 = relu(p, "a1"), b1 = relu(a1, "b1");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(b1, "out")}, ov::ParameterVector{p}, "m");
    try {
        collect_subgraphs(model, {{"a1", "A"}});
        FAIL() << "expected an exception";
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find("'b1'"), std::string::npos) << e.what();
    }
}

TEST(SubgraphCollector, SubmodelsAreValidModels) {
    auto p = param("p");
    auto a1 = relu(p, "a1"), b1 = relu(a1, "b1"), a2 = add(b1, a1, "a2");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result(a2, "out")}, ov::ParameterVector{p}, "m");
    const auto plan = collect_subgraphs(model, by_letter(model));
    ASSERT_EQ(plan.submodels.size(), 3u);
    EXPECT_EQ(plan.submodels[1].part.model->get_parameters().size(), 1u);
    EXPECT_EQ(plan.submodels[2].part.model->get_parameters().size(), 2u);
    EXPECT_EQ(plan.submodels[2].part.model->get_results().size(), 1u);
}

}  // namespace
