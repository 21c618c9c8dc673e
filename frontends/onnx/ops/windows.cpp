// SPDX-License-Identifier: Apache-2.0
// HannWindow, HammingWindow and BlackmanWindow (opset 17) as sums of cosines of 2*pi*n/N over n = 0..size-1,
// with N = size for a periodic window and size - 1 for a symmetric one.

#include <cmath>

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

// sum_k coefficients[k] * cos(k * 2*pi*n/N), converted to output_datatype.
ov::OutputVector cosine_window(const NodeContext& node, const std::vector<double>& coefficients) {
    const auto f32 = ov::element::f32;
    auto size = std::make_shared<v0::Convert>(std::make_shared<v1::Reshape>(node.input(0), i64s({}), false), f32);
    auto n = std::make_shared<v4::Range>(scalar_of(f32, 0.0), size, scalar_of(f32, 1.0), f32);
    const bool periodic = node.attr_int("periodic", 1) != 0;
    ov::Output<ov::Node> period = size;
    if (!periodic)
        period = std::make_shared<v1::Subtract>(size, scalar_of(f32, 1.0));
    auto angle = std::make_shared<v1::Divide>(std::make_shared<v1::Multiply>(n, scalar_of(f32, 2.0 * M_PI)), period);
    ov::Output<ov::Node> window;
    for (size_t k = 0; k < coefficients.size(); ++k) {
        ov::Output<ov::Node> term;
        if (k == 0) {
            term = std::make_shared<v3::Broadcast>(scalar_of(f32, coefficients[0]), std::make_shared<v3::ShapeOf>(n));
        } else {
            auto cosine = std::make_shared<v0::Cos>(
                std::make_shared<v1::Multiply>(angle, scalar_of(f32, static_cast<double>(k))));
            term = std::make_shared<v1::Multiply>(cosine, scalar_of(f32, coefficients[k]));
        }
        window = window.get_node() ? std::make_shared<v1::Add>(window, term)->output(0) : term;
    }
    const auto type = element_type_of(static_cast<int32_t>(node.attr_int("output_datatype", 1)),
                                      node.describe() + " 'output_datatype'");
    if (type == f32)
        return {window};
    return {std::make_shared<v0::Convert>(window, type)->output(0)};
}

}  // namespace

ov::OutputVector hann_window(const NodeContext& node) { return cosine_window(node, {0.5, -0.5}); }
ov::OutputVector hamming_window(const NodeContext& node) {
    return cosine_window(node, {25.0 / 46.0, -(1.0 - 25.0 / 46.0)});
}
ov::OutputVector blackman_window(const NodeContext& node) { return cosine_window(node, {0.42, -0.5, 0.08}); }

}  // namespace onnx_frontend
}  // namespace devmux
