// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Common base of GatherND v5 and v8: slices of data addressed by the tuples in the last axis of
/// indices, after batch_dims leading dimensions shared by data and indices.
class GatherNDBase : public Op {
public:
    OPENVINO_OP("GatherNDBase", "util", Op);
    GatherNDBase() = default;
    /// @param data The tensor to take slices from
    /// @param indices Integer tensor whose last axis holds coordinates into data (after the batch axes)
    /// @param batch_dims Number of leading dimensions shared by data and indices
    GatherNDBase(const Output<Node>& data, const Output<Node>& indices, const size_t batch_dims = 0);

    bool visit_attributes(AttributeVisitor& visitor) override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    size_t get_batch_dims() const { return m_batch_dims; }
    void set_batch_dims(size_t batch_dims) { m_batch_dims = batch_dims; }

protected:
    /// Shape inference for both versions; v5 folds the batch axes of the output into one.
    void validate_and_infer_types_with(bool merge_batch_dims);
    /// Whether the output's batch axes are folded into one (GatherND-5) or kept (GatherND-8).
    virtual bool merges_batch_dims() const = 0;

    size_t m_batch_dims = 0;
};

}  // namespace util
}  // namespace op
}  // namespace ov
