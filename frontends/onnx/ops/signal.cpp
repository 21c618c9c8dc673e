// SPDX-License-Identifier: Apache-2.0
// The signal ops of opset 17: DFT and STFT onto OpenVINO's DFT-7, IDFT-7 and RDFT-9, and MelWeightMatrix as a
// matrix computed when the model is read (its inputs known then) or as a subgraph of element-wise ops.
//
// ONNX keeps a signal as [..., 1] (real) or [..., 2] (real, imaginary); OpenVINO's DFT and IDFT take [..., 2] and
// its RDFT a plain real tensor, so a real signal either goes to RDFT (a forward one-sided transform) or gets a zero
// imaginary part by a Pad. ONNX's one-sided output is the full transform cut to n/2 + 1 entries along the axis,
// whatever the input, and its inverse is normalised by 1/n, as IDFT is.

#include <cmath>

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

// The last dimension of input `i`, which ONNX's signal ops require to be 1 (real) or 2 (complex).
int64_t complex_dimension(const NodeContext& node, size_t i, int64_t rank) {
    const auto& shape = node.input(i).get_partial_shape();
    const auto& last = shape[static_cast<size_t>(rank - 1)];
    if (last.is_dynamic() || (last.get_length() != 1 && last.get_length() != 2))
        node.fail("needs the last dimension of its signal to be 1 (real) or 2 (complex), got shape " +
                  shape.to_string());
    return last.get_length();
}

ov::Output<ov::Node> dim_of(const ov::Output<ov::Node>& x, int64_t axis) {
    return std::make_shared<v8::Gather>(std::make_shared<v3::ShapeOf>(x), i64s({axis}), i64_scalar(0))->output(0);
}

// A real signal [..., 1] as a complex one [..., 2] with a zero imaginary part.
ov::Output<ov::Node> with_zero_imaginary(const ov::Output<ov::Node>& real, int64_t rank) {
    std::vector<int64_t> begin(static_cast<size_t>(rank), 0), end(static_cast<size_t>(rank), 0);
    end.back() = 1;
    return std::make_shared<v1::Pad>(real, i64s(begin), i64s(end),
                                     scalar_of(real.get_element_type(), 0.0), ov::op::PadMode::CONSTANT)
        ->output(0);
}

// The entries [0, n/2 + 1) of `axis` of a transform's output, n being that axis' length.
ov::Output<ov::Node> one_sided(const ov::Output<ov::Node>& spectrum, int64_t axis) {
    auto half = std::make_shared<v1::Add>(
        std::make_shared<v1::Divide>(dim_of(spectrum, axis), i64s({2})), i64s({1}));
    return std::make_shared<v8::Slice>(spectrum, i64s({0}), half, i64s({1}), i64s({axis}))->output(0);
}

// DFT (or IDFT when `inverse`) of `signal` ([..., 1] or [..., 2]) along `axis`, with an optional length to pad
// or cut the axis to, one-sided when asked.
ov::Output<ov::Node> transform(const ov::Output<ov::Node>& signal, int64_t rank, int64_t complex_dim, int64_t axis,
                               const ov::Output<ov::Node>& length, bool inverse, bool onesided) {
    const auto axes = i64s({axis});
    const bool sized = length.get_node() != nullptr;
    if (complex_dim == 1 && !inverse && onesided) {
        auto real = std::make_shared<v0::Squeeze>(signal, i64s({rank - 1}));
        if (sized)
            return std::make_shared<v9::RDFT>(real, axes, length)->output(0);
        return std::make_shared<v9::RDFT>(real, axes)->output(0);
    }
    const auto complex = complex_dim == 1 ? with_zero_imaginary(signal, rank) : signal;
    ov::Output<ov::Node> spectrum;
    if (inverse)
        spectrum = sized ? std::make_shared<v7::IDFT>(complex, axes, length)->output(0)
                         : std::make_shared<v7::IDFT>(complex, axes)->output(0);
    else
        spectrum = sized ? std::make_shared<v7::DFT>(complex, axes, length)->output(0)
                         : std::make_shared<v7::DFT>(complex, axes)->output(0);
    return onesided ? one_sided(spectrum, axis) : spectrum;
}

// A scalar (or one-element) integer input as an i64 tensor of shape [1].
ov::Output<ov::Node> as_length(const NodeContext& node, size_t i) {
    ov::Output<ov::Node> value = std::make_shared<v1::Reshape>(node.input(i), i64s({1}), false);
    if (value.get_element_type() != ov::element::i64)
        value = std::make_shared<v0::Convert>(value, ov::element::i64);
    return value;
}

// ONNX's triangular mel filters (MelWeightMatrix-17's definition): num_mel_bins + 2 points spaced
// evenly in mel between the edges, (mel_step dividing by the number of points, as ONNX does), mapped to spectrum
// bins by floor((dft_length + 1) * hertz / sample_rate); filter i rises from point i to point i + 1 and falls to
// point i + 2. Computed in double, as ONNX's reference does with numpy.
std::vector<double> mel_weights(const NodeContext& node, int64_t num_mel_bins, int64_t dft_length,
                                int64_t sample_rate, double lower_hertz, double upper_hertz) {
    if (num_mel_bins <= 0 || dft_length <= 0 || sample_rate <= 0)
        node.fail("needs num_mel_bins, dft_length and sample_rate to be positive, got " +
                  std::to_string(num_mel_bins) + ", " + std::to_string(dft_length) + ", " +
                  std::to_string(sample_rate));
    const int64_t spectrum_bins = dft_length / 2 + 1;
    const int64_t points = num_mel_bins + 2;
    const double low_mel = 2595.0 * std::log10(1.0 + lower_hertz / 700.0);
    const double high_mel = 2595.0 * std::log10(1.0 + upper_hertz / 700.0);
    const double mel_step = (high_mel - low_mel) / static_cast<double>(points);
    std::vector<int64_t> bins(static_cast<size_t>(points));
    for (int64_t k = 0; k < points; ++k) {
        const double hertz = 700.0 * (std::pow(10.0, (static_cast<double>(k) * mel_step + low_mel) / 2595.0) - 1.0);
        bins[static_cast<size_t>(k)] = static_cast<int64_t>(
            std::floor(static_cast<double>(dft_length + 1) * hertz / static_cast<double>(sample_rate)));
    }
    std::vector<double> weights(static_cast<size_t>(spectrum_bins * num_mel_bins), 0.0);
    auto at = [&](int64_t j, int64_t i) -> double& {
        if (j < 0 || j >= spectrum_bins)
            node.fail("maps mel filter " + std::to_string(i) + " to spectrum bin " + std::to_string(j) +
                      ", outside the " + std::to_string(spectrum_bins) + " bins (check the edges in hertz)");
        return weights[static_cast<size_t>(j * num_mel_bins + i)];
    };
    for (int64_t i = 0; i < num_mel_bins; ++i) {
        const int64_t low = bins[static_cast<size_t>(i)], center = bins[static_cast<size_t>(i + 1)],
                      high = bins[static_cast<size_t>(i + 2)];
        if (center == low)
            at(center, i) = 1.0;
        else
            for (int64_t j = low; j <= center; ++j)
                at(j, i) = static_cast<double>(j - low) / static_cast<double>(center - low);
        for (int64_t j = center; j < high; ++j)
            at(j, i) = static_cast<double>(high - j) / static_cast<double>(high - center);
    }
    return weights;
}

// The same filters as a subgraph, for inputs known only when the model runs; in f32, so a mel point that lands
// within rounding of a bin edge may fall into the neighbouring bin.
ov::Output<ov::Node> mel_weights_subgraph(const NodeContext& node) {
    const auto f32 = ov::element::f32;
    auto scalar = [&](size_t i, const ov::element::Type& type) -> ov::Output<ov::Node> {
        ov::Output<ov::Node> value = std::make_shared<v1::Reshape>(node.input(i), i64s({}), false);
        if (value.get_element_type() != type)
            value = std::make_shared<v0::Convert>(value, type);
        return value;
    };
    const auto mel_bins = scalar(0, ov::element::i64), dft_length = scalar(1, ov::element::i64);
    const auto sample_rate = scalar(2, f32), lower = scalar(3, f32), upper = scalar(4, f32);
    auto to_mel = [&](const ov::Output<ov::Node>& hertz) {
        auto ratio = std::make_shared<v1::Add>(std::make_shared<v1::Divide>(hertz, scalar_of(f32, 700.0)),
                                               scalar_of(f32, 1.0));
        return std::make_shared<v1::Multiply>(std::make_shared<v0::Log>(ratio),
                                              scalar_of(f32, 2595.0 / std::log(10.0)));
    };
    const auto low_mel = to_mel(lower);
    auto points = std::make_shared<v1::Add>(mel_bins, i64_scalar(2));
    auto step = std::make_shared<v1::Divide>(std::make_shared<v1::Subtract>(to_mel(upper), low_mel),
                                             std::make_shared<v0::Convert>(points, f32));
    auto k = std::make_shared<v4::Range>(scalar_of(f32, 0.0), std::make_shared<v0::Convert>(points, f32),
                                         scalar_of(f32, 1.0), f32);
    auto mel = std::make_shared<v1::Add>(std::make_shared<v1::Multiply>(k, step), low_mel);
    auto hertz = std::make_shared<v1::Multiply>(
        std::make_shared<v1::Subtract>(
            std::make_shared<v1::Power>(scalar_of(f32, 10.0),
                                        std::make_shared<v1::Divide>(mel, scalar_of(f32, 2595.0))),
            scalar_of(f32, 1.0)),
        scalar_of(f32, 700.0));
    auto scaled = std::make_shared<v1::Multiply>(
        hertz, std::make_shared<v0::Convert>(std::make_shared<v1::Add>(dft_length, i64_scalar(1)), f32));
    const ov::Output<ov::Node> bins = std::make_shared<v0::Floor>(std::make_shared<v1::Divide>(scaled, sample_rate));
    // Rows j (spectrum bins) against columns i (filters): low, center and high points of filter i.
    auto column_points = [&](int64_t offset) -> ov::Output<ov::Node> {
        auto end = std::make_shared<v1::Add>(mel_bins, i64_scalar(offset));
        auto slice = std::make_shared<v8::Slice>(bins, i64s({offset}),
                                                 std::make_shared<v1::Reshape>(end, i64s({1}), false), i64s({1}));
        return std::make_shared<v0::Unsqueeze>(slice, i64s({0}))->output(0);
    };
    const auto low = column_points(0), center = column_points(1), high = column_points(2);
    auto spectrum_bins = std::make_shared<v1::Add>(std::make_shared<v1::Divide>(dft_length, i64_scalar(2)),
                                                   i64_scalar(1));
    auto j = std::make_shared<v0::Unsqueeze>(
        std::make_shared<v4::Range>(scalar_of(f32, 0.0), std::make_shared<v0::Convert>(spectrum_bins, f32),
                                    scalar_of(f32, 1.0), f32),
        i64s({1}));
    const auto zero = scalar_of(f32, 0.0), one = scalar_of(f32, 1.0);
    // Rising edge: (j - low) / (center - low) on [low, center], 1 at center when the two coincide.
    auto rise_width = std::make_shared<v1::Subtract>(center, low);
    auto rise = std::make_shared<v1::Select>(
        std::make_shared<v1::Equal>(rise_width, zero), one,
        std::make_shared<v1::Divide>(std::make_shared<v1::Subtract>(j, low),
                                     std::make_shared<v1::Maximum>(rise_width, one)));
    auto on_rise = std::make_shared<v1::LogicalAnd>(std::make_shared<v1::GreaterEqual>(j, low),
                                                    std::make_shared<v1::LessEqual>(j, center));
    // Falling edge: (high - j) / (high - center) on [center, high).
    auto fall_width = std::make_shared<v1::Maximum>(std::make_shared<v1::Subtract>(high, center), one);
    auto fall = std::make_shared<v1::Divide>(std::make_shared<v1::Subtract>(high, j), fall_width);
    auto on_fall = std::make_shared<v1::LogicalAnd>(std::make_shared<v1::GreaterEqual>(j, center),
                                                    std::make_shared<v1::Less>(j, high));
    return std::make_shared<v1::Select>(on_fall, fall, std::make_shared<v1::Select>(on_rise, rise, zero))->output(0);
}

}  // namespace

ov::OutputVector dft(const NodeContext& node) {
    const int64_t rank = static_rank(node, 0);
    if (rank < 3)
        node.fail("needs an input of rank 3 or more ([batch, signal..., 1 or 2])");
    const int64_t complex_dim = complex_dimension(node, 0, rank);
    int64_t axis = node.attr_int("axis", 1);
    if (axis < 0)
        axis += rank;
    if (axis < 0 || axis > rank - 2)
        node.fail("has axis " + std::to_string(node.attr_int("axis", 1)) + ", outside the signal axes of rank " +
                  std::to_string(rank));
    ov::Output<ov::Node> length;
    if (node.has_input(1))
        length = as_length(node, 1);
    return {transform(node.input(0), rank, complex_dim, axis, length, node.attr_int("inverse", 0) != 0,
                      node.attr_int("onesided", 0) != 0)};
}

ov::OutputVector stft(const NodeContext& node) {
    const int64_t rank = static_rank(node, 0);
    if (rank != 3)
        node.fail("needs a signal of rank 3 ([batch, length, 1 or 2])");
    const int64_t complex_dim = complex_dimension(node, 0, rank);
    const auto signal = node.input(0);
    const bool windowed = node.has_input(2);
    ov::Output<ov::Node> frame_length;
    if (node.has_input(3))
        frame_length = std::make_shared<v1::Reshape>(as_length(node, 3), i64s({}), false);
    else if (windowed)
        frame_length = std::make_shared<v1::Reshape>(dim_of(node.input(2), 0), i64s({}), false);
    else
        node.fail("has neither a window nor a frame_length");
    const auto frame_step = std::make_shared<v1::Reshape>(as_length(node, 1), i64s({}), false);
    // Frame f covers samples f * step .. f * step + length - 1, for the frames that fit whole in the signal.
    auto signal_length = std::make_shared<v1::Reshape>(dim_of(signal, 1), i64s({}), false);
    auto frames = std::make_shared<v1::Add>(
        std::make_shared<v1::Divide>(std::make_shared<v1::Subtract>(signal_length, frame_length), frame_step),
        i64_scalar(1));
    auto starts = std::make_shared<v1::Multiply>(
        std::make_shared<v4::Range>(i64_scalar(0), frames, i64_scalar(1), ov::element::i64), frame_step);
    auto offsets = std::make_shared<v4::Range>(i64_scalar(0), frame_length, i64_scalar(1), ov::element::i64);
    auto indices = std::make_shared<v1::Add>(std::make_shared<v0::Unsqueeze>(starts, i64s({1})),
                                             std::make_shared<v0::Unsqueeze>(offsets, i64s({0})));
    // [batch, frames, frame_length, 1 or 2]
    ov::Output<ov::Node> framed = std::make_shared<v8::Gather>(signal, indices, i64_scalar(1), 0);
    if (windowed) {
        // ONNX requires the window to be frame_length long; a mismatch fails the Multiply when shapes meet.
        ov::Output<ov::Node> window = node.input(2);
        if (window.get_element_type() != signal.get_element_type())
            window = std::make_shared<v1::ConvertLike>(window, signal);
        framed = std::make_shared<v1::Multiply>(framed,
                                                std::make_shared<v1::Reshape>(window, i64s({1, 1, -1, 1}), false));
    }
    return {transform(framed, 4, complex_dim, 2, {}, false, node.attr_int("onesided", 1) != 0)};
}

ov::OutputVector mel_weight_matrix(const NodeContext& node) {
    const auto type = element_type_of(static_cast<int32_t>(node.attr_int("output_datatype", 1)),
                                      node.describe() + " 'output_datatype'");
    bool known = true;
    for (size_t i = 0; i < 5; ++i)
        known = known && node.input_is_constant(i);
    if (!known) {
        ov::Output<ov::Node> weights = mel_weights_subgraph(node);
        if (type != ov::element::f32)
            weights = std::make_shared<v0::Convert>(weights, type);
        return {weights};
    }
    const auto one_int = [&](size_t i, const char* what) {
        const auto values = node.const_ints(i, what);
        if (values.size() != 1)
            node.fail(std::string("needs ") + what + " to be a scalar");
        return values[0];
    };
    const auto one_float = [&](size_t i, const char* what) {
        const auto values = node.const_floats(i, what);
        if (values.size() != 1)
            node.fail(std::string("needs ") + what + " to be a scalar");
        return values[0];
    };
    const int64_t mel_bins = one_int(0, "num_mel_bins"), dft_length = one_int(1, "dft_length");
    const auto weights = mel_weights(node, mel_bins, dft_length, one_int(2, "sample_rate"),
                                     one_float(3, "lower_edge_hertz"), one_float(4, "upper_edge_hertz"));
    const ov::Shape shape{static_cast<size_t>(dft_length / 2 + 1), static_cast<size_t>(mel_bins)};
    return {v0::Constant::create(type, shape, weights)->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
