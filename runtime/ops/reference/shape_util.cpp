// SPDX-License-Identifier: Apache-2.0
#include "ops/reference/shape_util.hpp"

#include <string>

namespace devmux {
namespace ref {
namespace {

// Only shape-sized values are worth computing while validating a graph; anything larger is data.
constexpr size_t kMaxKnownElements = 1024;
constexpr int kMaxDepth = 24;

// Ops whose value is not a function of their inputs alone.
bool has_state_or_input(const ov::Node& node) {
    const std::string type = node.get_type_name();
    return type == "Parameter" || type == "Result" || type == "ReadValue" || type == "Assign" ||
           type.rfind("Random", 0) == 0;
}

std::shared_ptr<ov::op::v0::Constant> known(const ov::Output<ov::Node>& output, int depth) {
    const auto node = output.get_node_shared_ptr();
    if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node))
        return constant;
    if (depth >= kMaxDepth || has_state_or_input(*node))
        return nullptr;
    const auto& shape = output.get_partial_shape();
    if (!shape.is_static() || !output.get_element_type().is_static() ||
        ov::shape_size(shape.to_shape()) > kMaxKnownElements)
        return nullptr;
    if (std::string(node->get_type_name()) == "ShapeOf") {
        const auto& input_shape = node->get_input_partial_shape(0);
        if (!input_shape.is_static())
            return nullptr;
        const auto dims = input_shape.to_shape();
        return std::make_shared<ov::op::v0::Constant>(output.get_element_type(), ov::Shape{dims.size()},
                                                      std::vector<int64_t>(dims.begin(), dims.end()));
    }
    if (!node->has_evaluate())
        return nullptr;
    ov::TensorVector inputs;
    std::vector<std::shared_ptr<ov::op::v0::Constant>> keep_alive;
    for (size_t i = 0; i < node->get_input_size(); ++i) {
        auto value = known(node->input_value(i), depth + 1);
        if (!value)
            return nullptr;
        inputs.push_back(value->get_tensor_view());
        keep_alive.push_back(std::move(value));
    }
    ov::TensorVector outputs;
    for (size_t i = 0; i < node->get_output_size(); ++i) {
        const auto& out_shape = node->get_output_partial_shape(i);
        if (!out_shape.is_static() || !node->get_output_element_type(i).is_static())
            return nullptr;
        outputs.emplace_back(node->get_output_element_type(i), out_shape.to_shape());
    }
    try {
        if (!node->evaluate(outputs, inputs))
            return nullptr;
    } catch (const std::exception&) {
        return nullptr;  // not computable ahead of time; the op reports its own errors when it runs
    }
    const auto& result = outputs[output.get_index()];
    if (result.get_shape() != shape.to_shape() || result.get_element_type() != output.get_element_type())
        return nullptr;
    return std::make_shared<ov::op::v0::Constant>(result.get_element_type(), result.get_shape(), result.data());
}

}  // namespace

std::shared_ptr<ov::op::v0::Constant> known_value(const ov::Output<ov::Node>& output) { return known(output, 0); }

}  // namespace ref
}  // namespace devmux
