// SPDX-License-Identifier: Apache-2.0
// LogSoftmax-5.
#include "openvino/op/log_softmax.hpp"

#include <algorithm>
#include <cmath>

#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v5 {

LogSoftmax::LogSoftmax(const Output<Node>& arg, const int64_t axis) : Op({arg}), m_axis(axis) {
    constructor_validate_and_infer_types();
}

void LogSoftmax::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 1, "expects 1 input, got ", get_input_size());
    const auto& type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type.is_real(), "the input must have a real element type, got ",
                      type);
    const auto& shape = get_input_partial_shape(0);
    if (shape.rank_is_static())
        devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(shape.size()));
    set_output_type(0, type, shape);
}

bool LogSoftmax::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("axis", m_axis);
    return true;
}

std::shared_ptr<Node> LogSoftmax::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    return std::make_shared<LogSoftmax>(new_args[0], m_axis);
}

bool LogSoftmax::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 1, "evaluate expects 1 input, got ", inputs.size());
    const Tensor& in = inputs[0];
    const Shape shape = in.get_shape();
    const auto axis =
        static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(shape.size())));
    if (!devmux::ref::dispatch_real(in.get_element_type(), [](auto) {}))
        return false;
    const size_t outer = devmux::ref::product(shape, 0, axis);
    const size_t extent = shape[axis];
    const size_t inner = devmux::ref::product(shape, axis + 1, shape.size());
    Tensor& out = devmux::ref::prepare_output(outputs, 0, in.get_element_type(), shape);
    // Computed in double: the result is a difference of values that may be close (x - max - log(sum)).
    devmux::ref::InputBuffer<double> x(in);
    devmux::ref::OutputBuffer<double> y(out);
    for (size_t o = 0; o < outer && extent > 0; ++o) {
        for (size_t i = 0; i < inner; ++i) {
            const size_t base = o * extent * inner + i;
            double top = x.data()[base];
            for (size_t k = 1; k < extent; ++k)
                top = std::max(top, x.data()[base + k * inner]);
            double sum = 0;
            for (size_t k = 0; k < extent; ++k)
                sum += std::exp(x.data()[base + k * inner] - top);
            const double log_sum = std::log(sum);
            for (size_t k = 0; k < extent; ++k)
                y.data()[base + k * inner] = x.data()[base + k * inner] - top - log_sum;
        }
    }
    y.commit();
    return true;
}

bool LogSoftmax::has_evaluate() const {
    return get_input_size() == 1 && devmux::ref::dispatch_real(get_input_element_type(0), [](auto) {});
}

}  // namespace v5
}  // namespace op
}  // namespace ov
