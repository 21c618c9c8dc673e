// SPDX-License-Identifier: Apache-2.0
// NV12toRGB/BGR-8 and I420toRGB/BGR-8: YUV 4:2:0 images (one, two or three planes) to RGB or BGR with the
// specification's BT.601 formulas, computed in float; results are clamped to [0, 255] and, for u8,
// rounded to the nearest integer.
#include <algorithm>
#include <cmath>

#include "openvino/op/i420_to_bgr.hpp"
#include "openvino/op/i420_to_rgb.hpp"
#include "openvino/op/nv12_to_bgr.hpp"
#include "openvino/op/nv12_to_rgb.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

// The per-family facts the shared code needs.
struct ColorLayout {
    bool i420;  // false: NV12
    bool bgr;
};

size_t plane_count(const ColorLayout& l, size_t inputs) { return inputs == 1 ? 1 : (l.i420 ? 3 : 2); }

bool color_convert_supports(const element::Type& t) { return t == element::u8 || t.is_real(); }

// Merges d into into, throwing when they disagree.
void merge_plane_dim(const Node& op, Dimension& into, const Dimension& d, const char* what) {
    DEVMUX_NODE_CHECK(op, Dimension::merge(into, into, d), what, " do not match across the planes (", into, " vs ", d,
                      ")");
}

Dimension halve(const Node& op, const Dimension& d, const char* what) {
    if (!d.is_static())
        return Dimension::dynamic();
    DEVMUX_NODE_CHECK(op, d.get_length() % 2 == 0, what, " must be even, got ", d);
    return Dimension(d.get_length() / 2);
}

Dimension twice(const Dimension& d) { return d.is_static() ? Dimension(d.get_length() * 2) : Dimension::dynamic(); }

PartialShape infer_color(const Node& op, const ColorLayout& layout) {
    const size_t n = op.get_input_size();
    DEVMUX_NODE_CHECK(op, n == 1 || n == plane_count(layout, 2), "expects 1 or ", plane_count(layout, 2),
                      " inputs (planes), got ", n);
    element::Type type = op.get_input_element_type(0);
    for (size_t i = 1; i < n; ++i)
        DEVMUX_NODE_CHECK(op, element::Type::merge(type, type, op.get_input_element_type(i)),
                          "all planes must have one element type, got ", op.get_input_element_type(0), " and ",
                          op.get_input_element_type(i));
    DEVMUX_NODE_CHECK(op, type.is_dynamic() || color_convert_supports(type),
                      "element type must be u8 or floating point, got ", type);
    for (size_t i = 0; i < n; ++i)
        DEVMUX_NODE_CHECK(op, op.get_input_partial_shape(i).rank().compatible(4), "input ", i,
                          " must have rank 4 [N, H, W, C], got shape ", op.get_input_partial_shape(i));
    Dimension batch, height, width;
    if (n == 1) {
        const auto& s = op.get_input_partial_shape(0);
        if (s.rank_is_static()) {
            DEVMUX_NODE_CHECK(op, s[3].compatible(1), "a single-plane image must have 1 channel, got shape ", s);
            batch = s[0];
            width = s[2];
            if (s[1].is_static()) {
                DEVMUX_NODE_CHECK(op, s[1].get_length() % 3 == 0, "a single-plane image has height H * 3 / 2, got ",
                                  s[1], " (not a multiple of 3)");
                height = Dimension(s[1].get_length() * 2 / 3);
            }
        }
    } else {
        const auto& y = op.get_input_partial_shape(0);
        if (y.rank_is_static()) {
            DEVMUX_NODE_CHECK(op, y[3].compatible(1), "the Y plane must have 1 channel, got shape ", y);
            batch = y[0];
            height = y[1];
            width = y[2];
        }
        for (size_t i = 1; i < n; ++i) {
            const auto& c = op.get_input_partial_shape(i);
            if (!c.rank_is_static())
                continue;
            const int64_t channels = layout.i420 ? 1 : 2;
            DEVMUX_NODE_CHECK(op, c[3].compatible(channels), "chroma plane ", i, " must have ", channels,
                              " channel(s), got shape ", c);
            merge_plane_dim(op, batch, c[0], "batch sizes");
            merge_plane_dim(op, height, twice(c[1]), "heights (the chroma planes are half the Y plane's size)");
            merge_plane_dim(op, width, twice(c[2]), "widths (the chroma planes are half the Y plane's size)");
        }
    }
    halve(op, height, "image height");
    halve(op, width, "image width");
    return PartialShape{batch, height, width, 3};
}

bool evaluate_color(const Node& op, const ColorLayout& layout, TensorVector& outputs, const TensorVector& inputs) {
    DEVMUX_NODE_CHECK(op, inputs.size() == op.get_input_size(), "evaluate() expects ", op.get_input_size(),
                      " inputs, got ", inputs.size());
    const auto type = inputs[0].get_element_type();
    DEVMUX_NODE_CHECK(op, color_convert_supports(type), "element type must be u8 or floating point, got ", type);
    const Shape& s0 = inputs[0].get_shape();
    DEVMUX_NODE_CHECK(op, s0.size() == 4, "input 0 must have rank 4, got shape ", s0);
    const bool single = inputs.size() == 1;
    const size_t batch = s0[0], width = s0[2];
    const size_t height = single ? s0[1] * 2 / 3 : s0[1];
    DEVMUX_NODE_CHECK(op, height % 2 == 0 && width % 2 == 0 && (!single || s0[1] % 3 == 0),
                      "image height and width must be even, got input shape ", s0);
    const size_t luma = height * width, chroma = luma / 4;
    for (size_t i = 1; i < inputs.size(); ++i) {
        const Shape& c = inputs[i].get_shape();
        const size_t channels = layout.i420 ? 1 : 2;
        DEVMUX_NODE_CHECK(op, c == Shape({batch, height / 2, width / 2, channels}), "chroma plane ", i,
                          " must have shape ", Shape({batch, height / 2, width / 2, channels}), ", got ", c);
    }
    std::vector<devmux::ref::InputBuffer<float>> planes;
    planes.reserve(inputs.size());
    for (const auto& t : inputs)
        planes.emplace_back(t);

    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, Shape{batch, height, width, 3});
    devmux::ref::OutputBuffer<float> result(out);
    const bool integral = type == element::u8;
    auto finish = [&](float v) {
        v = std::min(std::max(v, 0.0f), 255.0f);
        return integral ? std::round(v) : v;
    };
    for (size_t n = 0; n < batch; ++n) {
        // Where the Y, U and V samples of image n start, and the distance between U (V) samples.
        const float *y_plane, *u_plane, *v_plane;
        size_t chroma_step;
        if (single) {
            const float* image = planes[0].data() + n * (luma + 2 * chroma);
            y_plane = image;
            if (layout.i420) {
                u_plane = image + luma;
                v_plane = image + luma + chroma;
                chroma_step = 1;
            } else {
                u_plane = image + luma;
                v_plane = image + luma + 1;
                chroma_step = 2;
            }
        } else {
            y_plane = planes[0].data() + n * luma;
            if (layout.i420) {
                u_plane = planes[1].data() + n * chroma;
                v_plane = planes[2].data() + n * chroma;
                chroma_step = 1;
            } else {
                u_plane = planes[1].data() + n * 2 * chroma;
                v_plane = u_plane + 1;
                chroma_step = 2;
            }
        }
        float* dst = result.data() + n * luma * 3;
        for (size_t h = 0; h < height; ++h)
            for (size_t w = 0; w < width; ++w) {
                const size_t c = (h / 2) * (width / 2) + w / 2;
                const float y = y_plane[h * width + w] - 16.0f;
                const float u = u_plane[c * chroma_step] - 128.0f;
                const float v = v_plane[c * chroma_step] - 128.0f;
                const float r = finish(1.164f * y + 1.596f * v);
                const float g = finish(1.164f * y - 0.813f * v - 0.391f * u);
                const float b = finish(1.164f * y + 2.018f * u);
                float* px = dst + (h * width + w) * 3;
                px[0] = layout.bgr ? b : r;
                px[1] = g;
                px[2] = layout.bgr ? r : b;
            }
    }
    result.commit();
    return true;
}

ColorLayout nv12_layout(util::ConvertColorNV12Base::ColorConversion f) {
    return {false, f == util::ConvertColorNV12Base::ColorConversion::NV12_TO_BGR};
}
ColorLayout i420_layout(util::ConvertColorI420Base::ColorConversion f) {
    return {true, f == util::ConvertColorI420Base::ColorConversion::I420_TO_BGR};
}

}  // namespace

namespace util {

ConvertColorNV12Base::ConvertColorNV12Base(const OutputVector& arguments, ColorConversion format)
    : Op(arguments), m_format(format) {}
void ConvertColorNV12Base::validate_and_infer_types() {
    set_output_type(0, get_input_element_type(0), infer_color(*this, nv12_layout(m_format)));
}
bool ConvertColorNV12Base::visit_attributes(AttributeVisitor&) { return true; }
bool ConvertColorNV12Base::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_color(*this, nv12_layout(m_format), outputs, inputs);
}
bool ConvertColorNV12Base::has_evaluate() const { return color_convert_supports(get_input_element_type(0)); }

ConvertColorI420Base::ConvertColorI420Base(const OutputVector& arguments, ColorConversion format)
    : Op(arguments), m_format(format) {}
void ConvertColorI420Base::validate_and_infer_types() {
    set_output_type(0, get_input_element_type(0), infer_color(*this, i420_layout(m_format)));
}
bool ConvertColorI420Base::visit_attributes(AttributeVisitor&) { return true; }
bool ConvertColorI420Base::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_color(*this, i420_layout(m_format), outputs, inputs);
}
bool ConvertColorI420Base::has_evaluate() const { return color_convert_supports(get_input_element_type(0)); }

}  // namespace util

namespace v8 {

#define DEVMUX_NV12_OP(CLASS, FORMAT)                                                                               \
    CLASS::CLASS(const Output<Node>& arg) : ConvertColorNV12Base({arg}, ColorConversion::FORMAT) {                  \
        constructor_validate_and_infer_types();                                                                     \
    }                                                                                                               \
    CLASS::CLASS(const Output<Node>& arg_y, const Output<Node>& arg_uv)                                             \
        : ConvertColorNV12Base({arg_y, arg_uv}, ColorConversion::FORMAT) {                                          \
        constructor_validate_and_infer_types();                                                                     \
    }                                                                                                               \
    std::shared_ptr<Node> CLASS::clone_with_new_inputs(const OutputVector& new_args) const {                        \
        DEVMUX_NODE_CHECK(*this, new_args.size() == 1 || new_args.size() == 2, "clone expects 1 or 2 inputs, got ", \
                          new_args.size());                                                                         \
        if (new_args.size() == 2)                                                                                   \
            return std::make_shared<CLASS>(new_args[0], new_args[1]);                                               \
        return std::make_shared<CLASS>(new_args[0]);                                                                \
    }

#define DEVMUX_I420_OP(CLASS, FORMAT)                                                                               \
    CLASS::CLASS(const Output<Node>& arg) : ConvertColorI420Base({arg}, ColorConversion::FORMAT) {                  \
        constructor_validate_and_infer_types();                                                                     \
    }                                                                                                               \
    CLASS::CLASS(const Output<Node>& arg_y, const Output<Node>& arg_u, const Output<Node>& arg_v)                   \
        : ConvertColorI420Base({arg_y, arg_u, arg_v}, ColorConversion::FORMAT) {                                    \
        constructor_validate_and_infer_types();                                                                     \
    }                                                                                                               \
    std::shared_ptr<Node> CLASS::clone_with_new_inputs(const OutputVector& new_args) const {                        \
        DEVMUX_NODE_CHECK(*this, new_args.size() == 1 || new_args.size() == 3, "clone expects 1 or 3 inputs, got ", \
                          new_args.size());                                                                         \
        if (new_args.size() == 3)                                                                                   \
            return std::make_shared<CLASS>(new_args[0], new_args[1], new_args[2]);                                  \
        return std::make_shared<CLASS>(new_args[0]);                                                                \
    }

DEVMUX_NV12_OP(NV12toRGB, NV12_TO_RGB)
DEVMUX_NV12_OP(NV12toBGR, NV12_TO_BGR)
DEVMUX_I420_OP(I420toRGB, I420_TO_RGB)
DEVMUX_I420_OP(I420toBGR, I420_TO_BGR)

#undef DEVMUX_NV12_OP
#undef DEVMUX_I420_OP

}  // namespace v8
}  // namespace op
}  // namespace ov
