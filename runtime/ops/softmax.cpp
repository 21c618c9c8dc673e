// SPDX-License-Identifier: Apache-2.0
// Softmax-1 and Softmax-8.
#include "openvino/op/softmax.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;

void check_softmax_input(const Node& node, size_t input_count) {
    if (input_count != 1)
        OPENVINO_THROW(describe(node), ": expects 1 input, got ", input_count);
    const auto& type = node.get_input_element_type(0);
    if (!type.is_dynamic() && !type.is_real())
        OPENVINO_THROW(describe(node), ": the input must have a real element type, got ", type);
}

// Softmax over `axis` of a dense tensor, in the compute type: subtracting the maximum first keeps exp()
// from overflowing without changing the result.
bool softmax(const Node& node, TensorVector& outputs, const TensorVector& inputs, size_t axis) {
    devmux::ref::check_evaluate_args(node, inputs, 1);
    const Tensor& in = inputs[0];
    const Shape shape = in.get_shape();
    if (axis >= shape.size())
        OPENVINO_THROW(describe(node), ": axis ", axis, " is out of range for input shape ", shape);
    const size_t outer = devmux::ref::product(shape, 0, axis);
    const size_t extent = shape[axis];
    const size_t inner = devmux::ref::product(shape, axis + 1, shape.size());
    return devmux::ref::dispatch_real(in.get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        Tensor& out = devmux::ref::prepare_output(outputs, 0, in.get_element_type(), shape);
        if (extent == 0)
            return;  // nothing to normalise, and no element to take the maximum of
        const T* x = in.data<T>();
        T* y = out.data<T>();
        std::vector<C> e(extent);
        for (size_t o = 0; o < outer; ++o) {
            for (size_t i = 0; i < inner; ++i) {
                const size_t base = o * extent * inner + i;
                C max_value = static_cast<C>(x[base]);
                for (size_t k = 1; k < extent; ++k)
                    max_value = std::max(max_value, static_cast<C>(x[base + k * inner]));
                C sum = 0;
                for (size_t k = 0; k < extent; ++k) {
                    e[k] = std::exp(static_cast<C>(x[base + k * inner]) - max_value);
                    sum += e[k];
                }
                for (size_t k = 0; k < extent; ++k)
                    y[base + k * inner] = static_cast<T>(e[k] / sum);
            }
        }
    });
}

bool evaluates_softmax(const Node& node) {
    return node.get_input_size() == 1 && node.get_input_element_type(0).is_real() &&
           devmux::ref::dispatch_real(node.get_input_element_type(0), [](auto) {});
}
}  // namespace

namespace v1 {

Softmax::Softmax(const Output<Node>& arg, const size_t axis) : Op({arg}), m_axis(axis) {
    constructor_validate_and_infer_types();
}

void Softmax::validate_and_infer_types() {
    check_softmax_input(*this, get_input_size());
    const auto& shape = get_input_partial_shape(0);
    if (shape.rank_is_static() && m_axis >= shape.size())
        OPENVINO_THROW(describe(*this), ": axis ", m_axis, " is out of range [0, ", shape.size(), ") for input shape ",
                       shape);
    set_output_type(0, get_input_element_type(0), shape);
}

bool Softmax::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("axis", m_axis);
    return true;
}

std::shared_ptr<Node> Softmax::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 1)
        OPENVINO_THROW(describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<Softmax>(new_args[0], m_axis);
}

bool Softmax::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return softmax(*this, outputs, inputs, m_axis);
}

bool Softmax::has_evaluate() const { return evaluates_softmax(*this); }

}  // namespace v1

namespace v8 {

Softmax::Softmax(const Output<Node>& arg, const int64_t axis) : Op({arg}), m_axis(axis) {
    constructor_validate_and_infer_types();
}

void Softmax::validate_and_infer_types() {
    check_softmax_input(*this, get_input_size());
    const auto& shape = get_input_partial_shape(0);
    if (shape.rank_is_static())
        devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(shape.size()));
    set_output_type(0, get_input_element_type(0), shape);
}

bool Softmax::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("axis", m_axis);
    return true;
}

std::shared_ptr<Node> Softmax::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 1)
        OPENVINO_THROW(describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<Softmax>(new_args[0], m_axis);
}

bool Softmax::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 1);
    const auto rank = static_cast<int64_t>(inputs[0].get_shape().size());
    return softmax(*this, outputs, inputs, static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, rank)));
}

bool Softmax::has_evaluate() const { return evaluates_softmax(*this); }

}  // namespace v8
}  // namespace op
}  // namespace ov

