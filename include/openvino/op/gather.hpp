// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <limits>
#include <memory>

#include "openvino/op/util/gather_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Gathers slices of data along an axis at the given indices.
class Gather : public op::util::GatherBase {
public:
    OPENVINO_OP("Gather", "opset1", op::util::GatherBase);
    static constexpr int64_t AXIS_NOT_SET_VALUE = std::numeric_limits<int64_t>::max();
    Gather() = default;
    /// @param params The tensor from which slices are gathered
    /// @param indices Integer tensor of indices (non-negative)
    /// @param axis Scalar integer tensor: the axis to gather from
    Gather(const Output<Node>& params, const Output<Node>& indices, const Output<Node>& axis);

    /// @brief The axis, or AXIS_NOT_SET_VALUE when the axis input is not a Constant.
    int64_t get_axis() const override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v1

namespace v7 {

/// @brief Gathers slices of data along an axis at the given indices, with leading batch dimensions.
class Gather : public op::util::GatherBase {
public:
    OPENVINO_OP("Gather", "opset7", op::util::GatherBase);
    Gather() = default;
    /// @param batch_dims Number of leading dimensions shared by data and indices (negative counts from
    /// the end of the indices' rank). With 0, Gather v7 is Gather v1.
    Gather(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis,
           const int64_t batch_dims = 0);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    /// @brief batch_dims, normalised when it is negative and the indices rank is known.
    int64_t get_batch_dims() const;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v7

namespace v8 {

/// @brief Gather v7 plus negative indices (counting from the end of the axis); indices out of range give
/// zeros.
class Gather : public op::util::GatherBase {
public:
    OPENVINO_OP("Gather", "opset8", op::util::GatherBase);
    Gather() = default;
    Gather(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis,
           const int64_t batch_dims = 0);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    /// @brief batch_dims, normalised when it is negative and the indices rank is known.
    int64_t get_batch_dims() const;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;

protected:
    bool negative_indices_supported() const override { return true; }
};

}  // namespace v8
}  // namespace op
}  // namespace ov
