// SPDX-License-Identifier: Apache-2.0
// Swish, Selu, HardSigmoid (parameters as inputs) and the one-input tests and negations: IsFinite, IsInf,
// IsNaN, LogicalNot, BitwiseNot.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "activation_test_util.hpp"
#include "openvino/op/bitwise_not.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/hard_sigmoid.hpp"
#include "openvino/op/is_finite.hpp"
#include "openvino/op/is_inf.hpp"
#include "openvino/op/is_nan.hpp"
#include "openvino/op/logical_not.hpp"
#include "openvino/op/selu.hpp"
#include "openvino/op/swish.hpp"

using namespace ov;
using acttest::eval;
using acttest::expect_error;
using acttest::param;

namespace {

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// Tolerances: f32 a few ulp of the libm results; f16 one rounding of the result (2^-11 relative).
double rel_tolerance(element::Type type) { return type == element::f16 ? 2e-3 : 2e-6; }

void expect_close(const std::vector<double>& got, const std::vector<double>& want, element::Type type,
                  const std::vector<double>& xs) {
    ASSERT_EQ(got.size(), want.size());
    const double tol = rel_tolerance(type);
    for (size_t i = 0; i < got.size(); ++i)
        ASSERT_NEAR(got[i], want[i], tol * std::fabs(want[i]) + tol) << "x = " << xs[i];
}

TEST(Swish, WithoutBetaIsXTimesSigmoidX) {
    for (auto type : {element::f32, element::f16}) {
        SCOPED_TRACE(type.get_type_name());
        const Tensor x = acttest::random_reals(type, {4, 6}, 11, -6, 6);
        auto swish = std::make_shared<op::v4::Swish>(param(type, {4, 6}));
        EXPECT_EQ(swish->get_output_element_type(0), type);
        const auto xs = acttest::as_doubles(x);
        std::vector<double> want;
        for (double v : xs)
            want.push_back(v / (1 + std::exp(-v)));
        expect_close(acttest::as_doubles(eval(swish, {x})), want, type, xs);
    }
}

TEST(Swish, BetaInputScalesTheSigmoidArgument) {
    for (auto type : {element::f32, element::f16}) {
        for (double beta : {0.5, 1.0, 2.75}) {
            SCOPED_TRACE(std::string(type.get_type_name()) + " beta " + std::to_string(beta));
            const Tensor x = acttest::random_reals(type, {2, 3, 4}, 12, -5, 5);
            const Tensor b = acttest::tensor_of(type, {}, {beta});
            auto swish = std::make_shared<op::v4::Swish>(param(type, {2, 3, 4}), param(type, {}));
            const auto xs = acttest::as_doubles(x);
            const double stored_beta = acttest::as_doubles(b)[0];
            std::vector<double> want;
            for (double v : xs)
                want.push_back(v / (1 + std::exp(-stored_beta * v)));
            expect_close(acttest::as_doubles(eval(swish, {x, b})), want, type, xs);
        }
    }
}

TEST(Swish, BadBetaIsRejectedNamingTheOp) {
    auto x = param(element::f32, {2, 3});
    auto swish = std::make_shared<op::v4::Swish>(x);
    swish->set_friendly_name("sw");
    expect_error([&] { swish->clone_with_new_inputs({x, param(element::f32, {2})}); }, {"Swish", "beta", "scalar"});
    expect_error([&] { std::make_shared<op::v4::Swish>(x, param(element::f16, {})); }, {"Swish", "beta", "f16"});
    expect_error([&] { std::make_shared<op::v4::Swish>(param(element::i32, {2})); }, {"Swish", "real"});
    // A one-element 1D beta is accepted, and a dynamic shape keeps its dimensions.
    auto ok = std::make_shared<op::v4::Swish>(param(element::f32, {-1, 3}), param(element::f32, {1}));
    EXPECT_EQ(ok->get_output_partial_shape(0), (PartialShape{-1, 3}));
}

TEST(Selu, MatchesTheDefinition) {
    for (auto type : {element::f32, element::f16}) {
        SCOPED_TRACE(type.get_type_name());
        const double alpha = 1.6732632423543772, lambda = 1.0507009873554805;
        const Tensor x = acttest::random_reals(type, {5, 7}, 13, -4, 4);
        const Tensor a = acttest::tensor_of(type, {1}, {alpha});
        const Tensor l = acttest::tensor_of(type, {1}, {lambda});
        auto selu = std::make_shared<op::v0::Selu>(param(type, {5, 7}), param(type, {1}), param(type, {1}));
        const double sa = acttest::as_doubles(a)[0], sl = acttest::as_doubles(l)[0];
        const auto xs = acttest::as_doubles(x);
        std::vector<double> want;
        for (double v : xs)
            want.push_back(sl * (v > 0 ? v : sa * (std::exp(v) - 1)));
        expect_close(acttest::as_doubles(eval(selu, {x, a, l})), want, type, xs);
    }
}

TEST(Selu, BadInputsAreRejectedNamingTheOp) {
    auto f = [](const PartialShape& s) { return param(element::f32, s); };
    expect_error([&] { std::make_shared<op::v0::Selu>(f({2}), f({2}), f({1})); }, {"Selu", "alpha", "one-element"});
    expect_error([&] { std::make_shared<op::v0::Selu>(f({2}), f({1}), param(element::f16, {1})); },
                 {"Selu", "lambda"});
    expect_error([&] { std::make_shared<op::v0::Selu>(param(element::i32, {2}), f({1}), f({1})); }, {"Selu", "real"});
}

TEST(HardSigmoid, MatchesTheDefinition) {
    for (auto type : {element::f32, element::f16}) {
        SCOPED_TRACE(type.get_type_name());
        const Tensor x = acttest::random_reals(type, {40}, 14, -6, 6);
        const Tensor a = acttest::tensor_of(type, {}, {0.2});
        const Tensor b = acttest::tensor_of(type, {}, {0.5});
        auto hs = std::make_shared<op::v0::HardSigmoid>(param(type, {40}), param(type, {}), param(type, {}));
        const double sa = acttest::as_doubles(a)[0], sb = acttest::as_doubles(b)[0];
        const auto xs = acttest::as_doubles(x);
        std::vector<double> want;
        bool saturated_low = false, saturated_high = false;
        for (double v : xs) {
            const double r = std::max(0.0, std::min(1.0, sa * v + sb));
            saturated_low = saturated_low || r == 0;
            saturated_high = saturated_high || r == 1;
            want.push_back(r);
        }
        EXPECT_TRUE(saturated_low && saturated_high);  // both clamps are exercised
        expect_close(acttest::as_doubles(eval(hs, {x, a, b})), want, type, xs);
    }
}

TEST(RealTests, IsFiniteIsInfIsNaNOnSpecialValues) {
    const std::vector<double> x{1.5, kInf, -kInf, kNaN, 0.0, -0.0, 65504, -3e38};
    for (auto type : {element::f32, element::f16}) {
        SCOPED_TRACE(type.get_type_name());
        // -3e38 overflows f16 to -inf; the expectations follow the stored values.
        const Tensor in = acttest::tensor_of(type, {8}, x);
        const auto stored = acttest::as_doubles(in);
        auto finite = std::make_shared<op::v10::IsFinite>(param(type, {8}));
        auto nan = std::make_shared<op::v10::IsNaN>(param(type, {8}));
        auto inf = std::make_shared<op::v10::IsInf>(param(type, {8}));
        auto pos = std::make_shared<op::v10::IsInf>(param(type, {8}), op::v10::IsInf::Attributes(false, true));
        auto neg = std::make_shared<op::v10::IsInf>(param(type, {8}), op::v10::IsInf::Attributes(true, false));
        auto none = std::make_shared<op::v10::IsInf>(param(type, {8}), op::v10::IsInf::Attributes(false, false));
        for (const auto& op : std::vector<std::shared_ptr<Node>>{finite, nan, inf, pos, neg, none})
            EXPECT_EQ(op->get_output_element_type(0), element::boolean) << op->get_type_name();
        std::vector<double> want_finite, want_nan, want_inf, want_pos, want_neg;
        for (double v : stored) {
            want_finite.push_back(std::isfinite(v) ? 1 : 0);
            want_nan.push_back(std::isnan(v) ? 1 : 0);
            want_inf.push_back(std::isinf(v) ? 1 : 0);
            want_pos.push_back(v == kInf ? 1 : 0);
            want_neg.push_back(v == -kInf ? 1 : 0);
        }
        EXPECT_EQ(acttest::as_doubles(eval(finite, {in})), want_finite);
        EXPECT_EQ(acttest::as_doubles(eval(nan, {in})), want_nan);
        EXPECT_EQ(acttest::as_doubles(eval(inf, {in})), want_inf);
        EXPECT_EQ(acttest::as_doubles(eval(pos, {in})), want_pos);
        EXPECT_EQ(acttest::as_doubles(eval(neg, {in})), want_neg);
        EXPECT_EQ(acttest::as_doubles(eval(none, {in})), std::vector<double>(8, 0.0));
    }
}

TEST(RealTests, IntegerInputIsRejectedAndAttributesAreVisited) {
    auto nan = std::make_shared<op::v10::IsNaN>(param(element::f32, {2}));
    nan->set_friendly_name("q");
    nan->input(0).replace_source_output(param(element::i32, {2}));
    expect_error([&] { nan->validate_and_infer_types(); }, {"IsNaN", "'q'", "real"});
    auto inf = std::make_shared<op::v10::IsInf>(param(element::f32, {-1, 2}), op::v10::IsInf::Attributes(false, true));
    EXPECT_EQ(inf->get_output_partial_shape(0), (PartialShape{-1, 2}));
    const auto attrs = devmux_test::attributes_of(*inf);
    EXPECT_EQ(attrs.at("detect_negative"), "false");
    EXPECT_EQ(attrs.at("detect_positive"), "true");
    auto copy = std::make_shared<op::v10::IsInf>(param(element::f32, {2}));
    devmux_test::copy_attributes(*inf, *copy);
    EXPECT_FALSE(copy->get_attributes().detect_negative);
    EXPECT_TRUE(copy->get_attributes().detect_positive);
}

TEST(LogicalNot, NegatesBooleansAndKeepsTheType) {
    const Tensor x = acttest::random_integers(element::boolean, {3, 5}, 15, 0, 1);
    auto op = std::make_shared<op::v1::LogicalNot>(param(element::boolean, {3, 5}));
    EXPECT_EQ(op->get_output_element_type(0), element::boolean);
    const auto xs = acttest::as_doubles(x);
    const auto ys = acttest::as_doubles(eval(op, {x}));
    for (size_t i = 0; i < xs.size(); ++i)
        EXPECT_EQ(ys[i], xs[i] != 0 ? 0.0 : 1.0);
    // A numeric input (accepted for old models) gives 1 for 0 and 0 otherwise.
    const Tensor n = acttest::tensor_of(element::f32, {3}, {0, 2.5, -1});
    auto numeric = std::make_shared<op::v1::LogicalNot>(param(element::f32, {3}));
    EXPECT_EQ(acttest::as_doubles(eval(numeric, {n})), (std::vector<double>{1, 0, 0}));
}

TEST(BitwiseNot, ComplementsIntegersAndNegatesBooleans) {
    const Tensor i = acttest::random_integers(element::i32, {20}, 16, -1000, 1000);
    const auto is = acttest::as_doubles(i);
    const auto ri = acttest::as_doubles(eval(std::make_shared<op::v13::BitwiseNot>(param(element::i32, {20})), {i}));
    for (size_t k = 0; k < is.size(); ++k)
        EXPECT_EQ(ri[k], -is[k] - 1);  // two's complement: ~x = -x - 1
    const Tensor u = acttest::tensor_of(element::u8, {3}, {0, 1, 0xF0});
    EXPECT_EQ(acttest::as_doubles(eval(std::make_shared<op::v13::BitwiseNot>(param(element::u8, {3})), {u})),
              (std::vector<double>{255, 254, 0x0F}));
    const Tensor b = acttest::tensor_of(element::boolean, {2}, {0, 1});
    EXPECT_EQ(acttest::as_doubles(eval(std::make_shared<op::v13::BitwiseNot>(param(element::boolean, {2})), {b})),
              (std::vector<double>{1, 0}));
    expect_error([&] { std::make_shared<op::v13::BitwiseNot>(param(element::f32, {2})); },
                 {"BitwiseNot", "integer or boolean", "f32"});
}

}  // namespace
