// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/result.hpp"


namespace ov {
namespace op {
namespace v0 {

Result::Result(const Output<Node>& arg) : Op({arg}) { constructor_validate_and_infer_types(); }

void Result::validate_and_infer_types() {
    OPENVINO_ASSERT(get_input_size() == 1, "Result '", get_friendly_name(), "' needs exactly one input, has ",
                    get_input_size());
    // The model output is the producer's tensor itself, so its names are the output's names.
    share_output_tensor(0, input_value(0).get_tensor_ptr());
}

std::shared_ptr<Node> Result::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, "Result '", get_friendly_name(), "' needs exactly one input");
    return std::make_shared<Result>(new_args[0]);
}

bool Result::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(outputs.size() == 1 && inputs.size() == 1, "Result '", get_friendly_name(),
                    "' evaluates one tensor");
    if (!outputs[0])
        outputs[0] = Tensor(inputs[0].get_element_type(), inputs[0].get_shape());
    inputs[0].copy_to(outputs[0]);
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov

