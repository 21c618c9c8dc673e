// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Common base of Gather v1, v7 and v8: takes slices of data along an axis at the given indices.
class GatherBase : public Op {
public:
    OPENVINO_OP("GatherBase", "util", Op);
    GatherBase() = default;
    /// @param data The tensor from which slices are gathered
    /// @param indices Integer tensor of indices into the axis
    /// @param axis Scalar integer tensor: the axis of data to gather from (negative counts from the end)
    /// @param batch_dims Number of leading dimensions shared by data and indices
    GatherBase(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis,
               const int64_t batch_dims = 0);

    void validate_and_infer_types() override;
    /// @brief The axis read from the axis input (a Constant), normalised when the data rank is known.
    /// Throws when the axis input is not a Constant.
    virtual int64_t get_axis() const;

    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const int64_t& get_batch_dims() const { return m_batch_dims; }
    void set_batch_dims(int64_t batch_dims) { m_batch_dims = batch_dims; }

protected:
    /// Gather v8 accepts negative indices (counting from the end) and gives zeros for indices out of
    /// range; v1 and v7 reject both.
    virtual bool negative_indices_supported() const { return false; }

    int64_t m_batch_dims = 0;
};

}  // namespace util
}  // namespace op
}  // namespace ov
