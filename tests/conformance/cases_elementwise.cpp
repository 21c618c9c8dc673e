// SPDX-License-Identifier: Apache-2.0
// Conformance cases of the element-wise family: the unary math ops and activations, Power / Mod / FloorMod /
// SquaredDifference, the comparisons, logical and bitwise ops, Select and ConvertLike. A boolean result is
// converted to the case's element type at the end (the harness compares numbers), and boolean inputs are
// made by comparisons of the case's inputs.
#include "case_builders.hpp"
#include "openvino/op/abs.hpp"
#include "openvino/op/acos.hpp"
#include "openvino/op/acosh.hpp"
#include "openvino/op/asin.hpp"
#include "openvino/op/asinh.hpp"
#include "openvino/op/atan.hpp"
#include "openvino/op/atanh.hpp"
#include "openvino/op/bitwise_and.hpp"
#include "openvino/op/bitwise_not.hpp"
#include "openvino/op/bitwise_or.hpp"
#include "openvino/op/bitwise_xor.hpp"
#include "openvino/op/ceiling.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/convert_like.hpp"
#include "openvino/op/cos.hpp"
#include "openvino/op/cosh.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/elu.hpp"
#include "openvino/op/equal.hpp"
#include "openvino/op/erf.hpp"
#include "openvino/op/floor.hpp"
#include "openvino/op/floor_mod.hpp"
#include "openvino/op/gelu.hpp"
#include "openvino/op/greater.hpp"
#include "openvino/op/greater_eq.hpp"
#include "openvino/op/hard_sigmoid.hpp"
#include "openvino/op/hsigmoid.hpp"
#include "openvino/op/hswish.hpp"
#include "openvino/op/is_finite.hpp"
#include "openvino/op/is_inf.hpp"
#include "openvino/op/is_nan.hpp"
#include "openvino/op/less.hpp"
#include "openvino/op/less_eq.hpp"
#include "openvino/op/log.hpp"
#include "openvino/op/logical_and.hpp"
#include "openvino/op/logical_not.hpp"
#include "openvino/op/logical_or.hpp"
#include "openvino/op/logical_xor.hpp"
#include "openvino/op/mish.hpp"
#include "openvino/op/mod.hpp"
#include "openvino/op/negative.hpp"
#include "openvino/op/not_equal.hpp"
#include "openvino/op/power.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/round.hpp"
#include "openvino/op/select.hpp"
#include "openvino/op/selu.hpp"
#include "openvino/op/sign.hpp"
#include "openvino/op/sin.hpp"
#include "openvino/op/sinh.hpp"
#include "openvino/op/softplus.hpp"
#include "openvino/op/softsign.hpp"
#include "openvino/op/squared_difference.hpp"
#include "openvino/op/swish.hpp"
#include "openvino/op/tan.hpp"
#include "openvino/op/xor.hpp"

namespace {

using namespace conformance;
using namespace conformance::case_builders;
namespace v4 = ov::op::v4;
namespace v5 = ov::op::v5;
namespace v9 = ov::op::v9;
namespace v10 = ov::op::v10;
namespace v13 = ov::op::v13;

std::shared_ptr<v0::Constant> scalar(const Type& t, double value) {
    return v0::Constant::create(t, ov::Shape{}, std::vector<double>{value});
}

// A boolean result as numbers of the case's type.
ov::Output<ov::Node> as_numbers(const ov::Output<ov::Node>& boolean, const Type& t) {
    return std::make_shared<v0::Convert>(boolean, t);
}

const std::vector<std::tuple<std::string, ov::Shape, ov::Shape>> binary_shapes{
    {"2x3x4", {2, 3, 4}, {2, 3, 4}}, {"2x3x4_by_3x1", {2, 3, 4}, {3, 1}}, {"2x1x4_by_1x3x1", {2, 1, 4}, {1, 3, 1}}};

// A comparison of the inputs' floors, so that ties (Equal, GreaterEqual, LessEqual) are frequent; the floors
// are exact in every type, so every device compares the same values.
template <typename Op>
OpCase comparison(const std::string& type_name, const std::string& shape_name, const ov::Shape& a,
                  const ov::Shape& b) {
    return {type_name + "_" + shape_name, type_name, numbers, [a, b](const Type& t) {
                auto x = par(t, a), y = par(t, b);
                auto fx = std::make_shared<v0::Floor>(x), fy = std::make_shared<v0::Floor>(y);
                return model_of({as_numbers(std::make_shared<Op>(fx, fy), t)}, {x, y});
            }};
}

// A logical op on two comparisons with zero.
template <typename Op>
OpCase logical(const std::string& type_name, const std::string& shape_name, const ov::Shape& a, const ov::Shape& b) {
    return {type_name + "_" + shape_name, type_name, numbers, [a, b](const Type& t) {
                auto x = par(t, a), y = par(t, b);
                auto px = std::make_shared<v1::Greater>(x, scalar(t, 0));
                auto py = std::make_shared<v1::Greater>(y, scalar(t, 0));
                return model_of({as_numbers(std::make_shared<Op>(px, py), t)}, {x, y});
            }};
}

template <typename Op>
OpCase bitwise(const std::string& type_name, const std::string& shape_name, const ov::Shape& a, const ov::Shape& b) {
    return {type_name + "_" + shape_name, type_name, {i32, ov::element::u8}, [a, b](const Type& t) {
                auto x = par(t, a), y = par(t, b);
                return model_of(std::make_shared<Op>(x, y), {x, y});
            },
            {{0, 120}, {0, 120}}};
}

template <typename Op>
OpCase unary_named(const std::string& name, const std::string& type_name, std::vector<Type> types, Range range,
                   std::function<std::shared_ptr<ov::Node>(const ov::Output<ov::Node>&)> make) {
    return {name, type_name, std::move(types),
            [make](const Type& t) {
                auto x = par(t, {2, 3, 4});
                return model_of(make(x), {x});
            },
            {range}};
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    auto add = [&](OpCase c) { cases.push_back(std::move(c)); };

    // ---- One-input math: each over the range where it is defined and well conditioned.
    add(unary<v0::Abs>("Abs", numbers));
    add(unary<v0::Acos>("Acos", reals, {-0.95, 0.95}));
    add(unary<v3::Acosh>("Acosh", reals, {1.05, 6}));
    add(unary<v0::Asin>("Asin", reals, {-0.95, 0.95}));
    add(unary<v3::Asinh>("Asinh", reals));
    add(unary<v0::Atan>("Atan", reals));
    add(unary<v3::Atanh>("Atanh", reals, {-0.9, 0.9}));
    add(unary<v0::Ceiling>("Ceiling", numbers));
    add(unary<v0::Cos>("Cos", reals));
    add(unary<v0::Cosh>("Cosh", reals));
    add(unary<v0::Erf>("Erf", reals));
    add(unary<v0::Floor>("Floor", numbers));
    add(unary<v0::Log>("Log", reals, {0.1, 10}));
    add(unary<v0::Negative>("Negative", numbers));
    add(unary<v0::Sign>("Sign", numbers));
    add(unary<v0::Sin>("Sin", reals));
    add(unary<v0::Sinh>("Sinh", reals));
    add(unary<v0::Tan>("Tan", reals, {-1.3, 1.3}));
    add(unary<v5::HSigmoid>("HSigmoid", reals, {-5, 5}));
    add(unary<v4::HSwish>("HSwish", reals, {-5, 5}));
    add(unary<v4::Mish>("Mish", reals, {-5, 5}));
    add(unary<v4::SoftPlus>("SoftPlus", reals, {-5, 5}));
    add(unary<v9::SoftSign>("SoftSign", reals, {-5, 5}));
    add(unary_named<v0::Gelu>("Gelu0", "Gelu", reals, {-3, 3},
                              [](const ov::Output<ov::Node>& x) { return std::make_shared<v0::Gelu>(x); }));
    for (const auto& [mode_name, mode] : std::vector<std::pair<std::string, ov::op::GeluApproximationMode>>{
             {"erf", ov::op::GeluApproximationMode::ERF}, {"tanh", ov::op::GeluApproximationMode::TANH}}) {
        add(unary_named<v7::Gelu>("Gelu7_" + mode_name, "Gelu", reals, {-3, 3},
                                  [mode = mode](const ov::Output<ov::Node>& x) {
                                      return std::make_shared<v7::Gelu>(x, mode);
                                  }));
    }
    for (const auto& [mode_name, mode] : std::vector<std::pair<std::string, v5::Round::RoundMode>>{
             {"half_to_even", v5::Round::RoundMode::HALF_TO_EVEN},
             {"half_away_from_zero", v5::Round::RoundMode::HALF_AWAY_FROM_ZERO}}) {
        add(unary_named<v5::Round>("Round_" + mode_name, "Round", numbers, {-4, 4},
                                   [mode = mode](const ov::Output<ov::Node>& x) {
                                       return std::make_shared<v5::Round>(x, mode);
                                   }));
    }
    for (const auto& [alpha_name, alpha] : std::vector<std::pair<std::string, double>>{{"0_5", 0.5}, {"1", 1.0}}) {
        add(unary_named<v0::Elu>("Elu_alpha_" + alpha_name, "Elu", reals, {-3, 3},
                                 [alpha = alpha](const ov::Output<ov::Node>& x) {
                                     return std::make_shared<v0::Elu>(x, alpha);
                                 }));
    }

    // ---- Activations with parameter inputs (Constants of the case's type).
    add({"Swish_no_beta", "Swish", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v4::Swish>(x), {x});
         }});
    add({"Swish_beta_0_75", "Swish", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v4::Swish>(x, scalar(t, 0.75)), {x});
         }});
    add({"Selu_standard", "Selu", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             auto alpha = v0::Constant::create(t, ov::Shape{1}, std::vector<double>{1.6732632423543772});
             auto lambda = v0::Constant::create(t, ov::Shape{1}, std::vector<double>{1.0507009873554805});
             return model_of(std::make_shared<v0::Selu>(x, alpha, lambda), {x});
         }});
    add({"HardSigmoid_0_2_0_5", "HardSigmoid", reals,
         [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v0::HardSigmoid>(x, scalar(t, 0.2), scalar(t, 0.5)), {x});
         },
         {{-5, 5}}});

    // ---- Tests of real values: x / relu(y) is infinite where y <= 0, log(x) is NaN where x < 0.
    add({"IsInf_both", "IsInf", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4}), y = par(t, {2, 3, 4});
             auto v = std::make_shared<v1::Divide>(x, std::make_shared<v0::Relu>(y));
             return model_of({as_numbers(std::make_shared<v10::IsInf>(v), t)}, {x, y});
         }});
    add({"IsInf_positive_only", "IsInf", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4}), y = par(t, {2, 3, 4});
             auto v = std::make_shared<v1::Divide>(x, std::make_shared<v0::Relu>(y));
             auto test = std::make_shared<v10::IsInf>(v, v10::IsInf::Attributes(false, true));
             return model_of({as_numbers(test, t)}, {x, y});
         }});
    add({"IsFinite", "IsFinite", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4}), y = par(t, {2, 3, 4});
             auto v = std::make_shared<v1::Divide>(x, std::make_shared<v0::Relu>(y));
             return model_of({as_numbers(std::make_shared<v10::IsFinite>(v), t)}, {x, y});
         }});
    add({"IsNaN", "IsNaN", reals, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of({as_numbers(std::make_shared<v10::IsNaN>(std::make_shared<v0::Log>(x)), t)}, {x});
         }});
    add({"LogicalNot", "LogicalNot", numbers, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             auto positive = std::make_shared<v1::Greater>(x, scalar(t, 0));
             return model_of({as_numbers(std::make_shared<v1::LogicalNot>(positive), t)}, {x});
         }});
    add({"BitwiseNot", "BitwiseNot", {i32, ov::element::u8}, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             return model_of(std::make_shared<v13::BitwiseNot>(x), {x});
         },
         {{0, 120}}});
    add({"BitwiseNot_boolean", "BitwiseNot", numbers, [](const Type& t) {
             auto x = par(t, {2, 3, 4});
             auto positive = std::make_shared<v1::Greater>(x, scalar(t, 0));
             return model_of({as_numbers(std::make_shared<v13::BitwiseNot>(positive), t)}, {x});
         }});

    // ---- Binary ops under numpy broadcasting.
    const Range dividend{-9, 9}, positive_divisor{0.5, 3}, negative_divisor{-3, -0.5};
    for (const auto& [shape_name, a, b] : binary_shapes) {
        add(binary<v1::Power>("Power", shape_name, a, b, {{0.1, 3}, {-2, 2}}));
        add(binary<v1::Mod>("Mod", shape_name, a, b, {dividend, positive_divisor}));
        add(binary<v1::FloorMod>("FloorMod", shape_name, a, b, {dividend, positive_divisor}));
        add(binary<v0::SquaredDifference>("SquaredDifference", shape_name, a, b));
        add(comparison<v1::Equal>("Equal", shape_name, a, b));
        add(comparison<v1::NotEqual>("NotEqual", shape_name, a, b));
        add(comparison<v1::Greater>("Greater", shape_name, a, b));
        add(comparison<v1::GreaterEqual>("GreaterEqual", shape_name, a, b));
        add(comparison<v1::Less>("Less", shape_name, a, b));
        add(comparison<v1::LessEqual>("LessEqual", shape_name, a, b));
        add(logical<v1::LogicalAnd>("LogicalAnd", shape_name, a, b));
        add(logical<v1::LogicalOr>("LogicalOr", shape_name, a, b));
        add(logical<v1::LogicalXor>("LogicalXor", shape_name, a, b));
        add(bitwise<v13::BitwiseAnd>("BitwiseAnd", shape_name, a, b));
        add(bitwise<v13::BitwiseOr>("BitwiseOr", shape_name, a, b));
        add(bitwise<v13::BitwiseXor>("BitwiseXor", shape_name, a, b));
    }
    add(binary<v1::Mod>("Mod", "negative_divisor", {2, 3, 4}, {4}, {dividend, negative_divisor}));
    add(binary<v1::FloorMod>("FloorMod", "negative_divisor", {2, 3, 4}, {4}, {dividend, negative_divisor}));
    add(logical<v0::Xor>("Xor", "2x3x4_by_3x1", {2, 3, 4}, {3, 1}));
    // PDPD broadcasting aligns the second input at an axis (here 0: [2,3] against dims 0 and 1 of [2,3,4]),
    // where numpy would refuse the shapes: a device must run it by that rule or refuse it.
    for (const auto& [name, op] : std::vector<std::pair<std::string, int>>{{"Power", 0}, {"SquaredDifference", 1}}) {
        add({name + "_pdpd_axis0_2x3x4_by_2x3", name, reals, [name = name, op = op](const Type& t) {
                 auto a = par(t, {2, 3, 4}), b = par(t, {2, 3});
                 const ov::op::AutoBroadcastSpec pdpd(ov::op::AutoBroadcastType::PDPD, 0);
                 std::shared_ptr<ov::Node> node;
                 if (op == 0)
                     node = std::make_shared<v1::Power>(a, b, pdpd);
                 else
                     node = std::make_shared<v0::SquaredDifference>(a, b, pdpd);
                 return model_of(node, {a, b});
             },
             {{0.5, 2}, {-2, 2}}});
    }

    // ---- Select: the condition from a comparison, all three inputs broadcast.
    add({"Select_2x1x4_3x1_4", "Select", numbers, [](const Type& t) {
             auto c = par(t, {2, 1, 4}), x = par(t, {3, 1}), y = par(t, {4});
             auto condition = std::make_shared<v1::Greater>(c, scalar(t, 0));
             return model_of(std::make_shared<v1::Select>(condition, x, y), {c, x, y});
         }});
    add({"Select_same_shapes", "Select", numbers, [](const Type& t) {
             auto c = par(t, {2, 3, 4}), x = par(t, {2, 3, 4}), y = par(t, {2, 3, 4});
             auto condition = std::make_shared<v1::Less>(c, scalar(t, 0));
             return model_of(std::make_shared<v1::Select>(condition, x, y), {c, x, y});
         }});

    // ---- ConvertLike: the destination is the element type of a Constant.
    for (const auto& [name, destination] : std::vector<std::pair<std::string, Type>>{
             {"like_f32", f32}, {"like_f16", f16}, {"like_i32", i32}}) {
        add({"ConvertLike_" + name, "ConvertLike", numbers,
             [destination = destination](const Type& t) {
                 auto x = par(t, {2, 3, 4});
                 auto like = v0::Constant::create(destination, ov::Shape{1}, std::vector<double>{0});
                 return model_of(std::make_shared<v1::ConvertLike>(x, like), {x});
             },
             {{-50, 50}}});
    }
}
