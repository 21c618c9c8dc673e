// SPDX-License-Identifier: Apache-2.0
// DFT-7, IDFT-7, RDFT-9, IRDFT-9 against the O(n^2) multi-dimensional definition written here in double
// (every output element one full sum over all transformed axes at once), shape inference with dynamic
// dims and unknown axes/signal sizes, errors and the IR round trip.
#include <gtest/gtest.h>

#include <complex>

#include "openvino/op/dft.hpp"
#include "openvino/op/idft.hpp"
#include "openvino/op/irdft.hpp"
#include "openvino/op/rdft.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::PartialShape;
using ov::Shape;
using Complex = std::complex<double>;

namespace {

const double kPi = 3.14159265358979323846;

// X[k] = sum over n of x[n] * exp(sign * 2 pi i * sum_a k_a n_a / N_a) over the axes (others fixed), where x is
// `in` (complex, shape `dims`) read as zero beyond its extent along an axis (signal padding) and N_a = sizes[a].
std::vector<Complex> naive_dft(const std::vector<Complex>& in, const std::vector<size_t>& dims,
                               const std::vector<size_t>& axes, const std::vector<size_t>& sizes, double sign,
                               std::vector<size_t>& out_dims) {
    out_dims = dims;
    for (size_t k = 0; k < axes.size(); ++k)
        out_dims[axes[k]] = sizes[k];
    std::vector<Complex> out(volume(out_dims));
    const size_t terms = volume(sizes);
    for (size_t o = 0; o < out.size(); ++o) {
        const auto kc = unravel(o, out_dims);
        Complex sum = 0;
        for (size_t t = 0; t < terms; ++t) {
            const auto nc = unravel(t, sizes);
            auto xc = kc;
            double phase = 0;
            bool inside = true;
            for (size_t a = 0; a < axes.size(); ++a) {
                xc[axes[a]] = nc[a];
                inside = inside && nc[a] < dims[axes[a]];
                phase += double(kc[axes[a]] * nc[a]) / double(sizes[a]);
            }
            if (inside)
                sum += in[ravel(xc, dims)] * std::polar(1.0, sign * 2 * kPi * phase);
        }
        out[o] = sum;
    }
    return out;
}

std::vector<Complex> to_complex(const std::vector<double>& v) {
    std::vector<Complex> c(v.size() / 2);
    for (size_t i = 0; i < c.size(); ++i)
        c[i] = {v[2 * i], v[2 * i + 1]};
    return c;
}

std::vector<double> from_complex(const std::vector<Complex>& c) {
    std::vector<double> v;
    for (auto x : c) {
        v.push_back(x.real());
        v.push_back(x.imag());
    }
    return v;
}

double tolerance(ov::element::Type type) { return type == ov::element::f16 ? 2e-2 : 2e-5; }

struct ComplexCase {
    Shape data;                  // including the trailing 2
    std::vector<int64_t> axes;   // as given to the op (may be negative)
    std::vector<int64_t> sizes;  // empty: no signal_size input
};

class DftTest : public ::testing::TestWithParam<ov::element::Type> {};

TEST_P(DftTest, DftAndIdftMatchTheDefinition) {
    const auto type = GetParam();
    std::mt19937 rng(7101);
    const std::vector<ComplexCase> cases{{{2, 3, 4, 2}, {1, 2}, {}},
                                         {{2, 3, 4, 2}, {-1}, {}},
                                         {{5, 2}, {0}, {8}},
                                         {{3, 4, 5, 2}, {2, 0}, {3, -1}},
                                         {{2, 6, 2}, {0, 1}, {4, 9}}};
    for (const auto& c : cases) {
        for (bool inverse : {false, true}) {
            SCOPED_TRACE(::testing::Message() << "shape " << c.data << (inverse ? " IDFT" : " DFT"));
            const auto x = as_stored(type, random_values(shape_size(c.data), rng));
            std::vector<size_t> dims(c.data.begin(), c.data.end() - 1);
            std::vector<size_t> axes, sizes;
            for (size_t k = 0; k < c.axes.size(); ++k) {
                const size_t a = size_t(c.axes[k] < 0 ? c.axes[k] + int64_t(dims.size()) : c.axes[k]);
                axes.push_back(a);
                sizes.push_back(c.sizes.empty() || c.sizes[k] == -1 ? dims[a] : size_t(c.sizes[k]));
            }
            std::vector<size_t> out_dims;
            auto expected = naive_dft(to_complex(x), dims, axes, sizes, inverse ? 1.0 : -1.0, out_dims);
            if (inverse)
                for (auto& v : expected)
                    v /= double(volume(sizes));
            auto data = param(type, c.data);
            std::shared_ptr<ov::Node> op;
            ov::TensorVector inputs{make_tensor(type, c.data, x), i64_tensor(c.axes)};
            if (c.sizes.empty()) {
                op = inverse ? std::shared_ptr<ov::Node>(std::make_shared<ov::op::v7::IDFT>(data, i64_constant(c.axes)))
                             : std::make_shared<ov::op::v7::DFT>(data, i64_constant(c.axes));
            } else {
                op = inverse ? std::shared_ptr<ov::Node>(std::make_shared<ov::op::v7::IDFT>(data, i64_constant(c.axes),
                                                                                            i64_constant(c.sizes)))
                             : std::make_shared<ov::op::v7::DFT>(data, i64_constant(c.axes), i64_constant(c.sizes));
                inputs.push_back(i64_tensor(c.sizes));
            }
            auto out_shape = out_dims;
            out_shape.push_back(2);
            EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(Shape(out_shape)));
            EXPECT_EQ(op->get_output_element_type(0), type);
            const auto out = run(op, inputs);
            EXPECT_EQ(out.get_shape(), Shape(out_shape));
            const double scale = inverse ? 1.0 : double(volume(sizes));
            expect_close(read_tensor(out), from_complex(expected), tolerance(type), tolerance(type) * scale);
        }
    }
}

TEST_P(DftTest, RdftMatchesTheDefinition) {
    const auto type = GetParam();
    std::mt19937 rng(7102);
    struct Case {
        Shape data;
        std::vector<int64_t> axes, sizes;
    };
    for (const auto& c :
         std::vector<Case>{{{2, 5, 6}, {1, 2}, {}}, {{7}, {0}, {}}, {{3, 4}, {0}, {5}}, {{3, 4, 5}, {2, 0}, {6, -1}}}) {
        SCOPED_TRACE(::testing::Message() << "shape " << c.data);
        const auto x = as_stored(type, random_values(shape_size(c.data), rng));
        std::vector<Complex> xc(x.begin(), x.end());
        std::vector<size_t> dims(c.data.begin(), c.data.end()), axes, sizes;
        for (size_t k = 0; k < c.axes.size(); ++k) {
            const size_t a = size_t(c.axes[k] < 0 ? c.axes[k] + int64_t(dims.size()) : c.axes[k]);
            axes.push_back(a);
            sizes.push_back(c.sizes.empty() || c.sizes[k] == -1 ? dims[a] : size_t(c.sizes[k]));
        }
        std::vector<size_t> full_dims;
        const auto full = naive_dft(xc, dims, axes, sizes, -1.0, full_dims);
        // Keep the first floor(n / 2) + 1 entries of the last transformed axis.
        auto out_dims = full_dims;
        out_dims[axes.back()] = sizes.back() / 2 + 1;
        std::vector<Complex> expected;
        for (size_t i = 0; i < volume(out_dims); ++i)
            expected.push_back(full[ravel(unravel(i, out_dims), full_dims)]);
        auto data = param(type, c.data);
        ov::TensorVector inputs{make_tensor(type, c.data, x), i64_tensor(c.axes)};
        std::shared_ptr<ov::Node> op;
        if (c.sizes.empty()) {
            op = std::make_shared<ov::op::v9::RDFT>(data, i64_constant(c.axes));
        } else {
            op = std::make_shared<ov::op::v9::RDFT>(data, i64_constant(c.axes), i64_constant(c.sizes));
            inputs.push_back(i64_tensor(c.sizes));
        }
        auto out_shape = out_dims;
        out_shape.push_back(2);
        EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(Shape(out_shape)));
        const auto out = run(op, inputs);
        expect_close(read_tensor(out), from_complex(expected), tolerance(type), tolerance(type) * volume(sizes));
    }
}

// IRDFT: the full spectrum is the Hermitian extension X[k] = conj(X[-k mod N]) of the given half along the last
// axis (the half trimmed or zero-padded to N / 2 + 1 entries); the output is the real part of its inverse DFT.
TEST_P(DftTest, IrdftMatchesTheDefinition) {
    const auto type = GetParam();
    std::mt19937 rng(7103);
    struct Case {
        Shape data;
        std::vector<int64_t> axes, sizes;
    };
    for (const auto& c : std::vector<Case>{{{2, 4, 3, 2}, {1, 2}, {}},
                                           {{5, 2}, {0}, {}},
                                           {{5, 2}, {0}, {9}},
                                           {{3, 4, 2}, {1, 0}, {-1, 4}},
                                           {{2, 3, 4, 2}, {0, 2}, {3, 5}}}) {
        SCOPED_TRACE(::testing::Message() << "shape " << c.data);
        const auto x = as_stored(type, random_values(shape_size(c.data), rng));
        const auto half = to_complex(x);
        std::vector<size_t> dims(c.data.begin(), c.data.end() - 1), axes, sizes;
        for (size_t k = 0; k < c.axes.size(); ++k) {
            const size_t a = size_t(c.axes[k] < 0 ? c.axes[k] + int64_t(dims.size()) : c.axes[k]);
            const bool last = k + 1 == c.axes.size();
            axes.push_back(a);
            const bool given = !c.sizes.empty() && c.sizes[k] != -1;
            sizes.push_back(given ? size_t(c.sizes[k]) : (last ? 2 * (dims[a] - 1) : dims[a]));
        }
        auto out_dims = dims;
        for (size_t k = 0; k < axes.size(); ++k)
            out_dims[axes[k]] = sizes[k];
        const size_t last = axes.back(), n_last = sizes.back(), kept = n_last / 2 + 1;
        std::vector<double> expected(volume(out_dims));
        for (size_t o = 0; o < expected.size(); ++o) {
            const auto tc = unravel(o, out_dims);
            Complex sum = 0;
            for (size_t t = 0; t < volume(sizes); ++t) {
                const auto kc = unravel(t, sizes);
                // The spectrum entry at kc: read directly below `kept`, mirrored and conjugated above it.
                auto src = tc;
                bool mirrored = kc.back() >= kept;
                double phase = 0;
                for (size_t a = 0; a < axes.size(); ++a) {
                    size_t k = kc[a];
                    if (mirrored)
                        k = (sizes[a] - k) % sizes[a];
                    src[axes[a]] = k;
                    phase += double(kc[a] * tc[axes[a]]) / double(sizes[a]);
                }
                bool inside = true;
                for (size_t a = 0; a < axes.size(); ++a)
                    inside = inside && src[axes[a]] < dims[axes[a]] && (axes[a] != last || src[axes[a]] < kept);
                if (!inside)
                    continue;
                Complex v = half[ravel(src, dims)];
                if (mirrored)
                    v = std::conj(v);
                sum += v * std::polar(1.0, 2 * kPi * phase);
            }
            expected[o] = sum.real() / double(volume(sizes));
        }
        auto data = param(type, c.data);
        ov::TensorVector inputs{make_tensor(type, c.data, x), i64_tensor(c.axes)};
        std::shared_ptr<ov::Node> op;
        if (c.sizes.empty()) {
            op = std::make_shared<ov::op::v9::IRDFT>(data, i64_constant(c.axes));
        } else {
            op = std::make_shared<ov::op::v9::IRDFT>(data, i64_constant(c.axes), i64_constant(c.sizes));
            inputs.push_back(i64_tensor(c.sizes));
        }
        EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(Shape(out_dims)));
        const auto out = run(op, inputs);
        expect_close(read_tensor(out), expected, tolerance(type), tolerance(type));
    }
}

INSTANTIATE_TEST_SUITE_P(Types, DftTest, ::testing::Values(ov::element::f32, ov::element::f16));

TEST(DftRoundTrip, RdftThenIrdftGivesTheSignalBack) {
    std::mt19937 rng(7104);
    const Shape shape{3, 8, 6};
    const auto x = random_values(shape_size(shape), rng);
    auto rdft = std::make_shared<ov::op::v9::RDFT>(param(ov::element::f32, shape), i64_constant({1, 2}));
    const auto spectrum = run(rdft, {make_tensor(ov::element::f32, shape, x), i64_tensor({1, 2})});
    auto irdft = std::make_shared<ov::op::v9::IRDFT>(param(ov::element::f32, spectrum.get_shape()),
                                                     i64_constant({1, 2}), i64_constant({8, 6}));
    const auto back = run(irdft, {spectrum, i64_tensor({1, 2}), i64_tensor({8, 6})});
    EXPECT_EQ(back.get_shape(), shape);
    expect_close(read_tensor(back), x, 1e-5, 1e-5);
}

TEST(DftShape, DynamicDimsAndUnknownInputs) {
    const auto f32 = ov::element::f32;
    // Dynamic non-transformed dims pass through; transformed ones take the signal size.
    auto dft = std::make_shared<ov::op::v7::DFT>(param(f32, PartialShape{-1, 4, -1, 2}), i64_constant({1, 2}),
                                                 i64_constant({-1, 6}));
    EXPECT_EQ(dft->get_output_partial_shape(0), (PartialShape{-1, 4, 6, 2}));
    // Unknown axes: DFT keeps the shape; with an unknown signal_size the dims may all change.
    auto axes = param(ov::element::i64, PartialShape{2});
    EXPECT_EQ(std::make_shared<ov::op::v7::IDFT>(param(f32, PartialShape{3, 4, 2}), axes)->get_output_partial_shape(0),
              (PartialShape{3, 4, 2}));
    EXPECT_EQ(std::make_shared<ov::op::v7::DFT>(param(f32, PartialShape{3, 4, 5, 2}), i64_constant({0}),
                                                param(ov::element::i64, PartialShape{1}))
                  ->get_output_partial_shape(0),
              (PartialShape{-1, 4, 5, 2}));
    EXPECT_EQ(std::make_shared<ov::op::v9::RDFT>(param(f32, PartialShape{3, 4}), axes)->get_output_partial_shape(0),
              (PartialShape{-1, -1, 2}));
    EXPECT_EQ(std::make_shared<ov::op::v9::RDFT>(param(f32, PartialShape{3, -1}), i64_constant({-1}))
                  ->get_output_partial_shape(0),
              (PartialShape{3, -1, 2}));
    EXPECT_EQ(std::make_shared<ov::op::v9::IRDFT>(param(f32, PartialShape{-1, 5, 2}), i64_constant({1}))
                  ->get_output_partial_shape(0),
              (PartialShape{-1, 8}));
    EXPECT_EQ(std::make_shared<ov::op::v9::IRDFT>(param(f32, PartialShape::dynamic()), i64_constant({0}))
                  ->get_output_partial_shape(0),
              PartialShape::dynamic());
}

TEST(DftErrors, BadInputsNameTheOp) {
    const auto f32 = ov::element::f32;
    expect_error(
        [&] {
            std::make_shared<ov::op::v7::DFT>(param(f32, Shape{3, 4, 3}), i64_constant({0}));
        },
        {"DFT", "last dimension of data must be 2"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v7::DFT>(param(f32, Shape{3, 4, 2}), i64_constant({2}));
        },
        {"DFT", "axes entry 2 is out of range"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v7::IDFT>(param(f32, Shape{3, 4, 2}), i64_constant({0, -2}));
        },
        {"IDFT", "unique"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v9::RDFT>(param(ov::element::i32, Shape{3, 4}), i64_constant({0}));
        },
        {"RDFT", "floating-point"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v9::IRDFT>(param(f32, Shape{3, 4, 2}), i64_constant({0, 1}), i64_constant({4}));
        },
        {"IRDFT", "signal_size"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v7::DFT>(param(f32, Shape{3, 4, 2}), i64_constant({0}), i64_constant({0}));
        },
        {"DFT", "signal_size entry 0"});
}

TEST(DftIr, RoundTripKeepsVersionAndShapes) {
    const auto f32 = ov::element::f32;
    auto p1 = param(f32, PartialShape{-1, 4, 6, 2});
    expect_round_trip(std::make_shared<ov::op::v7::DFT>(p1, i64_constant({1, 2}), i64_constant({5, -1})), {p1});
    auto p2 = param(f32, Shape{4, 6, 2});
    expect_round_trip(std::make_shared<ov::op::v7::IDFT>(p2, i64_constant({0})), {p2});
    auto p3 = param(f32, Shape{4, 6});
    expect_round_trip(std::make_shared<ov::op::v9::RDFT>(p3, i64_constant({0, 1})), {p3});
    auto p4 = param(f32, Shape{4, 4, 2});
    expect_round_trip(std::make_shared<ov::op::v9::IRDFT>(p4, i64_constant({1}), i64_constant({7})), {p4});
}

}  // namespace
