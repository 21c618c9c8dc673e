// SPDX-License-Identifier: Apache-2.0
#include "ops/constant_folding.hpp"

#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"
#include "openvino/op/util/shape_of_base.hpp"

namespace devmux {

namespace {

bool never_folded(const std::shared_ptr<ov::Node>& node) {
    // Stateful ops read or write state that only exists at run time; Sinks have side effects.
    return ov::is_type<ov::op::v0::Constant>(node) || ov::is_type<ov::op::v0::Parameter>(node) ||
           ov::is_type<ov::op::v0::Result>(node) || ov::is_type<ov::op::util::ReadValueBase>(node) ||
           ov::is_type<ov::op::util::AssignBase>(node) || ov::is_type<ov::op::Sink>(node) ||
           node->get_output_size() == 0;
}

bool all_inputs_constant(const ov::Node& node) {
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (!ov::is_type<ov::op::v0::Constant>(node.get_input_node_shared_ptr(i)))
            return false;
    return true;
}

// The folded values of node, or an empty vector when it cannot be folded now.
ov::OutputVector try_fold(const std::shared_ptr<ov::Node>& node) {
    ov::OutputVector folded;
    const bool shape_of = ov::is_type<ov::op::util::ShapeOfBase>(node);
    if (shape_of) {
        if (node->get_input_size() != 1 || !node->get_input_partial_shape(0).is_static())
            return {};
    } else if (!node->has_evaluate() || !all_inputs_constant(*node)) {
        return {};
    }
    try {
        if (!node->constant_fold(folded, node->input_values()))
            return {};
    } catch (const ov::Exception&) {
        // Invalid values (an index out of range, ...): leave the node to fail at run time.
        return {};
    }
    if (folded.size() != node->get_output_size())
        return {};
    for (size_t i = 0; i < folded.size(); ++i) {
        if (!ov::is_type<ov::op::v0::Constant>(folded[i].get_node_shared_ptr()) ||
            folded[i].get_element_type() != node->get_output_element_type(i) ||
            !node->get_output_partial_shape(i).compatible(folded[i].get_partial_shape()))
            return {};
    }
    return folded;
}

}  // namespace

size_t fold_constants(ov::Model& model) {
    size_t count = 0;
    // The ordered list is taken once: a node folded here makes its consumers (later in the list) see
    // Constant inputs, so whole chains fold in this single pass.
    for (const auto& node : model.get_ordered_ops()) {
        if (never_folded(node))
            continue;
        const auto folded = try_fold(node);
        if (folded.empty())
            continue;
        for (size_t i = 0; i < folded.size(); ++i) {
            const auto constant = folded[i].get_node_shared_ptr();
            constant->set_friendly_name(folded.size() == 1 ? node->get_friendly_name()
                                                           : node->get_friendly_name() + "." + std::to_string(i));
            constant->get_rt_info() = node->get_rt_info();
            const auto old_output = node->output(i);
            // The names go with the value, so lookups by tensor name find the Constant. The old tensor keeps
            // them too: a Result shares its producer's tensor until it is re-validated below.
            folded[i].get_tensor().set_names(old_output.get_names());
            old_output.replace(folded[i]);
        }
        ++count;
    }
    if (count != 0) {
        // Results present their producer's tensor; re-inference makes them present the Constants'.
        model.validate_nodes_and_infer_types();
    }
    return count;
}

}  // namespace devmux
