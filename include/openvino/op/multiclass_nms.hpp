// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/util/multiclass_nms_base.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Multi-class NMS (see util::MulticlassNmsBase). Inputs: boxes [N, M, 4], scores [N, C, M].
class MulticlassNms : public util::MulticlassNmsBase {
public:
    OPENVINO_OP("MulticlassNms", "opset8", util::MulticlassNmsBase);

    MulticlassNms() = default;
    MulticlassNms(const Output<Node>& boxes, const Output<Node>& scores, const Attributes& attrs);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v8

namespace v9 {

/// @brief MulticlassNms-8 plus a second input form: boxes [C, M, 4], scores [C, M] and roisnum [N] (the
/// boxes of each image, consecutive along M). devmux evaluates the first form only.
class MulticlassNms : public util::MulticlassNmsBase {
public:
    OPENVINO_OP("MulticlassNms", "opset9", util::MulticlassNmsBase);

    MulticlassNms() = default;
    MulticlassNms(const Output<Node>& boxes, const Output<Node>& scores, const Attributes& attrs);
    MulticlassNms(const Output<Node>& boxes, const Output<Node>& scores, const Output<Node>& roisnum,
                  const Attributes& attrs);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v9
}  // namespace op
}  // namespace ov
