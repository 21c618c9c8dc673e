// SPDX-License-Identifier: Apache-2.0
// Power, Mod, FloorMod, SquaredDifference, the comparisons, the logical and the bitwise ops: values against
// double-precision or exact references, numpy / none / pdpd broadcasting, shape inference and errors.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "activation_test_util.hpp"
#include "openvino/op/bitwise_and.hpp"
#include "openvino/op/bitwise_or.hpp"
#include "openvino/op/bitwise_xor.hpp"
#include "openvino/op/equal.hpp"
#include "openvino/op/floor_mod.hpp"
#include "openvino/op/greater.hpp"
#include "openvino/op/greater_eq.hpp"
#include "openvino/op/less.hpp"
#include "openvino/op/less_eq.hpp"
#include "openvino/op/logical_and.hpp"
#include "openvino/op/logical_or.hpp"
#include "openvino/op/logical_xor.hpp"
#include "openvino/op/mod.hpp"
#include "openvino/op/not_equal.hpp"
#include "openvino/op/power.hpp"
#include "openvino/op/squared_difference.hpp"
#include "openvino/op/xor.hpp"

using namespace ov;
using acttest::eval;
using acttest::expect_error;
using acttest::param;

namespace {

using BinaryFactory =
    std::function<std::shared_ptr<Node>(const Output<Node>&, const Output<Node>&, const op::AutoBroadcastSpec&)>;

template <typename OpT>
BinaryFactory make() {
    return [](const Output<Node>& a, const Output<Node>& b, const op::AutoBroadcastSpec& autob) {
        return std::make_shared<OpT>(a, b, autob);
    };
}

// Evaluates make(a, b) under numpy broadcasting and compares every element with ref(a[i], b[j]) where i and j
// are the numpy sources of the output element, within `tol` relative plus absolute.
void check_numpy(const BinaryFactory& make_op, const Tensor& a, const Tensor& b,
                 const std::function<double(double, double)>& ref, double tol, const Shape& expected_shape,
                 element::Type expected_type) {
    auto op = make_op(param(a.get_element_type(), a.get_shape()), param(b.get_element_type(), b.get_shape()),
                      op::AutoBroadcastSpec(op::AutoBroadcastType::NUMPY));
    SCOPED_TRACE(std::string(op->get_type_name()) + " " + a.get_element_type().get_type_name());
    ASSERT_EQ(op->get_output_partial_shape(0), PartialShape(expected_shape));
    ASSERT_EQ(op->get_output_element_type(0), expected_type);
    EXPECT_TRUE(op->has_evaluate());
    const Tensor y = eval(op, {a, b});
    ASSERT_EQ(y.get_shape(), expected_shape);
    ASSERT_EQ(y.get_element_type(), expected_type);
    const auto as = acttest::as_doubles(a), bs = acttest::as_doubles(b), ys = acttest::as_doubles(y);
    for (size_t o = 0; o < ys.size(); ++o) {
        const double x0 = as[acttest::numpy_source(o, expected_shape, a.get_shape())];
        const double x1 = bs[acttest::numpy_source(o, expected_shape, b.get_shape())];
        const double want = ref(x0, x1);
        ASSERT_NEAR(ys[o], want, tol * std::fabs(want) + tol) << "(" << x0 << ", " << x1 << ")";
    }
}

double trunc_mod(double a, double b) { return std::fmod(a, b); }
double floor_mod(double a, double b) { return a - std::floor(a / b) * b; }

TEST(BinaryMath, RealValuesMatchDoubleReferencesWithBroadcast) {
    for (auto type : {element::f32, element::f16}) {
        const double tol = type == element::f16 ? 3e-3 : 3e-6;
        const Tensor base = acttest::random_reals(type, {2, 3, 4}, 21, 0.1, 4);
        const Tensor exponent = acttest::random_reals(type, {3, 1}, 22, -2, 2);
        check_numpy(make<op::v1::Power>(), base, exponent, [](double a, double b) { return std::pow(a, b); }, tol,
                    {2, 3, 4}, type);
        const Tensor a = acttest::random_reals(type, {2, 3, 4}, 23, -20, 20);
        const Tensor b = acttest::random_reals(type, {4}, 24, 1, 6);
        const Tensor nb = acttest::random_reals(type, {4}, 25, -6, -1);
        check_numpy(make<op::v1::Mod>(), a, b, trunc_mod, tol * 8, {2, 3, 4}, type);
        check_numpy(make<op::v1::Mod>(), a, nb, trunc_mod, tol * 8, {2, 3, 4}, type);
        check_numpy(make<op::v1::FloorMod>(), a, b, floor_mod, tol * 8, {2, 3, 4}, type);
        check_numpy(make<op::v1::FloorMod>(), a, nb, floor_mod, tol * 8, {2, 3, 4}, type);
        check_numpy(make<op::v0::SquaredDifference>(), a, b, [](double x, double y) { return (x - y) * (x - y); },
                    tol, {2, 3, 4}, type);
    }
}

TEST(BinaryMath, ModSignsFollowTheDividendAndFloorModTheDivisor) {
    for (auto type : {element::i32, element::i64, element::f32}) {
        const Tensor a = acttest::tensor_of(type, {4}, {7, -7, 7, -7});
        const Tensor b = acttest::tensor_of(type, {4}, {3, 3, -3, -3});
        auto mod = std::make_shared<op::v1::Mod>(param(type, {4}), param(type, {4}));
        auto floor = std::make_shared<op::v1::FloorMod>(param(type, {4}), param(type, {4}));
        EXPECT_EQ(acttest::as_doubles(eval(mod, {a, b})), (std::vector<double>{1, -1, 1, -1})) << type;
        EXPECT_EQ(acttest::as_doubles(eval(floor, {a, b})), (std::vector<double>{1, 2, -2, -1})) << type;
    }
    const Tensor a = acttest::tensor_of(element::f32, {2}, {5.5, -5.5});
    const Tensor b = acttest::tensor_of(element::f32, {2}, {2, 2});
    auto floor = std::make_shared<op::v1::FloorMod>(param(element::f32, {2}), param(element::f32, {2}));
    EXPECT_EQ(acttest::as_doubles(eval(floor, {a, b})), (std::vector<double>{1.5, 0.5}));
}

TEST(BinaryMath, IntegerPowerIsExact) {
    const Tensor a = acttest::tensor_of(element::i32, {8}, {2, -3, 5, 0, 7, 1, -1, 4});
    const Tensor b = acttest::tensor_of(element::i32, {8}, {10, 3, 0, 4, 2, -5, -3, -1});
    auto pow = std::make_shared<op::v1::Power>(param(element::i32, {8}), param(element::i32, {8}));
    EXPECT_EQ(acttest::as_doubles(eval(pow, {a, b})), (std::vector<double>{1024, -27, 1, 0, 49, 1, -1, 0}));
    const Tensor ia = acttest::random_integers(element::i64, {30}, 26, -9, 9);
    const Tensor ib = acttest::random_integers(element::i64, {30}, 27, 0, 6);
    check_numpy(make<op::v1::Power>(), ia, ib, [](double x, double y) { return std::pow(x, y); }, 0, {30},
                element::i64);
    check_numpy(make<op::v0::SquaredDifference>(), ia, ib, [](double x, double y) { return (x - y) * (x - y); }, 0,
                {30}, element::i64);
}

TEST(BinaryMath, IntegerDivisionByZeroNamesTheOp) {
    const Tensor a = acttest::tensor_of(element::i32, {2}, {3, 4});
    const Tensor b = acttest::tensor_of(element::i32, {2}, {1, 0});
    auto mod = std::make_shared<op::v1::Mod>(param(element::i32, {2}), param(element::i32, {2}));
    mod->set_friendly_name("m");
    TensorVector out;
    expect_error([&] { mod->evaluate(out, {a, b}); }, {"Mod", "'m'", "by zero"});
    auto pow = std::make_shared<op::v1::Power>(param(element::i32, {2}), param(element::i32, {2}));
    const Tensor zero = acttest::tensor_of(element::i32, {2}, {0, 0});
    const Tensor minus = acttest::tensor_of(element::i32, {2}, {-1, -1});
    expect_error([&] { pow->evaluate(out, {zero, minus}); }, {"Power", "negative power"});
}

TEST(BinaryMath, BooleanAndMixedTypesAreRejected) {
    expect_error([&] { std::make_shared<op::v1::Power>(param(element::f32, {2}), param(element::f16, {2})); },
                 {"Power", "differ", "f32", "f16"});
    expect_error([&] { std::make_shared<op::v1::Mod>(param(element::boolean, {2}), param(element::boolean, {2})); },
                 {"Mod", "boolean"});
}

// The comparisons are exact; small integer values make ties frequent so that == and >= are exercised.
TEST(Comparison, AllTypesAgainstExactExpectationsWithBroadcast) {
    const std::vector<std::pair<BinaryFactory, std::function<double(double, double)>>> ops = {
        {make<op::v1::Equal>(), [](double a, double b) { return a == b ? 1.0 : 0.0; }},
        {make<op::v1::NotEqual>(), [](double a, double b) { return a != b ? 1.0 : 0.0; }},
        {make<op::v1::Greater>(), [](double a, double b) { return a > b ? 1.0 : 0.0; }},
        {make<op::v1::GreaterEqual>(), [](double a, double b) { return a >= b ? 1.0 : 0.0; }},
        {make<op::v1::Less>(), [](double a, double b) { return a < b ? 1.0 : 0.0; }},
        {make<op::v1::LessEqual>(), [](double a, double b) { return a <= b ? 1.0 : 0.0; }},
    };
    uint32_t seed = 30;
    for (auto type : {element::f32, element::f16, element::i32, element::i64, element::u8, element::boolean}) {
        const int64_t hi = type == element::boolean ? 1 : 3;
        const Tensor a = acttest::random_integers(type, {2, 3, 1}, seed++, 0, hi);
        const Tensor b = acttest::random_integers(type, {4}, seed++, 0, hi);
        const Tensor same = acttest::random_integers(type, {2, 3, 4}, seed++, 0, hi);
        for (const auto& op : ops) {
            check_numpy(op.first, a, b, op.second, 0, {2, 3, 4}, element::boolean);
            check_numpy(op.first, same, a, op.second, 0, {2, 3, 4}, element::boolean);
        }
    }
    // Fractions that f16 holds exactly compare as values, not as truncated integers.
    const Tensor x = acttest::tensor_of(element::f16, {3}, {0.5, 1.25, -2.75});
    const Tensor y = acttest::tensor_of(element::f16, {3}, {0.25, 1.25, -2.5});
    auto less = std::make_shared<op::v1::Less>(param(element::f16, {3}), param(element::f16, {3}));
    EXPECT_EQ(acttest::as_doubles(eval(less, {x, y})), (std::vector<double>{0, 0, 1}));
}

TEST(Comparison, ShapeInferenceWithDynamicDimensionsAndErrors) {
    auto eq = std::make_shared<op::v1::Equal>(param(element::f32, {-1, 3}), param(element::f32, {1, 3}));
    EXPECT_EQ(eq->get_output_partial_shape(0), (PartialShape{-1, 3}));
    EXPECT_EQ(eq->get_output_element_type(0), element::boolean);
    EXPECT_TRUE(is_type<op::util::BinaryElementwiseComparison>(eq));
    auto gt = std::make_shared<op::v1::Greater>(param(element::f32, PartialShape::dynamic()), param(element::f32, {3}));
    EXPECT_TRUE(gt->get_output_partial_shape(0).rank().is_dynamic());
    expect_error([&] { std::make_shared<op::v1::Less>(param(element::f32, {2, 3}), param(element::f32, {4})); },
                 {"Less", "not broadcastable", "numpy"});
    expect_error([&] { std::make_shared<op::v1::Less>(param(element::f32, {2}), param(element::i32, {2})); },
                 {"Less", "differ"});
    expect_error(
        [&] {
            std::make_shared<op::v1::GreaterEqual>(param(element::f32, {2, 3}), param(element::f32, {3}),
                                                   op::AutoBroadcastSpec(op::AutoBroadcastType::NONE));
        },
        {"GreaterEqual", "none"});
}

// PDPD: the second input lines up with the first from `axis` on (-1: at the end, after dropping trailing 1s).
TEST(Comparison, PdpdBroadcastAlignsTheSecondInputAtTheAxis) {
    const Shape a_shape{2, 3, 4, 5};
    const Tensor a = acttest::random_integers(element::f32, a_shape, 40, 0, 3);
    struct PdpdCase {
        Shape b_shape;
        int64_t axis;
        size_t begin;  // the axis of a where b's first axis lies
    };
    for (const auto& c : std::vector<PdpdCase>{{{3, 4}, 1, 1}, {{4, 5}, -1, 2}, {{3, 1}, 1, 1}, {{5, 1}, -1, 3}}) {
        SCOPED_TRACE(c.axis);
        const Tensor b = acttest::random_integers(element::f32, c.b_shape, 41, 0, 3);
        auto op = std::make_shared<op::v1::GreaterEqual>(param(element::f32, a_shape), param(element::f32, c.b_shape),
                                                         op::AutoBroadcastSpec(op::AutoBroadcastType::PDPD, c.axis));
        ASSERT_EQ(op->get_output_partial_shape(0), PartialShape(a_shape));
        const auto ys = acttest::as_doubles(eval(op, {a, b}));
        const auto as = acttest::as_doubles(a), bs = acttest::as_doubles(b);
        // b's shape as seen from a: 1 everywhere except its own (non-trailing-1) axes at begin.
        Shape seen(a_shape.size(), 1);
        size_t rank = c.b_shape.size();
        if (c.axis == -1)
            while (rank > 0 && c.b_shape[rank - 1] == 1)
                --rank;
        for (size_t i = 0; i < rank; ++i)
            seen[c.begin + i] = c.b_shape[i];
        for (size_t o = 0; o < ys.size(); ++o) {
            const double x1 = bs[acttest::numpy_source(o, a_shape, seen)];
            ASSERT_EQ(ys[o], as[o] >= x1 ? 1.0 : 0.0) << o;
        }
    }
    expect_error(
        [&] {
            std::make_shared<op::v1::Equal>(param(element::f32, a_shape), param(element::f32, {4, 5}),
                                            op::AutoBroadcastSpec(op::AutoBroadcastType::PDPD, 0));
        },
        {"Equal", "pdpd"});
}

TEST(Logical, TruthTablesWithBroadcast) {
    const Tensor a = acttest::tensor_of(element::boolean, {2, 2}, {0, 0, 1, 1});
    const Tensor b = acttest::tensor_of(element::boolean, {2, 2}, {0, 1, 0, 1});
    auto run = [&](std::shared_ptr<Node> op) { return acttest::as_doubles(eval(op, {a, b})); };
    auto p = [] { return param(element::boolean, {2, 2}); };
    EXPECT_EQ(run(std::make_shared<op::v1::LogicalAnd>(p(), p())), (std::vector<double>{0, 0, 0, 1}));
    EXPECT_EQ(run(std::make_shared<op::v1::LogicalOr>(p(), p())), (std::vector<double>{0, 1, 1, 1}));
    EXPECT_EQ(run(std::make_shared<op::v1::LogicalXor>(p(), p())), (std::vector<double>{0, 1, 1, 0}));
    EXPECT_EQ(run(std::make_shared<op::v0::Xor>(p(), p())), (std::vector<double>{0, 1, 1, 0}));

    const Tensor x = acttest::random_integers(element::boolean, {3, 1, 4}, 50, 0, 1);
    const Tensor y = acttest::random_integers(element::boolean, {5, 1}, 51, 0, 1);
    check_numpy(make<op::v1::LogicalAnd>(), x, y, [](double u, double v) { return (u && v) ? 1.0 : 0.0; }, 0,
                {3, 5, 4}, element::boolean);
    check_numpy(make<op::v1::LogicalOr>(), x, y, [](double u, double v) { return (u || v) ? 1.0 : 0.0; }, 0,
                {3, 5, 4}, element::boolean);
    check_numpy(make<op::v1::LogicalXor>(), x, y, [](double u, double v) { return (u != v) ? 1.0 : 0.0; }, 0,
                {3, 5, 4}, element::boolean);
    check_numpy(make<op::v0::Xor>(), x, y, [](double u, double v) { return (u != v) ? 1.0 : 0.0; }, 0, {3, 5, 4},
                element::boolean);
}

TEST(Logical, NonBooleanInputIsRejectedNamingTheOp) {
    auto op = std::make_shared<op::v1::LogicalOr>(param(element::boolean, {2}), param(element::boolean, {2}));
    op->set_friendly_name("or1");
    op->input(0).replace_source_output(param(element::f32, {2}));
    op->input(1).replace_source_output(param(element::f32, {2}));
    expect_error([&] { op->validate_and_infer_types(); }, {"LogicalOr", "'or1'", "boolean", "f32"});
    EXPECT_TRUE(is_type<op::util::BinaryElementwiseLogical>(op));
    EXPECT_EQ(op::v0::Xor::get_type_info_static().get_version(), "opset1");
}

TEST(Bitwise, IntegersAndBooleansWithBroadcast) {
    for (auto type : {element::i32, element::u8, element::i64}) {
        const Tensor a = acttest::random_integers(type, {4, 3}, 60, 0, 200);
        const Tensor b = acttest::random_integers(type, {3}, 61, 0, 200);
        auto as_int = [](double v) { return static_cast<int64_t>(v); };
        check_numpy(make<op::v13::BitwiseAnd>(), a, b,
                    [&](double u, double v) { return static_cast<double>(as_int(u) & as_int(v)); }, 0, {4, 3}, type);
        check_numpy(make<op::v13::BitwiseOr>(), a, b,
                    [&](double u, double v) { return static_cast<double>(as_int(u) | as_int(v)); }, 0, {4, 3}, type);
        check_numpy(make<op::v13::BitwiseXor>(), a, b,
                    [&](double u, double v) { return static_cast<double>(as_int(u) ^ as_int(v)); }, 0, {4, 3}, type);
    }
    const Tensor n = acttest::tensor_of(element::i32, {2}, {-1, -8});
    const Tensor m = acttest::tensor_of(element::i32, {2}, {6, 5});
    auto band = std::make_shared<op::v13::BitwiseAnd>(param(element::i32, {2}), param(element::i32, {2}));
    EXPECT_EQ(acttest::as_doubles(eval(band, {n, m})), (std::vector<double>{6, 0}));
    const Tensor a = acttest::tensor_of(element::boolean, {4}, {0, 0, 1, 1});
    const Tensor b = acttest::tensor_of(element::boolean, {4}, {0, 1, 0, 1});
    auto bxor = std::make_shared<op::v13::BitwiseXor>(param(element::boolean, {4}), param(element::boolean, {4}));
    EXPECT_EQ(acttest::as_doubles(eval(bxor, {a, b})), (std::vector<double>{0, 1, 1, 0}));
    expect_error([&] { std::make_shared<op::v13::BitwiseOr>(param(element::f32, {2}), param(element::f32, {2})); },
                 {"BitwiseOr", "integer or boolean"});
    EXPECT_EQ(op::v13::BitwiseOr::get_type_info_static().get_version(), "opset13");
}

TEST(BinaryFamilies, AutoBroadcastIsVisitedAndCloned) {
    const op::AutoBroadcastSpec pdpd(op::AutoBroadcastType::PDPD, -1);
    std::vector<std::shared_ptr<Node>> ops = {
        std::make_shared<op::v1::Power>(param(element::f32, {2, 3}), param(element::f32, {3}), pdpd),
        std::make_shared<op::v1::Equal>(param(element::f32, {2, 3}), param(element::f32, {3}), pdpd),
        std::make_shared<op::v1::LogicalAnd>(param(element::boolean, {2, 3}), param(element::boolean, {3}), pdpd),
        std::make_shared<op::v13::BitwiseAnd>(param(element::i32, {2, 3}), param(element::i32, {3}), pdpd),
    };
    for (const auto& op : ops) {
        EXPECT_EQ(devmux_test::attributes_of(*op).at("auto_broadcast"), "pdpd") << op->get_type_name();
        auto clone = op->clone_with_new_inputs({op->input_value(0), op->input_value(1)});
        EXPECT_EQ(devmux_test::attributes_of(*clone).at("auto_broadcast"), "pdpd") << op->get_type_name();
        EXPECT_EQ(clone->get_output_partial_shape(0), (PartialShape{2, 3}));
    }
    auto sd = std::make_shared<op::v0::SquaredDifference>(param(element::f32, {2}), param(element::f32, {2}));
    EXPECT_EQ(devmux_test::attributes_of(*sd).at("auto_broadcast"), "numpy");
}

}  // namespace
