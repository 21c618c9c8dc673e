// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/squeeze.hpp"

#include <cstring>
#include <set>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {

// Output shape of Squeeze; axes == nullptr (or empty) removes every dimension of size 1. Shared by shape
// inference and evaluate().
PartialShape squeeze_output_shape(const Node& node, const PartialShape& in, const std::vector<int64_t>* axes) {
    if (!in.rank_is_static())
        return PartialShape::dynamic();
    const auto rank = static_cast<int64_t>(in.size());
    std::vector<Dimension> dims;
    if (axes == nullptr || axes->empty()) {
        for (const auto& d : in) {
            if (!d.is_static())
                return PartialShape::dynamic();  // a dynamic dimension may turn out to be 1
            if (d.get_length() != 1)
                dims.push_back(d);
        }
        return PartialShape(dims);
    }
    std::set<int64_t> removed;
    for (const auto axis : *axes) {
        const auto a = devmux::ref::normalize_axis(node, axis, rank);
        OPENVINO_ASSERT(!in[a].is_static() || in[a].get_length() == 1, devmux::ref::describe(node),
                        ": cannot squeeze axis ", axis, " of shape ", in, ": its dimension is not 1");
        removed.insert(a);
    }
    for (int64_t i = 0; i < rank; ++i)
        if (!removed.count(i))
            dims.push_back(in[i]);
    return PartialShape(dims);
}

}  // namespace

Squeeze::Squeeze(const Output<Node>& data, const Output<Node>& axes) : Op({data, axes}) {
    constructor_validate_and_infer_types();
}

Squeeze::Squeeze(const Output<Node>& data) : Op({data}) { constructor_validate_and_infer_types(); }

void Squeeze::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 1 || get_input_size() == 2, name,
                    ": expects 1 or 2 inputs (data[, axes]), got ", get_input_size());
    const auto& type = get_input_element_type(0);
    const auto& in = get_input_partial_shape(0);
    if (get_input_size() == 1) {
        set_output_type(0, type, squeeze_output_shape(*this, in, nullptr));
        return;
    }
    devmux::ref::check_integral_input(*this, 1, "axes");
    const auto& axes_shape = get_input_partial_shape(1);
    OPENVINO_ASSERT(!axes_shape.rank_is_static() || axes_shape.size() <= 1, name,
                    ": axes input must be 0-D or 1-D, got shape ", axes_shape);
    if (const auto axes = devmux::ref::constant_input(*this, 1)) {
        const auto values = axes->cast_vector<int64_t>();
        set_output_type(0, type, squeeze_output_shape(*this, in, &values));
    } else {
        set_output_type(0, type, PartialShape::dynamic());
    }
}

std::shared_ptr<Node> Squeeze::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() == 1)
        return std::make_shared<Squeeze>(new_args[0]);
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 1 or 2 inputs, got ",
                    new_args.size());
    return std::make_shared<Squeeze>(new_args[0], new_args[1]);
}

bool Squeeze::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 1 || inputs.size() == 2, devmux::ref::describe(*this),
                    ": evaluate() expects 1 or 2 inputs, got ", inputs.size());
    std::vector<int64_t> axes;
    if (inputs.size() == 2)
        axes = devmux::ref::tensor_to_i64(inputs[1]);
    const Shape out_shape =
        squeeze_output_shape(*this, PartialShape(inputs[0].get_shape()), inputs.size() == 2 ? &axes : nullptr)
            .to_shape();
    auto& out = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), out_shape);
    if (inputs[0].get_byte_size() != 0 && out.data() != inputs[0].data())
        std::memcpy(out.data(), inputs[0].data(), inputs[0].get_byte_size());
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov

