// SPDX-License-Identifier: Apache-2.0
// Ops ONNX has and OpenVINO spells as small subgraphs: triangles, one-hot maxima, quantization, losses,
// and the image samplers.

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

ov::Output<ov::Node> dim_of(const ov::Output<ov::Node>& x, int64_t axis) {
    return std::make_shared<v8::Gather>(std::make_shared<v3::ShapeOf>(x), i64_scalar(axis), i64_scalar(0))->output(0);
}

// column index - row index over the last two axes of `x`, as an [H, W] i64 tensor.
ov::Output<ov::Node> diagonal_offsets(const NodeContext& node, const ov::Output<ov::Node>& x) {
    const int64_t rank = static_rank(node, 0);
    if (rank < 2)
        node.fail("needs an input of rank 2 or more");
    auto rows = std::make_shared<v4::Range>(i64_scalar(0), dim_of(x, rank - 2), i64_scalar(1), ov::element::i64);
    auto cols = std::make_shared<v4::Range>(i64_scalar(0), dim_of(x, rank - 1), i64_scalar(1), ov::element::i64);
    auto column = std::make_shared<v0::Unsqueeze>(rows, i64s({1}));
    return std::make_shared<v1::Subtract>(cols, column)->output(0);
}

// A per-axis quantization parameter (1-d, one value per slice of `axis`) shaped to broadcast against `x`.
ov::Output<ov::Node> along_axis(const NodeContext& node, const ov::Output<ov::Node>& parameter, size_t x_input) {
    const auto& shape = parameter.get_partial_shape();
    if (shape.rank().is_dynamic() || shape.rank().get_length() != 1)
        return parameter;
    const int64_t rank = static_rank(node, x_input);
    if (rank < 2)
        return parameter;
    const int64_t axis = normalize_axis(node, node.attr_int("axis", 1), rank);
    std::vector<int64_t> target(static_cast<size_t>(rank), 1);
    target[static_cast<size_t>(axis)] = -1;
    return std::make_shared<v1::Reshape>(parameter, i64s(target), false)->output(0);
}

// round-half-to-even(x / scale) + zero point, saturated to the range of `type`, converted to it.
ov::Output<ov::Node> quantize(const ov::Output<ov::Node>& x, const ov::Output<ov::Node>& scale,
                              const ov::Output<ov::Node>& zero_point, const ov::element::Type& type) {
    ov::Output<ov::Node> q = std::make_shared<v5::Round>(std::make_shared<v1::Divide>(x, scale),
                                                         v5::Round::RoundMode::HALF_TO_EVEN);
    if (zero_point.get_node())
        q = std::make_shared<v1::Add>(q, std::make_shared<v1::ConvertLike>(zero_point, q));
    const double low = type == ov::element::i8 ? -128.0 : 0.0, high = type == ov::element::i8 ? 127.0 : 255.0;
    q = std::make_shared<v0::Clamp>(q, low, high);
    return std::make_shared<v0::Convert>(q, type)->output(0);
}

ov::Output<ov::Node> dequantize(const ov::Output<ov::Node>& x, const ov::Output<ov::Node>& scale,
                                const ov::Output<ov::Node>& zero_point) {
    ov::Output<ov::Node> value = std::make_shared<v0::Convert>(x, ov::element::f32);
    if (zero_point.get_node())
        value = std::make_shared<v1::Subtract>(value, std::make_shared<v0::Convert>(zero_point, ov::element::f32));
    return std::make_shared<v1::Multiply>(value, std::make_shared<v1::ConvertLike>(scale, value))->output(0);
}

ov::Output<ov::Node> optional_input(const NodeContext& node, size_t i) {
    return node.has_input(i) ? node.input(i) : ov::Output<ov::Node>();
}

// -input[n, target[n, ...], ...] (times the class weight), with the loss's reduction; the shared body of
// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss.
ov::Output<ov::Node> nll(const NodeContext& node, const ov::Output<ov::Node>& log_probabilities,
                         const ov::Output<ov::Node>& target_in, const ov::Output<ov::Node>& weight) {
    const auto type = log_probabilities.get_element_type();
    const auto target = std::make_shared<v0::Convert>(target_in, ov::element::i64);
    ov::Output<ov::Node> kept;  // 1 where the target counts, 0 where it is ignore_index
    ov::Output<ov::Node> index = target;
    if (node.has_attr("ignore_index")) {
        auto ignored = std::make_shared<v1::Equal>(target, i64_scalar(node.attr_int("ignore_index")));
        kept = std::make_shared<v1::Select>(ignored, scalar_of(type, 0.0), scalar_of(type, 1.0));
        // An ignored target may be any value, even outside the classes: gather class 0 there instead.
        index = std::make_shared<v1::Select>(ignored, i64_scalar(0), target);
    }
    auto picked = std::make_shared<v6::GatherElements>(log_probabilities, std::make_shared<v0::Unsqueeze>(index, i64s({1})), 1);
    ov::Output<ov::Node> loss = std::make_shared<v0::Negative>(std::make_shared<v0::Squeeze>(picked, i64s({1})));
    ov::Output<ov::Node> weights;
    if (weight.get_node())
        weights = std::make_shared<v8::Gather>(weight, index, i64_scalar(0));
    if (kept.get_node())
        weights = weights.get_node() ? std::make_shared<v1::Multiply>(weights, kept)->output(0) : kept;
    if (weights.get_node())
        loss = std::make_shared<v1::Multiply>(loss, weights);
    const std::string reduction = node.attr_string("reduction", "mean");
    if (reduction == "none")
        return loss;
    const int64_t rank = loss.get_partial_shape().rank().is_static() ? loss.get_partial_shape().rank().get_length() : -1;
    if (rank < 0)
        node.fail("needs the rank of its target known when the model is read");
    std::vector<int64_t> all;
    for (int64_t i = 0; i < rank; ++i)
        all.push_back(i);
    auto sum = std::make_shared<v1::ReduceSum>(loss, i64s(all), false);
    if (reduction == "sum")
        return sum->output(0);
    if (reduction != "mean")
        node.fail("has the reduction '" + reduction + "'; ONNX defines none, sum and mean");
    if (!weights.get_node())
        return std::make_shared<v1::ReduceMean>(loss, i64s(all), false)->output(0);
    auto total = std::make_shared<v1::ReduceSum>(weights, i64s(all), false);
    return std::make_shared<v1::Divide>(sum, total)->output(0);
}

}  // namespace

ov::OutputVector trilu(const NodeContext& node) {
    const auto x = node.input(0);
    const ov::Output<ov::Node> k = node.has_input(1)
                                       ? std::make_shared<v1::Reshape>(node.input(1), i64s({}), false)->output(0)
                                       : i64_scalar(0);
    const auto offsets = diagonal_offsets(node, x);
    ov::Output<ov::Node> keep;
    if (node.attr_int("upper", 1) != 0)
        keep = std::make_shared<v1::GreaterEqual>(offsets, k);
    else
        keep = std::make_shared<v1::LessEqual>(offsets, k);
    return {std::make_shared<v1::Select>(keep, x, scalar_of(x.get_element_type(), 0.0))->output(0)};
}

ov::OutputVector eye_like(const NodeContext& node) {
    const auto x = node.input(0);
    const auto type = node.has_attr("dtype")
                          ? element_type_of(static_cast<int32_t>(node.attr_int("dtype")), node.describe() + " 'dtype'")
                          : x.get_element_type();
    auto diagonal = std::make_shared<v1::Equal>(diagonal_offsets(node, x), i64_scalar(node.attr_int("k", 0)));
    return {std::make_shared<v0::Convert>(diagonal, type)->output(0)};
}

ov::OutputVector hardmax(const NodeContext& node) {
    const auto x = node.input(0);
    const int64_t rank = static_rank(node, 0);
    const int64_t axis = normalize_axis(node, node.attr_int("axis", -1), rank);
    auto top = std::make_shared<v11::TopK>(x, i64_scalar(1), axis, "max", "none", ov::element::i64, true);
    auto index = std::make_shared<v0::Squeeze>(top->output(1), i64s({axis}));
    auto hot = std::make_shared<v1::OneHot>(index, dim_of(x, axis), scalar_of(x.get_element_type(), 1.0),
                                            scalar_of(x.get_element_type(), 0.0), axis);
    return {hot->output(0)};
}

ov::OutputVector shrink(const NodeContext& node) {
    const auto x = node.input(0);
    const auto type = x.get_element_type();
    const double lambd = node.attr_float("lambd", 0.5f), bias = node.attr_float("bias", 0.0f);
    auto below = std::make_shared<v1::Less>(x, scalar_of(type, -lambd));
    auto above = std::make_shared<v1::Greater>(x, scalar_of(type, lambd));
    auto raised = std::make_shared<v1::Add>(x, scalar_of(type, bias));
    auto lowered = std::make_shared<v1::Subtract>(x, scalar_of(type, bias));
    auto upper = std::make_shared<v1::Select>(above, lowered, scalar_of(type, 0.0));
    return {std::make_shared<v1::Select>(below, raised, upper)->output(0)};
}

ov::OutputVector bit_shift(const NodeContext& node) {
    // On unsigned integers a shift is a product or a floor division by a power of two.
    const auto x = node.input(0), y = node.input(1);
    if (!x.get_element_type().is_integral_number() || x.get_element_type().is_signed())
        node.fail("shifts " + x.get_element_type().get_type_name() + " values; ONNX defines unsigned integers");
    auto factor = std::make_shared<v1::Power>(std::make_shared<v1::ConvertLike>(scalar_of(ov::element::i64, 2.0), x), y);
    const std::string direction = node.attr_string("direction", "");
    if (direction == "LEFT")
        return {std::make_shared<v1::Multiply>(x, factor)->output(0)};
    if (direction == "RIGHT")
        return {std::make_shared<v1::Divide>(x, factor, false)->output(0)};
    node.fail("has the direction '" + direction + "'; ONNX defines LEFT and RIGHT");
}

ov::OutputVector quantize_linear(const NodeContext& node) {
    const auto x = node.input(0);
    const auto zero_point = optional_input(node, 2);
    const auto type = zero_point.get_node() ? zero_point.get_element_type() : ov::element::u8;
    if (type != ov::element::u8 && type != ov::element::i8)
        node.fail("quantizes to " + type.get_type_name() + "; devmux converts u8 and i8");
    const auto scale = std::make_shared<v1::ConvertLike>(along_axis(node, node.input(1), 0), x);
    return {quantize(x, scale, zero_point.get_node() ? along_axis(node, zero_point, 0) : zero_point, type)};
}

ov::OutputVector dequantize_linear(const NodeContext& node) {
    const auto zero_point = optional_input(node, 2);
    return {dequantize(node.input(0), along_axis(node, node.input(1), 0),
                       zero_point.get_node() ? along_axis(node, zero_point, 0) : zero_point)};
}

ov::OutputVector dynamic_quantize_linear(const NodeContext& node) {
    // scale = (max(0, max x) - min(0, min x)) / 255; zero point = saturate(round(-min / scale)).
    const auto x = node.input(0);
    const int64_t rank = static_rank(node, 0);
    std::vector<int64_t> all;
    for (int64_t i = 0; i < rank; ++i)
        all.push_back(i);
    auto zero = scalar_of(ov::element::f32, 0.0);
    auto high = std::make_shared<v1::Maximum>(std::make_shared<v1::ReduceMax>(x, i64s(all), false), zero);
    auto low = std::make_shared<v1::Minimum>(std::make_shared<v1::ReduceMin>(x, i64s(all), false), zero);
    auto scale = std::make_shared<v1::Divide>(std::make_shared<v1::Subtract>(high, low), scalar_of(ov::element::f32, 255.0));
    auto zero_point = quantize(std::make_shared<v0::Negative>(low), scale, {}, ov::element::u8);
    return {quantize(x, scale, zero_point, ov::element::u8), scale->output(0), zero_point};
}

ov::OutputVector matmul_integer(const NodeContext& node) {
    // Integer products are exact in f32 for the 8-bit operands ONNX allows (sums below 2^24 per element).
    ov::Output<ov::Node> a = std::make_shared<v0::Convert>(node.input(0), ov::element::f32);
    ov::Output<ov::Node> b = std::make_shared<v0::Convert>(node.input(1), ov::element::f32);
    if (node.has_input(2))
        a = std::make_shared<v1::Subtract>(a, std::make_shared<v0::Convert>(node.input(2), ov::element::f32));
    if (node.has_input(3))
        b = std::make_shared<v1::Subtract>(b, std::make_shared<v0::Convert>(node.input(3), ov::element::f32));
    return {std::make_shared<v0::Convert>(std::make_shared<v0::MatMul>(a, b), ov::element::i32)->output(0)};
}

ov::OutputVector q_linear_matmul(const NodeContext& node) {
    auto a = dequantize(node.input(0), node.input(1), node.input(2));
    auto b = dequantize(node.input(3), node.input(4), node.input(5));
    auto product = std::make_shared<v0::MatMul>(a, b);
    return {quantize(product, node.input(6), node.input(7), node.input(7).get_element_type())};
}

ov::OutputVector negative_log_likelihood_loss(const NodeContext& node) {
    return {nll(node, node.input(0), node.input(1), optional_input(node, 2))};
}

ov::OutputVector softmax_cross_entropy_loss(const NodeContext& node) {
    auto log_probabilities = std::make_shared<v5::LogSoftmax>(node.input(0), 1);
    return {nll(node, log_probabilities, node.input(1), optional_input(node, 2)), log_probabilities->output(0)};
}

ov::OutputVector grid_sample(const NodeContext& node) {
    using GS = v9::GridSample;
    GS::Attributes attributes;
    attributes.align_corners = node.attr_int("align_corners", 0) != 0;
    const std::string mode = node.attr_string("mode", "bilinear");
    if (mode == "bilinear")
        attributes.mode = GS::InterpolationMode::BILINEAR;
    else if (mode == "bicubic")
        attributes.mode = GS::InterpolationMode::BICUBIC;
    else if (mode == "nearest")
        attributes.mode = GS::InterpolationMode::NEAREST;
    else
        node.fail("has the mode '" + mode + "'");
    const std::string padding = node.attr_string("padding_mode", "zeros");
    if (padding == "zeros")
        attributes.padding_mode = GS::PaddingMode::ZEROS;
    else if (padding == "border")
        attributes.padding_mode = GS::PaddingMode::BORDER;
    else if (padding == "reflection")
        attributes.padding_mode = GS::PaddingMode::REFLECTION;
    else
        node.fail("has the padding_mode '" + padding + "'");
    return {std::make_shared<GS>(node.input(0), node.input(1), attributes)->output(0)};
}

ov::OutputVector roi_align(const NodeContext& node) {
    const std::string mode = node.attr_string("mode", "avg");
    const auto pooling = mode == "max" ? v9::ROIAlign::PoolingMode::MAX : v9::ROIAlign::PoolingMode::AVG;
    // Opset 16 made half_pixel the default; opset 10 computed output_half_pixel (the asymmetric form). ONNX's
    // half_pixel shifts the scaled corners by -0.5 (roi * spatial_scale - 0.5), which is ROIAlign-9's
    // half_pixel_for_nn; its half_pixel also shifts by +0.5 before scaling.
    const std::string transform =
        node.attr_string("coordinate_transformation_mode", node.opset() >= 16 ? "half_pixel" : "output_half_pixel");
    const auto aligned = transform == "half_pixel" ? v9::ROIAlign::AlignedMode::HALF_PIXEL_FOR_NN
                                                   : v9::ROIAlign::AlignedMode::ASYMMETRIC;
    return {std::make_shared<v9::ROIAlign>(node.input(0), node.input(1),
                                           std::make_shared<v0::Convert>(node.input(2), ov::element::i32),
                                           static_cast<int>(node.attr_int("output_height", 1)),
                                           static_cast<int>(node.attr_int("output_width", 1)),
                                           static_cast<int>(node.attr_int("sampling_ratio", 0)),
                                           node.attr_float("spatial_scale", 1.0f), pooling, aligned)
                ->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
