// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/bucketize.hpp"

#include <algorithm>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v3 {

Bucketize::Bucketize(const Output<Node>& data, const Output<Node>& buckets, const element::Type output_type,
                     const bool with_right_bound)
    : Op({data, buckets}), m_output_type(output_type), m_with_right_bound(with_right_bound) {
    constructor_validate_and_infer_types();
}

bool Bucketize::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_type", m_output_type);
    visitor.on_attribute("with_right_bound", m_with_right_bound);
    return true;
}

void Bucketize::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (data, buckets), got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, m_output_type == element::i32 || m_output_type == element::i64,
                      "output_type must be i32 or i64, got ", m_output_type);
    for (size_t i = 0; i < 2; ++i) {
        const auto& type = get_input_element_type(i);
        DEVMUX_NODE_CHECK(*this, type.is_dynamic() || (type != element::boolean),
                          i == 0 ? "data" : "buckets", " must be numeric, got ", type);
    }
    const auto& buckets = get_input_partial_shape(1);
    DEVMUX_NODE_CHECK(*this, !buckets.rank_is_static() || buckets.size() == 1, "buckets must be 1-D, got shape ",
                      buckets);
    set_output_type(0, m_output_type, get_input_partial_shape(0));
}

std::shared_ptr<Node> Bucketize::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<Bucketize>(new_args[0], new_args[1], m_output_type, m_with_right_bound);
}

bool Bucketize::has_evaluate() const {
    if (get_input_size() != 2)
        return false;
    for (size_t i = 0; i < 2; ++i) {
        const auto& type = get_input_element_type(i);
        if (!type.is_static() || type == element::boolean || type == element::u64)
            return false;
    }
    return m_output_type == element::i32 || m_output_type == element::i64;
}

bool Bucketize::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 2);
    DEVMUX_NODE_CHECK(*this, inputs[1].get_shape().size() == 1, "buckets must be 1-D, got shape ",
                      inputs[1].get_shape());
    for (const auto& in : inputs)
        DEVMUX_NODE_CHECK(*this, in.get_element_type() != element::boolean && in.get_element_type() != element::u64,
                          "element type ", in.get_element_type(), " is not evaluated");
    const size_t n = inputs[0].get_size();
    std::vector<size_t> bucket(n);
    // Compared in double: exact for every evaluated type except int64 values beyond 2^53.
    devmux::ref::InputBuffer<double> data(inputs[0]);
    devmux::ref::InputBuffer<double> bounds(inputs[1]);
    const double* first = bounds.data();
    const double* last = first + inputs[1].get_size();
    for (size_t i = 0; i < n; ++i) {
        const double x = data.data()[i];
        // with_right_bound: buckets[i-1] < x <= buckets[i], so the first boundary >= x; otherwise
        // buckets[i-1] <= x < buckets[i], the first boundary > x.
        const double* at = m_with_right_bound ? std::lower_bound(first, last, x) : std::upper_bound(first, last, x);
        bucket[i] = static_cast<size_t>(at - first);
    }
    Tensor& out = devmux::ref::prepare_output(outputs, 0, m_output_type, inputs[0].get_shape());
    for (size_t i = 0; i < n; ++i) {
        if (m_output_type == element::i32)
            out.data<int32_t>()[i] = static_cast<int32_t>(bucket[i]);
        else
            out.data<int64_t>()[i] = static_cast<int64_t>(bucket[i]);
    }
    return true;
}

}  // namespace v3
}  // namespace op
}  // namespace ov
