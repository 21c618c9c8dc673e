// SPDX-License-Identifier: Apache-2.0
// Select (element-wise choice between two inputs by a boolean condition) and ConvertLike (Convert to the element
// type of a second input).
#include <array>

#include "openvino/op/convert_like.hpp"
#include "openvino/op/select.hpp"
#include "ops/reference/elementwise_general.hpp"
#include "ops/reference/saturating_convert.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::dispatch_everything;
}  // namespace

namespace v1 {

Select::Select(const Output<Node>& arg0, const Output<Node>& arg1, const Output<Node>& arg2,
               const AutoBroadcastSpec& auto_broadcast)
    : Op({arg0, arg1, arg2}), m_auto_broadcast(auto_broadcast) {
    constructor_validate_and_infer_types();
}

void Select::validate_and_infer_types() {
    if (get_input_size() != 3)
        OPENVINO_THROW(describe(*this), ": expects 3 inputs, got ", get_input_size());
    const auto& condition_type = get_input_element_type(0);
    if (!condition_type.is_dynamic() && condition_type != element::boolean)
        OPENVINO_THROW(describe(*this), ": the condition (input 0) must have the boolean element type, got ",
                       condition_type);
    const auto& then_type = get_input_element_type(1);
    const auto& else_type = get_input_element_type(2);
    element::Type type;
    if (!element::Type::merge(type, then_type, else_type))
        OPENVINO_THROW(describe(*this), ": inputs 1 and 2 must have one element type, got ", then_type, " and ",
                       else_type);
    // Under PDPD the else values fit the then values' shape and the condition fits the result; numpy and none
    // are symmetric, so the same two steps serve them.
    const PartialShape values = devmux::ref::infer_elementwise_shape(*this, get_input_partial_shape(1),
                                                                     get_input_partial_shape(2), m_auto_broadcast);
    set_output_type(0, type,
                    devmux::ref::infer_elementwise_shape(*this, values, get_input_partial_shape(0), m_auto_broadcast));
}

bool Select::visit_attributes(AttributeVisitor& visitor) {
    devmux::ref::visit_auto_broadcast(visitor, m_auto_broadcast);
    return true;
}

std::shared_ptr<Node> Select::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 3)
        OPENVINO_THROW(describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<Select>(new_args[0], new_args[1], new_args[2], m_auto_broadcast);
}

bool Select::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 3);
    const Tensor& condition = inputs[0];
    const Tensor& then_values = inputs[1];
    const Tensor& else_values = inputs[2];
    if (condition.get_element_type() != element::boolean)
        OPENVINO_THROW(describe(*this), ": the condition must be a boolean tensor, got ", condition.get_element_type());
    const auto type = then_values.get_element_type();
    if (else_values.get_element_type() != type)
        OPENVINO_THROW(describe(*this), ": inputs 1 and 2 have different element types (", type, " and ",
                       else_values.get_element_type(), ")");
    const Shape& condition_shape = condition.get_shape();
    const Shape& then_shape = then_values.get_shape();
    const Shape& else_shape = else_values.get_shape();
    // On a plan (numpy rule, output bound with the validated shape) the inputs' own shapes serve as they are,
    // and nothing is allocated; otherwise the shapes are worked out here.
    const Shape* planned = m_auto_broadcast.m_type == AutoBroadcastType::PDPD
                               ? nullptr
                               : devmux::ref::planned_output_shape(*this, outputs, inputs);
    Shape values_shape, else_storage, out_storage, condition_storage;
    if (!planned) {
        devmux::ref::binary_eval_shapes(*this, then_shape, else_shape, m_auto_broadcast, values_shape, else_storage);
        devmux::ref::binary_eval_shapes(*this, values_shape, condition_shape, m_auto_broadcast, out_storage,
                                        condition_storage);
    }
    const Shape& out_shape = planned ? *planned : out_storage;
    const Shape& else_view = planned ? else_shape : else_storage;
    const Shape& condition_view = planned ? condition_shape : condition_storage;
    return dispatch_everything(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
        const char* pc = condition.data<char>();
        const T* pt = then_values.data<T>();
        const T* pe = else_values.data<T>();
        T* po = out.data<T>();
        devmux::ref::for_each_broadcast_ref<3>(out_shape, {condition_view, then_shape, else_view},
                                               [&](size_t o, const std::array<size_t, 3>& i) {
                                                   po[o] = pc[i[0]] ? pt[i[1]] : pe[i[2]];
                                               });
    });
}

bool Select::has_evaluate() const {
    return get_input_size() == 3 && get_input_element_type(0) == element::boolean &&
           dispatch_everything(get_input_element_type(1), [](auto) {});
}

ConvertLike::ConvertLike(const Output<Node>& data, const Output<Node>& like) : Op({data, like}) {
    constructor_validate_and_infer_types();
}

void ConvertLike::validate_and_infer_types() {
    if (get_input_size() != 2)
        OPENVINO_THROW(describe(*this), ": expects 2 inputs, got ", get_input_size());
    set_output_type(0, get_input_element_type(1), get_input_partial_shape(0));
}

bool ConvertLike::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> ConvertLike::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 2)
        OPENVINO_THROW(describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<ConvertLike>(new_args[0], new_args[1]);
}

bool ConvertLike::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 2);
    const Tensor& in = inputs[0];
    const element::Type destination = inputs[1].get_element_type();
    const Shape& shape = in.get_shape();
    const size_t n = shape_size(shape);
    bool done = false;
    dispatch_everything(in.get_element_type(), [&](auto in_tag) {
        using TI = typename decltype(in_tag)::storage;
        using CI = typename decltype(in_tag)::compute;
        done = dispatch_everything(destination, [&](auto out_tag) {
            using TO = typename decltype(out_tag)::storage;
            using CO = typename decltype(out_tag)::compute;
            Tensor& out = devmux::ref::prepare_output(outputs, 0, destination, shape);
            const TI* src = in.data<TI>();
            TO* dst = out.data<TO>();
            for (size_t i = 0; i < n; ++i)
                dst[i] = static_cast<TO>(devmux::ref::saturating_convert<CO>(static_cast<CI>(src[i])));
        });
    });
    return done;
}

bool ConvertLike::has_evaluate() const {
    auto known = [](const element::Type& t) { return dispatch_everything(t, [](auto) {}); };
    return get_input_size() == 2 && known(get_input_element_type(0)) && known(get_input_element_type(1));
}

}  // namespace v1
}  // namespace op
}  // namespace ov
