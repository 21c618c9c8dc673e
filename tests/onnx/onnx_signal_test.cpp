// SPDX-License-Identifier: Apache-2.0
// The ONNX signal ops of opset 17 (DFT, STFT, MelWeightMatrix), the Resize modes OpenVINO's Interpolate does not
// share (exclude_outside, tf_crop_and_resize, align_corners with fractional scales), ScatterND's reductions,
// RoiAlign's half_pixel and Det, on models built here with shapes and attributes the backend test data does not cover
// (inner and negative axes, padding and cutting to dft_length, one-sided complex and inverse transforms, complex
// STFT frames, a frame_length that leaves samples over, rois partly outside the input, three-axis cubic resizes,
// three updates on one slice, a spatial_scale other than 1), run on CPU against naive versions of ONNX's
// definitions the test computes in double from seeded random inputs. Tolerance: 1e-4 absolute plus 1e-4
// relative (the runtime's DFT computes in double and rounds once to f32; the sums have at most 20 terms of
// magnitude 2).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>

#include "common/test_utils.hpp"
#include "onnx_graph_builder.hpp"
#include "openvino/runtime/core.hpp"

namespace {
using devmux_test::error_of;
using ::testing::HasSubstr;
using namespace onnx_test;
using Complex = std::complex<double>;

std::vector<float> values_of(const ov::Tensor& tensor) {
    return std::vector<float>(tensor.data<float>(), tensor.data<float>() + tensor.get_size());
}

size_t product(const std::vector<int64_t>& dims, size_t from, size_t to) {
    size_t p = 1;
    for (size_t i = from; i < to; ++i)
        p *= static_cast<size_t>(dims[i]);
    return p;
}

// Element [outer o][position t][inner j] of a signal stored as [..., channels] with 1 (real) or 2 (complex)
// channels; zero beyond `length` (zero padding).
Complex sample(const std::vector<float>& x, size_t channels, size_t length, size_t inner, size_t o, size_t t,
               size_t j) {
    if (t >= length)
        return 0.0;
    const size_t at = ((o * length + t) * inner + j) * channels;
    return channels == 1 ? Complex(x[at], 0.0) : Complex(x[at], x[at + 1]);
}

// Naive DFT along one axis: out[k] = scale * sum_{t < n} x[t] exp(sign * 2 pi i k t / n) for k < bins.
std::vector<Complex> naive_dft(const std::vector<float>& x, const std::vector<int64_t>& dims, size_t axis, size_t n,
                               bool inverse, size_t bins) {
    const size_t channels = static_cast<size_t>(dims.back());
    const size_t outer = product(dims, 0, axis), length = static_cast<size_t>(dims[axis]);
    const size_t inner = product(dims, axis + 1, dims.size() - 1);
    const double sign = inverse ? 1.0 : -1.0, scale = inverse ? 1.0 / static_cast<double>(n) : 1.0;
    std::vector<Complex> out(outer * bins * inner);
    for (size_t o = 0; o < outer; ++o)
        for (size_t k = 0; k < bins; ++k)
            for (size_t j = 0; j < inner; ++j) {
                Complex sum = 0.0;
                for (size_t t = 0; t < std::min(length, n); ++t)
                    sum += sample(x, channels, length, inner, o, t, j) *
                           std::polar(1.0, sign * 2.0 * M_PI * static_cast<double>(k * t % n) / static_cast<double>(n));
                out[(o * bins + k) * inner + j] = sum * scale;
            }
    return out;
}

void expect_complex_near(const std::vector<float>& actual, const std::vector<Complex>& expected,
                         const std::string& what) {
    ASSERT_EQ(actual.size(), 2 * expected.size()) << what;
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_NEAR(actual[2 * i], expected[i].real(), 1e-4 + 1e-4 * std::abs(expected[i].real()))
            << what << " re " << i;
        EXPECT_NEAR(actual[2 * i + 1], expected[i].imag(), 1e-4 + 1e-4 * std::abs(expected[i].imag()))
            << what << " im " << i;
    }
}

struct DftCase {
    std::vector<int64_t> dims;  // including the last, complex, dimension
    int64_t axis;
    bool inverse;
    bool onesided;
    int64_t dft_length;          // 0: none
    bool length_known_at_read;   // an initializer, else a graph input
};

TEST(OnnxSignal, DftMatchesANaiveTransform) {
    const std::vector<DftCase> cases = {
        {{2, 3, 5, 1}, 2, false, true, 8, true},     // real, one-sided (RDFT), zero-padded, inner axis
        {{2, 6, 3, 2}, -3, true, false, 4, true},    // complex inverse, cut, negative axis
        {{1, 7, 1}, 1, true, false, 9, false},       // real inverse, padded to a length given at run time
        {{3, 6, 2}, 1, false, true, 0, true},        // complex one-sided (the full transform cut)
        {{2, 4, 3, 1}, -2, false, false, 0, true},   // real two-sided along the last signal axis
        {{1, 5, 4, 2}, 1, true, true, 7, true},      // complex inverse one-sided, padded
    };
    ov::Core core;
    unsigned seed = 100;
    for (const auto& c : cases) {
        const std::string what = "dims " + ov::Shape(c.dims.begin(), c.dims.end()).to_string() + " axis " +
                                 std::to_string(c.axis) + (c.inverse ? " inverse" : "") +
                                 (c.onesided ? " onesided" : "") + " length " + std::to_string(c.dft_length);
        auto model = model_of_opset(17);
        auto& graph = *model.mutable_graph();
        add_input(graph, "x", c.dims);
        std::vector<std::string> inputs = {"x"};
        if (c.dft_length > 0) {
            if (c.length_known_at_read)
                add_ints(graph, "length", {}, {c.dft_length});
            else
                add_input(graph, "length", {}, onnx::TensorProto::INT64);
            inputs.push_back("length");
        }
        auto* node = add_node(graph, "DFT", inputs, {"y"}, "transform");
        set_int(*node, "axis", c.axis);
        set_int(*node, "inverse", c.inverse ? 1 : 0);
        set_int(*node, "onesided", c.onesided ? 1 : 0);
        add_output(graph, "y");

        auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
        auto x = random_values(product(c.dims, 0, c.dims.size()), seed++);
        request.set_tensor("x", ov::Tensor(ov::element::f32, ov::Shape(c.dims.begin(), c.dims.end()), x.data()));
        int64_t length_value = c.dft_length;
        if (c.dft_length > 0 && !c.length_known_at_read)
            request.set_tensor("length", ov::Tensor(ov::element::i64, ov::Shape{}, &length_value));
        request.infer();

        const size_t rank = c.dims.size();
        const size_t axis = static_cast<size_t>(c.axis < 0 ? c.axis + static_cast<int64_t>(rank) : c.axis);
        const size_t n = c.dft_length > 0 ? static_cast<size_t>(c.dft_length) : static_cast<size_t>(c.dims[axis]);
        const size_t bins = c.onesided ? n / 2 + 1 : n;
        const auto expected = naive_dft(x, c.dims, axis, n, c.inverse, bins);
        const auto y = request.get_tensor("y");
        std::vector<int64_t> expected_dims = c.dims;
        expected_dims[axis] = static_cast<int64_t>(bins);
        expected_dims.back() = 2;
        EXPECT_EQ(y.get_shape(), ov::Shape(expected_dims.begin(), expected_dims.end())) << what;
        expect_complex_near(values_of(y), expected, what);
    }
}

// Frames f * step .. f * step + frame_length - 1 of each batch entry, times the window, transformed.
std::vector<Complex> naive_stft(const std::vector<float>& signal, size_t batch, size_t length, size_t channels,
                                size_t step, const std::vector<float>& window, size_t frame_length, bool onesided) {
    const size_t frames = (length - frame_length) / step + 1, bins = onesided ? frame_length / 2 + 1 : frame_length;
    std::vector<Complex> out;
    for (size_t b = 0; b < batch; ++b)
        for (size_t f = 0; f < frames; ++f)
            for (size_t k = 0; k < bins; ++k) {
                Complex sum = 0.0;
                for (size_t t = 0; t < frame_length; ++t) {
                    const size_t at = (b * length + f * step + t) * channels;
                    const Complex v = channels == 1 ? Complex(signal[at], 0.0) : Complex(signal[at], signal[at + 1]);
                    const double w = window.empty() ? 1.0 : window[t];
                    sum += v * w *
                           std::polar(1.0, -2.0 * M_PI * static_cast<double>(k * t % frame_length) /
                                               static_cast<double>(frame_length));
                }
                out.push_back(sum);
            }
    return out;
}

TEST(OnnxSignal, StftOfComplexFramesWithWindowAndLength) {
    // A complex signal of 20 samples, frames of 5 every 3 samples (6 frames, the last 0 samples over), two-sided.
    auto model = model_of_opset(17);
    auto& graph = *model.mutable_graph();
    add_input(graph, "signal", {2, 20, 2});
    add_input(graph, "window", {5});
    add_ints(graph, "step", {}, {3});
    add_ints(graph, "frame_length", {}, {5});
    auto* node = add_node(graph, "STFT", {"signal", "step", "window", "frame_length"}, {"y"}, "spectrogram");
    set_int(*node, "onesided", 0);
    add_output(graph, "y");

    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    auto signal = random_values(2 * 20 * 2, 7);
    auto window = random_values(5, 8, 0.0f, 1.0f);
    request.set_tensor("signal", ov::Tensor(ov::element::f32, ov::Shape{2, 20, 2}, signal.data()));
    request.set_tensor("window", ov::Tensor(ov::element::f32, ov::Shape{5}, window.data()));
    request.infer();
    const auto y = request.get_tensor("y");
    EXPECT_EQ(y.get_shape(), (ov::Shape{2, 6, 5, 2}));
    expect_complex_near(values_of(y), naive_stft(signal, 2, 20, 2, 3, window, 5, false), "complex STFT");
}

TEST(OnnxSignal, StftOfARealSignalWithoutWindowLeavesTheRemainderOut) {
    // 17 samples, frames of 6 every 4: 3 frames (samples 12..16 are not a whole frame), one-sided (4 bins);
    // the step comes at run time.
    auto model = model_of_opset(17);
    auto& graph = *model.mutable_graph();
    add_input(graph, "signal", {1, 17, 1});
    add_input(graph, "step", {}, onnx::TensorProto::INT64);
    add_ints(graph, "frame_length", {}, {6});
    add_node(graph, "STFT", {"signal", "step", "", "frame_length"}, {"y"}, "spectrogram");
    add_output(graph, "y");

    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    auto signal = random_values(17, 9);
    int64_t step = 4;
    request.set_tensor("signal", ov::Tensor(ov::element::f32, ov::Shape{1, 17, 1}, signal.data()));
    request.set_tensor("step", ov::Tensor(ov::element::i64, ov::Shape{}, &step));
    request.infer();
    const auto y = request.get_tensor("y");
    EXPECT_EQ(y.get_shape(), (ov::Shape{1, 3, 4, 2}));
    expect_complex_near(values_of(y), naive_stft(signal, 1, 17, 1, 4, {}, 6, true), "real STFT");
}

// ONNX's MelWeightMatrix-17 written out: num_mel_bins + 2 points evenly spaced in mel (the step divides by the
// number of points), each mapped to bin floor((dft_length + 1) * hertz / sample_rate); filter i a triangle from
// point i through point i + 1 (value 1) down to point i + 2.
std::vector<double> reference_mel(int64_t mel_bins, int64_t dft_length, int64_t sample_rate, double low_hz,
                                  double high_hz) {
    auto mel = [](double hz) { return 2595.0 * std::log10(1.0 + hz / 700.0); };
    const int64_t spectrum_bins = dft_length / 2 + 1, points = mel_bins + 2;
    const double step = (mel(high_hz) - mel(low_hz)) / static_cast<double>(points);
    std::vector<int64_t> bin(static_cast<size_t>(points));
    for (int64_t p = 0; p < points; ++p) {
        const double hz = 700.0 * (std::pow(10.0, (mel(low_hz) + step * static_cast<double>(p)) / 2595.0) - 1.0);
        const double position = static_cast<double>(dft_length + 1) * hz / static_cast<double>(sample_rate);
        bin[static_cast<size_t>(p)] = static_cast<int64_t>(std::floor(position));
    }
    std::vector<double> w(static_cast<size_t>(spectrum_bins * mel_bins), 0.0);
    for (int64_t i = 0; i < mel_bins; ++i) {
        const int64_t l = bin[static_cast<size_t>(i)], c = bin[static_cast<size_t>(i + 1)],
                      h = bin[static_cast<size_t>(i + 2)];
        for (int64_t j = 0; j < spectrum_bins; ++j) {
            double v = 0.0;
            if (j >= c && j < h)
                v = static_cast<double>(h - j) / static_cast<double>(h - c);
            else if (j >= l && j <= c)
                v = c == l ? 1.0 : static_cast<double>(j - l) / static_cast<double>(c - l);
            w[static_cast<size_t>(j * mel_bins + i)] = v;
        }
    }
    return w;
}

TEST(OnnxSignal, MelWeightMatrixIsAConstantWhenItsInputsAreKnownAndASubgraphOtherwise) {
    const int64_t mel_bins = 6, dft_length = 40, sample_rate = 16000;
    const float low_hz = 120.0f, high_hz = 7000.0f;
    const auto expected = reference_mel(mel_bins, dft_length, sample_rate, low_hz, high_hz);
    const std::vector<std::string> names = {"num_mel_bins", "dft_length", "sample_rate", "lower", "upper"};
    ov::Core core;
    for (const bool known : {true, false}) {
        auto model = model_of_opset(17);
        auto& graph = *model.mutable_graph();
        if (known) {
            add_ints(graph, names[0], {}, {mel_bins});
            add_ints(graph, names[1], {}, {dft_length}, onnx::TensorProto::INT32);
            add_ints(graph, names[2], {}, {sample_rate});
            add_floats(graph, names[3], {}, {low_hz});
            add_floats(graph, names[4], {}, {high_hz});
        } else {
            add_input(graph, names[0], {}, onnx::TensorProto::INT64);
            add_input(graph, names[1], {}, onnx::TensorProto::INT32);
            add_input(graph, names[2], {}, onnx::TensorProto::INT64);
            add_input(graph, names[3], {});
            add_input(graph, names[4], {});
        }
        add_node(graph, "MelWeightMatrix", names, {"weights"}, "filters");
        add_output(graph, "weights");
        const auto read_model = read(core, model);
        if (known) {
            const auto producer = read_model->output(0).get_node()->get_input_node_shared_ptr(0);
            EXPECT_STREQ(producer->get_type_info().name, "Constant");
        }
        auto request = core.compile_model(read_model, "CPU").create_infer_request();
        // The inputs wrap these scalars, so they must outlive request.infer() (not just this if block).
        int64_t m = mel_bins, s = sample_rate;
        int32_t d = static_cast<int32_t>(dft_length);
        float low = low_hz, high = high_hz;
        if (!known) {
            request.set_tensor(names[0], ov::Tensor(ov::element::i64, ov::Shape{}, &m));
            request.set_tensor(names[1], ov::Tensor(ov::element::i32, ov::Shape{}, &d));
            request.set_tensor(names[2], ov::Tensor(ov::element::i64, ov::Shape{}, &s));
            request.set_tensor(names[3], ov::Tensor(ov::element::f32, ov::Shape{}, &low));
            request.set_tensor(names[4], ov::Tensor(ov::element::f32, ov::Shape{}, &high));
        }
        request.infer();
        const auto y = request.get_tensor("weights");
        EXPECT_EQ(y.get_shape(), (ov::Shape{21, 6})) << (known ? "constant" : "subgraph");
        const auto values = values_of(y);
        ASSERT_EQ(values.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i)
            EXPECT_NEAR(values[i], expected[i], 1e-6) << (known ? "constant " : "subgraph ") << i;
    }
}

// ONNX's Resize written out as its definition reads: one axis at a time (the inner axes first), output x of an
// axis at input coordinate x_ori, the n taps nearest to it in the input padded by repeating its edges (ties to
// the lower index), weighted by the coefficients of the fraction (1 when x_ori is an integer).
struct ResizeSpec {
    std::string mode = "linear", transform = "half_pixel", nearest = "round_prefer_floor";
    double cubic_a = -0.75, extrapolation = 0.0;
    bool exclude_outside = false;
};

double resize_line(const std::vector<double>& data, double scale, double x, const ResizeSpec& spec, double roi_start,
                   double roi_end) {
    const double in = static_cast<double>(data.size()), out_length = scale * in;
    double x_ori = 0.0;
    if (spec.transform == "align_corners") {
        x_ori = out_length == 1.0 ? 0.0 : x * (in - 1.0) / (out_length - 1.0);
    } else if (spec.transform == "tf_crop_and_resize") {
        x_ori = out_length == 1.0 ? (roi_end - roi_start) * (in - 1.0) / 2.0
                                  : x * (roi_end - roi_start) * (in - 1.0) / (out_length - 1.0);
        x_ori += roi_start * (in - 1.0);
        if (x_ori < 0.0 || x_ori > in - 1.0)
            return spec.extrapolation;
    } else {
        x_ori = (x + 0.5) / scale - 0.5;  // half_pixel
    }
    const double ratio = x_ori == std::floor(x_ori) ? 1.0 : x_ori - std::floor(x_ori);
    std::vector<double> coeffs;
    if (spec.mode == "linear") {
        coeffs = {1.0 - ratio, ratio};
    } else if (spec.mode == "cubic") {
        const double a = spec.cubic_a;
        auto kernel = [a](double d) {  // Keys' cubic at distance d
            d = std::fabs(d);
            if (d <= 1.0)
                return (a + 2.0) * d * d * d - (a + 3.0) * d * d + 1.0;
            return a * d * d * d - 5.0 * a * d * d + 8.0 * a * d - 4.0 * a;
        };
        coeffs = {kernel(ratio + 1.0), kernel(ratio), kernel(1.0 - ratio), kernel(2.0 - ratio)};
    } else {
        bool right = ratio == 1.0;
        if (!right)
            right = spec.nearest == "round_prefer_ceil" ? ratio >= 0.5 : ratio > 0.5;
        coeffs = {right ? 0.0 : 1.0, right ? 1.0 : 0.0};
    }
    const size_t n = coeffs.size(), pad = (n + 1) / 2;
    std::vector<double> padded;
    for (size_t i = 0; i < data.size() + 2 * pad; ++i)
        padded.push_back(data[std::min(std::max<size_t>(i, pad) - pad, data.size() - 1)]);
    const double xp = x_ori + static_cast<double>(pad);
    std::vector<size_t> order(padded.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [xp](size_t l, size_t r) {
        return std::fabs(xp - static_cast<double>(l)) < std::fabs(xp - static_cast<double>(r));
    });
    order.resize(n);
    std::sort(order.begin(), order.end());
    if (spec.exclude_outside) {
        double sum = 0.0;
        for (size_t i = 0; i < n; ++i) {
            const auto original = static_cast<int64_t>(order[i]) - static_cast<int64_t>(pad);
            if (original < 0 || original >= static_cast<int64_t>(data.size()))
                coeffs[i] = 0.0;
            sum += coeffs[i];
        }
        for (auto& c : coeffs)
            c /= sum;
    }
    double value = 0.0;
    for (size_t i = 0; i < n; ++i)
        value += coeffs[i] * padded[order[i]];
    return value;
}

// One output element at coordinates `x` (from `axis` on) of `data` (dims from `axis` on, at `offset`).
double resize_point(const std::vector<float>& data, const std::vector<int64_t>& dims, size_t axis, size_t offset,
                    const std::vector<double>& scales, const std::vector<size_t>& x, const ResizeSpec& spec,
                    const std::vector<double>& roi) {
    const size_t rank = dims.size(), stride = product(dims, axis + 1, rank);
    std::vector<double> line;
    for (int64_t i = 0; i < dims[axis]; ++i) {
        const size_t at = offset + static_cast<size_t>(i) * stride;
        line.push_back(axis + 1 == rank ? static_cast<double>(data[at])
                                        : resize_point(data, dims, axis + 1, at, scales, x, spec, roi));
    }
    return resize_line(line, scales[axis], static_cast<double>(x[axis]), spec, roi.empty() ? 0.0 : roi[axis],
                       roi.empty() ? 1.0 : roi[rank + axis]);
}

struct ResizeCase {
    std::string what;
    ResizeSpec spec;
    std::vector<int64_t> dims, sizes;  // sizes empty: by scales
    std::vector<float> scales, roi;
    bool scales_at_run_time;
};

TEST(OnnxSignal, ResizeModesInterpolateLeavesAsOnnxDefinesThem) {
    ResizeCase crop{"tf_crop_and_resize, roi partly outside, extrapolated", {}, {1, 3, 5, 6}, {1, 3, 4, 7}, {},
                    {0.0f, 0.0f, -0.2f, 0.1f, 1.0f, 1.0f, 1.3f, 0.9f}, false};
    crop.spec.transform = "tf_crop_and_resize";
    crop.spec.extrapolation = 2.5;
    ResizeCase cubic{"cubic exclude_outside, three axes, scales at run time", {}, {2, 4, 7}, {}, {1.0f, 1.5f, 0.7f},
                     {}, true};
    cubic.spec.mode = "cubic";
    cubic.spec.cubic_a = -0.6;
    cubic.spec.exclude_outside = true;
    ResizeCase corners{"nearest align_corners, scales that leave fractions", {}, {1, 2, 5, 3}, {},
                       {1.0f, 1.0f, 0.7f, 1.7f}, {}, false};
    corners.spec.mode = "nearest";
    corners.spec.transform = "align_corners";
    corners.spec.nearest = "round_prefer_ceil";
    ResizeCase linear_corners{"linear align_corners, downsampling by a fraction", {}, {3, 7}, {}, {0.45f, 0.6f}, {},
                              false};
    linear_corners.spec.transform = "align_corners";

    ov::Core core;
    unsigned seed = 300;
    for (const auto& c : {crop, cubic, corners, linear_corners}) {
        const size_t rank = c.dims.size();
        auto model = model_of_opset(13);
        auto& graph = *model.mutable_graph();
        add_input(graph, "x", c.dims);
        std::vector<std::string> inputs = {"x", c.roi.empty() ? "" : "roi", c.sizes.empty() ? "scales" : ""};
        if (!c.roi.empty())
            add_floats(graph, "roi", {static_cast<int64_t>(c.roi.size())}, c.roi);
        if (c.sizes.empty() && c.scales_at_run_time)
            add_input(graph, "scales", {static_cast<int64_t>(rank)});
        else if (c.sizes.empty())
            add_floats(graph, "scales", {static_cast<int64_t>(rank)}, c.scales);
        if (!c.sizes.empty()) {
            add_ints(graph, "sizes", {static_cast<int64_t>(rank)}, c.sizes);
            inputs.push_back("sizes");
        }
        auto* node = add_node(graph, "Resize", inputs, {"y"}, "resized");
        set_string(*node, "mode", c.spec.mode);
        set_string(*node, "coordinate_transformation_mode", c.spec.transform);
        set_string(*node, "nearest_mode", c.spec.nearest);
        add_attribute(*node, "cubic_coeff_a", onnx::AttributeProto::FLOAT)->set_f(static_cast<float>(c.spec.cubic_a));
        add_attribute(*node, "extrapolation_value", onnx::AttributeProto::FLOAT)
            ->set_f(static_cast<float>(c.spec.extrapolation));
        set_int(*node, "exclude_outside", c.spec.exclude_outside ? 1 : 0);
        add_output(graph, "y");

        auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
        auto x = random_values(product(c.dims, 0, rank), seed++, -2.0f, 2.0f);
        request.set_tensor("x", ov::Tensor(ov::element::f32, ov::Shape(c.dims.begin(), c.dims.end()), x.data()));
        auto scales = c.scales;
        if (c.scales_at_run_time)
            request.set_tensor("scales", ov::Tensor(ov::element::f32, ov::Shape{rank}, scales.data()));
        request.infer();

        std::vector<double> scale(rank), roi(c.roi.begin(), c.roi.end());
        std::vector<int64_t> out_dims(rank);
        for (size_t a = 0; a < rank; ++a) {
            if (c.sizes.empty()) {
                scale[a] = static_cast<double>(c.scales[a]);
                out_dims[a] = static_cast<int64_t>(scale[a] * static_cast<double>(c.dims[a]));
            } else {
                out_dims[a] = c.sizes[a];
                scale[a] = static_cast<double>(c.sizes[a]) / static_cast<double>(c.dims[a]);
            }
        }
        const auto y = request.get_tensor("y");
        ASSERT_EQ(y.get_shape(), ov::Shape(out_dims.begin(), out_dims.end())) << c.what;
        const auto actual = values_of(y);
        std::vector<size_t> at(rank, 0);
        for (size_t i = 0; i < actual.size(); ++i) {
            size_t rest = i;
            for (size_t a = rank; a-- > 0;) {
                at[a] = rest % static_cast<size_t>(out_dims[a]);
                rest /= static_cast<size_t>(out_dims[a]);
            }
            const double expected = resize_point(x, c.dims, 0, 0, scale, at, c.spec, roi);
            EXPECT_NEAR(actual[i], expected, 1e-4 + 1e-4 * std::fabs(expected)) << c.what << " element " << i;
        }
    }
}

// ScatterND-16's reductions combine every update that lands on a slice, in order: three updates on one slice
// (one of them through a negative index), q = 2 of 3 axes.
TEST(OnnxSignal, ScatterNdReductionsCombineDuplicateIndices) {
    const std::vector<int64_t> indices = {0, 1, 2, -1, 0, 1, 0, 1};  // [2, 2, 2]: (0,1) (2,3) (0,1) (0,1)
    ov::Core core;
    unsigned seed = 500;
    for (const std::string reduction : {"add", "mul"}) {
        auto model = model_of_opset(16);
        auto& graph = *model.mutable_graph();
        add_input(graph, "data", {3, 4, 2});
        add_ints(graph, "indices", {2, 2, 2}, indices);
        add_input(graph, "updates", {2, 2, 2});
        set_string(*add_node(graph, "ScatterND", {"data", "indices", "updates"}, {"y"}, "scatter"), "reduction",
                   reduction);
        add_output(graph, "y");
        auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
        auto data = random_values(24, seed++, -2.0f, 2.0f);
        auto updates = random_values(8, seed++, -2.0f, 2.0f);
        request.set_tensor("data", ov::Tensor(ov::element::f32, ov::Shape{3, 4, 2}, data.data()));
        request.set_tensor("updates", ov::Tensor(ov::element::f32, ov::Shape{2, 2, 2}, updates.data()));
        request.infer();
        std::vector<double> expected(data.begin(), data.end());
        for (size_t u = 0; u < 4; ++u) {
            const int64_t i0 = indices[2 * u];
            const int64_t i1 = indices[2 * u + 1] < 0 ? indices[2 * u + 1] + 4 : indices[2 * u + 1];
            for (size_t e = 0; e < 2; ++e) {
                auto& target = expected[static_cast<size_t>((i0 * 4 + i1) * 2) + e];
                target = reduction == "add" ? target + updates[u * 2 + e] : target * updates[u * 2 + e];
            }
        }
        const auto y = values_of(request.get_tensor("y"));
        ASSERT_EQ(y.size(), expected.size());
        for (size_t i = 0; i < y.size(); ++i)
            EXPECT_NEAR(y[i], expected[i], 1e-5 + 1e-5 * std::fabs(expected[i])) << reduction << " element " << i;
    }
}

// RoiAlign-16 with half_pixel (corners at roi * spatial_scale - 0.5) and a spatial_scale other than 1, adaptive
// sampling: ONNX's definition written out (a sample more than a pixel outside counts 0, the edge repeats).
TEST(OnnxSignal, RoiAlignHalfPixelShiftsTheScaledCorners) {
    const size_t C = 2, H = 6, W = 8, PH = 3, PW = 2;
    const float scale = 0.5f;
    const std::vector<float> rois = {0.5f, 1.0f, 13.3f, 9.8f, 4.0f, 0.2f, 15.0f, 11.9f};
    auto model = model_of_opset(16);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {1, 2, 6, 8});
    add_floats(graph, "rois", {2, 4}, rois);
    add_ints(graph, "batches", {2}, {0, 0});
    auto* node = add_node(graph, "RoiAlign", {"x", "rois", "batches"}, {"y"}, "align");
    set_int(*node, "output_height", PH);
    set_int(*node, "output_width", PW);
    set_string(*node, "coordinate_transformation_mode", "half_pixel");
    add_attribute(*node, "spatial_scale", onnx::AttributeProto::FLOAT)->set_f(scale);
    add_output(graph, "y");
    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    auto x = random_values(C * H * W, 600);
    request.set_tensor("x", ov::Tensor(ov::element::f32, ov::Shape{1, C, H, W}, x.data()));
    request.infer();
    const auto y = values_of(request.get_tensor("y"));
    ASSERT_EQ(y.size(), 2 * C * PH * PW);
    auto bilinear = [&](size_t c, double py, double px) {
        if (py < -1.0 || py > static_cast<double>(H) || px < -1.0 || px > static_cast<double>(W))
            return 0.0;
        py = std::min(std::max(py, 0.0), static_cast<double>(H - 1));
        px = std::min(std::max(px, 0.0), static_cast<double>(W - 1));
        const size_t y0 = static_cast<size_t>(py), x0 = static_cast<size_t>(px);
        const size_t y1 = std::min(y0 + 1, H - 1), x1 = std::min(x0 + 1, W - 1);
        const double fy = py - static_cast<double>(y0), fx = px - static_cast<double>(x0);
        auto at = [&](size_t yy, size_t xx) { return static_cast<double>(x[(c * H + yy) * W + xx]); };
        return (1 - fy) * ((1 - fx) * at(y0, x0) + fx * at(y0, x1)) + fy * ((1 - fx) * at(y1, x0) + fx * at(y1, x1));
    };
    for (size_t r = 0; r < 2; ++r) {
        const double x_start = rois[4 * r] * scale - 0.5, y_start = rois[4 * r + 1] * scale - 0.5;
        const double bin_w = (rois[4 * r + 2] * scale - 0.5 - x_start) / PW;
        const double bin_h = (rois[4 * r + 3] * scale - 0.5 - y_start) / PH;
        const size_t grid_w = static_cast<size_t>(std::ceil(bin_w)), grid_h = static_cast<size_t>(std::ceil(bin_h));
        for (size_t c = 0; c < C; ++c)
            for (size_t ph = 0; ph < PH; ++ph)
                for (size_t pw = 0; pw < PW; ++pw) {
                    double sum = 0.0;
                    for (size_t iy = 0; iy < grid_h; ++iy)
                        for (size_t ix = 0; ix < grid_w; ++ix)
                            sum += bilinear(c, y_start + bin_h * (ph + (iy + 0.5) / grid_h),
                                            x_start + bin_w * (pw + (ix + 0.5) / grid_w));
                    const double expected = sum / static_cast<double>(grid_h * grid_w);
                    EXPECT_NEAR(y[((r * C + c) * PH + ph) * PW + pw], expected, 1e-5) << r << " " << c << " " << ph
                                                                                       << " " << pw;
                }
    }
}

// Laplace expansion along the first row, in double: an algorithm other than the converter's elimination.
double laplace_det(const std::vector<double>& m, size_t n) {
    if (n == 1)
        return m[0];
    double sum = 0.0;
    for (size_t c = 0; c < n; ++c) {
        std::vector<double> minor;
        for (size_t r = 1; r < n; ++r)
            for (size_t cc = 0; cc < n; ++cc)
                if (cc != c)
                    minor.push_back(m[r * n + cc]);
        sum += (c % 2 == 0 ? 1.0 : -1.0) * m[c] * laplace_det(minor, n - 1);
    }
    return sum;
}

// Det over a [2, 3, 5, 5] batch: random matrices, one whose first column starts with zeros (a row swap is needed),
// and one singular (two equal rows).
TEST(OnnxSignal, DetOfABatchMatchesLaplaceExpansion) {
    const size_t n = 5, count = 6;
    auto model = model_of_opset(11);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {2, 3, 5, 5});
    add_node(graph, "Det", {"x"}, {"d"}, "determinant");
    add_output(graph, "d");
    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    auto x = random_values(count * n * n, 700, -2.0f, 2.0f);
    x[1 * n * n + 0] = 0.0f;  // matrix 1: zeros atop the first column
    x[1 * n * n + n] = 0.0f;
    for (size_t c = 0; c < n; ++c)  // matrix 4: row 3 equals row 1
        x[4 * n * n + 3 * n + c] = x[4 * n * n + 1 * n + c];
    request.set_tensor("x", ov::Tensor(ov::element::f32, ov::Shape{2, 3, n, n}, x.data()));
    request.infer();
    const auto d = request.get_tensor("d");
    ASSERT_EQ(d.get_shape(), (ov::Shape{2, 3}));
    const auto values = values_of(d);
    for (size_t b = 0; b < count; ++b) {
        const std::vector<double> m(x.begin() + static_cast<std::ptrdiff_t>(b * n * n),
                                    x.begin() + static_cast<std::ptrdiff_t>((b + 1) * n * n));
        const double expected = laplace_det(m, n);
        EXPECT_NEAR(values[b], expected, 1e-4 + 1e-4 * std::fabs(expected)) << "matrix " << b;
    }
}

TEST(OnnxSignal, DftRefusesASignalWhoseLastDimensionIsNotOneOrTwo) {
    auto model = model_of_opset(17);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {1, 4, 3});
    add_node(graph, "DFT", {"x"}, {"y"}, "bad_transform");
    add_output(graph, "y");
    ov::Core core;
    const auto error = error_of([&] { read(core, model); });
    EXPECT_THAT(error, HasSubstr("bad_transform"));
    EXPECT_THAT(error, HasSubstr("DFT"));
    EXPECT_THAT(error, HasSubstr("last dimension"));
}

}  // namespace
