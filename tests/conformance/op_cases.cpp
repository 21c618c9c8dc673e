// SPDX-License-Identifier: Apache-2.0
#include "op_cases.hpp"

#include <map>

#include "case_builders.hpp"
#include "conformance.hpp"
#include "openvino/op/ops.hpp"

namespace conformance {
namespace {

using namespace case_builders;

OpCase convolution(const std::string& name, const ov::Shape& in, const ov::Shape& filter, ov::Strides strides,
                   ov::CoordinateDiff pads_begin, ov::CoordinateDiff pads_end, ov::Strides dilations,
                   ov::op::PadType pad = ov::op::PadType::EXPLICIT) {
    return {"Convolution_" + name, "Convolution", reals, [=](const Type& t) {
                auto x = par(t, in);
                auto op = std::make_shared<v1::Convolution>(x, weights(t, filter, 11), strides, pads_begin, pads_end,
                                                            dilations, pad);
                return model_of(op, {x});
            }};
}

OpCase group_convolution(const std::string& name, const ov::Shape& in, const ov::Shape& filter, ov::Strides strides,
                         ov::CoordinateDiff pads, ov::Strides dilations) {
    return {"GroupConvolution_" + name, "GroupConvolution", reals, [=](const Type& t) {
                auto x = par(t, in);
                auto op = std::make_shared<v1::GroupConvolution>(x, weights(t, filter, 12), strides, pads, pads,
                                                                 dilations);
                return model_of(op, {x});
            }};
}

OpCase max_pool(const std::string& name, const ov::Shape& in, ov::Strides strides, ov::Shape pads_begin,
                ov::Shape pads_end, ov::Shape kernel, ov::op::RoundingType rounding = ov::op::RoundingType::FLOOR,
                ov::op::PadType pad = ov::op::PadType::EXPLICIT) {
    return {"MaxPool_" + name, "MaxPool", numbers, [=](const Type& t) {
                auto x = par(t, in);
                return model_of(std::make_shared<v1::MaxPool>(x, strides, pads_begin, pads_end, kernel, rounding, pad),
                                {x});
            }};
}

OpCase avg_pool(const std::string& name, const ov::Shape& in, ov::Strides strides, ov::Shape pads, ov::Shape kernel,
                bool exclude_pad, ov::op::RoundingType rounding = ov::op::RoundingType::FLOOR) {
    return {"AvgPool_" + name, "AvgPool", reals, [=](const Type& t) {
                auto x = par(t, in);
                return model_of(
                    std::make_shared<v1::AvgPool>(x, strides, pads, pads, kernel, exclude_pad, rounding), {x});
            }};
}

template <typename Op>
OpCase reduce(const std::string& type_name, const std::string& name, std::vector<int64_t> axes, bool keep_dims,
              std::vector<Type> types, Range range = {-2, 2}) {
    return {type_name + "_" + name, type_name, std::move(types),
            [=](const Type& t) {
                auto x = par(t, {2, 3, 4});
                return model_of(std::make_shared<Op>(x, i64s(axes), keep_dims), {x});
            },
            {range}};
}

OpCase matmul(const std::string& name, const ov::Shape& a, const ov::Shape& b, bool ta, bool tb, bool b_constant) {
    return {"MatMul_" + name, "MatMul", reals, [=](const Type& t) {
                auto x = par(t, a);
                if (b_constant)
                    return model_of(std::make_shared<v0::MatMul>(x, weights(t, b, 13), ta, tb), {x});
                auto y = par(t, b);
                return model_of(std::make_shared<v0::MatMul>(x, y, ta, tb), {x, y});
            }};
}

std::vector<OpCase> build_cases() {
    std::vector<OpCase> cases;
    auto add = [&](OpCase c) { cases.push_back(std::move(c)); };

    // Element-wise binary ops: equal shapes, one side broadcast, both sides broadcast (numpy rules).
    const Range nonzero{0.5, 3};
    for (const auto& [shape_name, a, b] :
         std::vector<std::tuple<std::string, ov::Shape, ov::Shape>>{{"2x3x4", {2, 3, 4}, {2, 3, 4}},
                                                                     {"2x3x4_by_3x1", {2, 3, 4}, {3, 1}},
                                                                     {"2x1x4_by_1x3x1", {2, 1, 4}, {1, 3, 1}}}) {
        add(binary<v1::Add>("Add", shape_name, a, b));
        add(binary<v1::Subtract>("Subtract", shape_name, a, b));
        add(binary<v1::Multiply>("Multiply", shape_name, a, b));
        add(binary<v1::Divide>("Divide", shape_name, a, b, {{-9, 9}, nonzero}));
        add(binary<v1::Maximum>("Maximum", shape_name, a, b));
        add(binary<v1::Minimum>("Minimum", shape_name, a, b));
    }

    add(unary<v0::Relu>("Relu", numbers));
    add(unary<v0::Sigmoid>("Sigmoid", reals));
    add(unary<v0::Tanh>("Tanh", reals));
    add(unary<v0::Exp>("Exp", reals));
    add(unary<v0::Sqrt>("Sqrt", reals, {0.1, 4}));
    add({"Clamp_m0_5_to_0_75", "Clamp", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v0::Clamp>(x, -0.5, 0.75), {x});
         }});
    add({"PRelu_slope_per_channel", "PRelu", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4, 4});
             return model_of(std::make_shared<v0::PRelu>(x, weights(t, {3}, 14, 0.05, 0.5)), {x});
         }});
    add({"PRelu_slope_scalar", "PRelu", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v0::PRelu>(x, weights(t, {1}, 15, 0.05, 0.5)), {x});
         }});

    add({"Softmax1_axis1", "Softmax", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 5});
             return model_of(std::make_shared<v1::Softmax>(x, 1), {x});
         }});
    add({"Softmax8_axis_m1", "Softmax", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 5});
             return model_of(std::make_shared<v8::Softmax>(x, -1), {x});
         }});

    for (const auto& [name, destination] : std::vector<std::pair<std::string, Type>>{
             {"to_f32", f32}, {"to_f16", f16}, {"to_i32", i32}, {"to_u8", ov::element::u8}}) {
        add({"Convert_" + name, "Convert", numbers,
             [destination = destination](const Type& t) {
                 auto x = par(t, {2, 3, 4});
                 return model_of(std::make_shared<v0::Convert>(x, destination), {x});
             },
             {{0, 200}}});
    }

    add({"FakeQuantize_256_scalar_ranges", "FakeQuantize", reals, [](const Type& t) {
             auto x = par(t, {1, 3, 4, 4});
             auto c = [&](float v) { return v0::Constant::create(t, ov::Shape{}, {v}); };
             return model_of(std::make_shared<v0::FakeQuantize>(x, c(-1.5f), c(1.25f), c(-1.f), c(1.f), 256), {x});
         }});
    add({"FakeQuantize_16_per_channel", "FakeQuantize", reals, [](const Type& t) {
             auto x = par(t, {1, 3, 4, 4});
             auto low = v0::Constant::create(t, ov::Shape{1, 3, 1, 1}, {-1.f, -0.5f, -2.f});
             auto high = v0::Constant::create(t, ov::Shape{1, 3, 1, 1}, {1.f, 0.75f, 2.f});
             return model_of(std::make_shared<v0::FakeQuantize>(x, low, high, low, high, 16), {x});
         }});

    add(matmul("2x3_by_3x4_const", {2, 3}, {3, 4}, false, false, true));
    add(matmul("2x3_by_4x3_transpose_b_const", {2, 3}, {4, 3}, false, true, true));
    add(matmul("3x2_by_3x4_transpose_a", {3, 2}, {3, 4}, true, false, false));
    add(matmul("batch2x2x3_by_3x4_broadcast", {2, 2, 3}, {3, 4}, false, false, false));
    add(matmul("vector3_by_3x4", {3}, {3, 4}, false, false, true));

    const ov::CoordinateDiff p0{0, 0}, p1{1, 1};
    const ov::Strides s1{1, 1}, s2{2, 2}, d2{2, 2};
    add(convolution("k3_s1_p0", {1, 3, 7, 7}, {4, 3, 3, 3}, s1, p0, p0, s1));
    add(convolution("k3_s2_p1", {1, 3, 7, 7}, {4, 3, 3, 3}, s2, p1, p1, s1));
    add(convolution("k3_d2_p2", {1, 3, 7, 7}, {4, 3, 3, 3}, s1, {2, 2}, {2, 2}, d2));
    add(convolution("k3_asymmetric_pads_0_1", {1, 3, 6, 6}, {2, 3, 3, 3}, s1, p0, {1, 1}, s1));
    add(convolution("k3_s2_same_upper", {1, 3, 7, 7}, {4, 3, 3, 3}, s2, p0, p0, s1, ov::op::PadType::SAME_UPPER));
    add(convolution("k3_same_lower", {1, 2, 6, 6}, {3, 2, 2, 2}, s1, p0, p0, s1, ov::op::PadType::SAME_LOWER));
    add(convolution("k3_valid_batch2", {2, 3, 6, 6}, {4, 3, 3, 3}, s1, p1, p1, s1, ov::op::PadType::VALID));
    add(convolution("k1x1", {1, 8, 4, 4}, {5, 8, 1, 1}, s1, p0, p0, s1));
    add(convolution("1d_k3_s2", {1, 2, 9}, {3, 2, 3}, {2}, {1}, {1}, {1}));
    add(group_convolution("g2_k3", {1, 4, 6, 6}, {2, 3, 2, 3, 3}, s1, p1, s1));
    add(group_convolution("depthwise_k3_s2_p1", {1, 4, 7, 7}, {4, 1, 1, 3, 3}, s2, p1, s1));
    add(group_convolution("depthwise_k3_d2", {1, 3, 7, 7}, {3, 1, 1, 3, 3}, s1, {2, 2}, d2));

    add(max_pool("k2_s2", {1, 2, 6, 6}, s2, {0, 0}, {0, 0}, {2, 2}));
    add(max_pool("k3_s1_p1", {1, 2, 5, 5}, s1, {1, 1}, {1, 1}, {3, 3}));
    add(max_pool("k3_s2_ceil", {1, 2, 6, 6}, s2, {0, 0}, {0, 0}, {3, 3}, ov::op::RoundingType::CEIL));
    add(max_pool("k3_s2_same_upper", {1, 2, 6, 6}, s2, {0, 0}, {0, 0}, {3, 3}, ov::op::RoundingType::FLOOR,
                 ov::op::PadType::SAME_UPPER));
    add({"MaxPool8_k2_d2_indices", "MaxPool", reals, [](const Type& t) {
             auto x = par(t, {1, 2, 6, 6});
             auto op = std::make_shared<v8::MaxPool>(x, ov::Strides{1, 1}, ov::Strides{2, 2}, ov::Shape{0, 0},
                                                     ov::Shape{0, 0}, ov::Shape{2, 2}, ov::op::RoundingType::FLOOR,
                                                     ov::op::PadType::EXPLICIT, ov::element::i32, 2);
             return model_of(op, {x});
         }});
    add(avg_pool("k2_s2", {1, 2, 6, 6}, s2, {0, 0}, {2, 2}, true));
    add(avg_pool("k3_s1_p1_exclude_pad", {1, 2, 5, 5}, s1, {1, 1}, {3, 3}, true));
    add(avg_pool("k3_s1_p1_include_pad", {1, 2, 5, 5}, s1, {1, 1}, {3, 3}, false));
    add(avg_pool("k3_s2_ceil", {1, 2, 6, 6}, s2, {0, 0}, {3, 3}, true, ov::op::RoundingType::CEIL));

    for (const auto& [name, axes, keep] : std::vector<std::tuple<std::string, std::vector<int64_t>, bool>>{
             {"axis1_keep", {1}, true}, {"axes0_2", {0, 2}, false}, {"axis_m1", {-1}, false}}) {
        add(reduce<v1::ReduceSum>("ReduceSum", name, axes, keep, numbers));
        add(reduce<v1::ReduceMean>("ReduceMean", name, axes, keep, reals));
        add(reduce<v1::ReduceMax>("ReduceMax", name, axes, keep, numbers));
        add(reduce<v1::ReduceProd>("ReduceProd", name, axes, keep, numbers, {0.5, 1.5}));
    }

    add({"Concat_3_inputs_axis1", "Concat", numbers, [](const Type& t) {
             auto a = par(t, {2, 1, 3}), b = par(t, {2, 2, 3}), c = par(t, {2, 3, 3});
             return model_of(std::make_shared<v0::Concat>(ov::OutputVector{a, b, c}, 1), {a, b, c});
         }});
    add({"Concat_axis_m1_with_constant", "Concat", numbers, [](const Type& t) {
             auto a = par(t, {2, 3});
             return model_of(std::make_shared<v0::Concat>(ov::OutputVector{a, weights(t, {2, 2}, 16, -5, 5)}, -1),
                             {a});
         }});
    add({"Split_axis1_into_3", "Split", numbers, [](const Type& t) {
             auto x = par(t, {2, 6, 2});
             return model_of(std::make_shared<v1::Split>(x, i64s({1})->output(0), 3), {x});
         }});
    add({"Split_axis_m1_into_2", "Split", numbers, [](const Type& t) {
             auto x = par(t, {3, 4});
             return model_of(std::make_shared<v1::Split>(x, v0::Constant::create(ov::element::i32, {}, {-1}), 2),
                             {x});
         }});
    add({"Transpose_2_0_1", "Transpose", numbers, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v1::Transpose>(x, i64s({2, 0, 1})), {x});
         }});
    add({"Transpose_nchw_to_nhwc", "Transpose", numbers, [](const Type& t) {
             auto x = par(t, {1, 3, 2, 4});
             return model_of(std::make_shared<v1::Transpose>(x, i64s({0, 2, 3, 1})), {x});
         }});
    add({"Reshape_minus_one", "Reshape", numbers, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v1::Reshape>(x, i64s({4, -1}), false), {x});
         }});
    add({"Reshape_special_zero", "Reshape", numbers, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v1::Reshape>(x, i64s({0, 12}), true), {x});
         }});
    add({"Squeeze_axes_0_2", "Squeeze", numbers, [](const Type& t) {
             auto x = par(t, {1, 3, 1, 4});
             return model_of(std::make_shared<v0::Squeeze>(x, i64s({0, 2})), {x});
         }});
    add({"Squeeze_all_unit_axes", "Squeeze", numbers, [](const Type& t) {
             auto x = par(t, {1, 3, 1, 4});
             return model_of(std::make_shared<v0::Squeeze>(x), {x});
         }});
    add({"Unsqueeze_axes_0_3", "Unsqueeze", numbers, [](const Type& t) {
             auto x = par(t, {3, 4});
             return model_of(std::make_shared<v0::Unsqueeze>(x, i64s({0, 3})), {x});
         }});
    add({"Gather1_axis0", "Gather", numbers, [](const Type& t) {
             auto x = par(t, {4, 3});
             auto indices = v0::Constant::create(ov::element::i32, {2, 2}, {3, 0, 1, 3});
             return model_of(std::make_shared<v1::Gather>(x, indices, i64s({0})), {x});
         }});
    add({"Gather7_axis1_batch_dims1", "Gather", numbers, [](const Type& t) {
             auto x = par(t, {2, 5, 3});
             auto indices = v0::Constant::create(ov::element::i32, {2, 2}, {4, 0, 1, 1});
             return model_of(std::make_shared<v7::Gather>(x, indices, i64s({1}), 1), {x});
         }});
    add({"Gather8_negative_indices_axis_m1", "Gather", numbers, [](const Type& t) {
             auto x = par(t, {2, 5});
             auto indices = v0::Constant::create(ov::element::i64, {3}, {-1, 0, -3});
             return model_of(std::make_shared<v8::Gather>(x, indices, i64s({-1})), {x});
         }});
    add({"StridedSlice_steps_2_and_m1", "StridedSlice", numbers, [](const Type& t) {
             auto x = par(t, {4, 5, 3});
             auto op = std::make_shared<v1::StridedSlice>(x, i64s({0, 4, 0}), i64s({4, 0, 3}), i64s({2, -1, 1}),
                                                          std::vector<int64_t>{0, 0, 0},
                                                          std::vector<int64_t>{0, 0, 0});
             return model_of(op, {x});
         }});
    add({"StridedSlice_masks_new_and_shrink_axis", "StridedSlice", numbers, [](const Type& t) {
             auto x = par(t, {3, 4, 5});
             auto op = std::make_shared<v1::StridedSlice>(
                 x, i64s({1, 0, 0, 1}), i64s({2, 0, 0, 4}), i64s({1, 1, 1, 1}), std::vector<int64_t>{0, 1, 1, 0},
                 std::vector<int64_t>{0, 1, 1, 0}, std::vector<int64_t>{0, 0, 1, 0}, std::vector<int64_t>{1, 0, 0, 0});
             return model_of(op, {x});
         }});
    // ShapeOf of a parameter is a constant once shapes are static; multiplying by the input keeps the op
    // in a data path (the shape's values times the flattened input).
    for (const auto& [version, out_type] : std::vector<std::pair<std::string, Type>>{{"0", ov::element::i64},
                                                                                      {"3_i32", i32}}) {
        add({"ShapeOf" + version, "ShapeOf", numbers,
             [version = version, out_type = out_type](const Type& t) {
                 auto x = par(t, {2, 3, 4});
                 std::shared_ptr<ov::Node> shape = version == "0" ? std::shared_ptr<ov::Node>(
                                                                        std::make_shared<v0::ShapeOf>(x))
                                                                  : std::make_shared<v3::ShapeOf>(x, out_type);
                 return model_of({shape->output(0), std::make_shared<v0::Relu>(x)->output(0)}, {x});
             }});
    }
    add({"ReadValue_Assign_first_inference", "ReadValue", numbers, [](const Type& t) {
             auto variable = std::make_shared<ov::op::util::Variable>(
                 ov::op::util::VariableInfo{ov::PartialShape{2, 3}, t, "conformance_state"});
             auto read = std::make_shared<v6::ReadValue>(weights(t, {2, 3}, 17, -5, 5), variable);
             auto x = par(t, {2, 3});
             auto sum = std::make_shared<v1::Add>(read, x);
             auto assign = std::make_shared<v6::Assign>(sum, variable);
             return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<v0::Result>(sum)},
                                                ov::SinkVector{assign}, ov::ParameterVector{x},
                                                ov::op::util::VariableVector{variable}, "conformance_state");
         }});
    add({"ReadValue3_Assign3_first_inference", "ReadValue", numbers, [](const Type& t) {
             auto read = std::make_shared<v3::ReadValue>(weights(t, {2, 3}, 18, -5, 5), "conformance_state3");
             auto x = par(t, {2, 3});
             auto sum = std::make_shared<v1::Multiply>(read, x);
             auto assign = std::make_shared<ov::op::v3::Assign>(sum, "conformance_state3");
             return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<v0::Result>(sum)},
                                                ov::SinkVector{assign}, ov::ParameterVector{x}, "conformance_state3");
         }});
    for (const auto& family : registered_families())
        family(cases);
    return cases;
}

}  // namespace

std::vector<std::function<void(std::vector<OpCase>&)>>& registered_families() {
    static std::vector<std::function<void(std::vector<OpCase>&)>> families;
    return families;
}

const std::vector<OpCase>& op_cases() {
    static const std::vector<OpCase> cases = build_cases();
    return cases;
}

double tolerance(const OpCase& c, const ov::element::Type& type) {
    const std::string& op = c.op;
    if (type.is_integral())
        return 0.0;  // integer results are exact
    // Ops that accumulate many products or terms: summation order may differ from the reference.
    static const std::map<std::string, double> accumulating = {
        {"Convolution", 1}, {"GroupConvolution", 1}, {"MatMul", 1}, {"ReduceSum", 1}, {"ReduceMean", 1},
        {"ReduceProd", 1},  {"AvgPool", 1},          {"Softmax", 1}};
    const bool accumulates = c.accumulates || accumulating.count(op) > 0;
    if (op == "FakeQuantize")
        return 5e-3;  // an input within rounding error of a level boundary may land one level (1/255) away
    if (type == ov::element::f16)
        return accumulates ? 5e-3 : 1e-3;  // f16 has 11 significant bits: one rounding is ~5e-4 relative
    return accumulates ? 1e-5 : 2e-6;
}

}  // namespace conformance
