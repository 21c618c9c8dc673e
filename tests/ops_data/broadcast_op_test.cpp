// SPDX-License-Identifier: Apache-2.0
// Broadcast v1 and v3: the specification's shape examples, values against independent index arithmetic,
// dynamic shapes and errors naming the op.
#include <gtest/gtest.h>

#include "openvino/op/broadcast.hpp"
#include "openvino/op/shape_of.hpp"
#include "test_util.hpp"

using namespace ops_data_test;
using ov::PartialShape;
using ov::Shape;
using ov::op::BroadcastType;

namespace {

// out[c] = in[c mapped through axes], an input extent of 1 repeating.
std::vector<float> expected_broadcast(const ov::Tensor& in, const Shape& out_shape, const std::vector<size_t>& axes) {
    const Shape& in_shape = in.get_shape();
    std::vector<float> out(ov::shape_size(out_shape));
    for (size_t flat = 0; flat < out.size(); ++flat) {
        const auto c = unravel(flat, out_shape);
        std::vector<size_t> ic(in_shape.size());
        for (size_t i = 0; i < in_shape.size(); ++i)
            ic[i] = in_shape[i] == 1 ? 0 : c[axes[i]];
        out[flat] = in.data<float>()[ravel(ic, in_shape)];
    }
    return out;
}

}  // namespace

TEST(Broadcast, V3SpecShapeExamples) {
    auto numpy = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {16, 1, 1}), i64s({1, 16, 50, 50}));
    EXPECT_EQ(numpy->get_output_partial_shape(0), (PartialShape{1, 16, 50, 50}));
    auto expl = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {16}), i64s({1, 16, 50, 50}), i64s({1}),
                                                        BroadcastType::EXPLICIT);
    EXPECT_EQ(expl->get_output_partial_shape(0), (PartialShape{1, 16, 50, 50}));
    auto expl2 = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {50, 50}), i64s({1, 50, 50, 16}),
                                                         i64s({1, 2}), BroadcastType::EXPLICIT);
    EXPECT_EQ(expl2->get_output_partial_shape(0), (PartialShape{1, 50, 50, 16}));
    auto bidi = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {16, 1, 1}), i64s({1, 1, 50, 50}),
                                                        BroadcastType::BIDIRECTIONAL);
    EXPECT_EQ(bidi->get_output_partial_shape(0), (PartialShape{1, 16, 50, 50}));
    auto bidi2 = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {16, 1, 1}), i64s({1}),
                                                         BroadcastType::BIDIRECTIONAL);
    EXPECT_EQ(bidi2->get_output_partial_shape(0), (PartialShape{16, 1, 1}));
}

TEST(Broadcast, ValuesOfEveryMode) {
    const Shape in{3, 1};
    const auto x = random_f32(in, 31);
    struct Case {
        std::shared_ptr<ov::Node> op;
        ov::TensorVector inputs;
        Shape out;
        std::vector<size_t> axes;
    };
    auto data = param(ov::element::f32, in);
    std::vector<Case> cases;
    cases.push_back({std::make_shared<ov::op::v3::Broadcast>(data, i64s({2, 3, 4})),
                     {x, i64_tensor({3}, {2, 3, 4})}, {2, 3, 4}, {1, 2}});
    cases.push_back({std::make_shared<ov::op::v1::Broadcast>(data, i64s({2, 3, 4})),
                     {x, i64_tensor({3}, {2, 3, 4})}, {2, 3, 4}, {1, 2}});
    cases.push_back({std::make_shared<ov::op::v3::Broadcast>(data, i64s({3, 2, 1, 5}), i64s({0, 2}),
                                                             BroadcastType::EXPLICIT),
                     {x, i64_tensor({4}, {3, 2, 1, 5}), i64_tensor({2}, {0, 2})}, {3, 2, 1, 5}, {0, 2}});
    cases.push_back({std::make_shared<ov::op::v1::Broadcast>(data, i64s({3, 4, 2}), i64s({0, 2})),
                     {x, i64_tensor({3}, {3, 4, 2}), i64_tensor({2}, {0, 2})}, {3, 4, 2}, {0, 2}});
    // Bidirectional: target [2, 1, 6] with [3, 1] gives [2, 3, 6].
    cases.push_back({std::make_shared<ov::op::v3::Broadcast>(data, i64s({2, 1, 6}), BroadcastType::BIDIRECTIONAL),
                     {x, i64_tensor({3}, {2, 1, 6})}, {2, 3, 6}, {1, 2}});
    // PDPD with axis 1: input axes land on 1 and 2 of [2, 3, 1, 2]... here [4, 3, 5, 2].
    cases.push_back({std::make_shared<ov::op::v3::Broadcast>(data, i64s({4, 3, 5, 2}),
                                                             ov::op::BroadcastModeSpec(BroadcastType::PDPD, 1)),
                     {x, i64_tensor({4}, {4, 3, 5, 2})}, {4, 3, 5, 2}, {1, 2}});
    for (size_t i = 0; i < cases.size(); ++i) {
        auto& c = cases[i];
        EXPECT_EQ(c.op->get_output_partial_shape(0), PartialShape(c.out)) << i;
        const auto out = run(c.op, c.inputs);
        ASSERT_EQ(out[0].get_shape(), c.out) << i;
        EXPECT_EQ(values<float>(out[0]), expected_broadcast(x, c.out, c.axes)) << i;
    }
}

TEST(Broadcast, BooleanAndI64ByBytes) {
    ov::Tensor flags(ov::element::boolean, {2});
    flags.data<char>()[0] = 1;
    flags.data<char>()[1] = 0;
    auto op = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::boolean, {2}), i64s({3, 2}));
    const auto out = run(op, {flags, i64_tensor({2}, {3, 2})});
    EXPECT_EQ(values<char>(out[0]), (std::vector<char>{1, 0, 1, 0, 1, 0}));
    auto big = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::i64, {1}), i64s({3}));
    const int64_t huge = (int64_t{1} << 60) + 7;
    EXPECT_EQ(values<int64_t>(run(big, {i64_tensor({1}, {huge}), i64_tensor({1}, {3})})[0]),
              (std::vector<int64_t>{huge, huge, huge}));
}

TEST(Broadcast, DynamicShapes) {
    // Unknown target of known length: the rank.
    auto unknown = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {3}), param(ov::element::i64, {4}));
    EXPECT_EQ(unknown->get_output_partial_shape(0), (PartialShape{-1, -1, -1, -1}));
    auto bidi = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {1, 2, 3, 4, 5}),
                                                        param(ov::element::i64, {2}), BroadcastType::BIDIRECTIONAL);
    EXPECT_EQ(bidi->get_output_partial_shape(0).size(), 5u);
    // Target from ShapeOf of a static shape: known.
    auto of = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::f32, {2, 5}));
    auto known = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {5}), of);
    EXPECT_EQ(known->get_output_partial_shape(0), (PartialShape{2, 5}));
    // Dynamic data dims against a known target: the target.
    auto dyn = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {-1}), i64s({4, 6}));
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{4, 6}));
    // Bidirectional with a dynamic dim: numpy rule.
    auto dyn2 = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {-1, 1}), i64s({1, 6}),
                                                        BroadcastType::BIDIRECTIONAL);
    EXPECT_EQ(dyn2->get_output_partial_shape(0), (PartialShape{-1, 6}));
    // Dynamic rank.
    auto any = std::make_shared<ov::op::v1::Broadcast>(param(ov::element::f32, PartialShape::dynamic()),
                                                       param(ov::element::i64, {-1}));
    EXPECT_TRUE(any->get_output_partial_shape(0).rank().is_dynamic());
}

TEST(Broadcast, BadInputsNameTheOp) {
    expect_error([] { std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {3}), i64s({2, 4})); },
                 {"Broadcast", "does not broadcast", "target shape"});
    expect_error([] { std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {2, 3}), i64s({3})); },
                 {"Broadcast", "rank 2", "target rank 1"});
    expect_error([] {
        std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {2, 3}), i64s({2, 3, 4}), i64s({1, 0}),
                                                BroadcastType::EXPLICIT);
    },
                 {"Broadcast", "axes_mapping must be strictly increasing"});
    expect_error([] {
        std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {2}), i64s({2, 3}), i64s({5}),
                                                BroadcastType::EXPLICIT);
    },
                 {"Broadcast", "axes_mapping entry 0 (5) is out of range"});
    expect_error([] {
        std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {2, 3}), i64s({4, 3}),
                                                BroadcastType::BIDIRECTIONAL);
    },
                 {"Broadcast", "bidirectionally"});
    expect_error([] { std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {2}), i64s({-2})); },
                 {"Broadcast", "target_shape entry 0 is -2"});
    // Explicit mode without axes_mapping.
    expect_error([] {
        std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {2}), i64s({2}), BroadcastType::EXPLICIT);
    },
                 {"Broadcast", "3 inputs"});
    auto runtime = std::make_shared<ov::op::v3::Broadcast>(param(ov::element::f32, {3}), param(ov::element::i64, {1}));
    expect_error([&] { run(runtime, {random_f32({3}, 4), i64_tensor({1}, {4})}); }, {"Broadcast", "does not broadcast"});
}
