// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/convert.hpp"

#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/saturating_convert.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {
using devmux::ref::describe;
using devmux::ref::saturating_convert;
}  // namespace

Convert::Convert(const Output<Node>& arg, const element::Type& destination_type)
    : Op({arg}), m_destination_type(destination_type) {
    constructor_validate_and_infer_types();
}

void Convert::validate_and_infer_types() {
    if (get_input_size() != 1)
        OPENVINO_THROW(describe(*this), ": expects 1 input, got ", get_input_size());
    if (m_destination_type == element::undefined)
        OPENVINO_THROW(describe(*this), ": attribute 'destination_type' is not set");
    set_output_type(0, m_destination_type, get_input_partial_shape(0));
}

bool Convert::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("destination_type", m_destination_type);
    return true;
}

std::shared_ptr<Node> Convert::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 1)
        OPENVINO_THROW(describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<Convert>(new_args[0], m_destination_type);
}

bool Convert::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 1);
    const Tensor& in = inputs[0];
    const Shape shape = in.get_shape();
    const size_t n = shape_size(shape);
    bool done = false;
    devmux::ref::dispatch_any(in.get_element_type(), [&](auto in_tag) {
        using TI = typename decltype(in_tag)::storage;
        using CI = typename decltype(in_tag)::compute;
        devmux::ref::dispatch_any(m_destination_type, [&](auto out_tag) {
            using TO = typename decltype(out_tag)::storage;
            using CO = typename decltype(out_tag)::compute;
            Tensor& out = devmux::ref::prepare_output(outputs, 0, m_destination_type, shape);
            const TI* src = in.data<TI>();
            TO* dst = out.data<TO>();
            for (size_t i = 0; i < n; ++i)
                dst[i] = static_cast<TO>(saturating_convert<CO>(static_cast<CI>(src[i])));
            done = true;
        });
    });
    return done;
}

bool Convert::has_evaluate() const {
    auto known = [](const element::Type& t) { return devmux::ref::dispatch_any(t, [](auto) {}); };
    return get_input_size() == 1 && known(get_input_element_type(0)) && known(m_destination_type);
}

}  // namespace v0
}  // namespace op
}  // namespace ov

