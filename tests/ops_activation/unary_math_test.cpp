// SPDX-License-Identifier: Apache-2.0
// The one-input math ops and activations with attributes or none: Abs ... Tan, Negative, Sign, Ceiling, Floor,
// Erf, Log, Round, Elu, Gelu, HSigmoid, HSwish, Mish, SoftPlus, SoftSign. References are written here in double
// precision from the definitions (the OpenVINO specification's formulas), on seeded random inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "activation_test_util.hpp"
#include "openvino/op/abs.hpp"
#include "openvino/op/acos.hpp"
#include "openvino/op/acosh.hpp"
#include "openvino/op/asin.hpp"
#include "openvino/op/asinh.hpp"
#include "openvino/op/atan.hpp"
#include "openvino/op/atanh.hpp"
#include "openvino/op/ceiling.hpp"
#include "openvino/op/cos.hpp"
#include "openvino/op/cosh.hpp"
#include "openvino/op/elu.hpp"
#include "openvino/op/erf.hpp"
#include "openvino/op/floor.hpp"
#include "openvino/op/gelu.hpp"
#include "openvino/op/hsigmoid.hpp"
#include "openvino/op/hswish.hpp"
#include "openvino/op/log.hpp"
#include "openvino/op/mish.hpp"
#include "openvino/op/negative.hpp"
#include "openvino/op/round.hpp"
#include "openvino/op/sign.hpp"
#include "openvino/op/sin.hpp"
#include "openvino/op/sinh.hpp"
#include "openvino/op/softplus.hpp"
#include "openvino/op/softsign.hpp"
#include "openvino/op/tan.hpp"

using namespace ov;
using acttest::eval;
using acttest::expect_error;
using acttest::param;

namespace {

using Factory = std::function<std::shared_ptr<Node>(const Output<Node>&)>;

struct UnaryCase {
    std::string name;
    Factory make;
    std::function<double(double)> reference;
    double lo, hi;  // the input range the function is meaningful (and well conditioned) on
};

template <typename OpT>
Factory plain() {
    return [](const Output<Node>& x) { return std::make_shared<OpT>(x); };
}

const double kSqrt2OverPi = std::sqrt(2.0 / 3.14159265358979323846);

double softplus_ref(double x) { return std::log(1.0 + std::exp(x)); }

std::vector<UnaryCase> real_cases() {
    return {
        {"Abs", plain<op::v0::Abs>(), [](double x) { return std::fabs(x); }, -5, 5},
        {"Acos", plain<op::v0::Acos>(), [](double x) { return std::acos(x); }, -0.95, 0.95},
        {"Acosh", plain<op::v3::Acosh>(), [](double x) { return std::acosh(x); }, 1.05, 8},
        {"Asin", plain<op::v0::Asin>(), [](double x) { return std::asin(x); }, -0.95, 0.95},
        {"Asinh", plain<op::v3::Asinh>(), [](double x) { return std::asinh(x); }, -6, 6},
        {"Atan", plain<op::v0::Atan>(), [](double x) { return std::atan(x); }, -6, 6},
        {"Atanh", plain<op::v3::Atanh>(), [](double x) { return std::atanh(x); }, -0.9, 0.9},
        {"Ceiling", plain<op::v0::Ceiling>(), [](double x) { return std::ceil(x); }, -5, 5},
        {"Cos", plain<op::v0::Cos>(), [](double x) { return std::cos(x); }, -4, 4},
        {"Cosh", plain<op::v0::Cosh>(), [](double x) { return std::cosh(x); }, -4, 4},
        {"Erf", plain<op::v0::Erf>(), [](double x) { return std::erf(x); }, -3, 3},
        {"Floor", plain<op::v0::Floor>(), [](double x) { return std::floor(x); }, -5, 5},
        {"Log", plain<op::v0::Log>(), [](double x) { return std::log(x); }, 0.05, 50},
        {"Negative", plain<op::v0::Negative>(), [](double x) { return -x; }, -5, 5},
        {"Sign", plain<op::v0::Sign>(), [](double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }, -5, 5},
        {"Sin", plain<op::v0::Sin>(), [](double x) { return std::sin(x); }, -4, 4},
        {"Sinh", plain<op::v0::Sinh>(), [](double x) { return std::sinh(x); }, -4, 4},
        {"Tan", plain<op::v0::Tan>(), [](double x) { return std::tan(x); }, -1.4, 1.4},
        {"HSigmoid", plain<op::v5::HSigmoid>(), [](double x) { return std::min(std::max(x + 3, 0.0), 6.0) / 6; },
         -5, 5},
        {"HSwish", plain<op::v4::HSwish>(), [](double x) { return x * std::min(std::max(x + 3, 0.0), 6.0) / 6; },
         -5, 5},
        {"Mish", plain<op::v4::Mish>(), [](double x) { return x * std::tanh(softplus_ref(x)); }, -6, 6},
        {"SoftPlus", plain<op::v4::SoftPlus>(), softplus_ref, -8, 8},
        {"SoftSign", plain<op::v9::SoftSign>(), [](double x) { return x / (1 + std::fabs(x)); }, -6, 6},
        {"GeluV0", plain<op::v0::Gelu>(), [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); },
         -4, 4},
        {"GeluV7Erf",
         [](const Output<Node>& x) { return std::make_shared<op::v7::Gelu>(x, op::GeluApproximationMode::ERF); },
         [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }, -4, 4},
        {"GeluV7Tanh",
         [](const Output<Node>& x) { return std::make_shared<op::v7::Gelu>(x, op::GeluApproximationMode::TANH); },
         [](double x) { return 0.5 * x * (1 + std::tanh(kSqrt2OverPi * (x + 0.044715 * x * x * x))); }, -4, 4},
        {"Elu0.5", [](const Output<Node>& x) { return std::make_shared<op::v0::Elu>(x, 0.5); },
         [](double x) { return x > 0 ? x : 0.5 * (std::exp(x) - 1); }, -4, 4},
        {"Elu1.7", [](const Output<Node>& x) { return std::make_shared<op::v0::Elu>(x, 1.7); },
         [](double x) { return x > 0 ? x : 1.7 * (std::exp(x) - 1); }, -4, 4},
    };
}

// Compares op(x) with reference(x) for x drawn from the case's range, at a tolerance of `rel` relative plus
// `abs_tol` absolute (f32: a few ulp of a libm result; f16: one rounding of the result, 2^-11 relative).
void check_real_case(const UnaryCase& c, element::Type type, uint32_t seed, double rel, double abs_tol) {
    SCOPED_TRACE(c.name + " " + type.get_type_name());
    const Shape shape{3, 4, 5};
    const Tensor x = acttest::random_reals(type, shape, seed, c.lo, c.hi);
    auto op = c.make(param(type, shape));
    EXPECT_EQ(op->get_output_element_type(0), type);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(shape));
    EXPECT_TRUE(op->has_evaluate());
    const Tensor y = eval(op, {x});
    ASSERT_EQ(y.get_element_type(), type);
    ASSERT_EQ(y.get_shape(), shape);
    const auto xs = acttest::as_doubles(x);
    const auto ys = acttest::as_doubles(y);
    bool some_nonzero = false;
    for (size_t i = 0; i < xs.size(); ++i) {
        const double expected = c.reference(xs[i]);
        some_nonzero = some_nonzero || expected != 0;
        ASSERT_NEAR(ys[i], expected, rel * std::fabs(expected) + abs_tol) << "x = " << xs[i];
    }
    EXPECT_TRUE(some_nonzero);
}

TEST(ElementwiseUnary, F32MatchesDoubleReferences) {
    uint32_t seed = 101;
    for (const auto& c : real_cases())
        check_real_case(c, element::f32, seed++, 2e-6, 2e-6);
}

TEST(ElementwiseUnary, F16MatchesDoubleReferences) {
    uint32_t seed = 202;
    for (const auto& c : real_cases())
        check_real_case(c, element::f16, seed++, 2e-3, 2e-3);
}

TEST(ElementwiseUnary, F64MatchesDoubleReferences) {
    uint32_t seed = 303;
    for (const auto& c : real_cases())
        check_real_case(c, element::f64, seed++, 1e-12, 1e-12);
}

TEST(ElementwiseUnary, TypeInfoMatchesOpenVINO) {
    EXPECT_STREQ(op::v3::Acosh::get_type_info_static().name, "Acosh");
    EXPECT_EQ(op::v3::Acosh::get_type_info_static().get_version(), "opset4");
    EXPECT_EQ(op::v0::Gelu::get_type_info_static().get_version(), "opset2");
    EXPECT_EQ(op::v7::Gelu::get_type_info_static().get_version(), "opset7");
    EXPECT_EQ(op::v5::Round::get_type_info_static().get_version(), "opset5");
    EXPECT_EQ(op::v4::HSwish::get_type_info_static().get_version(), "opset4");
    EXPECT_EQ(op::v5::HSigmoid::get_type_info_static().get_version(), "opset5");
    EXPECT_EQ(op::v9::SoftSign::get_type_info_static().get_version(), "opset9");
    EXPECT_STREQ(op::v0::Negative::get_type_info_static().name, "Negative");
    auto neg = std::make_shared<op::v0::Negative>(param(element::f32, {2}));
    EXPECT_TRUE(is_type<op::util::UnaryElementwiseArithmetic>(neg));
}

TEST(ElementwiseUnary, SignKeepsZeroAndNaN) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Tensor x = acttest::tensor_of(element::f32, {4}, {-0.0, 0.0, nan, -7});
    const auto y = acttest::as_doubles(eval(std::make_shared<op::v0::Sign>(param(element::f32, {4})), {x}));
    EXPECT_EQ(y[0], 0.0);
    EXPECT_TRUE(std::signbit(y[0]));
    EXPECT_EQ(y[1], 0.0);
    EXPECT_TRUE(std::isnan(y[2]));
    EXPECT_EQ(y[3], -1.0);
}

TEST(ElementwiseUnary, SoftPlusOfLargeInputsIsTheInput) {
    const Tensor x = acttest::tensor_of(element::f32, {3}, {100, 1000, -1000});
    const auto y = acttest::as_doubles(eval(std::make_shared<op::v4::SoftPlus>(param(element::f32, {3})), {x}));
    EXPECT_EQ(y[0], 100.0);
    EXPECT_EQ(y[1], 1000.0);
    EXPECT_EQ(y[2], 0.0);
}

// Integer inputs: exact results (Abs, Negative, Sign, Ceiling, Floor, Round keep integers; the
// transcendental functions round their real result to the nearest integer).
TEST(ElementwiseUnary, IntegerTypesAreExact) {
    for (auto type : {element::i32, element::i64, element::i8}) {
        SCOPED_TRACE(type.get_type_name());
        const Tensor x = acttest::random_integers(type, {30}, 7, -100, 100);
        const auto xs = acttest::as_doubles(x);
        struct IntCase {
            std::shared_ptr<Node> op;
            std::function<double(double)> ref;
        };
        const auto p = [&] { return param(type, {30}); };
        const std::vector<IntCase> cases = {
            {std::make_shared<op::v0::Abs>(p()), [](double v) { return std::fabs(v); }},
            {std::make_shared<op::v0::Negative>(p()), [](double v) { return -v; }},
            {std::make_shared<op::v0::Sign>(p()), [](double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }},
            {std::make_shared<op::v0::Ceiling>(p()), [](double v) { return v; }},
            {std::make_shared<op::v0::Floor>(p()), [](double v) { return v; }},
            {std::make_shared<op::v5::Round>(p(), op::v5::Round::RoundMode::HALF_TO_EVEN), [](double v) { return v; }},
            {std::make_shared<op::v0::Sin>(p()), [](double v) { return std::round(std::sin(v)); }},
            {std::make_shared<op::v0::Atan>(p()), [](double v) { return std::round(std::atan(v)); }},
            {std::make_shared<op::v0::Erf>(p()), [](double v) { return std::round(std::erf(v)); }},
        };
        for (const auto& c : cases) {
            const Tensor y = eval(c.op, {x});
            ASSERT_EQ(y.get_element_type(), type) << c.op->get_type_name();
            const auto ys = acttest::as_doubles(y);
            for (size_t i = 0; i < xs.size(); ++i)
                ASSERT_EQ(ys[i], c.ref(xs[i])) << c.op->get_type_name() << "(" << xs[i] << ")";
        }
    }
}

TEST(ElementwiseUnary, IntegerLogRoundsAndUnsignedAbsIsIdentity) {
    const Tensor x = acttest::tensor_of(element::i32, {4}, {1, 3, 8, 1000});
    const auto y = acttest::as_doubles(eval(std::make_shared<op::v0::Log>(param(element::i32, {4})), {x}));
    EXPECT_EQ(y, (std::vector<double>{0, 1, 2, 7}));  // ln 3 = 1.10, ln 8 = 2.08, ln 1000 = 6.91
    const Tensor u = acttest::tensor_of(element::u8, {3}, {0, 7, 255});
    const auto a = acttest::as_doubles(eval(std::make_shared<op::v0::Abs>(param(element::u8, {3})), {u}));
    EXPECT_EQ(a, (std::vector<double>{0, 7, 255}));
}

// The most negative integer has no positive counterpart: negation wraps to itself, as two's complement does.
TEST(ElementwiseUnary, IntegerNegationWrapsAtTheLowestValue) {
    const Tensor x = acttest::tensor_of(element::i8, {3}, {-128, 127, -5});
    const auto neg = acttest::as_doubles(eval(std::make_shared<op::v0::Negative>(param(element::i8, {3})), {x}));
    EXPECT_EQ(neg, (std::vector<double>{-128, -127, 5}));
    const auto abs = acttest::as_doubles(eval(std::make_shared<op::v0::Abs>(param(element::i8, {3})), {x}));
    EXPECT_EQ(abs, (std::vector<double>{-128, 127, 5}));
}

// The specification's examples of Round.
TEST(ElementwiseUnary, RoundModesMatchTheSpecificationExamples) {
    const std::vector<double> x{-4.5, -1.9, -1.5, 0.5, 0.9, 1.5, 2.3, 2.5};
    for (auto type : {element::f32, element::f16}) {
        const Tensor in = acttest::tensor_of(type, {8}, x);
        auto even = std::make_shared<op::v5::Round>(param(type, {8}), op::v5::Round::RoundMode::HALF_TO_EVEN);
        auto away = std::make_shared<op::v5::Round>(param(type, {8}), op::v5::Round::RoundMode::HALF_AWAY_FROM_ZERO);
        EXPECT_EQ(acttest::as_doubles(eval(even, {in})), (std::vector<double>{-4, -2, -2, 0, 1, 2, 2, 2}));
        EXPECT_EQ(acttest::as_doubles(eval(away, {in})), (std::vector<double>{-5, -2, -2, 1, 1, 2, 2, 3}));
    }
}

TEST(ElementwiseUnary, ShapeInferenceKeepsDynamicDimensions) {
    auto x = param(element::f16, PartialShape{-1, 3, Dimension(2, 8)});
    for (const auto& c : real_cases()) {
        auto op = c.make(x);
        EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 3, Dimension(2, 8)})) << c.name;
        EXPECT_EQ(op->get_output_element_type(0), element::f16) << c.name;
    }
    auto dynamic_rank = std::make_shared<op::v4::Mish>(param(element::f32, PartialShape::dynamic()));
    EXPECT_TRUE(dynamic_rank->get_output_partial_shape(0).rank().is_dynamic());
}

TEST(ElementwiseUnary, RealOnlyOpsRejectIntegersNamingTheOp) {
    auto named = [](std::shared_ptr<Node> op) {
        op->set_friendly_name("act");
        op->input(0).replace_source_output(param(element::i32, {2}));
        return op;
    };
    auto mish = named(std::make_shared<op::v4::Mish>(param(element::f32, {2})));
    expect_error([&] { mish->validate_and_infer_types(); }, {"Mish", "'act'", "real", "i32"});
    auto gelu = named(std::make_shared<op::v7::Gelu>(param(element::f32, {2})));
    expect_error([&] { gelu->validate_and_infer_types(); }, {"Gelu", "'act'", "real"});
    auto hswish = named(std::make_shared<op::v4::HSwish>(param(element::f32, {2})));
    expect_error([&] { hswish->validate_and_infer_types(); }, {"HSwish", "'act'"});
    auto softplus = named(std::make_shared<op::v4::SoftPlus>(param(element::f32, {2})));
    expect_error([&] { softplus->validate_and_infer_types(); }, {"SoftPlus", "'act'"});
    // An integer Elu is accepted at construction (as in OpenVINO) but has no reference evaluation.
    auto elu = std::make_shared<op::v0::Elu>(param(element::i32, {2}), 1.0);
    EXPECT_FALSE(elu->has_evaluate());
}

TEST(ElementwiseUnary, BooleanInputIsRejectedNamingTheOp) {
    auto neg = std::make_shared<op::v0::Negative>(param(element::f32, {2}));
    neg->set_friendly_name("n");
    neg->input(0).replace_source_output(param(element::boolean, {2}));
    expect_error([&] { neg->validate_and_infer_types(); }, {"Negative", "'n'", "boolean"});
}

TEST(ElementwiseUnary, AttributesAreVisitedWithOpenVINONames) {
    auto x = param(element::f32, {2});
    auto elu = std::make_shared<op::v0::Elu>(x, 0.25);
    EXPECT_EQ(eltest::RecordingVisitor::attribute_to_text(elu->get_alpha()), "0.25");
    EXPECT_EQ(devmux_test::attributes_of(*elu).at("alpha"), "0.25");
    auto gelu = std::make_shared<op::v7::Gelu>(x, op::GeluApproximationMode::TANH);
    EXPECT_EQ(devmux_test::attributes_of(*gelu).at("approximation_mode"), "TANH");  // OpenVINO's text
    auto round = std::make_shared<op::v5::Round>(x, op::v5::Round::RoundMode::HALF_AWAY_FROM_ZERO);
    EXPECT_EQ(devmux_test::attributes_of(*round).at("mode"), "half_away_from_zero");

    // Copying through the text visitor gives the same attributes (what the IR reader does).
    auto gelu2 = std::make_shared<op::v7::Gelu>(x);
    devmux_test::copy_attributes(*gelu, *gelu2);
    EXPECT_EQ(gelu2->get_approximation_mode(), op::GeluApproximationMode::TANH);
    auto round2 = std::make_shared<op::v5::Round>(x, op::v5::Round::RoundMode::HALF_TO_EVEN);
    devmux_test::copy_attributes(*round, *round2);
    EXPECT_EQ(round2->get_mode(), op::v5::Round::RoundMode::HALF_AWAY_FROM_ZERO);
    auto elu2 = std::make_shared<op::v0::Elu>(x, 1.0);
    devmux_test::copy_attributes(*elu, *elu2);
    EXPECT_EQ(elu2->get_alpha(), 0.25);
}

TEST(ElementwiseUnary, BadEnumTextNamesTheAttribute) {
    auto gelu = std::make_shared<op::v7::Gelu>(param(element::f32, {2}));
    devmux_test::RecordingVisitor v;
    gelu->visit_attributes(v);
    v.values()["approximation_mode"] = "cubic";
    v.start_replay();
    expect_error([&] { gelu->visit_attributes(v); }, {"approximation_mode", "cubic"});
}

TEST(ElementwiseUnary, CloneKeepsAttributes) {
    auto x = param(element::f32, {2});
    auto elu = std::make_shared<op::v0::Elu>(x, 0.3);
    auto cloned = std::dynamic_pointer_cast<op::v0::Elu>(elu->clone_with_new_inputs({param(element::f16, {5})}));
    ASSERT_TRUE(cloned);
    EXPECT_EQ(cloned->get_alpha(), 0.3);
    EXPECT_EQ(cloned->get_output_element_type(0), element::f16);
    auto abs = std::make_shared<op::v0::Abs>(x);
    abs->set_friendly_name("a");
    expect_error([&] { abs->clone_with_new_inputs({x, x}); }, {"Abs", "'a'", "1 input"});
}

}  // namespace
