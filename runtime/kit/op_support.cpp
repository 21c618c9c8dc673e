// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/op_support.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "openvino/op/parameter.hpp"

namespace devmux {
namespace kit {
namespace {

std::string list_types(const std::vector<ov::element::Type>& types) {
    std::string text;
    for (const auto& type : types)
        text += (text.empty() ? "" : ", ") + type.get_type_name();
    return text;
}

// Why `type` is refused by `rule`, or "".
std::string element_type_refusal(const ov::Node& node, const OpRule& rule) {
    if (rule.element_types.empty())
        return {};
    const auto accepted = [&](const ov::element::Type& type) {
        return std::find(rule.element_types.begin(), rule.element_types.end(), type) != rule.element_types.end();
    };
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (!accepted(node.get_input_element_type(i)))
            return "input " + std::to_string(i) + " has element type " + node.get_input_element_type(i).get_type_name() +
                   ", not one the device supports for it (" + list_types(rule.element_types) + ")";
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (!accepted(node.get_output_element_type(i)))
            return "output " + std::to_string(i) + " has element type " +
                   node.get_output_element_type(i).get_type_name() + ", not one the device supports for it (" +
                   list_types(rule.element_types) + ")";
    return {};
}

std::string tensor_note(const ov::Output<const ov::Node>& value) {
    return value.get_names().empty() ? "" : " (tensor '" + value.get_any_name() + "')";
}

}  // namespace

OpSupport::OpSupport(std::string device) : m_device(std::move(device)) {}

OpSupport& OpSupport::add(OpRule rule) {
    OPENVINO_ASSERT(!rule.type.empty(), m_device, ": an op support rule needs a type name (or \"*\")");
    m_rules.push_back(std::move(rule));
    return *this;
}

OpSupport& OpSupport::add_types(const std::vector<std::string>& types, std::vector<ov::element::Type> element_types,
                                std::function<std::string(const ov::Node&)> check) {
    for (const auto& type : types)
        add(OpRule{type, "", element_types, check});
    return *this;
}

OpSupport& OpSupport::require_static_shapes(bool required) {
    m_static_shapes = required;
    return *this;
}

std::string OpSupport::describe_type(const ov::Node& node) {
    return std::string(node.get_type_name()) + "-" + node.get_type_info().get_version();
}

std::string OpSupport::unsupported_reason(const ov::Node& node) const {
    std::string reason;
    accepting_rule(node, &reason);
    return reason;
}

const OpRule* OpSupport::accepting_rule(const ov::Node& node, std::string* reason_out) const {
    std::string ignored;
    std::string& reason = reason_out ? *reason_out : ignored;
    reason.clear();
    if (m_static_shapes) {
        if (const auto* parameter = ov::as_type<const ov::op::v0::Parameter>(&node)) {
            const auto& shape = parameter->get_output_partial_shape(0);
            if (shape.is_dynamic()) {
                std::ostringstream text;
                text << "has dynamic shape " << shape << "; only static shapes are supported (reshape the model first)";
                reason = text.str();
                return nullptr;
            }
        }
        // Inputs too: an op can have a static output over a dynamic input (Gather of fixed indices from a
        // [?, 4] tensor), and a backend's checks read its input shapes.
        for (size_t i = 0; i < node.get_input_size(); ++i) {
            const auto& shape = node.get_input_partial_shape(i);
            if (shape.is_dynamic()) {
                std::ostringstream text;
                text << "input " << i << " has dynamic shape " << shape << "; only static shapes are supported";
                reason = text.str();
                return nullptr;
            }
        }
        for (size_t i = 0; i < node.get_output_size(); ++i) {
            const auto& shape = node.get_output_partial_shape(i);
            if (shape.is_dynamic() || !node.get_output_element_type(i).is_static()) {
                std::ostringstream text;
                text << "output " << i << " has dynamic shape " << shape << " or type "
                     << node.get_output_element_type(i) << "; only static shapes are supported";
                reason = text.str();
                return nullptr;
            }
        }
    }
    bool has_rule = false;
    for (const auto& rule : m_rules) {
        if (rule.type != "*" && rule.type != node.get_type_name())
            continue;
        if (!rule.opset.empty() && rule.opset != node.get_type_info().get_version())
            continue;
        has_rule = true;
        std::string refusal = element_type_refusal(node, rule);
        if (refusal.empty() && rule.check)
            refusal = rule.check(node);
        if (refusal.empty()) {
            reason.clear();
            return &rule;
        }
        reason = std::move(refusal);
    }
    if (!has_rule)
        reason = "is not supported by " + m_device;
    return nullptr;
}

ov::SupportedOpsMap OpSupport::query(const ov::Model& model, const ov::Model& prepared,
                                     const std::string& device_name) const {
    std::set<std::string> refused;
    for (const auto& node : prepared.get_ordered_ops())
        if (!unsupported_reason(*node).empty())
            refused.insert(node->get_friendly_name());
    // A Parameter the preparation retyped keeps its name, so a dynamic input is refused through it;
    // the user's own Parameters are checked too, in case a preparation replaced them.
    for (const auto& parameter : model.get_parameters())
        if (m_static_shapes && parameter->get_output_partial_shape(0).is_dynamic())
            refused.insert(parameter->get_friendly_name());
    ov::SupportedOpsMap supported;
    for (const auto& node : model.get_ordered_ops())
        if (!refused.count(node->get_friendly_name()))
            supported.emplace(node->get_friendly_name(), device_name);
    return supported;
}

void OpSupport::check(const ov::Model& model, const ov::Model& prepared) const {
    const std::string prefix = m_device + " cannot compile model '" + model.get_friendly_name() + "': ";
    if (m_static_shapes) {
        for (const auto& input : model.inputs()) {
            if (input.get_partial_shape().is_static())
                continue;
            std::ostringstream message;
            message << prefix << "input '" << input.get_node()->get_friendly_name() << "'" << tensor_note(input)
                    << " has dynamic shape " << input.get_partial_shape()
                    << "; only static shapes are supported (reshape the model first)";
            OPENVINO_THROW(message.str());
        }
    }
    for (const auto& node : prepared.get_ordered_ops()) {
        const std::string reason = unsupported_reason(*node);
        if (!reason.empty())
            OPENVINO_THROW(prefix, "op '", node->get_friendly_name(), "' (", describe_type(*node), ") ", reason);
    }
}

}  // namespace kit
}  // namespace devmux
