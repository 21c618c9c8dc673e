// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/cum_sum.hpp"

#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/op/constant.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

template <typename C>
void cumulative_sum(const Tensor& data, Tensor& out, size_t axis, bool exclusive, bool reverse) {
    const Shape& shape = data.get_shape();
    devmux::ref::InputBuffer<C> in(data);
    devmux::ref::OutputBuffer<C> o(out);
    const size_t outer = devmux::ref::product(shape, 0, axis);
    const size_t dim = shape[axis];
    const size_t inner = devmux::ref::product(shape, axis + 1, shape.size());
    for (size_t a = 0; a < outer; ++a)
        for (size_t i = 0; i < inner; ++i) {
            C sum = C(0);
            for (size_t step = 0; step < dim; ++step) {
                const size_t k = reverse ? dim - 1 - step : step;
                const size_t at = (a * dim + k) * inner + i;
                const C x = in.data()[at];
                if (!exclusive)
                    sum = devmux::ref::wrap_add(sum, x);
                o.data()[at] = sum;
                if (exclusive)
                    sum = devmux::ref::wrap_add(sum, x);
            }
        }
    o.commit();
}

}  // namespace

namespace v0 {

CumSum::CumSum(const Output<Node>& arg, const Output<Node>& axis, const bool exclusive, const bool reverse)
    : Op({arg, axis}), m_exclusive(exclusive), m_reverse(reverse) {
    constructor_validate_and_infer_types();
}

CumSum::CumSum(const Output<Node>& arg, const bool exclusive, const bool reverse)
    : Op({arg, Constant::create(element::i32, Shape{}, std::vector<int32_t>{0})}),
      m_exclusive(exclusive),
      m_reverse(reverse) {
    constructor_validate_and_infer_types();
}

bool CumSum::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("exclusive", m_exclusive);
    visitor.on_attribute("reverse", m_reverse);
    return true;
}

void CumSum::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 1 || get_input_size() == 2, "expects 1 or 2 inputs (arg, axis), got ",
                      get_input_size());
    const auto& type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type != element::boolean, "data must be numeric, got boolean");
    const auto& data = get_input_partial_shape(0);
    if (get_input_size() == 2) {
        devmux::ref::check_integral_input(*this, 1, "axis");
        const auto& axis_shape = get_input_partial_shape(1);
        DEVMUX_NODE_CHECK(*this, !axis_shape.rank_is_static() || axis_shape.size() == 0,
                          "axis must be a scalar, got shape ", axis_shape);
        const auto axis_const = devmux::ref::constant_input(*this, 1);
        if (axis_const && data.rank_is_static()) {
            const auto values = axis_const->cast_vector<int64_t>();
            DEVMUX_NODE_CHECK(*this, values.size() == 1, "axis must hold one value, got ", values.size());
            devmux::ref::normalize_axis(*this, values[0], static_cast<int64_t>(data.size()));
        }
    }
    set_output_type(0, type, data);
}

std::shared_ptr<Node> CumSum::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1 || new_args.size() == 2, "clone expects 1 or 2 inputs, got ",
                      new_args.size());
    if (new_args.size() == 1)
        return std::make_shared<CumSum>(new_args[0], m_exclusive, m_reverse);
    return std::make_shared<CumSum>(new_args[0], new_args[1], m_exclusive, m_reverse);
}

bool CumSum::has_evaluate() const {
    if (get_input_size() < 1)
        return false;
    const auto& type = get_input_element_type(0);
    return type.is_static() && type != element::boolean && type != element::u64;
}

bool CumSum::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 1 || inputs.size() == 2, "evaluate() needs 1 or 2 input tensors, got ",
                      inputs.size());
    devmux::ref::check_evaluate_args(*this, inputs, inputs.size());
    const Tensor& data = inputs[0];
    const auto type = data.get_element_type();
    if (!type.is_static() || type == element::boolean || type == element::u64)
        return false;
    const Shape& shape = data.get_shape();
    size_t axis = 0;
    if (inputs.size() == 2) {
        DEVMUX_NODE_CHECK(*this, inputs[1].get_element_type().is_integral_number(),
                          "axis must be an integer tensor, got element type ", inputs[1].get_element_type());
        const auto values = devmux::ref::tensor_to_i64(inputs[1]);
        DEVMUX_NODE_CHECK(*this, values.size() == 1, "axis must hold one value, got ", values.size());
        axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, values[0], static_cast<int64_t>(shape.size())));
    }
    DEVMUX_NODE_CHECK(*this, !shape.empty(), "data must have rank 1 or more, got a scalar");
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, shape);
    if (type.is_real())
        cumulative_sum<double>(data, out, axis, m_exclusive, m_reverse);
    else
        cumulative_sum<int64_t>(data, out, axis, m_exclusive, m_reverse);
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov
