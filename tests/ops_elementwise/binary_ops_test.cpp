// SPDX-License-Identifier: Apache-2.0
// Add, Subtract, Multiply, Divide, Maximum, Minimum.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "openvino/op/add.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/maximum.hpp"
#include "openvino/op/minimum.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/subtract.hpp"
#include "ops/op_registry.hpp"
#include "test_util.hpp"

using namespace ov;
using eltest::expect_error;
using eltest::param;

namespace {

// Naive numpy-broadcast reference: for every output coordinate, fetch both operands by coordinates.
template <typename T, typename F>
std::vector<T> naive_binary(const Tensor& a, const Tensor& b, const Shape& out_shape, F f) {
    std::vector<T> out(shape_size(out_shape));
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    for (size_t i = 0; i < out.size(); ++i) {
        const auto c = eltest::unravel(i, out_shape);
        out[i] = f(pa[eltest::broadcast_source(c, a.get_shape())], pb[eltest::broadcast_source(c, b.get_shape())]);
    }
    return out;
}

template <typename OpT>
Tensor run(const Tensor& a, const Tensor& b, const op::AutoBroadcastSpec& autob = op::AutoBroadcastSpec::NUMPY) {
    auto op = std::make_shared<OpT>(param(a.get_element_type(), a.get_shape()),
                                    param(b.get_element_type(), b.get_shape()), autob);
    TensorVector outputs{Tensor(op->get_output_element_type(0), op->get_output_shape(0))};
    EXPECT_TRUE(op->evaluate(outputs, {a, b}));
    return outputs[0];
}

TEST(BinaryOps, TypeInfoMatchesOpenVINO) {
    EXPECT_STREQ(op::v1::Add::get_type_info_static().name, "Add");
    EXPECT_EQ(op::v1::Add::get_type_info_static().get_version(), "opset1");
    EXPECT_STREQ(op::v1::Subtract::get_type_info_static().name, "Subtract");
    EXPECT_STREQ(op::v1::Multiply::get_type_info_static().name, "Multiply");
    EXPECT_STREQ(op::v1::Divide::get_type_info_static().name, "Divide");
    EXPECT_STREQ(op::v1::Maximum::get_type_info_static().name, "Maximum");
    EXPECT_STREQ(op::v1::Minimum::get_type_info_static().name, "Minimum");
    auto add = std::make_shared<op::v1::Add>(param(element::f32, {2}), param(element::f32, {2}));
    EXPECT_TRUE(is_type<op::util::BinaryElementwiseArithmetic>(add));
    EXPECT_TRUE(is_type<op::Op>(add));
    EXPECT_FALSE(is_type<op::v1::Multiply>(add));
}

TEST(BinaryOps, DefaultBroadcastIsNumpy) {
    EXPECT_EQ(op::v1::Add().get_autob().m_type, op::AutoBroadcastType::NUMPY);
    auto mul = std::make_shared<op::v1::Multiply>(param(element::f32, {2}), param(element::f32, {2}));
    EXPECT_EQ(mul->get_autob().m_type, op::AutoBroadcastType::NUMPY);
    EXPECT_TRUE(op::v1::Divide().is_pythondiv());
}

TEST(BinaryOps, InfersNumpyBroadcastShapeAndType) {
    auto add = std::make_shared<op::v1::Add>(param(element::f32, {2, 3, 4}), param(element::f32, {3, 1}));
    EXPECT_EQ(add->get_output_element_type(0), element::f32);
    EXPECT_EQ(add->get_output_partial_shape(0), (PartialShape{2, 3, 4}));
}

TEST(BinaryOps, InfersDynamicDimensions) {
    auto sub = std::make_shared<op::v1::Subtract>(param(element::i64, {-1, 3}), param(element::i64, {4, 1}));
    EXPECT_EQ(sub->get_output_partial_shape(0), (PartialShape{4, 3}));
    auto dyn =
        std::make_shared<op::v1::Maximum>(param(element::f32, PartialShape::dynamic()), param(element::f32, {3}));
    EXPECT_FALSE(dyn->get_output_partial_shape(0).rank_is_static());
}

TEST(BinaryOps, DynamicElementTypeMergesWithStatic) {
    auto add = std::make_shared<op::v1::Add>(param(element::dynamic, {2}), param(element::f16, {2}));
    EXPECT_EQ(add->get_output_element_type(0), element::f16);
}

TEST(BinaryOps, IncompatibleShapesNameTheOp) {
    expect_error(
        [] {
            std::make_shared<op::v1::Add>(param(element::f32, {2, 3}), param(element::f32, {4}));
        },
        {"Add", "[2,3]", "[4]", "not broadcastable"});
    // After construction the message carries the friendly name.
    auto mul = std::make_shared<op::v1::Multiply>(param(element::f32, {2, 3}), param(element::f32, {3}));
    mul->set_friendly_name("scale");
    mul->input(1).replace_source_output(param(element::f32, {5}));
    expect_error([&] { mul->validate_and_infer_types(); }, {"Multiply", "'scale'", "[5]"});
}

TEST(BinaryOps, NoneBroadcastRequiresEqualShapes) {
    const auto none = op::AutoBroadcastSpec::NONE;
    auto ok = std::make_shared<op::v1::Add>(param(element::f32, {2, 3}), param(element::f32, {2, 3}), none);
    EXPECT_EQ(ok->get_output_partial_shape(0), (PartialShape{2, 3}));
    expect_error(
        [&] {
            std::make_shared<op::v1::Add>(param(element::f32, {2, 3}), param(element::f32, {3}), none);
        },
        {"Add", "must be equal", "none"});
}

TEST(BinaryOps, MismatchedElementTypesNameTheOp) {
    auto div = std::make_shared<op::v1::Divide>(param(element::f32, {2}), param(element::f32, {2}));
    div->set_friendly_name("ratio");
    div->input(0).replace_source_output(param(element::i32, {2}));
    expect_error([&] { div->validate_and_infer_types(); }, {"Divide", "'ratio'", "i32", "f32"});
}

TEST(BinaryOps, BooleanInputsAreRejected) {
    expect_error([] { std::make_shared<op::v1::Minimum>(param(element::boolean, {2}), param(element::boolean, {2})); },
                 {"Minimum", "boolean"});
}

TEST(BinaryOps, WrongInputCountIsRejected) {
    op::v1::Add add;
    add.set_friendly_name("lonely");
    add.set_arguments({param(element::f32, {2})});
    expect_error([&] { add.validate_and_infer_types(); }, {"Add", "'lonely'", "2 inputs"});
}

// Tolerance: these f32 results are one IEEE operation on the same operands, so they must be exact;
// 1e-6 relative is allowed in case the compiler fuses differently.
TEST(BinaryOps, F32BroadcastMatchesNaiveLoop) {
    std::mt19937 rng(1234);
    const Shape as{2, 3, 4}, bs{3, 1};
    const Tensor a = eltest::random_real(element::f32, as, rng, -5.f, 5.f);
    const Tensor b = eltest::make_tensor<float>(element::f32, bs, [&] {
        std::uniform_real_distribution<float> d(0.5f, 3.f);
        return rng() % 2 ? d(rng) : -d(rng);
    });
    const Shape out{2, 3, 4};
    struct Case {
        const char* name;
        Tensor got;
        std::vector<float> expected;
    };
    const std::vector<Case> cases = {
        {"Add", run<op::v1::Add>(a, b), naive_binary<float>(a, b, out, [](float x, float y) { return x + y; })},
        {"Subtract", run<op::v1::Subtract>(a, b),
         naive_binary<float>(a, b, out, [](float x, float y) { return x - y; })},
        {"Multiply", run<op::v1::Multiply>(a, b),
         naive_binary<float>(a, b, out, [](float x, float y) { return x * y; })},
        {"Divide", run<op::v1::Divide>(a, b), naive_binary<float>(a, b, out, [](float x, float y) { return x / y; })},
        {"Maximum", run<op::v1::Maximum>(a, b),
         naive_binary<float>(a, b, out, [](float x, float y) { return x > y ? x : y; })},
        {"Minimum", run<op::v1::Minimum>(a, b),
         naive_binary<float>(a, b, out, [](float x, float y) { return x < y ? x : y; })},
    };
    for (const auto& c : cases) {
        ASSERT_EQ(c.got.get_shape(), out) << c.name;
        const auto got = eltest::values<float>(c.got);
        for (size_t i = 0; i < got.size(); ++i)
            ASSERT_NEAR(got[i], c.expected[i], 1e-6 * std::abs(c.expected[i])) << c.name << " at " << i;
    }
}

TEST(BinaryOps, BroadcastsTheFirstInputToo) {
    std::mt19937 rng(99);
    const Tensor a = eltest::random_real(element::f32, {4, 1}, rng, -2.f, 2.f);
    const Tensor b = eltest::random_real(element::f32, {1, 5}, rng, -2.f, 2.f);
    const auto got = run<op::v1::Subtract>(a, b);
    ASSERT_EQ(got.get_shape(), (Shape{4, 5}));
    const auto expected = naive_binary<float>(a, b, {4, 5}, [](float x, float y) { return x - y; });
    EXPECT_EQ(eltest::values<float>(got), expected);
}

// Tolerance: f16 results computed in float and rounded once, as the reference does: exact.
TEST(BinaryOps, F16ComputesInFloatAndRoundsOnce) {
    std::mt19937 rng(42);
    const Tensor a = eltest::random_real<float16>(element::f16, {1, 8, 2, 2}, rng, -4.f, 4.f);
    const Tensor b = eltest::random_real<float16>(element::f16, {1, 8, 1, 1}, rng, -4.f, 4.f);
    const auto got = run<op::v1::Multiply>(a, b);
    ASSERT_EQ(got.get_element_type(), element::f16);
    const auto expected = naive_binary<float16>(a, b, {1, 8, 2, 2}, [](float16 x, float16 y) {
        return float16(static_cast<float>(x) * static_cast<float>(y));
    });
    const auto g = eltest::values<float16>(got);
    for (size_t i = 0; i < g.size(); ++i)
        ASSERT_EQ(g[i].to_bits(), expected[i].to_bits()) << i;
}

TEST(BinaryOps, F64Add) {
    std::mt19937 rng(5);
    const Tensor a = eltest::random_real<double>(element::f64, {3}, rng, -1.f, 1.f);
    const Tensor b = eltest::random_real<double>(element::f64, {3}, rng, -1.f, 1.f);
    const auto got = eltest::values<double>(run<op::v1::Add>(a, b));
    for (size_t i = 0; i < 3; ++i)
        EXPECT_DOUBLE_EQ(got[i], a.data<double>()[i] + b.data<double>()[i]);
}

TEST(BinaryOps, IntegerArithmeticWrapsAround) {
    const auto i32 = [](std::vector<int32_t> v) {
        Tensor t(element::i32, {v.size()});
        std::copy(v.begin(), v.end(), t.data<int32_t>());
        return t;
    };
    const int32_t max = std::numeric_limits<int32_t>::max();
    const int32_t min = std::numeric_limits<int32_t>::min();
    EXPECT_EQ(eltest::values<int32_t>(run<op::v1::Add>(i32({max, 5}), i32({1, -7}))), (std::vector<int32_t>{min, -2}));
    EXPECT_EQ(eltest::values<int32_t>(run<op::v1::Subtract>(i32({min, 3}), i32({1, 10}))),
              (std::vector<int32_t>{max, -7}));
    EXPECT_EQ(eltest::values<int32_t>(run<op::v1::Multiply>(i32({65536, -3}), i32({65536, 4}))),
              (std::vector<int32_t>{0, -12}));

    Tensor a(element::u8, {2}), b(element::u8, {2});
    a.data<uint8_t>()[0] = 3, a.data<uint8_t>()[1] = 200;
    b.data<uint8_t>()[0] = 5, b.data<uint8_t>()[1] = 2;
    EXPECT_EQ(eltest::values<uint8_t>(run<op::v1::Subtract>(a, b)), (std::vector<uint8_t>{254, 198}));
    EXPECT_EQ(eltest::values<uint8_t>(run<op::v1::Multiply>(a, b)), (std::vector<uint8_t>{15, 144}));
}

TEST(BinaryOps, I64RandomMatchesNaiveLoop) {
    std::mt19937 rng(77);
    const Tensor a = eltest::random_int<int64_t>(element::i64, {3, 4}, rng, -1000, 1000);
    const Tensor b = eltest::random_int<int64_t>(element::i64, {4}, rng, -1000, 1000);
    EXPECT_EQ(eltest::values<int64_t>(run<op::v1::Multiply>(a, b)),
              naive_binary<int64_t>(a, b, {3, 4}, [](int64_t x, int64_t y) { return x * y; }));
    EXPECT_EQ(eltest::values<int64_t>(run<op::v1::Maximum>(a, b)),
              naive_binary<int64_t>(a, b, {3, 4}, [](int64_t x, int64_t y) { return std::max(x, y); }));
    EXPECT_EQ(eltest::values<int64_t>(run<op::v1::Minimum>(a, b)),
              naive_binary<int64_t>(a, b, {3, 4}, [](int64_t x, int64_t y) { return std::min(x, y); }));
}

Tensor i32_tensor(std::vector<int32_t> v) {
    Tensor t(element::i32, {v.size()});
    std::copy(v.begin(), v.end(), t.data<int32_t>());
    return t;
}

Tensor divide(const Tensor& a, const Tensor& b, bool pythondiv) {
    auto div = std::make_shared<op::v1::Divide>(param(a.get_element_type(), a.get_shape()),
                                                param(b.get_element_type(), b.get_shape()), pythondiv);
    TensorVector outputs;
    EXPECT_TRUE(div->evaluate(outputs, {a, b}));
    return outputs.at(0);
}

TEST(BinaryOps, IntegerDivideFloorsWithPythondiv) {
    const auto a = i32_tensor({7, -7, 7, -7, 6, 0});
    const auto b = i32_tensor({2, 2, -2, -2, 3, -5});
    EXPECT_EQ(eltest::values<int32_t>(divide(a, b, true)), (std::vector<int32_t>{3, -4, -4, 3, 2, 0}));
}

TEST(BinaryOps, IntegerDivideTruncatesWithoutPythondiv) {
    const auto a = i32_tensor({7, -7, 7, -7, 6, 0});
    const auto b = i32_tensor({2, 2, -2, -2, 3, -5});
    EXPECT_EQ(eltest::values<int32_t>(divide(a, b, false)), (std::vector<int32_t>{3, -3, -3, 3, 2, 0}));
}

TEST(BinaryOps, IntegerDivideMinByMinusOneWraps) {
    const int32_t min = std::numeric_limits<int32_t>::min();
    EXPECT_EQ(eltest::values<int32_t>(divide(i32_tensor({min}), i32_tensor({-1}), true)), (std::vector<int32_t>{min}));
}

TEST(BinaryOps, IntegerDivisionByZeroNamesTheOp) {
    auto div = std::make_shared<op::v1::Divide>(param(element::i32, {2}), param(element::i32, {2}));
    div->set_friendly_name("ratio");
    TensorVector outputs;
    expect_error(
        [&] {
            div->evaluate(outputs, {i32_tensor({1, 2}), i32_tensor({1, 0})});
        },
        {"Divide", "'ratio'", "division by zero"});
}

TEST(BinaryOps, RealDivideIgnoresPythondiv) {
    Tensor a(element::f32, {2}), b(element::f32, {2});
    a.data<float>()[0] = 7.f, a.data<float>()[1] = -7.f;
    b.data<float>()[0] = 2.f, b.data<float>()[1] = 2.f;
    EXPECT_EQ(eltest::values<float>(divide(a, b, true)), (std::vector<float>{3.5f, -3.5f}));
}

TEST(BinaryOps, EvaluateAllocatesOrReshapesTheOutput) {
    std::mt19937 rng(3);
    const Tensor a = eltest::random_real(element::f32, {2, 3}, rng, -1.f, 1.f);
    const Tensor b = eltest::random_real(element::f32, {3}, rng, -1.f, 1.f);
    auto add = std::make_shared<op::v1::Add>(param(element::f32, {2, 3}), param(element::f32, {3}));
    const auto expected = naive_binary<float>(a, b, {2, 3}, [](float x, float y) { return x + y; });

    TensorVector empty;
    ASSERT_TRUE(add->evaluate(empty, {a, b}));
    EXPECT_EQ(empty.at(0).get_shape(), (Shape{2, 3}));
    EXPECT_EQ(eltest::values<float>(empty[0]), expected);

    TensorVector wrong{Tensor(element::f32, {1})};
    ASSERT_TRUE(add->evaluate(wrong, {a, b}));
    EXPECT_EQ(wrong[0].get_shape(), (Shape{2, 3}));
    EXPECT_EQ(eltest::values<float>(wrong[0]), expected);
}

TEST(BinaryOps, EvaluateRejectsMismatchedTensors) {
    auto add = std::make_shared<op::v1::Add>(param(element::f32, {2}), param(element::f32, {2}));
    add->set_friendly_name("sum");
    TensorVector out;
    expect_error(
        [&] {
            add->evaluate(out, {Tensor(element::f32, {2}), Tensor(element::i32, {2})});
        },
        {"'sum'", "f32", "i32"});
    expect_error(
        [&] {
            add->evaluate(out, {Tensor(element::f32, {2}), Tensor(element::f32, {3})});
        },
        {"'sum'", "[2]", "[3]"});
    expect_error([&] { add->evaluate(out, {Tensor(element::f32, {2})}); }, {"'sum'", "2 input tensors"});
}

TEST(BinaryOps, EvaluateRejectsStridedInputs) {
    auto add = std::make_shared<op::v1::Add>(param(element::f32, {2, 2}), param(element::f32, {2, 2}));
    add->set_friendly_name("sum");
    std::vector<float> buffer(8, 1.f);
    // Rows 16 bytes apart hold 2 floats each: a view with gaps.
    const Tensor strided(element::f32, {2, 2}, buffer.data(), Strides{16, 4});
    const Tensor dense_view(element::f32, {2, 2}, buffer.data(), Strides{8, 4});
    TensorVector out;
    expect_error([&] { add->evaluate(out, {strided, Tensor(element::f32, {2, 2})}); }, {"'sum'", "dense"});
    EXPECT_TRUE(add->evaluate(out, {dense_view, dense_view}));
    EXPECT_EQ(eltest::values<float>(out[0]), (std::vector<float>{2.f, 2.f, 2.f, 2.f}));
}

TEST(BinaryOps, HasEvaluateFollowsTheElementType) {
    EXPECT_TRUE(std::make_shared<op::v1::Add>(param(element::f32, {2}), param(element::f32, {2}))->has_evaluate());
    EXPECT_TRUE(std::make_shared<op::v1::Add>(param(element::u16, {2}), param(element::u16, {2}))->has_evaluate());
    EXPECT_FALSE(op::v1::Add().has_evaluate());
}

TEST(BinaryOps, AttributesRoundTrip) {
    auto add =
        std::make_shared<op::v1::Add>(param(element::f32, {2}), param(element::f32, {2}), op::AutoBroadcastSpec::NONE);
    eltest::RecordingVisitor visitor;
    add->visit_attributes(visitor);
    EXPECT_EQ(visitor.values(), (std::map<std::string, std::string>{{"auto_broadcast", "none"}}));
    visitor.start_replay();
    op::v1::Add restored;
    restored.visit_attributes(visitor);
    EXPECT_EQ(restored.get_autob().m_type, op::AutoBroadcastType::NONE);
}

TEST(BinaryOps, DivideAttributesRoundTrip) {
    auto div = std::make_shared<op::v1::Divide>(param(element::i32, {2}), param(element::i32, {2}), false);
    eltest::RecordingVisitor visitor;
    div->visit_attributes(visitor);
    EXPECT_EQ(visitor.values(),
              (std::map<std::string, std::string>{{"auto_broadcast", "numpy"}, {"m_pythondiv", "false"}}));
    visitor.start_replay();
    op::v1::Divide restored;
    restored.visit_attributes(visitor);
    EXPECT_FALSE(restored.is_pythondiv());
    EXPECT_EQ(restored.get_autob().m_type, op::AutoBroadcastType::NUMPY);
}

TEST(BinaryOps, InvalidBroadcastTextIsRejected) {
    eltest::RecordingVisitor visitor;
    visitor.values()["auto_broadcast"] = "sideways";
    visitor.start_replay();
    op::v1::Add add;
    expect_error([&] { add.visit_attributes(visitor); }, {"auto_broadcast", "sideways"});
}

TEST(BinaryOps, CloneKeepsAttributes) {
    auto div = std::make_shared<op::v1::Divide>(param(element::i32, {2, 2}), param(element::i32, {2, 2}), false,
                                                op::AutoBroadcastSpec::NONE);
    auto clone = div->clone_with_new_inputs({param(element::i32, {2, 2}), param(element::i32, {2, 2})});
    auto typed = as_type_ptr<op::v1::Divide>(clone);
    ASSERT_TRUE(typed);
    EXPECT_FALSE(typed->is_pythondiv());
    EXPECT_EQ(typed->get_autob().m_type, op::AutoBroadcastType::NONE);
    EXPECT_THROW(div->clone_with_new_inputs({param(element::i32, {2, 2})}), Exception);
}

TEST(BinaryOps, RegisteredForTheIRReader) {
    auto& registry = devmux::OpRegistry::instance();
    for (const char* name : {"Add", "Subtract", "Multiply", "Divide", "Maximum", "Minimum"}) {
        auto node = registry.create(name, "opset1");
        ASSERT_TRUE(node) << name;
        EXPECT_STREQ(node->get_type_name(), name);
        EXPECT_TRUE(is_type<op::util::BinaryElementwiseArithmetic>(node)) << name;
        // Still the op of later opsets, which did not replace it.
        EXPECT_TRUE(registry.create(name, "opset8")) << name;
    }
}

}  // namespace
