// SPDX-License-Identifier: Apache-2.0
// The data-movement ops through the IR writer and reader (attributes as OpenVINO spells them, same shapes
// after the round trip) and through the generated opset headers.
#include <gtest/gtest.h>

#include <sstream>

#include "ir/ir_reader.hpp"
#include "ir/ir_writer.hpp"
#include "openvino/op/batch_to_space.hpp"
#include "openvino/op/broadcast.hpp"
#include "openvino/op/depth_to_space.hpp"
#include "openvino/op/eye.hpp"
#include "openvino/op/non_zero.hpp"
#include "openvino/op/one_hot.hpp"
#include "openvino/op/pad.hpp"
#include "openvino/op/range.hpp"
#include "openvino/op/reverse.hpp"
#include "openvino/op/reverse_sequence.hpp"
#include "openvino/op/roll.hpp"
#include "openvino/op/shuffle_channels.hpp"
#include "openvino/op/slice.hpp"
#include "openvino/op/space_to_batch.hpp"
#include "openvino/op/space_to_depth.hpp"
#include "openvino/op/tile.hpp"
#include "openvino/op/variadic_split.hpp"
#include "openvino/opsets/opset13.hpp"
#include "openvino/opsets/opset2.hpp"
#include "test_util.hpp"

using namespace ops_data_test;
using ov::PartialShape;
using ov::Shape;

namespace {

struct RoundTrip {
    std::string xml;
    std::shared_ptr<ov::Model> model;
};

RoundTrip write_and_read(const std::shared_ptr<ov::Model>& model) {
    std::ostringstream xml, bin;
    devmux::ir::write_model_to_streams(*model, xml, bin);
    const std::string bytes = bin.str();
    auto weights = std::make_shared<const std::vector<uint8_t>>(bytes.begin(), bytes.end());
    return {xml.str(), devmux::ir::read_model_from_memory(xml.str(), weights, "ops_data round trip")};
}

std::shared_ptr<ov::Model> model_of(const std::shared_ptr<ov::Node>& op, const ov::ParameterVector& params) {
    ov::ResultVector results;
    for (const auto& out : op->outputs())
        results.push_back(std::make_shared<ov::op::v0::Result>(out));
    return std::make_shared<ov::Model>(results, params, "ops_data");
}

std::shared_ptr<ov::Node> find_op(const ov::Model& model, const ov::DiscreteTypeInfo& type) {
    for (const auto& node : model.get_ordered_ops())
        if (node->get_type_info() == type)
            return node;
    return nullptr;
}

// Writes op's model, reads it back and checks the op keeps its version, attributes, types and shapes;
// returns the XML so a test can look at the attribute text.
std::string expect_round_trip(const std::shared_ptr<ov::Node>& op, const ov::ParameterVector& params) {
    auto result = write_and_read(model_of(op, params));
    auto copy = find_op(*result.model, op->get_type_info());
    EXPECT_TRUE(copy) << op->get_type_name() << " " << op->get_type_info().version_id << " is missing after reading";
    if (!copy)
        return result.xml;
    EXPECT_EQ(attributes_of(*copy), attributes_of(*op)) << op->get_type_name();
    EXPECT_EQ(copy->get_output_size(), op->get_output_size());
    for (size_t i = 0; i < op->get_output_size() && i < copy->get_output_size(); ++i) {
        EXPECT_EQ(copy->get_output_partial_shape(i), op->get_output_partial_shape(i)) << op->get_type_name();
        EXPECT_EQ(copy->get_output_element_type(i), op->get_output_element_type(i)) << op->get_type_name();
    }
    return result.xml;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(DataOpsIr, AttributesSurviveTheRoundTrip) {
    auto x = param(ov::element::f32, {2, 8, 4, 6});
    using ov::op::BroadcastType;
    expect_round_trip(std::make_shared<ov::op::v1::VariadicSplit>(x, i64_scalar(1), i64s({3, -1})), {x});
    expect_round_trip(std::make_shared<ov::op::v0::Tile>(x, i64s({1, 2, 1, 1})), {x});
    auto r4 = expect_round_trip(std::make_shared<ov::op::v4::Range>(i64_scalar(0), i64_scalar(9), i64_scalar(2),
                                                                    ov::element::f16), {});
    EXPECT_TRUE(contains(r4, "output_type=\"f16\"")) << r4;
    expect_round_trip(std::make_shared<ov::op::v0::Range>(i64_scalar(0), i64_scalar(9), i64_scalar(2)), {});
    auto y = param(ov::element::f32, {8, 1});
    auto b3 = expect_round_trip(
        std::make_shared<ov::op::v3::Broadcast>(y, i64s({1, 4}), BroadcastType::BIDIRECTIONAL), {y});
    EXPECT_TRUE(contains(b3, "mode=\"bidirectional\"")) << b3;
    auto b3e = expect_round_trip(
        std::make_shared<ov::op::v3::Broadcast>(y, i64s({8, 2, 1}), i64s({0, 2}), BroadcastType::EXPLICIT), {y});
    EXPECT_TRUE(contains(b3e, "mode=\"explicit\"")) << b3e;
    auto b1 = expect_round_trip(std::make_shared<ov::op::v1::Broadcast>(y, i64s({3, 8, 5})), {y});
    EXPECT_TRUE(contains(b1, "mode=\"numpy\"")) << b1;
    expect_round_trip(std::make_shared<ov::op::v1::Broadcast>(y, i64s({8, 3, 1}), i64s({0, 2})), {y});
    expect_round_trip(std::make_shared<ov::op::v8::Slice>(x, i64s({5}), i64s({0}), i64s({-2}), i64s({-1})), {x});
    auto pad = expect_round_trip(
        std::make_shared<ov::op::v12::Pad>(x, i64s({0, -1, 2, 0}), i64s({1, 0, 0, 3}), ov::op::PadMode::SYMMETRIC), {x});
    EXPECT_TRUE(contains(pad, "pad_mode=\"symmetric\"")) << pad;
    expect_round_trip(std::make_shared<ov::op::v1::Pad>(x, i64s({0, 1, 2, 0}), i64s({1, 0, 0, 3}),
                                                        ov::op::PadMode::REFLECT), {x});
    auto d2s = expect_round_trip(
        std::make_shared<ov::op::v0::DepthToSpace>(x, ov::op::v0::DepthToSpace::DepthToSpaceMode::DEPTH_FIRST, 2), {x});
    EXPECT_TRUE(contains(d2s, "mode=\"depth_first\"") && contains(d2s, "block_size=\"2\"")) << d2s;
    expect_round_trip(std::make_shared<ov::op::v0::SpaceToDepth>(x, "blocks_first", 2), {x});
    auto batch = param(ov::element::f32, {8, 2, 3, 2});
    expect_round_trip(std::make_shared<ov::op::v1::BatchToSpace>(batch, i64s({1, 2, 1, 4}), i64s({0, 0, 1, 0}),
                                                                 i64s({0, 1, 0, 0})), {batch});
    expect_round_trip(std::make_shared<ov::op::v1::SpaceToBatch>(x, i64s({1, 1, 2, 3}), i64s({0, 0, 1, 0}),
                                                                 i64s({0, 0, 1, 0})), {x});
    auto shuffle = expect_round_trip(std::make_shared<ov::op::v0::ShuffleChannels>(x, -3, 4), {x});
    EXPECT_TRUE(contains(shuffle, "axis=\"-3\"") && contains(shuffle, "group=\"4\"")) << shuffle;
    auto rev = expect_round_trip(std::make_shared<ov::op::v1::Reverse>(x, i64s({1, 3}), "index"), {x});
    EXPECT_TRUE(contains(rev, "mode=\"index\"")) << rev;
    auto lengths = param(ov::element::i32, {8});
    expect_round_trip(std::make_shared<ov::op::v0::ReverseSequence>(x, lengths, 1, -1), {x, lengths});
    expect_round_trip(std::make_shared<ov::op::v7::Roll>(x, i64s({3}), i64s({0, 3})), {x});
    expect_round_trip(std::make_shared<ov::op::v9::Eye>(i64_scalar(3), i64_scalar(2), i64_scalar(-1), i64s({2}),
                                                        ov::element::i32), {});
    auto on = std::make_shared<ov::op::v0::Constant>(ov::element::f32, Shape{}, std::vector<float>{2});
    auto off = std::make_shared<ov::op::v0::Constant>(ov::element::f32, Shape{}, std::vector<float>{-2});
    auto idx = param(ov::element::i64, {3, 2});
    expect_round_trip(std::make_shared<ov::op::v1::OneHot>(idx, i64_scalar(5), on, off, 1), {idx});
    auto nz = expect_round_trip(std::make_shared<ov::op::v3::NonZero>(x, ov::element::i32), {x});
    EXPECT_TRUE(contains(nz, "output_type=\"i32\"")) << nz;
}

TEST(DataOpsIr, OpsetsListTheVersions) {
    EXPECT_TRUE((std::is_same<ov::opset13::Range, ov::op::v4::Range>::value));
    EXPECT_TRUE((std::is_same<ov::opset13::Broadcast, ov::op::v3::Broadcast>::value));
    EXPECT_TRUE((std::is_same<ov::opset13::Pad, ov::op::v12::Pad>::value));
    EXPECT_TRUE((std::is_same<ov::opset2::Pad, ov::op::v1::Pad>::value));
    EXPECT_TRUE((std::is_same<ov::opset2::Broadcast, ov::op::v1::Broadcast>::value));
    EXPECT_TRUE((std::is_same<ov::opset2::BatchToSpace, ov::op::v1::BatchToSpace>::value));
    EXPECT_EQ(std::string(ov::op::v12::Pad::get_type_info_static().version_id), "opset12");
    EXPECT_EQ(std::string(ov::op::v4::Range::get_type_info_static().version_id), "opset4");
}
