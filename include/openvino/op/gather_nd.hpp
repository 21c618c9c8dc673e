// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>

#include "openvino/op/util/gather_nd_base.hpp"

namespace ov {
namespace op {
namespace v5 {

/// @brief GatherND-5: the output's batch axes are folded into one of their product's size.
class GatherND : public op::util::GatherNDBase {
public:
    OPENVINO_OP("GatherND", "opset5", op::util::GatherNDBase);
    GatherND() = default;
    /// @param data The tensor to take slices from
    /// @param indices Integer tensor whose last axis holds coordinates into data
    /// @param batch_dims Number of leading dimensions shared by data and indices
    GatherND(const Output<Node>& data, const Output<Node>& indices, const size_t batch_dims = 0);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;

protected:
    bool merges_batch_dims() const override { return true; }
};

}  // namespace v5

namespace v8 {

/// @brief GatherND-8: the output keeps the batch axes of indices.
class GatherND : public op::util::GatherNDBase {
public:
    OPENVINO_OP("GatherND", "opset8", op::util::GatherNDBase);
    GatherND() = default;
    GatherND(const Output<Node>& data, const Output<Node>& indices, const size_t batch_dims = 0);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;

protected:
    bool merges_batch_dims() const override { return false; }
};

}  // namespace v8
}  // namespace op
}  // namespace ov
