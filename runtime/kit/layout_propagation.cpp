// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/layout_propagation.hpp"

#include <algorithm>
#include <numeric>

#include "openvino/core/except.hpp"

namespace devmux {
namespace kit {

// The only writer of a LayoutMap, so that what propagate_layouts returns stays read-only.
class LayoutMapBuilder {
public:
    static void set(LayoutMap& map, const ov::Node& node, size_t output, Layout layout) {
        map.m_layouts[{&node, output}] = std::move(layout);
    }
};

namespace {

using OutputKey = std::pair<const ov::Node*, size_t>;

const Layout& plain() {
    static const Layout instance;
    return instance;
}

// One output that may hold a layout other than plain: its candidates, most preferred first, and which of
// them no rule has vetoed yet.
struct Slot {
    const ov::Node* node = nullptr;
    size_t output = 0;
    std::vector<std::string> layouts;
    std::vector<bool> kept;

    bool holds(const std::string& layout) const {
        for (size_t i = 0; i < layouts.size(); ++i)
            if (kept[i] && layouts[i] == layout)
                return true;
        return false;
    }
    bool holds_any() const { return std::find(kept.begin(), kept.end(), true) != kept.end(); }
};

class Propagation {
public:
    Propagation(const ov::Model& model, const LayoutRules& rules) : m_ops(model.get_ordered_ops()), m_rules(rules) {
        for (const auto& node : m_ops) {
            for (size_t output = 0; output < node->get_output_size(); ++output) {
                std::vector<size_t> inputs = rules.passes_through(*node, output);
                for (const size_t input : inputs) {
                    OPENVINO_ASSERT(input < node->get_input_size(), "layout propagation: the rules pass input ",
                                    input, " of '", node->get_friendly_name(), "' through, which has ",
                                    node->get_input_size(), " inputs");
                    m_passed_to[{node.get(), input}].push_back(output);
                }
                if (!inputs.empty())
                    m_passed_from[{node.get(), output}] = std::move(inputs);
                std::vector<std::string> layouts = rules.candidates(*node, output);
                if (layouts.empty())
                    continue;
                m_slot_of[{node.get(), output}] = m_slots.size();
                const size_t count = layouts.size();
                m_slots.push_back(Slot{node.get(), output, std::move(layouts), std::vector<bool>(count, true)});
            }
        }
    }

    LayoutMap run() {
        veto_by_readers();
        veto_through_passing_ops();
        const std::vector<std::string> chosen = choose();
        LayoutMap settled;
        for (const auto& node : m_ops) {
            for (size_t output = 0; output < node->get_output_size(); ++output) {
                const auto slot = m_slot_of.find({node.get(), output});
                if (slot == m_slot_of.end() || chosen[slot->second].empty())
                    continue;
                const std::string& layout = chosen[slot->second];
                Layout final_layout = m_rules.settle(*node, output, layout, settled);
                OPENVINO_ASSERT(final_layout.name == layout || final_layout.plain(), "layout propagation: output ",
                                output, " of '", node->get_friendly_name(), "' was given layout '", layout,
                                "' but settled as '", final_layout.name, "'");
                if (!final_layout.plain() || final_layout.payload)
                    LayoutMapBuilder::set(settled, *node, output, std::move(final_layout));
            }
        }
        return settled;
    }

private:
    const Slot* slot(const ov::Node* node, size_t output) const {
        const auto it = m_slot_of.find({node, output});
        return it == m_slot_of.end() ? nullptr : &m_slots[it->second];
    }
    bool holds(const ov::Node* node, size_t output, const std::string& layout) const {
        const Slot* found = slot(node, output);
        return found && found->holds(layout);
    }
    const std::vector<size_t>* passed_to(const ov::Node* consumer, size_t input) const {
        const auto it = m_passed_to.find({consumer, input});
        return it == m_passed_to.end() ? nullptr : &it->second;
    }

    // A reader that does not pass the layout on decides alone, and once.
    void veto_by_readers() {
        for (Slot& slot : m_slots)
            for (size_t i = 0; i < slot.layouts.size(); ++i)
                for (const auto& reader : slot.node->output(slot.output).get_target_inputs())
                    if (!passed_to(reader.get_node(), reader.get_index()) &&
                        !m_rules.reads(*reader.get_node(), reader.get_index(), slot.layouts[i]))
                        slot.kept[i] = false;
    }

    // A value read by a passing op keeps a layout only while that op's output does, and a passing op's
    // output only while all it passes on does: drop what breaks either until nothing does. Dropping only
    // ever removes, so the order of the nodes does not change the result.
    void veto_through_passing_ops() {
        for (bool changed = true; changed;) {
            changed = false;
            for (Slot& slot : m_slots) {
                for (size_t i = 0; i < slot.layouts.size(); ++i) {
                    if (slot.kept[i] && !still_holds(slot, slot.layouts[i])) {
                        slot.kept[i] = false;
                        changed = true;
                    }
                }
            }
        }
    }

    bool still_holds(const Slot& slot, const std::string& layout) const {
        for (const auto& reader : slot.node->output(slot.output).get_target_inputs())
            if (const auto* outputs = passed_to(reader.get_node(), reader.get_index()))
                for (const size_t output : *outputs)
                    if (!holds(reader.get_node(), output, layout))
                        return false;
        const auto from = m_passed_from.find({slot.node, slot.output});
        if (from != m_passed_from.end())
            for (const size_t input : from->second) {
                const auto source = slot.node->input_value(input);
                if (!holds(source.get_node(), source.get_index(), layout))
                    return false;
            }
        return true;
    }

    // Per slot, the layout its group takes ("" for plain).
    std::vector<std::string> choose() const {
        std::vector<size_t> parent(m_slots.size());
        std::iota(parent.begin(), parent.end(), size_t{0});
        const auto root = [&](size_t slot) {
            while (parent[slot] != slot)
                slot = parent[slot] = parent[parent[slot]];
            return slot;
        };
        for (size_t s = 0; s < m_slots.size(); ++s) {
            if (!m_slots[s].holds_any())
                continue;
            for (const auto& reader : m_slots[s].node->output(m_slots[s].output).get_target_inputs()) {
                const ov::Node* consumer = reader.get_node();
                for (size_t output = 0; output < consumer->get_output_size(); ++output) {
                    const auto it = m_slot_of.find({consumer, output});
                    if (it != m_slot_of.end() && m_slots[it->second].holds_any())
                        parent[root(it->second)] = root(s);
                }
            }
        }
        // Slots are in topological order, so a group's first member is the first slot met with its root.
        std::map<size_t, std::vector<size_t>> members;
        for (size_t s = 0; s < m_slots.size(); ++s)
            if (m_slots[s].holds_any())
                members[root(s)].push_back(s);
        std::vector<std::string> chosen(m_slots.size());
        for (const auto& group : members) {
            const Slot& first = m_slots[group.second.front()];
            for (size_t i = 0; i < first.layouts.size(); ++i) {
                const std::string& layout = first.layouts[i];
                const bool common = first.kept[i] && std::all_of(group.second.begin(), group.second.end(),
                                                                 [&](size_t s) { return m_slots[s].holds(layout); });
                if (common) {
                    for (const size_t s : group.second)
                        chosen[s] = layout;
                    break;
                }
            }
        }
        return chosen;
    }

    const std::vector<std::shared_ptr<ov::Node>> m_ops;  // topological order
    const LayoutRules& m_rules;
    std::vector<Slot> m_slots;  // topological order
    std::map<OutputKey, size_t> m_slot_of;
    std::map<OutputKey, std::vector<size_t>> m_passed_to;    // (node, input) -> its outputs that take that layout
    std::map<OutputKey, std::vector<size_t>> m_passed_from;  // (node, output) -> the inputs it takes it from
};

}  // namespace

const Layout& LayoutMap::of(const ov::Node& node, size_t output) const {
    const auto it = m_layouts.find({&node, output});
    return it == m_layouts.end() ? plain() : it->second;
}

const Layout& LayoutMap::of_input(const ov::Node& node, size_t input) const {
    const auto source = node.input_value(input);
    return of(*source.get_node(), source.get_index());
}

size_t LayoutMap::count_not_plain() const {
    return static_cast<size_t>(std::count_if(m_layouts.begin(), m_layouts.end(),
                                             [](const auto& entry) { return !entry.second.plain(); }));
}

std::vector<size_t> LayoutRules::passes_through(const ov::Node&, size_t) const { return {}; }

Layout LayoutRules::settle(const ov::Node&, size_t, const std::string& chosen, const LayoutMap&) const {
    return Layout{chosen, nullptr};
}

LayoutMap propagate_layouts(const ov::Model& model, const LayoutRules& rules) {
    return Propagation(model, rules).run();
}

}  // namespace kit
}  // namespace devmux
