// SPDX-License-Identifier: Apache-2.0
// RandomUniform-8: the three worked examples of the specification (Philox, TensorFlow alignment; numbers
// copied by hand), determinism and range, shape inference, errors and the IR round trip.
#include <gtest/gtest.h>

#include "openvino/op/random_uniform.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::PartialShape;
using ov::Shape;
using RU = ov::op::v8::RandomUniform;

namespace {

ov::Tensor scalar(ov::element::Type type, double v) { return make_tensor(type, Shape{}, {v}); }

std::shared_ptr<RU> make(ov::element::Type type, const std::vector<int64_t>& shape, double lo, double hi,
                         uint64_t global_seed, uint64_t op_seed) {
    return std::make_shared<RU>(i64_constant(shape), ov::op::v0::Constant::create(type, Shape{}, {lo}),
                                ov::op::v0::Constant::create(type, Shape{}, {hi}), type, global_seed, op_seed);
}

ov::Tensor generate(ov::element::Type type, const std::vector<int64_t>& shape, double lo, double hi,
                    uint64_t global_seed, uint64_t op_seed) {
    return run(make(type, shape, lo, hi, global_seed, op_seed),
               {i64_tensor(shape), scalar(type, lo), scalar(type, hi)});
}

TEST(RandomUniform, SpecificationExampleF32) {
    const auto out = generate(ov::element::f32, {3, 3}, 0, 1, 150, 10);
    EXPECT_EQ(out.get_shape(), (Shape{3, 3}));
    expect_close(
        read_tensor(out),
        {0.7011236, 0.30539632, 0.93931055, 0.9456035, 0.11694777, 0.50770056, 0.5197197, 0.22727466, 0.991374}, 0,
        1e-7);
}

TEST(RandomUniform, SpecificationExampleF64) {
    const auto out = generate(ov::element::f64, {2, 2}, 2, 10, 80, 100);
    expect_close(read_tensor(out), {5.65927959, 4.23122376, 2.67008206, 2.36423758}, 0, 1e-8);
}

TEST(RandomUniform, SpecificationExampleI32) {
    const auto out = generate(ov::element::i32, {2, 3}, 50, 100, 80, 100);
    EXPECT_EQ(read_tensor(out), (std::vector<double>{65, 70, 56, 59, 82, 92}));
}

TEST(RandomUniform, SameSeedsSameValuesWithinRange) {
    for (auto type : {ov::element::f16, ov::element::f32, ov::element::i64}) {
        const auto a = read_tensor(generate(type, {4, 5}, -3, 7, 12345, 678));
        const auto b = read_tensor(generate(type, {4, 5}, -3, 7, 12345, 678));
        const auto c = read_tensor(generate(type, {4, 5}, -3, 7, 12345, 679));
        EXPECT_EQ(a, b) << type;
        EXPECT_NE(a, c) << type;
        for (double v : a) {
            EXPECT_GE(v, -3.0) << type;
            EXPECT_LT(v, 7.0) << type;
        }
    }
}

TEST(RandomUniform, ShapeInference) {
    const auto f32 = ov::element::f32;
    EXPECT_EQ(make(f32, {2, 3, 10}, 0, 1, 1, 2)->get_output_partial_shape(0), (PartialShape{2, 3, 10}));
    auto unknown = std::make_shared<RU>(param(ov::element::i32, PartialShape{3}), param(f32, PartialShape{}),
                                        param(f32, PartialShape{1}), f32, 1, 2);
    EXPECT_EQ(unknown->get_output_partial_shape(0), (PartialShape{-1, -1, -1}));
    auto dyn = std::make_shared<RU>(param(ov::element::i64, PartialShape{-1}), param(f32, PartialShape{}),
                                    param(f32, PartialShape{}), f32);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape::dynamic());
}

TEST(RandomUniform, BadInputsNameTheOp) {
    const auto f32 = ov::element::f32;
    expect_error([&] { make(f32, {2}, 5, 1, 1, 1); }, {"RandomUniform", "must be less than max_val"});
    expect_error([&] { make(ov::element::u8, {2}, 0, 1, 1, 1); }, {"RandomUniform", "output_type"});
    expect_error(
        [&] {
            std::make_shared<RU>(i64_constant({2}), param(ov::element::f16, PartialShape{}), param(f32, PartialShape{}),
                                 f32);
        },
        {"RandomUniform", "min_val"});
    expect_error(
        [&] { std::make_shared<RU>(i64_constant({2}), param(f32, PartialShape{2}), param(f32, PartialShape{}), f32); },
        {"RandomUniform", "one element"});
}

TEST(RandomUniform, IrRoundTripKeepsAttributes) {
    auto lo = param(ov::element::f32, Shape{}), hi = param(ov::element::f32, Shape{});
    auto op = std::make_shared<RU>(i64_constant({2, 3}), lo, hi, ov::element::f32, 234, 148);
    const auto xml = expect_round_trip(op, {lo, hi});
    EXPECT_NE(xml.find("global_seed=\"234\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("op_seed=\"148\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("output_type=\"f32\""), std::string::npos) << xml;
}

}  // namespace
