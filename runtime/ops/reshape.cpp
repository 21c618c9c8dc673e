// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/reshape.hpp"

#include <cstring>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v1 {

namespace {

// Output shape of Reshape for a known pattern; shared by shape inference and evaluate() so that both read
// -1 and 0 the same way.
PartialShape reshape_output_shape(const Node& node, const PartialShape& in, const std::vector<int64_t>& pattern,
                                  bool special_zero) {
    const auto name = devmux::ref::describe(node);
    std::vector<Dimension> dims(pattern.size());
    int64_t inferred = -1;  // index of the -1 entry
    for (size_t i = 0; i < pattern.size(); ++i) {
        const int64_t v = pattern[i];
        if (v == -1) {
            OPENVINO_ASSERT(inferred < 0, name, ": shape pattern has more than one -1 (entries ", inferred, " and ", i,
                            ")");
            inferred = static_cast<int64_t>(i);
        } else if (v == 0 && special_zero) {
            if (in.rank_is_static()) {
                OPENVINO_ASSERT(i < in.size(), name, ": shape pattern entry ", i,
                                " is 0 with special_zero, but the input ", in, " has only ", in.size(), " dimensions");
                dims[i] = in[i];
            } else {
                dims[i] = Dimension::dynamic();
            }
        } else {
            OPENVINO_ASSERT(v >= 0, name, ": shape pattern entry ", i, " is ", v, "; only -1 may be negative");
            dims[i] = Dimension(v);
        }
    }

    bool known_static = true;
    Dimension::value_type known = 1;
    for (size_t i = 0; i < dims.size(); ++i) {
        if (static_cast<int64_t>(i) == inferred)
            continue;
        if (dims[i].is_static())
            // A pattern read from a file may hold any int64 values: their product must not overflow.
            OPENVINO_ASSERT(!__builtin_mul_overflow(known, dims[i].get_length(), &known), name,
                            ": the entries of shape pattern ", PartialShape(dims), " multiply past the int64 range");
        else
            known_static = false;
    }
    const bool in_static = in.is_static();
    const Dimension::value_type total = in_static ? static_cast<Dimension::value_type>(shape_size(in.to_shape())) : 0;

    if (inferred >= 0) {
        if (in_static && known_static) {
            if (known == 0) {
                OPENVINO_ASSERT(total == 0, name, ": cannot infer the -1 of pattern for input ", in,
                                ": the other entries multiply to 0");
                dims[inferred] = Dimension(0);
            } else {
                OPENVINO_ASSERT(total % known == 0, name, ": input shape ", in, " (", total,
                                " elements) cannot be reshaped to a pattern whose other entries multiply to ", known);
                dims[inferred] = Dimension(total / known);
            }
        } else {
            dims[inferred] = Dimension::dynamic();
        }
    } else if (in_static && known_static) {
        OPENVINO_ASSERT(known == total, name, ": input shape ", in, " has ", total, " elements but the output shape ",
                        PartialShape(dims), " has ", known);
    }
    return PartialShape(dims);
}

}  // namespace

Reshape::Reshape(const Output<Node>& arg, const Output<Node>& shape_pattern, bool special_zero)
    : Op({arg, shape_pattern}), m_special_zero(special_zero) {
    constructor_validate_and_infer_types();
}

bool Reshape::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("special_zero", m_special_zero);
    return true;
}

void Reshape::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 2, name, ": expects 2 inputs (data, shape), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "shape");
    const auto& pattern_shape = get_input_partial_shape(1);
    OPENVINO_ASSERT(!pattern_shape.rank_is_static() || pattern_shape.size() <= 1, name,
                    ": shape input must be 1-D, got shape ", pattern_shape);

    const auto& type = get_input_element_type(0);
    if (const auto pattern = devmux::ref::constant_input(*this, 1)) {
        set_output_type(0, type,
                        reshape_output_shape(*this, get_input_partial_shape(0), pattern->cast_vector<int64_t>(),
                                             m_special_zero));
    } else if (pattern_shape.rank_is_static() && pattern_shape.size() == 1 && pattern_shape[0].is_static()) {
        const auto rank = static_cast<size_t>(pattern_shape[0].get_length());
        set_output_type(0, type, PartialShape(std::vector<Dimension>(rank)));
    } else {
        set_output_type(0, type, PartialShape::dynamic());
    }
}

std::shared_ptr<Node> Reshape::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<Reshape>(new_args.at(0), new_args.at(1), m_special_zero);
}

bool Reshape::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 2, devmux::ref::describe(*this), ": evaluate() expects 2 inputs, got ",
                    inputs.size());
    const Shape out_shape = reshape_output_shape(*this, PartialShape(inputs[0].get_shape()),
                                                 devmux::ref::tensor_to_i64(inputs[1]), m_special_zero)
                                .to_shape();
    auto& out = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), out_shape);
    if (inputs[0].get_byte_size() != 0 && out.data() != inputs[0].data())
        std::memcpy(out.data(), inputs[0].data(), inputs[0].get_byte_size());
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov

