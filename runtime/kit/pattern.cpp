// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/pattern.hpp"

#include "openvino/op/constant.hpp"

namespace devmux {
namespace kit {

struct Pattern::Spec {
    const ov::DiscreteTypeInfo* type = nullptr;  // null: any node
    std::vector<Pattern> inputs;
    bool check_inputs = false;
    Predicate predicate;
    std::vector<Pattern> alternatives;  // set: this pattern is any_of(alternatives)
    std::string capture;
    bool commutative = false;
    bool single_consumer = false;
};

const ov::Output<ov::Node>& Match::at(const std::string& name) const {
    const auto found = captures.find(name);
    OPENVINO_ASSERT(found != captures.end(), "pattern match has no capture named '", name, "'");
    return found->second;
}

Pattern Pattern::any(Predicate predicate) {
    auto spec = std::make_shared<Spec>();
    spec->predicate = std::move(predicate);
    return Pattern(spec);
}

Pattern Pattern::type(const ov::DiscreteTypeInfo& type, std::vector<Pattern> inputs, Predicate predicate) {
    auto spec = std::make_shared<Spec>();
    spec->type = &type;
    spec->check_inputs = !inputs.empty();
    spec->inputs = std::move(inputs);
    spec->predicate = std::move(predicate);
    return Pattern(spec);
}

Pattern Pattern::constant(Predicate predicate) {
    return type(ov::op::v0::Constant::get_type_info_static(), {}, std::move(predicate));
}

Pattern Pattern::any_of(std::vector<Pattern> alternatives) {
    OPENVINO_ASSERT(!alternatives.empty(), "Pattern::any_of needs at least one alternative");
    auto spec = std::make_shared<Spec>();
    spec->alternatives = std::move(alternatives);
    return Pattern(spec);
}

Pattern Pattern::capture(std::string name) const {
    auto spec = std::make_shared<Spec>(*m_spec);
    spec->capture = std::move(name);
    return Pattern(spec);
}

Pattern Pattern::commutative() const {
    OPENVINO_ASSERT(m_spec->inputs.size() == 2, "Pattern::commutative applies to patterns of two inputs, this one has ",
                    m_spec->inputs.size());
    auto spec = std::make_shared<Spec>(*m_spec);
    spec->commutative = true;
    return Pattern(spec);
}

Pattern Pattern::single_consumer() const {
    auto spec = std::make_shared<Spec>(*m_spec);
    spec->single_consumer = true;
    return Pattern(spec);
}

bool Pattern::match(const ov::Output<ov::Node>& value, Match& match) const {
    const Spec& spec = *m_spec;
    const auto node = value.get_node_shared_ptr();
    if (!node)
        return false;
    if (spec.single_consumer && value.get_target_inputs().size() != 1)
        return false;
    // Work on a copy so that a failed branch leaves no captures behind.
    Match trial = match;
    if (!spec.alternatives.empty()) {
        bool found = false;
        for (const auto& alternative : spec.alternatives)
            if ((found = alternative.match(value, trial)))
                break;
        if (!found)
            return false;
    } else {
        if (spec.type && !node->get_type_info().is_castable(*spec.type))
            return false;
        if (spec.predicate && !spec.predicate(value))
            return false;
        if (spec.check_inputs) {
            if (node->get_input_size() != spec.inputs.size())
                return false;
            const auto inputs_match = [&](const std::vector<size_t>& order, Match& into) {
                Match attempt = into;
                for (size_t i = 0; i < order.size(); ++i)
                    if (!spec.inputs[i].match(node->input_value(order[i]), attempt))
                        return false;
                into = std::move(attempt);
                return true;
            };
            std::vector<size_t> order(spec.inputs.size());
            for (size_t i = 0; i < order.size(); ++i)
                order[i] = i;
            if (!inputs_match(order, trial) && !(spec.commutative && inputs_match({1, 0}, trial)))
                return false;
        }
    }
    if (!spec.capture.empty()) {
        const auto existing = trial.captures.find(spec.capture);
        // One name captured twice must be one value (e.g. a pattern reading the same tensor twice).
        if (existing != trial.captures.end() && existing->second != value)
            return false;
        trial.captures[spec.capture] = value;
    }
    match = std::move(trial);
    return true;
}

bool MatcherPass::run(ov::Model& model) {
    // Weak references: a node that a rewrite disconnects dies with its last user, and is then skipped.
    std::vector<std::weak_ptr<ov::Node>> order;
    for (const auto& node : model.get_ordered_ops())
        order.push_back(node);
    bool changed = false;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const auto node = it->lock();
        if (!node)
            continue;
        for (size_t i = 0; i < node->get_output_size(); ++i) {
            Match match;
            match.root = node;
            if (!m_root.match(node->output(i), match))
                continue;
            if (m_callback(match)) {
                changed = true;
                break;
            }
        }
    }
    return changed;
}

}  // namespace kit
}  // namespace devmux
