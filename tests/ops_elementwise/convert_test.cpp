// SPDX-License-Identifier: Apache-2.0
// Convert between every pair of element types.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "openvino/op/convert.hpp"
#include "ops/op_registry.hpp"
#include "test_util.hpp"

using namespace ov;
using eltest::expect_error;
using eltest::param;

namespace {

// Test-side element access, written out per type rather than through the runtime's dispatch.
void set_value(Tensor& t, size_t i, double v) {
    switch (element::Type_t(t.get_element_type())) {
        case element::Type_t::boolean: t.data<char>()[i] = v != 0; break;
        case element::Type_t::bf16: t.data<bfloat16>()[i] = bfloat16(static_cast<float>(v)); break;
        case element::Type_t::f16: t.data<float16>()[i] = float16(static_cast<float>(v)); break;
        case element::Type_t::f32: t.data<float>()[i] = static_cast<float>(v); break;
        case element::Type_t::f64: t.data<double>()[i] = v; break;
        case element::Type_t::i8: t.data<int8_t>()[i] = static_cast<int8_t>(v); break;
        case element::Type_t::i16: t.data<int16_t>()[i] = static_cast<int16_t>(v); break;
        case element::Type_t::i32: t.data<int32_t>()[i] = static_cast<int32_t>(v); break;
        case element::Type_t::i64: t.data<int64_t>()[i] = static_cast<int64_t>(v); break;
        case element::Type_t::u8: t.data<uint8_t>()[i] = static_cast<uint8_t>(v); break;
        case element::Type_t::u16: t.data<uint16_t>()[i] = static_cast<uint16_t>(v); break;
        case element::Type_t::u32: t.data<uint32_t>()[i] = static_cast<uint32_t>(v); break;
        case element::Type_t::u64: t.data<uint64_t>()[i] = static_cast<uint64_t>(v); break;
        default: FAIL() << "unexpected type " << t.get_element_type();
    }
}

double get_value(const Tensor& t, size_t i) {
    switch (element::Type_t(t.get_element_type())) {
        case element::Type_t::boolean: return t.data<char>()[i];
        case element::Type_t::bf16: return static_cast<float>(t.data<bfloat16>()[i]);
        case element::Type_t::f16: return static_cast<float>(t.data<float16>()[i]);
        case element::Type_t::f32: return t.data<float>()[i];
        case element::Type_t::f64: return t.data<double>()[i];
        case element::Type_t::i8: return t.data<int8_t>()[i];
        case element::Type_t::i16: return t.data<int16_t>()[i];
        case element::Type_t::i32: return t.data<int32_t>()[i];
        case element::Type_t::i64: return static_cast<double>(t.data<int64_t>()[i]);
        case element::Type_t::u8: return t.data<uint8_t>()[i];
        case element::Type_t::u16: return t.data<uint16_t>()[i];
        case element::Type_t::u32: return t.data<uint32_t>()[i];
        case element::Type_t::u64: return static_cast<double>(t.data<uint64_t>()[i]);
        default: ADD_FAILURE() << "unexpected type " << t.get_element_type(); return 0;
    }
}

Tensor tensor_of(element::Type type, const std::vector<double>& v) {
    Tensor t(type, {v.size()});
    for (size_t i = 0; i < v.size(); ++i)
        set_value(t, i, v[i]);
    return t;
}

Tensor convert(const Tensor& in, element::Type to) {
    auto op = std::make_shared<op::v0::Convert>(param(in.get_element_type(), in.get_shape()), to);
    TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, {in}));
    EXPECT_EQ(outputs.at(0).get_element_type(), to);
    return outputs.at(0);
}

std::vector<double> read(const Tensor& t) {
    std::vector<double> out(t.get_size());
    for (size_t i = 0; i < out.size(); ++i)
        out[i] = get_value(t, i);
    return out;
}

const element::Type all_types[] = {element::f32, element::f16, element::bf16,   element::f64, element::i8,
                                   element::u8,  element::i16, element::i32,    element::i64, element::u16,
                                   element::u32, element::u64, element::boolean};

TEST(Convert, TypeInfoShapeAndType) {
    EXPECT_STREQ(op::v0::Convert::get_type_info_static().name, "Convert");
    EXPECT_EQ(op::v0::Convert::get_type_info_static().get_version(), "opset1");
    auto c = std::make_shared<op::v0::Convert>(param(element::f16, {1, -1, 4}), element::f32);
    EXPECT_EQ(c->get_output_element_type(0), element::f32);
    EXPECT_EQ(c->get_output_partial_shape(0), (PartialShape{1, -1, 4}));
    EXPECT_EQ(c->get_destination_type(), element::f32);
}

// Values every type holds exactly (booleans see them as nonzero), so each pair has one right answer.
TEST(Convert, EveryPairOfTypesOnExactValues) {
    const std::vector<double> src = {0, 1, 2, 7, 100, 0, 42, 5};
    for (auto from : all_types) {
        const Tensor in = tensor_of(from, src);
        for (auto to : all_types) {
            const auto got = read(convert(in, to));
            for (size_t i = 0; i < src.size(); ++i) {
                const double source = get_value(in, i);
                const double expected = to == element::boolean ? (source != 0 ? 1 : 0) : source;
                ASSERT_EQ(got[i], expected) << from << " -> " << to << " at " << i;
            }
        }
    }
}

TEST(Convert, RealToIntegerTruncatesTowardsZero) {
    const Tensor in = tensor_of(element::f32, {2.7, -2.7, 0.5, -0.5, 3.0, -1.0, 2.2, 3.8});
    EXPECT_EQ(read(convert(in, element::i32)), (std::vector<double>{2, -2, 0, 0, 3, -1, 2, 3}));
    EXPECT_EQ(read(convert(in, element::i8)), (std::vector<double>{2, -2, 0, 0, 3, -1, 2, 3}));
    EXPECT_EQ(read(convert(tensor_of(element::f16, {2.5, -2.5, 9.75}), element::i64)), (std::vector<double>{2, -2, 9}));
    EXPECT_EQ(read(convert(tensor_of(element::f64, {1.999, 250.9}), element::u8)), (std::vector<double>{1, 250}));
}

TEST(Convert, RealToIntegerSaturatesAndMapsNaNToZero) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Tensor in = tensor_of(element::f32, {300, -300, 1e20, -1e20, nan, -0.9});
    EXPECT_EQ(read(convert(in, element::u8)), (std::vector<double>{255, 0, 255, 0, 0, 0}));
    EXPECT_EQ(read(convert(in, element::i8)), (std::vector<double>{127, -128, 127, -128, 0, 0}));
    const auto i32 = eltest::values<int32_t>(convert(tensor_of(element::f32, {3e9, -3e9}), element::i32));
    EXPECT_EQ(i32, (std::vector<int32_t>{std::numeric_limits<int32_t>::max(), std::numeric_limits<int32_t>::min()}));
    const auto i64 = eltest::values<int64_t>(convert(tensor_of(element::f64, {1e30, -1e30}), element::i64));
    EXPECT_EQ(i64, (std::vector<int64_t>{std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()}));
    const auto u64 = eltest::values<uint64_t>(convert(tensor_of(element::f32, {1e30f, -5.f}), element::u64));
    EXPECT_EQ(u64, (std::vector<uint64_t>{std::numeric_limits<uint64_t>::max(), 0}));
}

TEST(Convert, IntegerNarrowingWrapsModulo) {
    EXPECT_EQ(eltest::values<int8_t>(convert(tensor_of(element::i32, {300, -1, 128, -129}), element::i8)),
              (std::vector<int8_t>{44, -1, -128, 127}));
    EXPECT_EQ(eltest::values<uint8_t>(convert(tensor_of(element::i64, {-1, 256, 257}), element::u8)),
              (std::vector<uint8_t>{255, 0, 1}));
}

TEST(Convert, ToBooleanIsNonzero) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(eltest::values<char>(convert(tensor_of(element::f32, {0, -0.0, 0.1, nan, -3}), element::boolean)),
              (std::vector<char>{0, 0, 1, 1, 1}));
    EXPECT_EQ(eltest::values<char>(convert(tensor_of(element::i64, {0, -5, 1LL << 40}), element::boolean)),
              (std::vector<char>{0, 1, 1}));
}

TEST(Convert, ToF16RoundsToNearestEven) {
    const double ulp = std::ldexp(1.0, -10);  // spacing of f16 values in [1, 2)
    const Tensor in = tensor_of(element::f32, {1 + ulp / 2, 1 + 3 * ulp / 2, 1 + ulp / 4, 65504, 1e6});
    const auto got = read(convert(in, element::f16));
    EXPECT_EQ(got[0], 1.0);           // tie -> even
    EXPECT_EQ(got[1], 1 + 2 * ulp);   // tie -> even
    EXPECT_EQ(got[2], 1.0);           // below half
    EXPECT_EQ(got[3], 65504.0);       // largest finite f16
    EXPECT_TRUE(std::isinf(got[4]));  // overflow
}

TEST(Convert, F16ModelInputsConvertToF32) {
    // The squeezenet IR v11 stores weights as f16 behind Convert(f32): random f16 values must come back exactly.
    std::mt19937 rng(21);
    const Tensor w = eltest::random_real<float16>(element::f16, {4, 3, 3, 3}, rng, -1.f, 1.f);
    const Tensor out = convert(w, element::f32);
    EXPECT_EQ(out.get_shape(), (Shape{4, 3, 3, 3}));
    EXPECT_EQ(eltest::values<float>(out), eltest::as_floats_f16(w));
}

TEST(Convert, MissingDestinationTypeNamesTheOp) {
    op::v0::Convert c;
    c.set_friendly_name("cvt");
    c.set_arguments({param(element::f32, {2})});
    expect_error([&] { c.validate_and_infer_types(); }, {"Convert", "'cvt'", "destination_type"});
}

TEST(Convert, AttributesRoundTrip) {
    auto c = std::make_shared<op::v0::Convert>(param(element::f32, {2}), element::f16);
    eltest::RecordingVisitor visitor;
    c->visit_attributes(visitor);
    EXPECT_EQ(visitor.values(), (std::map<std::string, std::string>{{"destination_type", "f16"}}));
    visitor.start_replay();
    op::v0::Convert restored;
    restored.visit_attributes(visitor);
    EXPECT_EQ(restored.get_destination_type(), element::f16);
}

TEST(Convert, CloneHasEvaluateAndRegistry) {
    auto c = std::make_shared<op::v0::Convert>(param(element::u8, {2}), element::f16);
    EXPECT_TRUE(c->has_evaluate());
    auto clone = as_type_ptr<op::v0::Convert>(c->clone_with_new_inputs({param(element::i64, {5})}));
    ASSERT_TRUE(clone);
    EXPECT_EQ(clone->get_output_element_type(0), element::f16);
    EXPECT_EQ(clone->get_output_partial_shape(0), (PartialShape{5}));
    EXPECT_TRUE(devmux::OpRegistry::instance().create("Convert", "opset1"));
}

}  // namespace
