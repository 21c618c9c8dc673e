// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/tile.hpp"

#include <algorithm>

#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {

void check_repeats(const Node& node, const std::vector<int64_t>& repeats) {
    for (size_t i = 0; i < repeats.size(); ++i)
        OPENVINO_ASSERT(repeats[i] >= 0, devmux::ref::describe(node), ": repeats entry ", i, " is ", repeats[i],
                        "; repeats must be non-negative");
}

}  // namespace

Tile::Tile(const Output<Node>& data, const Output<Node>& repeats) : Op({data, repeats}) {
    constructor_validate_and_infer_types();
}

bool Tile::visit_attributes(AttributeVisitor&) { return true; }

void Tile::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 2, name, ": expects 2 inputs (data, repeats), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "repeats");
    devmux::ref::check_vector_input(*this, 1, "repeats");
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    const auto& repeats_shape = get_input_partial_shape(1);
    const auto repeats = devmux::ref::known_i64(*this, 1);
    if (repeats)
        check_repeats(*this, *repeats);
    if (!data.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    if (!repeats) {
        // The rank is known when the number of repeats is: every extent may change.
        if (repeats_shape.rank_is_static() && repeats_shape[0].is_static())
            set_output_type(0, type,
                            devmux::ref::dynamic_of_rank(std::max<size_t>(
                                data.size(), static_cast<size_t>(repeats_shape[0].get_length()))));
        else
            set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const size_t rank = std::max(data.size(), repeats->size());
    std::vector<Dimension> dims(rank);
    for (size_t i = 0; i < rank; ++i) {
        // Both are aligned to the right; missing leading entries are 1.
        const Dimension d = i + data.size() >= rank ? data[i + data.size() - rank] : Dimension(1);
        const int64_t r = i + repeats->size() >= rank ? (*repeats)[i + repeats->size() - rank] : 1;
        dims[i] = r == 0 ? Dimension(0) : devmux::ref::scale_dim(d, r);
    }
    set_output_type(0, type, PartialShape(dims));
}

std::shared_ptr<Node> Tile::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<Tile>(new_args[0], new_args[1]);
}

bool Tile::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 2, name, ": evaluate() expects 2 inputs, got ", inputs.size());
    const auto repeats = devmux::ref::tensor_to_i64(inputs[1]);
    check_repeats(*this, repeats);
    const Shape& data_shape = inputs[0].get_shape();
    const size_t rank = std::max(data_shape.size(), repeats.size());
    Shape in_shape(rank, 1), out_shape(rank, 1);
    for (size_t i = 0; i < data_shape.size(); ++i)
        in_shape[rank - data_shape.size() + i] = data_shape[i];
    for (size_t i = 0; i < rank; ++i) {
        const int64_t r = i + repeats.size() >= rank ? repeats[i + repeats.size() - rank] : 1;
        out_shape[i] = in_shape[i] * static_cast<size_t>(r);
    }
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    devmux::ref::gather_by_axis(inputs[0], in_shape, out, [&](size_t d, size_t c) { return c % in_shape[d]; });
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov
