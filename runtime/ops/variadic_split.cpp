// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/variadic_split.hpp"

#include <cstring>

#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v1 {

namespace {

// split_lengths with its -1 entry (if any) resolved against the extent of the split axis. Shared by shape
// inference (known extent) and evaluate().
std::vector<int64_t> resolve_lengths(const Node& node, std::vector<int64_t> lengths, int64_t extent) {
    const auto name = devmux::ref::describe(node);
    int64_t sum = 0;
    int64_t inferred = -1;
    for (size_t i = 0; i < lengths.size(); ++i) {
        if (lengths[i] == -1) {
            OPENVINO_ASSERT(inferred < 0, name, ": split_lengths may hold -1 only once, got it at entries ", inferred,
                            " and ", i);
            inferred = static_cast<int64_t>(i);
            continue;
        }
        OPENVINO_ASSERT(lengths[i] >= 0, name, ": split_lengths entry ", i, " is ", lengths[i],
                        "; lengths must be non-negative (or -1 once)");
        sum += lengths[i];
    }
    if (inferred >= 0) {
        OPENVINO_ASSERT(sum <= extent, name, ": split_lengths add up to ", sum, ", more than the extent ", extent,
                        " of the split axis");
        lengths[static_cast<size_t>(inferred)] = extent - sum;
    } else {
        OPENVINO_ASSERT(sum == extent, name, ": split_lengths add up to ", sum, " but the split axis has extent ",
                        extent);
    }
    return lengths;
}

}  // namespace

VariadicSplit::VariadicSplit(const Output<Node>& data, const Output<Node>& axis, const Output<Node>& split_lengths)
    : Op({data, axis, split_lengths}) {
    constructor_validate_and_infer_types();
}

bool VariadicSplit::visit_attributes(AttributeVisitor&) { return true; }

void VariadicSplit::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3, name, ": expects 3 inputs (data, axis, split_lengths), got ",
                    get_input_size());
    devmux::ref::check_integral_input(*this, 1, "axis");
    devmux::ref::check_integral_input(*this, 2, "split_lengths");
    devmux::ref::check_scalar_input(*this, 1, "axis");
    devmux::ref::check_vector_input(*this, 2, "split_lengths");

    const auto& lengths_shape = get_input_partial_shape(2);
    // The number of outputs is the number of split_lengths entries: unknown until that is static.
    if (!lengths_shape.rank_is_static() || lengths_shape[0].is_dynamic()) {
        set_output_size(0);
        return;
    }
    const auto parts = static_cast<size_t>(lengths_shape[0].get_length());
    const auto& type = get_input_element_type(0);
    const auto& data_shape = get_input_partial_shape(0);
    set_output_size(parts);
    if (!data_shape.rank_is_static()) {
        for (size_t i = 0; i < parts; ++i)
            set_output_type(i, type, PartialShape::dynamic());
        return;
    }
    OPENVINO_ASSERT(data_shape.size() > 0, name, ": cannot split a scalar");
    const auto axis_values = devmux::ref::known_i64(*this, 1);
    if (!axis_values) {
        // Which axis is split is unknown until run time; only the rank is certain.
        for (size_t i = 0; i < parts; ++i)
            set_output_type(i, type, devmux::ref::dynamic_of_rank(data_shape.size()));
        return;
    }
    OPENVINO_ASSERT(axis_values->size() == 1, name, ": axis input must hold one value, got ", axis_values->size());
    const auto axis = static_cast<size_t>(
        devmux::ref::normalize_axis(*this, (*axis_values)[0], static_cast<int64_t>(data_shape.size())));
    const auto lengths = devmux::ref::known_i64(*this, 2);
    std::vector<Dimension> dims(data_shape.begin(), data_shape.end());
    std::vector<int64_t> resolved;
    if (lengths) {
        OPENVINO_ASSERT(lengths->size() == parts, name, ": split_lengths holds ", lengths->size(),
                        " values for a shape of ", parts);
        if (dims[axis].is_static()) {
            resolved = resolve_lengths(*this, *lengths, dims[axis].get_length());
        } else {
            // Only the -1 entry depends on the unknown extent.
            resolved = *lengths;
            for (size_t i = 0; i < parts; ++i)
                OPENVINO_ASSERT(resolved[i] >= -1, name, ": split_lengths entry ", i, " is ", resolved[i],
                                "; lengths must be non-negative (or -1 once)");
        }
    }
    for (size_t i = 0; i < parts; ++i) {
        auto out_dims = dims;
        out_dims[axis] = (resolved.empty() || resolved[i] < 0) ? Dimension::dynamic() : Dimension(resolved[i]);
        set_output_type(i, type, PartialShape(out_dims));
    }
}

std::shared_ptr<Node> VariadicSplit::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<VariadicSplit>(new_args[0], new_args[1], new_args[2]);
}

bool VariadicSplit::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 3, name, ": evaluate() expects 3 inputs, got ", inputs.size());
    const auto axis_values = devmux::ref::tensor_to_i64(inputs[1]);
    OPENVINO_ASSERT(axis_values.size() == 1, name, ": axis input must hold one value");
    const Shape& in_shape = inputs[0].get_shape();
    OPENVINO_ASSERT(!in_shape.empty(), name, ": cannot split a scalar");
    const auto axis =
        static_cast<size_t>(devmux::ref::normalize_axis(*this, axis_values[0], static_cast<int64_t>(in_shape.size())));
    const auto lengths = resolve_lengths(*this, devmux::ref::tensor_to_i64(inputs[2]),
                                         static_cast<int64_t>(in_shape[axis]));

    const auto& type = inputs[0].get_element_type();
    const size_t outer = devmux::ref::product(in_shape, 0, axis);
    const size_t inner_bytes = devmux::ref::product(in_shape, axis + 1, in_shape.size()) * type.size();
    const size_t in_row = in_shape[axis] * inner_bytes;  // bytes of one outer step of the input
    const auto* src = static_cast<const char*>(inputs[0].data());
    size_t offset = 0;  // bytes into each input row where this part starts
    for (size_t part = 0; part < lengths.size(); ++part) {
        Shape out_shape = in_shape;
        out_shape[axis] = static_cast<size_t>(lengths[part]);
        auto& out = devmux::ref::prepare_output(outputs, part, type, out_shape);
        const size_t chunk = out_shape[axis] * inner_bytes;
        auto* dst = static_cast<char*>(out.data());
        for (size_t o = 0; o < outer && chunk != 0; ++o)
            std::memcpy(dst + o * chunk, src + o * in_row + offset, chunk);
        offset += chunk;
    }
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov
