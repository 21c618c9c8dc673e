// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <memory>
#include <ostream>

#include "openvino/op/util/scatter_elements_update_base.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief ScatterElementsUpdate-3: each update overwrites its target element.
class ScatterElementsUpdate : public op::util::ScatterElementsUpdateBase {
public:
    OPENVINO_OP("ScatterElementsUpdate", "opset3", op::util::ScatterElementsUpdateBase);
    ScatterElementsUpdate() = default;
    /// @param data    The tensor to copy and update
    /// @param indices Integer tensor of updates' shape: positions along axis (negative counts from the end)
    /// @param updates The values written
    /// @param axis    Integer scalar: the axis (negative counts from the end)
    ScatterElementsUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates,
                          const Output<Node>& axis);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
};

}  // namespace v3

namespace v12 {

/// @brief ScatterElementsUpdate-12: updates are combined with their targets by a reduction, starting from
/// the data value (use_init_val) or from the first update alone.
class ScatterElementsUpdate : public op::util::ScatterElementsUpdateBase {
public:
    OPENVINO_OP("ScatterElementsUpdate", "opset12", op::util::ScatterElementsUpdateBase);

    /// @brief How updates combine with their target. IR text: "none", "sum", "prod", "min", "max", "mean".
    enum class Reduction { NONE, SUM, PROD, MIN, MAX, MEAN };

    ScatterElementsUpdate() = default;
    /// @param reduction    How updates combine with their target (NONE overwrites)
    /// @param use_init_val Whether the data value takes part in the reduction
    ScatterElementsUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates,
                          const Output<Node>& axis, const Reduction reduction = Reduction::NONE,
                          const bool use_init_val = true);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    Reduction get_reduction() const { return m_reduction; }
    void set_reduction(const Reduction reduction) { m_reduction = reduction; }
    bool get_use_init_val() const { return m_use_init_val; }
    void set_use_init_val(const bool use_init_val) { m_use_init_val = use_init_val; }

private:
    Reduction m_reduction = Reduction::NONE;
    bool m_use_init_val = true;
};

std::ostream& operator<<(std::ostream& os, ScatterElementsUpdate::Reduction reduction);
std::istream& operator>>(std::istream& is, ScatterElementsUpdate::Reduction& reduction);

}  // namespace v12
}  // namespace op
}  // namespace ov
