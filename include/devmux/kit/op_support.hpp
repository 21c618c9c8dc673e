// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/model.hpp"
#include "openvino/runtime/common.hpp"

/// @file
/// @brief "query equals compile": a backend states once which ops it runs, and both its query_model
/// and its compile_model decide from that statement, so an op reported supported always compiles and
/// an op that does not compile is never reported.

namespace devmux {
namespace kit {

/// @brief One line of a backend's statement: an op type, and the conditions under which it is supported.
struct OpRule {
    /// @brief The type name as ov::Node::get_type_name() gives it ("Convolution"); "*" means every type.
    std::string type;
    /// @brief The opset of the op's version ("opset1"); empty means every version.
    std::string opset;
    /// @brief The element types every input and output must have; empty means any.
    std::vector<ov::element::Type> element_types;
    /// @brief Further conditions (attributes, shapes): returns why the node is refused (the text follows
    /// "op '<name>' (<Type>-<opset>) "), or an empty string when it is supported.
    std::function<std::string(const ov::Node&)> check;
    /// @brief The index of the kernel-table entry the rule came from (KernelTable); -1 for a rule added alone.
    int entry = -1;
};

/// @brief A backend's statement of the ops it supports.
///
/// A node is supported when some rule of its type (or "*") accepts it; with require_static_shapes (the
/// default), its outputs must also have static shapes and element types, and a Parameter a static shape.
/// Rules are checked in the order added; the reason given for a refused node is that of the last rule
/// of its type that refused it.
class OpSupport {
public:
    /// @param device The device named in every message ("CPU", "MOCK.1").
    explicit OpSupport(std::string device);

    /// @brief Adds a rule; returns *this so rules chain.
    OpSupport& add(OpRule rule);
    /// @brief Adds a rule for each type in `types` with the same conditions.
    OpSupport& add_types(const std::vector<std::string>& types, std::vector<ov::element::Type> element_types = {},
                         std::function<std::string(const ov::Node&)> check = {});
    /// @brief Whether shapes must be static (default true).
    OpSupport& require_static_shapes(bool required);

    const std::string& device() const { return m_device; }

    /// @brief Why the statement refuses `node` ("has no CPU implementation", "has dynamic shape [?,3]
    /// ..."), or an empty string when it supports it.
    std::string unsupported_reason(const ov::Node& node) const;

    /// @brief The first rule that accepts `node` (after the static-shape conditions), or null with `reason`
    /// (when given) set to why none does: the decision unsupported_reason reports, with the rule that made it.
    const OpRule* accepting_rule(const ov::Node& node, std::string* reason = nullptr) const;

    /// @brief query_model's answer for `model`, each supported op mapped to `device_name` (the name to
    /// report, e.g. "MOCK.1"). Decides on `prepared`, the graph compile_model would plan from `model`
    /// (its preparation passes applied; pass `model` itself when there are none): an op of `model` is
    /// refused when a node of `prepared` with its friendly name is refused. Ops the preparation removed
    /// (folded, fused into a node named after another op, identity ops) need no kernel and are supported.
    ov::SupportedOpsMap query(const ov::Model& model, const ov::Model& prepared, const std::string& device_name) const;

    /// @brief compile_model's check: throws ov::Exception naming the device, the model, and the first
    /// refused input (name, tensor name, shape) or op (friendly name and type-opset) of `prepared`, with
    /// the reason. `model` is the user's model (its name and inputs are reported).
    void check(const ov::Model& model, const ov::Model& prepared) const;

    /// @brief "<Type>-<opset>", as OpenVINO prints an op type.
    static std::string describe_type(const ov::Node& node);

private:
    std::string m_device;
    std::vector<OpRule> m_rules;
    bool m_static_shapes = true;
};

}  // namespace kit
}  // namespace devmux
