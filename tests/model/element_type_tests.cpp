// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "openvino/core/partial_shape.hpp"
#include "openvino/core/type/element_type.hpp"

namespace {

// Independent oracle: the exact value of a half's bits, computed with ldexp.
double half_bits_value(uint16_t bits) {
    const int sign = bits >> 15 ? -1 : 1;
    const int exponent = (bits >> 10) & 0x1f;
    const int mantissa = bits & 0x3ff;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

TEST(ElementType, NamesSizesAndParsing) {
    EXPECT_EQ(ov::element::f32.get_type_name(), "f32");
    EXPECT_EQ(ov::element::f16.size(), 2u);
    EXPECT_EQ(ov::element::i64.size(), 8u);
    EXPECT_EQ(ov::element::Type("FP16"), ov::element::f16);
    EXPECT_EQ(ov::element::Type("I64"), ov::element::i64);
    EXPECT_EQ(ov::element::Type("BOOL"), ov::element::boolean);
    EXPECT_EQ(ov::element::Type("u8"), ov::element::u8);
    EXPECT_TRUE(ov::element::f32.is_real());
    EXPECT_FALSE(ov::element::i32.is_real());
    EXPECT_FALSE(ov::element::u8.is_signed());
    EXPECT_THROW(ov::element::Type("f33"), ov::Exception);
}

TEST(Float16, EveryHalfRoundTripsThroughFloat) {
    for (uint32_t bits = 0; bits < 0x10000; ++bits) {
        const auto h = ov::float16::from_bits(static_cast<uint16_t>(bits));
        const float f = h;
        if (((bits >> 10) & 0x1f) == 0x1f) {  // inf and nan keep their class
            ASSERT_TRUE(std::isinf(f) || std::isnan(f)) << std::hex << bits;
            ASSERT_EQ(std::isnan(static_cast<float>(ov::float16(f))), std::isnan(f)) << std::hex << bits;
            continue;
        }
        ASSERT_EQ(static_cast<double>(f), half_bits_value(static_cast<uint16_t>(bits))) << std::hex << bits;
        ASSERT_EQ(ov::float16(f).to_bits(), bits) << std::hex << bits;
    }
}

TEST(Float16, RoundsRandomFloatsToNearest) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> dist(-70000.f, 70000.f);
    std::uniform_real_distribution<float> tiny(-1e-4f, 1e-4f);
    for (int i = 0; i < 20000; ++i) {
        const float x = i % 2 ? dist(rng) : tiny(rng);
        const double got = static_cast<float>(ov::float16(x));
        if (std::fabs(x) > 65519.f) {
            EXPECT_TRUE(std::isinf(got)) << x;
            continue;
        }
        // No other half may be strictly closer than the one chosen.
        const uint16_t b = ov::float16(x).to_bits();
        for (int step : {-1, 1}) {
            const uint16_t neighbour = static_cast<uint16_t>(b + step);
            if (((neighbour >> 10) & 0x1f) == 0x1f)
                continue;
            EXPECT_LE(std::fabs(got - x), std::fabs(half_bits_value(neighbour) - x) + 1e-12) << x;
        }
    }
}

TEST(BFloat16, KeepsUpperBitsWithRounding) {
    EXPECT_EQ(static_cast<float>(ov::bfloat16(1.0f)), 1.0f);
    EXPECT_EQ(static_cast<float>(ov::bfloat16(-2.5f)), -2.5f);
    EXPECT_NEAR(static_cast<float>(ov::bfloat16(3.14159f)), 3.14159f, 3.14159f / 128);
}

TEST(PartialShape, ParsesAndPrints) {
    ov::PartialShape p("1,3,?,224");
    EXPECT_TRUE(p.rank_is_static());
    EXPECT_FALSE(p.is_static());
    EXPECT_EQ(p.to_string(), "[1,3,?,224]");
    EXPECT_EQ(ov::PartialShape("[2,3]").to_shape(), ov::Shape({2, 3}));
    EXPECT_TRUE(ov::PartialShape("").is_static());
    EXPECT_EQ(ov::PartialShape("").size(), 0u);
    EXPECT_FALSE(ov::PartialShape("...").rank_is_static());
    EXPECT_THROW(ov::PartialShape("1,x"), ov::Exception);
    EXPECT_THROW(p.to_shape(), ov::Exception);
    EXPECT_TRUE(p.compatible(ov::PartialShape("1,3,5,224")));
    EXPECT_FALSE(p.compatible(ov::PartialShape("1,4,5,224")));
}

}  // namespace
