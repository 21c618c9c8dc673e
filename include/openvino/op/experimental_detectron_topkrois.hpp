// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v6 {

/// @brief The max_rois ROIs of highest probability. Inputs: input_rois [N, 4] and rois_probs [N]. Output
/// [max_rois, 4], best first (equal probabilities in input order); rows beyond N are 0.
class ExperimentalDetectronTopKROIs : public Op {
public:
    OPENVINO_OP("ExperimentalDetectronTopKROIs", "opset6", Op);

    ExperimentalDetectronTopKROIs() = default;
    ExperimentalDetectronTopKROIs(const Output<Node>& input_rois, const Output<Node>& rois_probs, size_t max_rois = 0);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    size_t get_max_rois() const { return m_max_rois; }
    void set_max_rois(size_t max_rois) { m_max_rois = max_rois; }

private:
    size_t m_max_rois = 0;
};

}  // namespace v6
}  // namespace op
}  // namespace ov
