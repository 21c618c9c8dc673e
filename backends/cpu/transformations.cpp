// SPDX-License-Identifier: Apache-2.0
#include "transformations.hpp"

#include <map>

#include "openvino/core/type/float16.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/variable_extension.hpp"
#include "ops/constant_folding.hpp"

namespace devmux {
namespace cpu {
namespace {

bool is_half(const ov::element::Type& type) { return type == ov::element::f16 || type == ov::element::bf16; }

// The same values as an f32 Constant, decompressed once at compile time.
std::shared_ptr<ov::op::v0::Constant> decompress(const ov::op::v0::Constant& constant) {
    const auto& shape = constant.get_shape();
    ov::Tensor values(ov::element::f32, shape);
    float* out = values.data<float>();
    const size_t n = ov::shape_size(shape);
    if (constant.get_element_type() == ov::element::f16) {
        const auto* in = static_cast<const ov::float16*>(constant.get_data_ptr());
        for (size_t i = 0; i < n; ++i)
            out[i] = static_cast<float>(in[i]);
    } else {
        const auto* in = static_cast<const ov::bfloat16*>(constant.get_data_ptr());
        for (size_t i = 0; i < n; ++i)
            out[i] = static_cast<float>(in[i]);
    }
    return std::make_shared<ov::op::v0::Constant>(values);
}

void replace_keeping_identity(const std::shared_ptr<ov::Node>& old_node, const std::shared_ptr<ov::Node>& new_node) {
    new_node->set_friendly_name(old_node->get_friendly_name());
    new_node->get_rt_info() = old_node->get_rt_info();
    new_node->output(0).set_names(old_node->output(0).get_names());
    old_node->output(0).replace(new_node->output(0));
}

// Runs the whole graph in f32: f16/bf16 weights become f32 weights, f16 inputs f32 inputs (the plan
// converts the user's tensor at the boundary) and conversions to f16 conversions to f32.
void convert_precision_to_f32(ov::Model& model) {
    std::map<std::string, std::shared_ptr<ov::op::util::Variable>> widened;  // by variable id
    bool changed = false;
    for (const auto& node : model.get_ordered_ops()) {
        if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node)) {
            if (is_half(constant->get_element_type())) {
                replace_keeping_identity(constant, decompress(*constant));
                changed = true;
            }
        } else if (auto convert = ov::as_type_ptr<ov::op::v0::Convert>(node)) {
            if (is_half(convert->get_destination_type())) {
                convert->set_destination_type(ov::element::f32);
                changed = true;
            }
        } else if (auto parameter = ov::as_type_ptr<ov::op::v0::Parameter>(node)) {
            if (is_half(parameter->get_element_type())) {
                parameter->set_element_type(ov::element::f32);
                changed = true;
            }
        } else if (auto* ext = dynamic_cast<ov::op::util::VariableExtension*>(node.get())) {
            auto variable = ext->get_variable();
            if (variable && is_half(variable->get_info().data_type)) {
                // The user's model shares its Variable objects with this clone: widen a copy, not theirs.
                auto& replacement = widened[variable->get_info().variable_id];
                if (!replacement) {
                    auto info = variable->get_info();
                    info.data_type = ov::element::f32;
                    replacement = std::make_shared<ov::op::util::Variable>(info);
                }
                ext->set_variable(replacement);
                changed = true;
            }
        }
    }
    if (changed)
        model.validate_nodes_and_infer_types();
}

// Converts whose input already has the destination type (left over from f16 -> f32) do nothing.
void remove_identity_converts(ov::Model& model) {
    for (const auto& node : model.get_ordered_ops()) {
        auto convert = ov::as_type_ptr<ov::op::v0::Convert>(node);
        if (convert && convert->get_input_element_type(0) == convert->get_destination_type() &&
            convert->get_input_partial_shape(0) == convert->get_output_partial_shape(0))
            convert->output(0).replace(convert->input_value(0));
    }
}

}  // namespace

std::string describe_type(const ov::Node& node) {
    return std::string(node.get_type_name()) + "-" + node.get_type_info().get_version();
}

std::shared_ptr<ov::Model> prepare_model(const ov::Model& model) {
    auto exec = model.clone();
    convert_precision_to_f32(*exec);
    remove_identity_converts(*exec);
    devmux::fold_constants(*exec);
    return exec;
}

bool has_kernel(const std::shared_ptr<ov::Node>& node) {
    if (ov::is_type<ov::op::v0::Parameter>(node) || ov::is_type<ov::op::v0::Constant>(node) ||
        ov::is_type<ov::op::v0::Result>(node) || ov::is_type<ov::op::util::ReadValueBase>(node) ||
        ov::is_type<ov::op::util::AssignBase>(node))
        return true;
    return node->has_evaluate();
}

void check_compilable(const ov::Model& source, const ov::Model& model) {
    const std::string prefix = "CPU plugin cannot compile model '" + source.get_friendly_name() + "': ";
    for (const auto& input : source.inputs()) {
        if (input.get_partial_shape().is_static())
            continue;
        const std::string tensor = input.get_names().empty() ? "" : " (tensor '" + input.get_any_name() + "')";
        OPENVINO_THROW(prefix, "input '", input.get_node()->get_friendly_name(), "'", tensor, " has dynamic shape ",
                       input.get_partial_shape(), "; only static shapes are supported (reshape the model first)");
    }
    for (const auto& node : model.get_ordered_ops()) {
        for (size_t i = 0; i < node->get_output_size(); ++i) {
            const auto& shape = node->get_output_partial_shape(i);
            if (shape.is_dynamic() || !node->get_output_element_type(i).is_static())
                OPENVINO_THROW(prefix, "op '", node->get_friendly_name(), "' (", describe_type(*node), ") output ", i,
                               " has dynamic shape ", shape, " or type ", node->get_output_element_type(i),
                               "; only static shapes are supported");
        }
        if (!has_kernel(node))
            OPENVINO_THROW(prefix, "op '", node->get_friendly_name(), "' of type ", describe_type(*node),
                           " has no CPU implementation");
    }
}

}  // namespace cpu
}  // namespace devmux
