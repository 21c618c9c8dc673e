// SPDX-License-Identifier: Apache-2.0
// MaxPool-14 and AvgPool-14: the opset1/opset8 pooling plus rounding_type "ceil_torch" (round the output
// size up, but drop a last window that would start in the end padding). Shapes where ceil and ceil_torch
// differ, evaluate() against naive pooling written here, attributes, the IR and the opset14 registry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "common/ir_round_trip.hpp"
#include "nn_test_util.hpp"
#include "openvino/op/avg_pool.hpp"
#include "openvino/op/max_pool.hpp"
#include "openvino/opsets/opset.hpp"
#include "openvino/opsets/opset14.hpp"
#include "ops/op_registry.hpp"

using namespace nntest;
using ov::PartialShape;
using ov::Shape;
using ov::Strides;
using ov::op::PadType;
using ov::op::RoundingType;

static_assert(std::is_same<ov::opset14::MaxPool, ov::op::v14::MaxPool>::value, "opset14 MaxPool is v14");
static_assert(std::is_same<ov::opset14::AvgPool, ov::op::v14::AvgPool>::value, "opset14 AvgPool is v14");

namespace {

struct Window {
    std::vector<size_t> kernel, strides, dilations;
    std::vector<int64_t> pads_begin, pads_end;
    RoundingType rounding = RoundingType::FLOOR;
};

// Output size per spatial axis, written from the specification's formulas in double precision.
std::vector<size_t> pooled_shape(const std::vector<size_t>& xs, const Window& w) {
    std::vector<size_t> out{xs[0], xs[1]};
    for (size_t i = 0; i + 2 < xs.size(); ++i) {
        const double extent = double((w.kernel[i] - 1) * w.dilations[i] + 1);
        const double steps = (double(xs[2 + i]) + w.pads_begin[i] + w.pads_end[i] - extent) / double(w.strides[i]);
        size_t n = size_t(w.rounding == RoundingType::FLOOR ? std::floor(steps) : std::ceil(steps)) + 1;
        // ceil_torch: the last window must start inside the input or the begin padding.
        if (w.rounding == RoundingType::CEIL_TORCH && double((n - 1) * w.strides[i]) >= double(xs[2 + i]) + w.pads_begin[i])
            --n;
        out.push_back(n);
    }
    return out;
}

// Calls fn(flat input index) for each tap of output o's window inside the input; returns the taps outside.
template <typename Fn>
size_t for_window(const std::vector<size_t>& xs, const std::vector<size_t>& os, size_t o, const Window& w, Fn fn) {
    const auto oc = unravel(o, os);
    size_t outside = 0;
    for (size_t k = 0; k < volume(w.kernel); ++k) {
        const auto kc = unravel(k, w.kernel);
        std::vector<size_t> xc{oc[0], oc[1]};
        bool inside = true;
        for (size_t i = 0; i < w.kernel.size(); ++i) {
            const int64_t pos = int64_t(oc[2 + i] * w.strides[i]) - w.pads_begin[i] + int64_t(kc[i] * w.dilations[i]);
            inside = inside && pos >= 0 && pos < int64_t(xs[2 + i]);
            xc.push_back(size_t(std::max<int64_t>(pos, 0)));
        }
        if (inside)
            fn(ravel(xc, xs));
        else
            ++outside;
    }
    return outside;
}

void naive_max(const std::vector<double>& x, const std::vector<size_t>& xs, const Window& w,
               std::vector<double>& values, std::vector<double>& indices) {
    const auto os = pooled_shape(xs, w);
    values.assign(volume(os), 0);
    indices.assign(volume(os), 0);
    for (size_t o = 0; o < values.size(); ++o) {
        double best = -std::numeric_limits<double>::infinity();
        int64_t at = -1;
        for_window(xs, os, o, w, [&](size_t i) {
            if (at < 0 || x[i] > best) {
                best = x[i];
                at = int64_t(i);
            }
        });
        values[o] = best;
        indices[o] = double(at);
    }
}

// exclude_pad false with any padding: every kernel tap counts, as AvgPool-1 does.
std::vector<double> naive_avg(const std::vector<double>& x, const std::vector<size_t>& xs, const Window& w,
                              bool exclude_pad) {
    const auto os = pooled_shape(xs, w);
    bool any_pad = false;
    for (size_t i = 0; i < w.pads_begin.size(); ++i)
        any_pad = any_pad || w.pads_begin[i] != 0 || w.pads_end[i] != 0;
    std::vector<double> out(volume(os));
    for (size_t o = 0; o < out.size(); ++o) {
        double sum = 0;
        size_t inside = 0;
        const size_t outside = for_window(xs, os, o, w, [&](size_t i) {
            sum += x[i];
            ++inside;
        });
        out[o] = sum / double((!exclude_pad && any_pad) ? inside + outside : inside);
    }
    return out;
}

Shape to_shape(const std::vector<int64_t>& v) { return Shape(v.begin(), v.end()); }

std::shared_ptr<ov::op::v14::MaxPool> max14(const PartialShape& data, const Window& w,
                                            PadType pad = PadType::EXPLICIT,
                                            ov::element::Type index_type = ov::element::i64, int64_t axis = 0,
                                            ov::element::Type type = ov::element::f32) {
    return std::make_shared<ov::op::v14::MaxPool>(param(type, data), Strides(w.strides), Strides(w.dilations),
                                                  to_shape(w.pads_begin), to_shape(w.pads_end), Shape(w.kernel),
                                                  w.rounding, pad, index_type, axis);
}

std::shared_ptr<ov::op::v14::AvgPool> avg14(const PartialShape& data, const Window& w, bool exclude_pad,
                                            PadType pad = PadType::EXPLICIT,
                                            ov::element::Type type = ov::element::f32) {
    return std::make_shared<ov::op::v14::AvgPool>(param(type, data), Strides(w.strides), to_shape(w.pads_begin),
                                                  to_shape(w.pads_end), Shape(w.kernel), exclude_pad, w.rounding,
                                                  pad);
}

ov::TensorVector run(const std::shared_ptr<ov::Node>& op, const std::vector<size_t>& xs, const std::vector<double>& x,
                     ov::element::Type type = ov::element::f32) {
    ov::TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, {make_tensor(type, Shape(xs), x)}));
    return outputs;
}

// 1-D, kernel 2, stride 2, one padding each side of 5 values: ceil gives 4 windows, the 4th starting at
// position 6 = 5 + 1 (all end padding), which ceil_torch drops.
const Window padded_1d{{2}, {2}, {1}, {1}, {1}, RoundingType::CEIL_TORCH};

}  // namespace

TEST(Pool14, TypeInfo) {
    EXPECT_STREQ(ov::op::v14::MaxPool::get_type_info_static().name, "MaxPool");
    EXPECT_STREQ(ov::op::v14::MaxPool::get_type_info_static().version_id, "opset14");
    EXPECT_STREQ(ov::op::v14::AvgPool::get_type_info_static().name, "AvgPool");
    EXPECT_STREQ(ov::op::v14::AvgPool::get_type_info_static().version_id, "opset14");
    EXPECT_TRUE(ov::is_type<ov::op::util::MaxPoolBase>(max14(Shape{1, 1, 5}, padded_1d)));
    EXPECT_TRUE(ov::is_type<ov::op::util::AvgPoolBase>(avg14(Shape{1, 1, 5}, padded_1d, true)));
}

TEST(Pool14, CeilTorchDropsTheWindowStartingInEndPadding) {
    Window w = padded_1d;
    for (auto [rounding, size] : std::vector<std::pair<RoundingType, int64_t>>{
             {RoundingType::FLOOR, 3}, {RoundingType::CEIL, 4}, {RoundingType::CEIL_TORCH, 3}}) {
        w.rounding = rounding;
        EXPECT_EQ(max14(Shape{1, 1, 5}, w)->get_output_partial_shape(0), PartialShape({1, 1, size}));
        EXPECT_EQ(max14(Shape{1, 1, 5}, w)->get_output_partial_shape(1), PartialShape({1, 1, size}));
        EXPECT_EQ(avg14(Shape{1, 1, 5}, w, true)->get_output_partial_shape(0), PartialShape({1, 1, size}));
    }
}

TEST(Pool14, CeilTorchDiffersFromCeilWithoutPaddingWhenStrideExceedsKernel) {
    // 5 values, kernel 1, stride 3: ceil(4 / 3) + 1 = 3 windows at 0, 3, 6; 6 is past the input.
    const Window ceil{{1, 2}, {3, 2}, {1, 1}, {0, 0}, {0, 0}, RoundingType::CEIL};
    Window torch = ceil;
    torch.rounding = RoundingType::CEIL_TORCH;
    EXPECT_EQ(max14(Shape{2, 3, 5, 7}, ceil)->get_output_partial_shape(0), PartialShape({2, 3, 3, 4}));
    EXPECT_EQ(max14(Shape{2, 3, 5, 7}, torch)->get_output_partial_shape(0), PartialShape({2, 3, 2, 4}));
    EXPECT_EQ(avg14(Shape{2, 3, 5, 7}, torch, false)->get_output_partial_shape(0), PartialShape({2, 3, 2, 4}));
}

TEST(Pool14, CeilTorchEqualsCeilOnYoloStyleSamePadding) {
    // YOLOv8's SPPF: kernel 5, stride 1, paddings 2: every rounding gives the input size.
    for (auto rounding : {RoundingType::FLOOR, RoundingType::CEIL, RoundingType::CEIL_TORCH}) {
        const Window w{{5, 5}, {1, 1}, {1, 1}, {2, 2}, {2, 2}, rounding};
        EXPECT_EQ(max14(Shape{1, 256, 20, 20}, w)->get_output_partial_shape(0), PartialShape({1, 256, 20, 20}));
    }
}

TEST(Pool14, DynamicShapes) {
    const Window w{{2, 2}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, RoundingType::CEIL_TORCH};
    EXPECT_EQ(max14(PartialShape{-1, 3, -1, 9}, w)->get_output_partial_shape(0), PartialShape({-1, 3, -1, 5}));
    EXPECT_EQ(avg14(PartialShape{2, -1, 7, -1}, w, true)->get_output_partial_shape(0), PartialShape({2, -1, 4, -1}));
    EXPECT_EQ(max14(PartialShape::dynamic(), w)->get_output_partial_shape(0), PartialShape({-1, -1, -1, -1}));
}

TEST(Pool14, AutoPadResolvesPaddings) {
    const Window w{{3, 3}, {2, 2}, {1, 1}, {}, {}, RoundingType::CEIL_TORCH};
    auto op = max14(Shape{1, 1, 5, 6}, w, PadType::SAME_UPPER);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 3, 3}));
    EXPECT_EQ(op->get_pads_begin(), Shape({1, 0}));
    EXPECT_EQ(op->get_pads_end(), Shape({1, 1}));
}

TEST(Pool14, ErrorsNameTheOp) {
    auto x = param(ov::element::f32, Shape{1, 1, 4, 4});
    expect_error([&] { ov::op::v14::MaxPool(x, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {5, 5}); },
                 {"MaxPool", "larger than the padded input"});
    expect_error([&] { ov::op::v14::MaxPool(x, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 2}, RoundingType::CEIL_TORCH,
                                            PadType::EXPLICIT, ov::element::f32); },
                 {"MaxPool", "index_element_type"});
    expect_error([&] { ov::op::v14::MaxPool(x, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 2}, RoundingType::CEIL_TORCH,
                                            PadType::EXPLICIT, ov::element::i64, -5); },
                 {"MaxPool", "axis -5"});
    expect_error([&] { ov::op::v14::AvgPool(x, {1, 1}, {0, 0}, {0, 0}, {5, 5}, true, RoundingType::CEIL_TORCH); },
                 {"AvgPool", "larger than the padded input"});
    auto named = max14(Shape{1, 1, 4, 4}, {{2, 2}, {1, 1}, {1, 1}, {0, 0}, {0, 0}, RoundingType::CEIL_TORCH});
    named->set_friendly_name("pool14");
    named->set_strides({1, 0});
    expect_error([&] { named->validate_and_infer_types(); }, {"MaxPool 'pool14'", "strides"});
}

TEST(Pool14, HandComputedCeilTorch1D) {
    // Windows start at -1, 1, 3: {pad, 1}, {3, 5}, {7, 9}.
    const std::vector<double> x{1, 3, 5, 7, 9};
    auto max = run(max14(Shape{1, 1, 5}, padded_1d), {1, 1, 5}, x);
    EXPECT_EQ(read_tensor(max[0]), std::vector<double>({1, 5, 9}));
    EXPECT_EQ(read_tensor(max[1]), std::vector<double>({0, 2, 4}));
    auto avg_excluding = run(avg14(Shape{1, 1, 5}, padded_1d, true), {1, 1, 5}, x);
    EXPECT_EQ(read_tensor(avg_excluding[0]), std::vector<double>({1, 4, 8}));
    auto avg_counting = run(avg14(Shape{1, 1, 5}, padded_1d, false), {1, 1, 5}, x);
    EXPECT_EQ(read_tensor(avg_counting[0]), std::vector<double>({0.5, 4, 8}));
}

TEST(Pool14, MaxEvaluateMatchesNaive) {
    std::mt19937 rng(1401);
    struct Case {
        std::vector<size_t> xs;
        Window w;
    };
    const std::vector<Case> cases{
        {{2, 3, 13}, {{3}, {2}, {2}, {1}, {2}, RoundingType::CEIL_TORCH}},
        {{1, 2, 9, 8}, {{2, 3}, {3, 2}, {1, 1}, {1, 1}, {1, 2}, RoundingType::CEIL_TORCH}},
        {{1, 2, 9, 8}, {{2, 3}, {3, 2}, {1, 1}, {1, 1}, {1, 2}, RoundingType::CEIL}},
        {{1, 2, 7, 5}, {{1, 2}, {3, 3}, {1, 1}, {0, 1}, {0, 1}, RoundingType::CEIL_TORCH}},
        {{1, 2, 5, 6, 7}, {{2, 2, 3}, {2, 2, 2}, {1, 2, 1}, {1, 1, 1}, {1, 0, 1}, RoundingType::CEIL_TORCH}},
        {{2, 2, 8, 8}, {{3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, RoundingType::FLOOR}},
    };
    for (const auto& c : cases) {
        const auto x = as_stored(ov::element::f32, Shape(c.xs), random_values(volume(c.xs), rng, -5, 5));
        auto op = max14(Shape(c.xs), c.w);
        std::vector<double> values, indices;
        naive_max(x, c.xs, c.w, values, indices);
        EXPECT_EQ(op->get_output_shape(0), Shape(pooled_shape(c.xs, c.w)));
        auto out = run(op, c.xs, x);
        ASSERT_EQ(out.size(), 2u);
        EXPECT_EQ(read_tensor(out[0]), values);  // max selects exactly
        EXPECT_EQ(read_tensor(out[1]), indices);
    }
}

TEST(Pool14, MaxEvaluateF16AndI32) {
    std::mt19937 rng(1402);
    const std::vector<size_t> xs{1, 2, 7, 7};
    const Window w{{2, 2}, {3, 3}, {1, 1}, {1, 1}, {1, 1}, RoundingType::CEIL_TORCH};
    for (auto type : {ov::element::f16, ov::element::i32}) {
        const auto x = as_stored(type, Shape(xs), random_ints(volume(xs), rng, -100, 100));
        auto op = max14(Shape(xs), w, PadType::EXPLICIT, ov::element::i32, 0, type);
        std::vector<double> values, indices;
        naive_max(x, xs, w, values, indices);
        auto out = run(op, xs, x, type);
        EXPECT_EQ(out[0].get_element_type(), type);
        EXPECT_EQ(out[1].get_element_type(), ov::element::i32);
        EXPECT_EQ(read_tensor(out[0]), values);
        EXPECT_EQ(read_tensor(out[1]), indices);
    }
}

TEST(Pool14, AvgEvaluateMatchesNaive) {
    std::mt19937 rng(1403);
    struct Case {
        std::vector<size_t> xs;
        Window w;
        bool exclude;
    };
    const std::vector<Case> cases{
        {{2, 3, 9, 8}, {{3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, RoundingType::CEIL_TORCH}, true},
        {{2, 3, 9, 8}, {{3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, RoundingType::CEIL_TORCH}, false},
        {{1, 2, 10}, {{2}, {3}, {1}, {1}, {1}, RoundingType::CEIL_TORCH}, false},
        // (ceil with kernel 2, stride 3 and paddings 1 would end in a window with no input at all.)
        {{1, 2, 10}, {{3}, {3}, {1}, {1}, {0}, RoundingType::CEIL}, true},
        {{1, 2, 5, 6, 7}, {{2, 3, 2}, {2, 2, 2}, {1, 1, 1}, {1, 1, 1}, {1, 1, 0}, RoundingType::CEIL_TORCH}, true},
    };
    for (const auto& c : cases) {
        const auto x = as_stored(ov::element::f32, Shape(c.xs), random_values(volume(c.xs), rng, -5, 5));
        auto op = avg14(Shape(c.xs), c.w, c.exclude);
        EXPECT_EQ(op->get_output_shape(0), Shape(pooled_shape(c.xs, c.w)));
        auto out = run(op, c.xs, x);
        // Sums of at most 12 values of magnitude <= 5 in float.
        expect_close(read_tensor(out[0]), naive_avg(x, c.xs, c.w, c.exclude), 1e-5, 1e-5);
    }
}

TEST(Pool14, AttributesVisitAndClone) {
    const Window w{{3, 2}, {2, 1}, {1, 2}, {1, 0}, {0, 1}, RoundingType::CEIL_TORCH};
    auto op = max14(Shape{1, 1, 9, 9}, w, PadType::EXPLICIT, ov::element::i32, -1);
    RecordingVisitor visitor;
    op->visit_attributes(visitor);
    EXPECT_EQ(visitor.values().at("rounding_type"), "ceil_torch");
    EXPECT_EQ(visitor.values().at("dilations"), "1,2");
    EXPECT_EQ(visitor.values().at("index_element_type"), "i32");
    EXPECT_EQ(visitor.values().at("axis"), "-1");
    auto fresh = std::make_shared<ov::op::v14::MaxPool>();
    visitor.start_replay();
    fresh->visit_attributes(visitor);
    EXPECT_EQ(fresh->get_rounding_type(), RoundingType::CEIL_TORCH);
    EXPECT_EQ(fresh->get_dilations(), Strides({1, 2}));
    EXPECT_EQ(fresh->get_index_element_type(), ov::element::i32);
    EXPECT_EQ(fresh->get_axis(), -1);

    auto clone = ov::as_type_ptr<ov::op::v14::MaxPool>(op->clone_with_new_inputs({param(ov::element::f32, Shape{1, 1, 9, 9})}));
    ASSERT_TRUE(clone);
    EXPECT_EQ(clone->get_rounding_type(), RoundingType::CEIL_TORCH);
    EXPECT_EQ(clone->get_output_partial_shape(0), op->get_output_partial_shape(0));

    auto avg = avg14(Shape{1, 2, 7, 7}, {{2, 2}, {3, 3}, {1, 1}, {1, 1}, {1, 1}, RoundingType::CEIL_TORCH}, false);
    RecordingVisitor avg_visitor;
    avg->visit_attributes(avg_visitor);
    EXPECT_EQ(avg_visitor.values().at("rounding_type"), "ceil_torch");
    EXPECT_EQ(avg_visitor.values().at("exclude-pad"), "false");
    auto avg_clone = ov::as_type_ptr<ov::op::v14::AvgPool>(avg->clone_with_new_inputs({param(ov::element::f32, Shape{1, 2, 7, 7})}));
    ASSERT_TRUE(avg_clone);
    EXPECT_EQ(avg_clone->get_rounding_type(), RoundingType::CEIL_TORCH);
    EXPECT_FALSE(avg_clone->get_exclude_pad());
}

TEST(Pool14, IrRoundTripKeepsVersionAndCeilTorch) {
    auto data = param(ov::element::f32, Shape{1, 2, 7, 7});
    auto max = std::make_shared<ov::op::v14::MaxPool>(data, Strides{3, 3}, Strides{1, 1}, Shape{1, 1}, Shape{1, 1},
                                                      Shape{2, 2}, RoundingType::CEIL_TORCH);
    std::string xml;
    auto read = devmux_test::expect_op_round_trip(max, {data}, &xml);
    ASSERT_TRUE(read);
    EXPECT_TRUE(ov::is_type<ov::op::v14::MaxPool>(read));
    EXPECT_NE(xml.find("version=\"opset14\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("rounding_type=\"ceil_torch\""), std::string::npos) << xml;

    auto avg_data = param(ov::element::f32, Shape{1, 2, 7, 7});
    auto avg = std::make_shared<ov::op::v14::AvgPool>(avg_data, Strides{3, 3}, Shape{1, 1}, Shape{1, 1}, Shape{2, 2},
                                                      true, RoundingType::CEIL_TORCH);
    auto avg_read = devmux_test::expect_op_round_trip(avg, {avg_data});
    ASSERT_TRUE(avg_read);
    EXPECT_TRUE(ov::is_type<ov::op::v14::AvgPool>(avg_read));
}

TEST(Pool14, Opset14HoldsTheV14PoolsAndOpset13KeepsTheOlderOnes) {
    auto& registry = devmux::OpRegistry::instance();
    EXPECT_TRUE(ov::is_type<ov::op::v14::MaxPool>(registry.create("MaxPool", "opset14")));
    EXPECT_TRUE(ov::is_type<ov::op::v14::AvgPool>(registry.create("AvgPool", "opset14")));
    EXPECT_TRUE(ov::is_type<ov::op::v8::MaxPool>(registry.create("MaxPool", "opset13")));
    EXPECT_TRUE(ov::is_type<ov::op::v1::AvgPool>(registry.create("AvgPool", "opset13")));
    const auto& opset14 = ov::get_opset14();
    EXPECT_TRUE(opset14.contains_type(ov::op::v14::MaxPool::get_type_info_static()));
    EXPECT_TRUE(opset14.contains_type(ov::op::v14::AvgPool::get_type_info_static()));
    EXPECT_FALSE(opset14.contains_type(ov::op::v8::MaxPool::get_type_info_static()));
    EXPECT_TRUE(ov::get_available_opsets().count("opset14"));
}
