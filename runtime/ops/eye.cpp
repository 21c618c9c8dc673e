// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/eye.hpp"

#include <cstring>

#include "ops/data_movement_util.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v9 {

namespace {

const char* const eye_input_names[] = {"num_rows", "num_columns", "diagonal_index", "batch_shape"};

int64_t one_value(const Node& node, const std::vector<int64_t>& values, const char* what) {
    OPENVINO_ASSERT(values.size() == 1, devmux::ref::describe(node), ": ", what, " must hold one value, got ",
                    values.size());
    return values[0];
}

void check_extent(const Node& node, int64_t value, const char* what) {
    OPENVINO_ASSERT(value >= 0, devmux::ref::describe(node), ": ", what, " is ", value, "; it must be non-negative");
}

}  // namespace

Eye::Eye(const Output<Node>& num_rows, const Output<Node>& num_columns, const Output<Node>& diagonal_index,
         const Output<Node>& batch_shape, const ov::element::Type& out_type)
    : Op({num_rows, num_columns, diagonal_index, batch_shape}), m_output_type(out_type) {
    constructor_validate_and_infer_types();
}

Eye::Eye(const Output<Node>& num_rows, const Output<Node>& num_columns, const Output<Node>& diagonal_index,
         const ov::element::Type& out_type)
    : Op({num_rows, num_columns, diagonal_index}), m_output_type(out_type) {
    constructor_validate_and_infer_types();
}

bool Eye::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_type", m_output_type);
    return true;
}

void Eye::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3 || get_input_size() == 4, name,
                    ": expects 3 or 4 inputs (num_rows, num_columns, diagonal_index[, batch_shape]), got ",
                    get_input_size());
    for (size_t i = 0; i < get_input_size(); ++i) {
        devmux::ref::check_integral_input(*this, i, eye_input_names[i]);
        if (i < 3)
            devmux::ref::check_scalar_input(*this, i, eye_input_names[i]);
        else
            devmux::ref::check_vector_input(*this, i, eye_input_names[i]);
    }
    std::vector<Dimension> dims;
    if (get_input_size() == 4) {
        const auto batch = devmux::ref::known_i64(*this, 3);
        if (batch) {
            for (size_t i = 0; i < batch->size(); ++i) {
                check_extent(*this, (*batch)[i], "a batch_shape entry");
                dims.emplace_back((*batch)[i]);
            }
        } else {
            const auto& batch_shape = get_input_partial_shape(3);
            if (!batch_shape.rank_is_static() || batch_shape[0].is_dynamic()) {
                set_output_type(0, m_output_type, PartialShape::dynamic());
                return;
            }
            dims.assign(static_cast<size_t>(batch_shape[0].get_length()), Dimension::dynamic());
        }
    }
    for (size_t i = 0; i < 2; ++i) {
        const auto value = devmux::ref::known_i64(*this, i);
        if (value) {
            const int64_t extent = one_value(*this, *value, eye_input_names[i]);
            check_extent(*this, extent, eye_input_names[i]);
            dims.emplace_back(extent);
        } else {
            dims.emplace_back(Dimension::dynamic());
        }
    }
    set_output_type(0, m_output_type, PartialShape(dims));
}

std::shared_ptr<Node> Eye::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() == 4)
        return std::make_shared<Eye>(new_args[0], new_args[1], new_args[2], new_args[3], m_output_type);
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 or 4 inputs, got ",
                    new_args.size());
    return std::make_shared<Eye>(new_args[0], new_args[1], new_args[2], m_output_type);
}

bool Eye::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 3 || inputs.size() == 4, name, ": evaluate() expects 3 or 4 inputs, got ",
                    inputs.size());
    const int64_t rows = one_value(*this, devmux::ref::tensor_to_i64(inputs[0]), "num_rows");
    const int64_t cols = one_value(*this, devmux::ref::tensor_to_i64(inputs[1]), "num_columns");
    const int64_t diagonal = one_value(*this, devmux::ref::tensor_to_i64(inputs[2]), "diagonal_index");
    check_extent(*this, rows, "num_rows");
    check_extent(*this, cols, "num_columns");
    Shape shape;
    if (inputs.size() == 4)
        for (auto b : devmux::ref::tensor_to_i64(inputs[3])) {
            check_extent(*this, b, "a batch_shape entry");
            shape.push_back(static_cast<size_t>(b));
        }
    shape.push_back(static_cast<size_t>(rows));
    shape.push_back(static_cast<size_t>(cols));
    auto& out = devmux::ref::prepare_output(outputs, 0, m_output_type, shape);
    if (out.get_byte_size() != 0)
        std::memset(out.data(), 0, out.get_byte_size());
    const size_t matrices = devmux::ref::product(shape, 0, shape.size() - 2);
    const bool known = devmux::ref::dispatch_any(m_output_type, [&](auto tag) {
        using S = typename decltype(tag)::storage;
        auto* dst = static_cast<S*>(out.data());
        const S one = devmux::ref::convert_value<S>(1);
        for (size_t m = 0; m < matrices; ++m)
            for (int64_t r = 0; r < rows; ++r) {
                const int64_t c = r + diagonal;
                if (c >= 0 && c < cols)
                    dst[(m * static_cast<size_t>(rows) + static_cast<size_t>(r)) * static_cast<size_t>(cols) +
                        static_cast<size_t>(c)] = one;
            }
    });
    OPENVINO_ASSERT(known, name, ": unsupported output_type ", m_output_type);
    return true;
}

}  // namespace v9
}  // namespace op
}  // namespace ov
