// SPDX-License-Identifier: Apache-2.0
// FakeConvert-13 against an independent rounding: every finite value of f8e4m3 / f8e5m2 decoded from its bit
// pattern, the nearest one chosen by search (ties to the even code); hand-worked values, scale and shift
// broadcasting, errors and the IR round trip.
#include <gtest/gtest.h>

#include <limits>

#include "openvino/op/fake_convert.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::PartialShape;
using ov::Shape;
using FC = ov::op::v13::FakeConvert;

namespace {

// The finite non-negative values of an 8-bit float with `e_bits` exponent bits (bias 2^(e_bits-1) - 1), indexed
// by their code (sign bit clear).
std::vector<double> f8_values(bool e4m3) {
    const int e_bits = e4m3 ? 4 : 5, m_bits = 7 - e_bits, bias = (1 << (e_bits - 1)) - 1;
    std::vector<double> v;
    for (int code = 0; code < 128; ++code) {
        const int e = code >> m_bits, m = code & ((1 << m_bits) - 1);
        if (e4m3 && e == 15 && m == 7)
            break;  // NaN
        if (!e4m3 && e == 31)
            break;  // infinity and NaN
        v.push_back(e == 0 ? std::ldexp(double(m), 1 - bias - m_bits)
                           : std::ldexp(1.0 + double(m) / (1 << m_bits), e - bias));
    }
    return v;
}

double nearest_f8(double x, bool e4m3) {
    static const auto e4 = f8_values(true), e5 = f8_values(false);
    const auto& v = e4m3 ? e4 : e5;
    const double a = std::fabs(x);
    const double max = v.back(), next_step = max - v[v.size() - 2];
    if (a > max) {
        if (e4m3)
            return std::copysign(max, x);
        // Beyond max the next (absent) grid point would be max + step: half way and above go to infinity.
        return a >= max + next_step / 2 ? std::copysign(std::numeric_limits<double>::infinity(), x)
                                        : std::copysign(max, x);
    }
    size_t best = 0;
    for (size_t c = 1; c < v.size(); ++c) {
        const double d = std::fabs(v[c] - a), db = std::fabs(v[best] - a);
        if (d < db || (d == db && c % 2 == 0))
            best = c;
    }
    return std::copysign(v[best], x);
}

std::vector<double> convert(const std::string& dest, ov::element::Type type, const Shape& ds,
                            const std::vector<double>& x, const Shape& ss, const std::vector<double>& scale,
                            const Shape* hs = nullptr, const std::vector<double>* shift = nullptr) {
    std::shared_ptr<ov::Node> op;
    ov::TensorVector inputs{make_tensor(type, ds, x), make_tensor(type, ss, scale)};
    if (shift) {
        op = std::make_shared<FC>(param(type, ds), param(type, ss), param(type, *hs), dest);
        inputs.push_back(make_tensor(type, *hs, *shift));
    } else {
        op = std::make_shared<FC>(param(type, ds), param(type, ss), dest);
    }
    return read_tensor(run(op, inputs));
}

TEST(FakeConvert, HandWorkedValues) {
    const auto f32 = ov::element::f32;
    // 0.3 -> 0.3125 in both; 1.1 -> 1.125 (e4m3, step 1/8) and 1.0 (e5m2, step 1/4); 500 saturates to 448 in
    // e4m3; 70000 overflows to infinity in e5m2; 2^-10 is the e4m3 subnormal step 2^-9 halved: a tie, to 0.
    EXPECT_EQ(convert("f8e4m3", f32, {4}, {0.3, 1.1, 500, 0.0009765625}, {}, {1.0}),
              (std::vector<double>{0.3125, 1.125, 448, 0}));
    const auto e5 = convert("f8e5m2", f32, {3}, {0.3, 1.1, 70000}, {}, {1.0});
    EXPECT_EQ(e5[0], 0.3125);
    EXPECT_EQ(e5[1], 1.0);
    EXPECT_TRUE(std::isinf(e5[2]) && e5[2] > 0);
}

TEST(FakeConvert, RandomValuesMatchTheNearestF8) {
    std::mt19937 rng(7801);
    for (const std::string dest : {"f8e4m3", "f8e5m2"}) {
        for (auto type : {ov::element::f32, ov::element::f16}) {
            const Shape ds{2, 3, 4}, ss{3, 1}, hs{1, 4};
            auto x = as_stored(type, random_values(shape_size(ds), rng, -3.0, 3.0));
            const auto scale = as_stored(type, random_values(3, rng, 0.5, 40.0));
            const auto shift = as_stored(type, random_values(4, rng, -0.5, 0.5));
            const auto out = convert(dest, type, ds, x, ss, scale, &hs, &shift);
            std::vector<double> expected;
            for (size_t i = 0; i < x.size(); ++i) {
                const auto c = unravel(i, {2, 3, 4});
                const double s = scale[c[1]], h = shift[c[2]];
                // The scaled value as the data type holds it.
                const double scaled = as_stored(type, {x[i] * s - h})[0];
                expected.push_back((nearest_f8(scaled, dest == "f8e4m3") + h) / s);
            }
            const double tol = type == ov::element::f16 ? 2e-3 : 1e-6;
            expect_close(out, as_stored(type, expected), tol, tol);
        }
    }
}

TEST(FakeConvert, ShapeInferenceAndErrors) {
    const auto f32 = ov::element::f32;
    auto op = std::make_shared<FC>(param(f32, PartialShape{-1, 3, 4}), param(f32, PartialShape{3, 1}), "f8e5m2");
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 3, 4}));
    expect_error(
        [&] {
            std::make_shared<FC>(param(f32, Shape{2, 3}), param(f32, Shape{1}), "f8e3m4");
        },
        {"FakeConvert", "destination_type 'f8e3m4'"});
    expect_error(
        [&] {
            std::make_shared<FC>(param(f32, Shape{2, 3}), param(f32, Shape{2}));
        },
        {"FakeConvert", "does not broadcast"});
    expect_error(
        [&] {
            std::make_shared<FC>(param(f32, Shape{2, 3}), param(ov::element::f16, Shape{1}));
        },
        {"FakeConvert", "element type"});
    expect_error(
        [&] {
            std::make_shared<FC>(param(ov::element::i32, Shape{2, 3}), param(ov::element::i32, Shape{1}));
        },
        {"FakeConvert", "f32, f16 or bf16"});
}

TEST(FakeConvert, IrRoundTripKeepsAttributes) {
    auto d = param(ov::element::f32, Shape{2, 3}), s = param(ov::element::f32, Shape{1}),
         h = param(ov::element::f32, Shape{3});
    const auto xml = expect_round_trip(std::make_shared<FC>(d, s, h, "f8e5m2"), {d, s, h});
    EXPECT_NE(xml.find("destination_type=\"f8e5m2\""), std::string::npos) << xml;
}

}  // namespace
