// SPDX-License-Identifier: Apache-2.0
// ShuffleChannels, Reverse, ReverseSequence and Roll: the specification's examples, index arithmetic on
// seeded random data, shapes and errors naming the op.
#include <gtest/gtest.h>

#include "openvino/op/reverse.hpp"
#include "openvino/op/reverse_sequence.hpp"
#include "openvino/op/roll.hpp"
#include "openvino/op/shuffle_channels.hpp"
#include "test_util.hpp"

using namespace ops_data_test;
using ov::PartialShape;
using ov::Shape;

TEST(ShuffleChannels, GroupsAreInterleaved) {
    // Six channels in two groups [0 1 2 | 3 4 5] become [0 3 1 4 2 5].
    const Shape shape{2, 6, 2};
    const auto x = random_f32(shape, 81);
    auto op = std::make_shared<ov::op::v0::ShuffleChannels>(param(ov::element::f32, shape), 1, 2);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(shape));
    const auto got = values<float>(run(op, {x})[0]);
    const size_t order[] = {0, 3, 1, 4, 2, 5};
    for (size_t flat = 0; flat < got.size(); ++flat) {
        const auto c = unravel(flat, shape);
        EXPECT_EQ(got[flat], x.data<float>()[ravel({c[0], order[c[1]], c[2]}, shape)]);
    }
    // Negative axis, three groups on the last axis of 6: [0 2 4 1 3 5].
    auto last = std::make_shared<ov::op::v0::ShuffleChannels>(param(ov::element::f32, {6}), -1, 3);
    EXPECT_EQ(values<float>(run(last, {f32_tensor({6}, {0, 1, 2, 3, 4, 5})})[0]), (std::vector<float>{0, 2, 4, 1, 3, 5}));
    auto dyn = std::make_shared<ov::op::v0::ShuffleChannels>(param(ov::element::f32, {-1, 4}), 1, 2);
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, 4}));
    expect_error([] { std::make_shared<ov::op::v0::ShuffleChannels>(param(ov::element::f32, {1, 5}), 1, 2); },
                 {"ShuffleChannels", "not divisible by group 2"});
    expect_error([] { std::make_shared<ov::op::v0::ShuffleChannels>(param(ov::element::f32, {1, 4}), 2, 2); },
                 {"ShuffleChannels", "axis 2 is out of range"});
    expect_error([] { std::make_shared<ov::op::v0::ShuffleChannels>(param(ov::element::f32, {1, 4}), 1, 0); },
                 {"ShuffleChannels", "group must be positive"});
}

TEST(Reverse, IndexAndMaskModes) {
    const Shape shape{2, 3, 4};
    const auto x = random_i32(shape, 82);
    auto by_index = std::make_shared<ov::op::v1::Reverse>(param(ov::element::i32, shape), i64s({0, 2}), "index");
    ov::Tensor mask(ov::element::boolean, {3});
    mask.data<char>()[0] = 1;
    mask.data<char>()[1] = 0;
    mask.data<char>()[2] = 1;
    auto mask_const = std::make_shared<ov::op::v0::Constant>(mask);
    auto by_mask = std::make_shared<ov::op::v1::Reverse>(param(ov::element::i32, shape), mask_const,
                                                         ov::op::v1::Reverse::Mode::MASK);
    const auto a = values<int32_t>(run(by_index, {x, i64_tensor({2}, {0, 2})})[0]);
    const auto b = values<int32_t>(run(by_mask, {x, mask})[0]);
    for (size_t flat = 0; flat < a.size(); ++flat) {
        const auto c = unravel(flat, shape);
        const int32_t expected = x.data<int32_t>()[ravel({1 - c[0], c[1], 3 - c[2]}, shape)];
        EXPECT_EQ(a[flat], expected);
        EXPECT_EQ(b[flat], expected);
    }
    expect_error([] { std::make_shared<ov::op::v1::Reverse>(param(ov::element::f32, {2, 3}), i64s({2}), "index"); },
                 {"Reverse", "reversed axis 2 is out of range"});
    expect_error([] { std::make_shared<ov::op::v1::Reverse>(param(ov::element::f32, {2, 3}), i64s({1}), "mask"); },
                 {"Reverse", "mask mode", "boolean"});
    expect_error([] { std::make_shared<ov::op::v1::Reverse>(param(ov::element::f32, {2, 3}), i64s({1}), "flip"); },
                 {"flip", "not a valid Reverse mode"});
}

TEST(ReverseSequence, ReversesThePrefixOfEachBatch) {
    // batch_axis 0, seq_axis 1: row b has its first lengths[b] entries reversed.
    auto op = std::make_shared<ov::op::v0::ReverseSequence>(param(ov::element::f32, {3, 4}), param(ov::element::i32, {3}),
                                                            0, 1);
    const auto out = run(op, {f32_tensor({3, 4}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}),
                              tensor<int32_t>(ov::element::i32, {3}, {4, 1, 2})});
    EXPECT_EQ(values<float>(out[0]), (std::vector<float>{4, 3, 2, 1, 5, 6, 7, 8, 10, 9, 11, 12}));

    // batch_axis 2, seq_axis -3 on random data, f32 lengths.
    const Shape shape{5, 2, 3};
    const auto x = random_f32(shape, 83);
    auto op2 = std::make_shared<ov::op::v0::ReverseSequence>(param(ov::element::f32, shape),
                                                             param(ov::element::f32, {3}), 2, -3);
    EXPECT_EQ(op2->get_batch_axis(), 2u);
    EXPECT_EQ(op2->get_sequence_axis(), 0u);
    const std::vector<float> lengths{5, 0, 3};
    const auto got = values<float>(run(op2, {x, f32_tensor({3}, lengths)})[0]);
    for (size_t flat = 0; flat < got.size(); ++flat) {
        auto c = unravel(flat, shape);
        const auto len = static_cast<size_t>(lengths[c[2]]);
        if (c[0] < len)
            c[0] = len - 1 - c[0];
        EXPECT_EQ(got[flat], x.data<float>()[ravel(c, shape)]) << flat;
    }
    expect_error([] {
        std::make_shared<ov::op::v0::ReverseSequence>(param(ov::element::f32, {3, 4}), param(ov::element::i32, {2}));
    },
                 {"ReverseSequence", "seq_lengths has 2 entries"});
    expect_error([] {
        std::make_shared<ov::op::v0::ReverseSequence>(param(ov::element::f32, {3, 4}), param(ov::element::i32, {3}), 1, 1);
    },
                 {"ReverseSequence", "must differ"});
    expect_error([&] { run(op, {random_f32({3, 4}, 1), tensor<int32_t>(ov::element::i32, {3}, {1, 5, 1})}); },
                 {"ReverseSequence", "seq_lengths entry 1 is 5"});
}

TEST(Roll, SpecExamples) {
    // Spec: [[1,2,3],[4,5,6],[7,8,9],[10,11,12]], shift [1], axes [0] and shift [1, 2], axes [0, 1].
    const std::vector<float> data{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    auto one = std::make_shared<ov::op::v7::Roll>(param(ov::element::f32, {4, 3}), i64s({1}), i64s({0}));
    EXPECT_EQ(values<float>(run(one, {f32_tensor({4, 3}, data), i64_tensor({1}, {1}), i64_tensor({1}, {0})})[0]),
              (std::vector<float>{10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    auto two = std::make_shared<ov::op::v7::Roll>(param(ov::element::f32, {4, 3}), i64s({1, 2}), i64s({0, 1}));
    EXPECT_EQ(values<float>(run(two, {f32_tensor({4, 3}, data), i64_tensor({2}, {1, 2}), i64_tensor({2}, {0, 1})})[0]),
              (std::vector<float>{11, 12, 10, 2, 3, 1, 5, 6, 4, 8, 9, 7}));
    // Negative shift and repeated axes: -1 + -4 on axis 1 of extent 3 is a shift of -5 = 1 (mod 3).
    auto rep = std::make_shared<ov::op::v7::Roll>(param(ov::element::f32, {4, 3}), i64s({-1, -4}), i64s({-1, 1}));
    EXPECT_EQ(values<float>(run(rep, {f32_tensor({4, 3}, data), i64_tensor({2}, {-1, -4}), i64_tensor({2}, {-1, 1})})[0]),
              (std::vector<float>{3, 1, 2, 6, 4, 5, 9, 7, 8, 12, 10, 11}));
}

TEST(Roll, ScalarShiftOnSeveralAxesAndErrors) {
    const Shape shape{3, 4, 5};
    const auto x = random_i32(shape, 84);
    auto op = std::make_shared<ov::op::v7::Roll>(param(ov::element::i32, shape), i64_scalar(7), i64s({0, 2}));
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(shape));
    const auto got = values<int32_t>(run(op, {x, i64_tensor({}, {7}), i64_tensor({2}, {0, 2})})[0]);
    for (size_t flat = 0; flat < got.size(); ++flat) {
        const auto c = unravel(flat, shape);
        // output c reads input c - 7 on axes 0 and 2.
        EXPECT_EQ(got[flat], x.data<int32_t>()[ravel({(c[0] + 3 * 3 - 7) % 3, c[1], (c[2] + 10 - 7) % 5}, shape)]);
    }
    auto dyn = std::make_shared<ov::op::v7::Roll>(param(ov::element::f32, {-1, 2}), i64s({1}), i64s({0}));
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, 2}));
    expect_error([] { std::make_shared<ov::op::v7::Roll>(param(ov::element::f32, {2, 3}), i64s({1, 2}), i64s({0, 1, 1})); },
                 {"Roll", "shift has 2 entries but axes has 3"});
    expect_error([] { std::make_shared<ov::op::v7::Roll>(param(ov::element::f32, {2, 3}), i64s({1}), i64s({2})); },
                 {"Roll", "axis 2 is out of range"});
}
