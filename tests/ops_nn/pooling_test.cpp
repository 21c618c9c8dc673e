// SPDX-License-Identifier: Apache-2.0
// MaxPool-1, MaxPool-8 and AvgPool-1: output shapes (rounding, auto_pad), the specification's worked
// examples, errors, attributes, and evaluate() against naive pooling written here.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "nn_test_util.hpp"
#include "openvino/op/avg_pool.hpp"
#include "openvino/op/max_pool.hpp"
#include "ops/op_registry.hpp"

using namespace nntest;
using ov::PartialShape;
using ov::Shape;
using ov::Strides;
using ov::op::PadType;
using ov::op::RoundingType;

namespace {

struct PoolParams {
    std::vector<size_t> kernel, strides, dilations;
    std::vector<int64_t> pads_begin, pads_end;  // the paddings in effect
    bool ceil = false;
};

std::vector<size_t> pooled_shape(const std::vector<size_t>& xs, const PoolParams& p) {
    std::vector<size_t> out{xs[0], xs[1]};
    for (size_t i = 0; i + 2 < xs.size(); ++i) {
        const double span = double(xs[2 + i]) + p.pads_begin[i] + p.pads_end[i] - ((p.kernel[i] - 1) * p.dilations[i] + 1);
        const double steps = span / double(p.strides[i]);
        out.push_back(size_t(p.ceil ? std::ceil(steps) : std::floor(steps)) + 1);
    }
    return out;
}

// Visits the input positions of the window of output `o`: fn(flat input index) for each tap inside the
// input; returns the number of taps outside it.
template <typename Fn>
size_t for_window(const std::vector<size_t>& xs, const std::vector<size_t>& os, size_t o, const PoolParams& p,
                  Fn fn) {
    const auto oc = unravel(o, os);
    size_t outside = 0;
    for (size_t k = 0; k < volume(p.kernel); ++k) {
        const auto kc = unravel(k, p.kernel);
        std::vector<size_t> xc{oc[0], oc[1]};
        bool inside = true;
        for (size_t i = 0; i < p.kernel.size(); ++i) {
            const int64_t pos = int64_t(oc[2 + i] * p.strides[i]) - p.pads_begin[i] + int64_t(kc[i] * p.dilations[i]);
            inside = inside && pos >= 0 && pos < int64_t(xs[2 + i]);
            xc.push_back(size_t(pos));
        }
        if (inside)
            fn(ravel(xc, xs));
        else
            ++outside;
    }
    return outside;
}

void naive_max_pool(const std::vector<double>& x, const std::vector<size_t>& xs, const PoolParams& p,
                    std::vector<double>& values, std::vector<double>& indices) {
    const auto os = pooled_shape(xs, p);
    values.assign(volume(os), 0);
    indices.assign(volume(os), 0);
    for (size_t o = 0; o < values.size(); ++o) {
        double best = -std::numeric_limits<double>::infinity();
        int64_t at = -1;
        for_window(xs, os, o, p, [&](size_t i) {
            if (at < 0 || x[i] > best) {
                best = x[i];
                at = int64_t(i);
            }
        });
        values[o] = best;
        indices[o] = double(at);
    }
}

std::vector<double> naive_avg_pool(const std::vector<double>& x, const std::vector<size_t>& xs, const PoolParams& p,
                                   bool exclude_pad) {
    const auto os = pooled_shape(xs, p);
    bool any_pad = false;
    for (size_t i = 0; i < p.pads_begin.size(); ++i)
        any_pad = any_pad || p.pads_begin[i] != 0 || p.pads_end[i] != 0;
    std::vector<double> out(volume(os));
    for (size_t o = 0; o < out.size(); ++o) {
        double sum = 0;
        size_t inside = 0;
        const size_t outside = for_window(xs, os, o, p, [&](size_t i) {
            sum += x[i];
            ++inside;
        });
        // OpenVINO: with exclude-pad=false and non-zero paddings every kernel tap counts.
        const size_t count = (!exclude_pad && any_pad) ? inside + outside : inside;
        out[o] = sum / double(count);
    }
    return out;
}

std::shared_ptr<ov::op::v8::MaxPool> max_pool8(const PartialShape& data, const Strides& strides,
                                              const Strides& dilations, const Shape& pb, const Shape& pe,
                                              const Shape& kernel, RoundingType rounding = RoundingType::FLOOR,
                                              PadType pad = PadType::EXPLICIT,
                                              ov::element::Type index_type = ov::element::i64, int64_t axis = 0,
                                              ov::element::Type type = ov::element::f32) {
    return std::make_shared<ov::op::v8::MaxPool>(param(type, data), strides, dilations, pb, pe, kernel, rounding, pad,
                                                 index_type, axis);
}

// Evaluates op on `x` (shape xs, element type f32) and returns the output tensors.
ov::TensorVector run(const std::shared_ptr<ov::Node>& op, const std::vector<size_t>& xs, const std::vector<double>& x,
                     ov::element::Type type = ov::element::f32) {
    ov::TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, {make_tensor(type, Shape(xs), x)}));
    return outputs;
}

const std::vector<double> spec_3x3{-1, 2, 3, 4, 5, -6, -7, 8, 9};

}  // namespace

TEST(MaxPool, TypeInfo) {
    EXPECT_STREQ(ov::op::v1::MaxPool::get_type_info_static().version_id, "opset1");
    EXPECT_STREQ(ov::op::v8::MaxPool::get_type_info_static().version_id, "opset8");
    EXPECT_STREQ(ov::op::v8::MaxPool::get_type_info_static().name, "MaxPool");
    auto op = max_pool8(Shape{1, 1, 4, 4}, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 2});
    EXPECT_TRUE(ov::is_type<ov::op::util::MaxPoolBase>(op));
}

TEST(MaxPool, FloorAndCeilRounding) {
    auto floor = std::make_shared<ov::op::v1::MaxPool>(param(ov::element::f32, Shape{1, 1, 6, 6}), Strides{2, 2},
                                                       Shape{0, 0}, Shape{0, 0}, Shape{3, 3}, RoundingType::FLOOR);
    EXPECT_EQ(floor->get_output_partial_shape(0), PartialShape({1, 1, 2, 2}));  // floor(3 / 2) + 1
    auto ceil = std::make_shared<ov::op::v1::MaxPool>(param(ov::element::f32, Shape{1, 1, 6, 6}), Strides{2, 2},
                                                      Shape{0, 0}, Shape{0, 0}, Shape{3, 3}, RoundingType::CEIL);
    EXPECT_EQ(ceil->get_output_partial_shape(0), PartialShape({1, 1, 3, 3}));  // ceil(3 / 2) + 1
}

TEST(MaxPool, SqueezeNetCeilShapes) {
    // The three MaxPool-8 layers of squeezenet1.1 (kernel 3, stride 2, ceil): 113 -> 56 -> 28 -> 14.
    for (auto pair : std::vector<std::pair<size_t, size_t>>{{113, 56}, {56, 28}, {28, 14}}) {
        auto op = max_pool8(Shape{1, 64, pair.first, pair.first}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, {3, 3},
                            RoundingType::CEIL);
        EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 64, int64_t(pair.second), int64_t(pair.second)}));
        EXPECT_EQ(op->get_output_partial_shape(1), op->get_output_partial_shape(0));
        EXPECT_EQ(op->get_output_element_type(1), ov::element::i64);
    }
}

TEST(MaxPool, CeilTorchDropsWindowStartingInPadding) {
    // 5 + 1 + 1 - 2 = 5 -> ceil(5 / 2) + 1 = 4 windows, but the 4th would start at 6 >= 5 + 1.
    auto ceil = max_pool8(Shape{1, 1, 5}, {2}, {1}, {1}, {1}, {2}, RoundingType::CEIL);
    EXPECT_EQ(ceil->get_output_partial_shape(0), PartialShape({1, 1, 4}));
    auto torch = max_pool8(Shape{1, 1, 5}, {2}, {1}, {1}, {1}, {2}, RoundingType::CEIL_TORCH);
    EXPECT_EQ(torch->get_output_partial_shape(0), PartialShape({1, 1, 3}));
}

TEST(MaxPool, AutoPadShapesAndPaddings) {
    auto upper = max_pool8(Shape{1, 1, 5, 6}, {2, 2}, {1, 1}, {}, {}, {3, 3}, RoundingType::FLOOR, PadType::SAME_UPPER);
    EXPECT_EQ(upper->get_output_partial_shape(0), PartialShape({1, 1, 3, 3}));
    EXPECT_EQ(upper->get_pads_begin(), Shape({1, 0}));
    EXPECT_EQ(upper->get_pads_end(), Shape({1, 1}));
    auto lower = max_pool8(Shape{1, 1, 5, 6}, {2, 2}, {1, 1}, {}, {}, {3, 3}, RoundingType::FLOOR, PadType::SAME_LOWER);
    EXPECT_EQ(lower->get_pads_begin(), Shape({1, 1}));
    EXPECT_EQ(lower->get_pads_end(), Shape({1, 0}));
    auto valid = max_pool8(Shape{1, 1, 32, 32}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {2, 2}, RoundingType::FLOOR,
                           PadType::VALID);
    EXPECT_EQ(valid->get_output_partial_shape(0), PartialShape({1, 1, 16, 16}));
    auto dilated = max_pool8(Shape{1, 1, 7, 7}, {1, 1}, {2, 2}, {}, {}, {3, 3}, RoundingType::FLOOR,
                             PadType::SAME_UPPER);
    EXPECT_EQ(dilated->get_output_partial_shape(0), PartialShape({1, 1, 7, 7}));
    EXPECT_EQ(dilated->get_pads_begin(), Shape({2, 2}));
}

TEST(MaxPool, DynamicShapes) {
    auto op = max_pool8(PartialShape{-1, 3, -1, 8}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, {2, 2});
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({-1, 3, -1, 4}));
    auto dyn = max_pool8(PartialShape::dynamic(), {2, 2}, {1, 1}, {0, 0}, {0, 0}, {2, 2});
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, -1, -1, -1}));
}

TEST(MaxPool, ErrorsNameTheOp) {
    auto x = param(ov::element::f32, Shape{1, 1, 4, 4});
    expect_error([&] { ov::op::v8::MaxPool(x, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {5, 5}); },
                 {"MaxPool", "larger than the padded input"});
    expect_error([&] { ov::op::v8::MaxPool(x, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 2, 2}); }, {"MaxPool", "kernel"});
    expect_error([&] { ov::op::v8::MaxPool(x, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 2}, RoundingType::FLOOR,
                                           PadType::EXPLICIT, ov::element::f32); },
                 {"MaxPool", "index_element_type"});
    expect_error([&] { ov::op::v8::MaxPool(x, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 2}, RoundingType::FLOOR,
                                           PadType::EXPLICIT, ov::element::i64, 4); },
                 {"MaxPool", "axis 4"});
    auto flat = param(ov::element::f32, Shape{4, 4});
    expect_error([&] { ov::op::v1::MaxPool(flat, {1}, {0}, {0}, {2}); }, {"MaxPool", "3-D, 4-D or 5-D"});

    auto named = max_pool8(Shape{1, 1, 4, 4}, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 2});
    named->set_friendly_name("pool3");
    named->set_strides({0, 1});
    expect_error([&] { named->validate_and_infer_types(); }, {"MaxPool 'pool3'", "strides"});
}

TEST(MaxPool, SpecExample1ExplicitPads) {
    auto op = max_pool8(Shape{1, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {2, 2});
    auto out = run(op, {1, 1, 3, 3}, spec_3x3);
    // The specification prints -6 (index 5) at row 1, column 3, but that window covers x[0][2] = 3 and
    // x[1][2] = -6, so the maximum is 3 (index 2); every other value is as printed.
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({-1, 2, 3, 3, 4, 5, 5, 3, 4, 8, 9, 9, -7, 8, 9, 9}));
    EXPECT_EQ(read_tensor(out[1]), std::vector<double>({0, 1, 2, 2, 3, 4, 4, 2, 3, 7, 8, 8, 6, 7, 8, 8}));
}

TEST(MaxPool, SpecExample2Valid1D) {
    auto op = max_pool8(Shape{1, 1, 7}, {1}, {1}, {}, {}, {3}, RoundingType::FLOOR, PadType::VALID);
    auto out = run(op, {1, 1, 7}, {-1, 2, 3, 5, -7, 9, 1});
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({3, 5, 5, 9, 9}));
    EXPECT_EQ(read_tensor(out[1]), std::vector<double>({2, 3, 3, 5, 5}));
}

TEST(MaxPool, SpecExample3SameLower) {
    auto op = max_pool8(Shape{1, 1, 3, 3}, {1, 1}, {1, 1}, {}, {}, {2, 2}, RoundingType::FLOOR, PadType::SAME_LOWER);
    auto out = run(op, {1, 1, 3, 3}, spec_3x3);
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({-1, 2, 3, 4, 5, 5, 4, 8, 9}));
    EXPECT_EQ(read_tensor(out[1]), std::vector<double>({0, 1, 2, 3, 4, 4, 3, 7, 8}));
}

TEST(MaxPool, SpecExample4SameUpperTwoChannels) {
    auto op = max_pool8(Shape{1, 2, 3, 3}, {1, 1}, {1, 1}, {}, {}, {2, 2}, RoundingType::FLOOR, PadType::SAME_UPPER);
    std::vector<double> x = spec_3x3;
    x.insert(x.end(), {2, -1, 5, 6, -7, 1, 8, 2, -3});
    auto out = run(op, {1, 2, 3, 3}, x);
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({5, 5, 3, 8, 9, 9, 8, 9, 9, 6, 5, 5, 8, 2, 1, 8, 2, -3}));
    // axis 0: indices run over the whole input, so the second channel's start at 9.
    EXPECT_EQ(read_tensor(out[1]), std::vector<double>({4, 4, 2, 7, 8, 8, 7, 8, 8, 12, 11, 11, 15, 16, 14, 15, 16, 17}));
}

TEST(MaxPool, SpecExample5ValidCeil) {
    auto op = max_pool8(Shape{1, 1, 3, 3}, {2, 2}, {1, 1}, {}, {}, {2, 2}, RoundingType::CEIL, PadType::VALID);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 2, 2}));
    auto out = run(op, {1, 1, 3, 3}, spec_3x3);
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({5, 3, 8, 9}));
    EXPECT_EQ(read_tensor(out[1]), std::vector<double>({4, 2, 7, 8}));
}

TEST(MaxPool, SpecExample6Dilations) {
    auto op = max_pool8(Shape{1, 1, 3, 3}, {1, 1}, {2, 2}, {1, 1}, {1, 1}, {2, 2});
    auto out = run(op, {1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({5, 6, 5, 8, 9, 8, 5, 6, 5}));
    EXPECT_EQ(read_tensor(out[1]), std::vector<double>({4, 5, 4, 7, 8, 7, 4, 5, 4}));
}

TEST(MaxPool, SpecExample7Axis2) {
    auto op = max_pool8(Shape{1, 2, 3, 3}, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 2}, RoundingType::FLOOR,
                        PadType::EXPLICIT, ov::element::i64, 2);
    auto out = run(op, {1, 2, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18});
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({5, 6, 8, 9, 14, 15, 17, 18}));
    EXPECT_EQ(read_tensor(out[1]), std::vector<double>({4, 5, 7, 8, 4, 5, 7, 8}));
}

TEST(MaxPool, NegativeAxisAndI32Indices) {
    // axis -3 of a rank-4 input is axis 1: indices run over one batch item (C * H * W).
    auto op = max_pool8(Shape{2, 2, 2, 2}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, {2, 2}, RoundingType::FLOOR,
                        PadType::EXPLICIT, ov::element::i32, -3);
    EXPECT_EQ(op->get_output_element_type(1), ov::element::i32);
    auto out = run(op, {2, 2, 2, 2}, {0, 9, 1, 2, 3, 4, 8, 5, 7, 1, 1, 1, 0, 0, 6, 0});
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({9, 8, 7, 6}));
    EXPECT_EQ(read_tensor(out[1]), std::vector<double>({1, 6, 0, 6}));
}

TEST(MaxPool, V1EvaluateCeilMatchesNaive) {
    std::mt19937 rng(21);
    const std::vector<size_t> xs{2, 3, 11, 10};
    const auto x = as_stored(ov::element::f32, Shape(xs), random_values(volume(xs), rng, -5, 5));
    auto op = std::make_shared<ov::op::v1::MaxPool>(param(ov::element::f32, Shape(xs)), Strides{2, 3}, Shape{1, 0},
                                                    Shape{0, 2}, Shape{3, 2}, RoundingType::CEIL);
    std::vector<double> values, indices;
    naive_max_pool(x, xs, {{3, 2}, {2, 3}, {1, 1}, {1, 0}, {0, 2}, true}, values, indices);
    auto out = run(op, xs, x);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].get_shape(), op->get_output_shape(0));
    EXPECT_EQ(read_tensor(out[0]), values);  // max selects exactly
}

TEST(MaxPool, V8EvaluateMatchesNaive1D2D3D) {
    std::mt19937 rng(22);
    struct Case {
        std::vector<size_t> xs;
        PoolParams p;
    };
    const std::vector<Case> cases{
        {{2, 3, 13}, {{3}, {2}, {2}, {1}, {2}, true}},
        {{1, 2, 9, 8}, {{2, 3}, {2, 1}, {2, 1}, {1, 0}, {1, 2}, false}},
        {{1, 2, 5, 6, 7}, {{2, 2, 3}, {1, 2, 2}, {1, 2, 1}, {0, 1, 1}, {1, 0, 1}, true}},
    };
    for (const auto& c : cases) {
        const auto x = as_stored(ov::element::f32, Shape(c.xs), random_values(volume(c.xs), rng, -5, 5));
        auto op = max_pool8(Shape(c.xs), Strides(c.p.strides), Strides(c.p.dilations),
                            Shape(c.p.pads_begin.begin(), c.p.pads_begin.end()),
                            Shape(c.p.pads_end.begin(), c.p.pads_end.end()), Shape(c.p.kernel),
                            c.p.ceil ? RoundingType::CEIL : RoundingType::FLOOR);
        std::vector<double> values, indices;
        naive_max_pool(x, c.xs, c.p, values, indices);
        EXPECT_EQ(op->get_output_shape(0), Shape(pooled_shape(c.xs, c.p)));
        auto out = run(op, c.xs, x);
        EXPECT_EQ(read_tensor(out[0]), values);
        EXPECT_EQ(read_tensor(out[1]), indices);
    }
}

TEST(MaxPool, EvaluateF16AndI32) {
    std::mt19937 rng(23);
    const std::vector<size_t> xs{1, 2, 6, 6};
    const PoolParams p{{3, 3}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, true};
    for (auto type : {ov::element::f16, ov::element::i32}) {
        const auto x = as_stored(type, Shape(xs), random_ints(volume(xs), rng, -100, 100));
        auto op = max_pool8(Shape(xs), {2, 2}, {1, 1}, {0, 0}, {0, 0}, {3, 3}, RoundingType::CEIL, PadType::EXPLICIT,
                            ov::element::i64, 0, type);
        std::vector<double> values, indices;
        naive_max_pool(x, xs, p, values, indices);
        auto out = run(op, xs, x, type);
        EXPECT_EQ(out[0].get_element_type(), type);
        EXPECT_EQ(read_tensor(out[0]), values);
        EXPECT_EQ(read_tensor(out[1]), indices);
    }
}

TEST(MaxPool, AttributesRoundTrip) {
    auto op = max_pool8(Shape{1, 1, 9, 9}, {2, 1}, {1, 2}, {1, 0}, {0, 1}, {3, 2}, RoundingType::CEIL,
                        PadType::EXPLICIT, ov::element::i32, -1);
    RecordingVisitor visitor;
    op->visit_attributes(visitor);
    EXPECT_EQ(visitor.values().at("rounding_type"), "ceil");
    EXPECT_EQ(visitor.values().at("auto_pad"), "explicit");
    EXPECT_EQ(visitor.values().at("index_element_type"), "i32");
    EXPECT_EQ(visitor.values().at("axis"), "-1");
    EXPECT_EQ(visitor.values().at("kernel"), "3,2");
    auto fresh = std::make_shared<ov::op::v8::MaxPool>();
    visitor.start_replay();
    fresh->visit_attributes(visitor);
    EXPECT_EQ(fresh->get_strides(), Strides({2, 1}));
    EXPECT_EQ(fresh->get_dilations(), Strides({1, 2}));
    EXPECT_EQ(fresh->get_pads_begin(), Shape({1, 0}));
    EXPECT_EQ(fresh->get_pads_end(), Shape({0, 1}));
    EXPECT_EQ(fresh->get_kernel(), Shape({3, 2}));
    EXPECT_EQ(fresh->get_rounding_type(), RoundingType::CEIL);
    EXPECT_EQ(fresh->get_index_element_type(), ov::element::i32);
    EXPECT_EQ(fresh->get_axis(), -1);

    auto v1 = std::make_shared<ov::op::v1::MaxPool>(param(ov::element::f32, Shape{1, 1, 8, 8}), Strides{2, 2},
                                                    Shape{0, 0}, Shape{0, 0}, Shape{2, 2}, RoundingType::FLOOR,
                                                    PadType::SAME_LOWER);
    RecordingVisitor v1_visitor;
    v1->visit_attributes(v1_visitor);
    EXPECT_EQ(v1_visitor.values().count("dilations"), 0u);
    auto fresh1 = std::make_shared<ov::op::v1::MaxPool>();
    v1_visitor.start_replay();
    fresh1->visit_attributes(v1_visitor);
    EXPECT_EQ(fresh1->get_auto_pad(), PadType::SAME_LOWER);
    EXPECT_EQ(fresh1->get_kernel(), Shape({2, 2}));
}

TEST(MaxPool, RegisteredInOpset1AndOpset8) {
    auto v1 = devmux::OpRegistry::instance().create("MaxPool", "opset1");
    auto v8 = devmux::OpRegistry::instance().create("MaxPool", "opset8");
    ASSERT_TRUE(v1 && v8);
    EXPECT_TRUE(ov::is_type<ov::op::v1::MaxPool>(v1));
    EXPECT_TRUE(ov::is_type<ov::op::v8::MaxPool>(v8));
}

TEST(AvgPool, ShapeAndAttributes) {
    auto op = std::make_shared<ov::op::v1::AvgPool>(param(ov::element::f32, Shape{1, 3, 32, 32}), Strides{3, 3},
                                                    Shape{1, 1}, Shape{1, 1}, Shape{5, 5}, true);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 3, 10, 10}));  // spec example
    RecordingVisitor visitor;
    op->visit_attributes(visitor);
    EXPECT_EQ(visitor.values().at("exclude-pad"), "true");
    EXPECT_EQ(visitor.values().at("rounding_type"), "floor");
    visitor.values()["exclude-pad"] = "false";
    visitor.values()["rounding_type"] = "ceil";
    auto fresh = std::make_shared<ov::op::v1::AvgPool>();
    visitor.start_replay();
    fresh->visit_attributes(visitor);
    EXPECT_FALSE(fresh->get_exclude_pad());
    EXPECT_EQ(fresh->get_rounding_type(), RoundingType::CEIL);
    EXPECT_EQ(fresh->get_kernel(), Shape({5, 5}));
    EXPECT_EQ(fresh->get_pads_begin(), Shape({1, 1}));
    EXPECT_TRUE(ov::is_type<ov::op::v1::AvgPool>(devmux::OpRegistry::instance().create("AvgPool", "opset1")));
}

TEST(AvgPool, SpecShapeExamples) {
    const auto shape = [](Strides s, Shape pb, Shape pe, Shape k, bool exclude, PadType pad) {
        return std::make_shared<ov::op::v1::AvgPool>(param(ov::element::f32, Shape{1, 3, 32, 32}), s, pb, pe, k,
                                                     exclude, RoundingType::FLOOR, pad)
            ->get_output_partial_shape(0);
    };
    EXPECT_EQ(shape({2, 2}, {1, 1}, {1, 1}, {5, 5}, false, PadType::EXPLICIT), PartialShape({1, 3, 15, 15}));
    EXPECT_EQ(shape({2, 2}, {1, 1}, {1, 1}, {5, 5}, true, PadType::VALID), PartialShape({1, 3, 14, 14}));
    EXPECT_EQ(shape({1, 1}, {0, 0}, {1, 1}, {2, 2}, true, PadType::SAME_UPPER), PartialShape({1, 3, 32, 32}));
}

TEST(AvgPool, ExcludePadHandComputed) {
    // 2x2 input, 2x2 kernel, stride 1, padding 1 all round: 3x3 output, corner windows hold one input value.
    const std::vector<double> x{1, 2, 3, 4};
    for (bool exclude : {true, false}) {
        auto op = std::make_shared<ov::op::v1::AvgPool>(param(ov::element::f32, Shape{1, 1, 2, 2}), Strides{1, 1},
                                                        Shape{1, 1}, Shape{1, 1}, Shape{2, 2}, exclude);
        auto out = run(op, {1, 1, 2, 2}, x);
        const std::vector<double> expected =
            exclude ? std::vector<double>{1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4}
                    : std::vector<double>{0.25, 0.75, 0.5, 1, 2.5, 1.5, 0.75, 1.75, 1};
        expect_close(read_tensor(out[0]), expected, 1e-6, 0);
    }
}

TEST(AvgPool, CeilWithoutPaddingAveragesInsideOnly) {
    // 1x5 input, kernel 2, stride 2, ceil: the last window covers only x[4] and averages it alone.
    auto op = std::make_shared<ov::op::v1::AvgPool>(param(ov::element::f32, Shape{1, 1, 5}), Strides{2}, Shape{0},
                                                    Shape{0}, Shape{2}, false, RoundingType::CEIL);
    auto out = run(op, {1, 1, 5}, {1, 3, 5, 7, 9});
    EXPECT_EQ(read_tensor(out[0]), std::vector<double>({2, 6, 9}));
}

TEST(AvgPool, EvaluateMatchesNaive) {
    std::mt19937 rng(31);
    struct Case {
        std::vector<size_t> xs;
        PoolParams p;
        bool exclude;
    };
    const std::vector<Case> cases{
        {{2, 3, 9, 8}, {{3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, true}, true},
        {{2, 3, 9, 8}, {{3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, true}, false},
        {{1, 2, 10}, {{4}, {3}, {1}, {2}, {0}, false}, false},
        {{1, 2, 5, 6, 7}, {{2, 3, 2}, {2, 1, 2}, {1, 1, 1}, {0, 1, 1}, {1, 1, 0}, true}, false},
    };
    for (const auto& c : cases) {
        const auto x = as_stored(ov::element::f32, Shape(c.xs), random_values(volume(c.xs), rng, -5, 5));
        auto op = std::make_shared<ov::op::v1::AvgPool>(
            param(ov::element::f32, Shape(c.xs)), Strides(c.p.strides),
            Shape(c.p.pads_begin.begin(), c.p.pads_begin.end()), Shape(c.p.pads_end.begin(), c.p.pads_end.end()),
            Shape(c.p.kernel), c.exclude, c.p.ceil ? RoundingType::CEIL : RoundingType::FLOOR);
        EXPECT_EQ(op->get_output_shape(0), Shape(pooled_shape(c.xs, c.p)));
        auto out = run(op, c.xs, x);
        // Sums of at most 12 values of magnitude <= 5 in float.
        expect_close(read_tensor(out[0]), naive_avg_pool(x, c.xs, c.p, c.exclude), 1e-5, 1e-5);
    }
}

TEST(AvgPool, EvaluateSameUpperF16MatchesNaive) {
    std::mt19937 rng(32);
    const std::vector<size_t> xs{1, 2, 7, 6};
    const auto x = as_stored(ov::element::f16, Shape(xs), random_values(volume(xs), rng, -5, 5));
    auto op = std::make_shared<ov::op::v1::AvgPool>(param(ov::element::f16, Shape(xs)), Strides{2, 2}, Shape{},
                                                    Shape{}, Shape{3, 3}, true, RoundingType::FLOOR,
                                                    PadType::SAME_UPPER);
    // out 4 x 3; pads: (4-1)*2 + 3 - 7 = 2 -> 1/1, (3-1)*2 + 3 - 6 = 1 -> 0/1
    const PoolParams p{{3, 3}, {2, 2}, {1, 1}, {1, 0}, {1, 1}, false};
    auto out = run(op, xs, x, ov::element::f16);
    EXPECT_EQ(out[0].get_shape(), Shape({1, 2, 4, 3}));
    // The output is rounded to half precision: relative step 2^-11.
    expect_close(read_tensor(out[0]), naive_avg_pool(x, xs, p, true), 1e-3, 1e-3);
}

TEST(AvgPool, KernelLargerThanInputIsAnError) {
    auto x = param(ov::element::f32, Shape{1, 1, 3, 3});
    expect_error([&] { ov::op::v1::AvgPool(x, {1, 1}, {0, 0}, {0, 0}, {4, 4}, true); },
                 {"AvgPool", "larger than the padded input"});
}
