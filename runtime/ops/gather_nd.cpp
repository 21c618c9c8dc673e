// SPDX-License-Identifier: Apache-2.0
// GatherND-5 and -8: one shape inference and one reference kernel; they differ only in whether the
// output's batch axes are folded into one.
#include "openvino/op/gather_nd.hpp"

#include <cstring>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace util {

GatherNDBase::GatherNDBase(const Output<Node>& data, const Output<Node>& indices, const size_t batch_dims)
    : Op({data, indices}), m_batch_dims(batch_dims) {}

bool GatherNDBase::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("batch_dims", m_batch_dims);
    return true;
}

void GatherNDBase::validate_and_infer_types_with(bool merge_batch_dims) {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (data, indices), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "indices");
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    const auto& indices = get_input_partial_shape(1);
    const size_t b = m_batch_dims;
    if (data.rank_is_static())
        DEVMUX_NODE_CHECK(*this, data.size() > b, "data ", data, " must have a rank above batch_dims ", b);
    if (indices.rank_is_static())
        DEVMUX_NODE_CHECK(*this, indices.size() > b, "indices ", indices, " must have a rank above batch_dims ", b);
    if (!data.rank_is_static() || !indices.rank_is_static() || indices[indices.size() - 1].is_dynamic()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const auto tuple = static_cast<size_t>(indices[indices.size() - 1].get_length());
    DEVMUX_NODE_CHECK(*this, tuple <= data.size() - b, "the last dimension of indices ", indices,
                      " must not exceed the rank of data ", data, " less batch_dims ", b);
    std::vector<Dimension> batch(b);
    for (size_t i = 0; i < b; ++i)
        DEVMUX_NODE_CHECK(*this, Dimension::merge(batch[i], data[i], indices[i]), "batch dimension ", i, " of data ",
                          data, " and indices ", indices, " differ");
    std::vector<Dimension> dims;
    if (merge_batch_dims && b > 0) {
        bool known = true;
        int64_t product = 1;
        for (const auto& d : batch) {
            known = known && d.is_static();
            if (known)
                product *= d.get_length();
        }
        dims.push_back(known ? Dimension(product) : Dimension::dynamic());
    } else {
        dims = batch;
    }
    for (size_t i = b; i + 1 < indices.size(); ++i)
        dims.push_back(indices[i]);
    for (size_t i = b + tuple; i < data.size(); ++i)
        dims.push_back(data[i]);
    set_output_type(0, type, PartialShape(dims));
}

bool GatherNDBase::has_evaluate() const {
    return get_input_size() == 2 && get_input_element_type(0).is_static() &&
           get_input_element_type(1).is_integral_number();
}

bool GatherNDBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 2);
    const Shape& data_shape = inputs[0].get_shape();
    const Shape& indices_shape = inputs[1].get_shape();
    const size_t b = m_batch_dims;
    DEVMUX_NODE_CHECK(*this, data_shape.size() > b && indices_shape.size() > b, "data ", data_shape, " and indices ",
                      indices_shape, " must have ranks above batch_dims ", b);
    DEVMUX_NODE_CHECK(*this, inputs[1].get_element_type().is_integral_number(),
                      "indices must be an integer tensor, got element type ", inputs[1].get_element_type());
    const size_t tuple = indices_shape.back();
    DEVMUX_NODE_CHECK(*this, tuple <= data_shape.size() - b, "the last dimension of indices ", indices_shape,
                      " must not exceed the rank of data ", data_shape, " less batch_dims ", b);
    for (size_t i = 0; i < b; ++i)
        DEVMUX_NODE_CHECK(*this, data_shape[i] == indices_shape[i], "batch dimension ", i, " of data ", data_shape,
                          " and indices ", indices_shape, " differ");
    Shape out_shape;
    const size_t batch = devmux::ref::product(indices_shape, 0, b);
    if (merges_batch_dims() && b > 0)
        out_shape.push_back(batch);
    else
        out_shape.insert(out_shape.end(), indices_shape.begin(), indices_shape.begin() + b);
    out_shape.insert(out_shape.end(), indices_shape.begin() + b, indices_shape.end() - 1);
    out_shape.insert(out_shape.end(), data_shape.begin() + b + tuple, data_shape.end());
    const auto& type = inputs[0].get_element_type();
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);

    const auto indices = devmux::ref::tensor_to_i64(inputs[1]);
    const size_t tuples = devmux::ref::product(indices_shape, b, indices_shape.size() - 1);
    const size_t slice_bytes = devmux::ref::product(data_shape, b + tuple, data_shape.size()) * type.size();
    const size_t batch_bytes = devmux::ref::product(data_shape, b, data_shape.size()) * type.size();
    const auto* src = static_cast<const char*>(inputs[0].data());
    auto* dst = static_cast<char*>(out.data());
    for (size_t n = 0; n < batch; ++n) {
        for (size_t t = 0; t < tuples; ++t) {
            const int64_t* coord = indices.data() + (n * tuples + t) * tuple;
            size_t offset = 0;  // in slices, row-major over data axes [b, b + tuple)
            for (size_t k = 0; k < tuple; ++k) {
                const auto dim = static_cast<int64_t>(data_shape[b + k]);
                DEVMUX_NODE_CHECK(*this, coord[k] >= -dim && coord[k] < dim, "index ", coord[k], " is out of range [",
                                  -dim, ", ", dim, ") for data axis ", b + k);
                offset = offset * static_cast<size_t>(dim) + static_cast<size_t>(coord[k] < 0 ? coord[k] + dim : coord[k]);
            }
            if (slice_bytes != 0)
                std::memcpy(dst + (n * tuples + t) * slice_bytes, src + n * batch_bytes + offset * slice_bytes,
                            slice_bytes);
        }
    }
    return true;
}

}  // namespace util

namespace v5 {

GatherND::GatherND(const Output<Node>& data, const Output<Node>& indices, const size_t batch_dims)
    : GatherNDBase(data, indices, batch_dims) {
    constructor_validate_and_infer_types();
}

void GatherND::validate_and_infer_types() { validate_and_infer_types_with(true); }

std::shared_ptr<Node> GatherND::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<GatherND>(new_args[0], new_args[1], m_batch_dims);
}

}  // namespace v5

namespace v8 {

GatherND::GatherND(const Output<Node>& data, const Output<Node>& indices, const size_t batch_dims)
    : GatherNDBase(data, indices, batch_dims) {
    constructor_validate_and_infer_types();
}

void GatherND::validate_and_infer_types() { validate_and_infer_types_with(false); }

std::shared_ptr<Node> GatherND::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<GatherND>(new_args[0], new_args[1], m_batch_dims);
}

}  // namespace v8
}  // namespace op
}  // namespace ov
