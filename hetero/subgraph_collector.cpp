// SPDX-License-Identifier: Apache-2.0
#include "subgraph_collector.hpp"

#include <algorithm>
#include <deque>
#include <set>
#include <unordered_map>

#include "devmux/kit/known_value.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"

namespace devmux {
namespace hetero {

bool is_structural(const ov::Node& node) {
    return ov::is_type<ov::op::v0::Parameter>(&node) || ov::is_type<ov::op::v0::Constant>(&node) ||
           ov::is_type<ov::op::v0::Result>(&node);
}

namespace {

std::string port_suffix(size_t port) { return port == 0 ? std::string() : "." + std::to_string(port); }

}  // namespace

std::shared_ptr<ov::op::v0::Constant> known_output_value(const ov::Output<ov::Node>& output) {
    return kit::known_value(output);
}

std::map<std::string, std::set<std::string>> shape_computation_anchors(const ov::Model& model) {
    const auto ordered = model.get_ordered_ops();
    std::unordered_set<const ov::Node*> known;
    for (const auto& node : ordered) {
        if (is_structural(*node))
            continue;
        bool all_known = node->get_output_size() > 0;
        for (size_t i = 0; i < node->get_output_size() && all_known; ++i)
            all_known = known_output_value(node->output(i)) != nullptr;
        if (all_known)
            known.insert(node.get());
    }
    // Consumers come after producers in `ordered`, so walking it backwards finds every consumer's
    // anchors before its producers need them.
    std::unordered_map<const ov::Node*, std::set<std::string>> anchors;
    for (auto it = ordered.rbegin(); it != ordered.rend(); ++it) {
        const ov::Node* node = it->get();
        if (!known.count(node))
            continue;
        std::set<std::string>& own = anchors[node];
        for (size_t port = 0; port < node->get_output_size(); ++port) {
            for (const auto& target : node->output(port).get_target_inputs()) {
                const ov::Node* consumer = target.get_node();
                if (known.count(consumer)) {
                    const auto& inherited = anchors[consumer];
                    own.insert(inherited.begin(), inherited.end());
                } else if (!is_structural(*consumer)) {
                    own.insert(consumer->get_friendly_name());
                }
            }
        }
    }
    std::map<std::string, std::set<std::string>> by_name;
    for (const auto& kv : anchors)
        by_name[kv.first->get_friendly_name()] = kv.second;
    return by_name;
}

Extracted extract_submodel(const ov::Model& model, const std::vector<std::shared_ptr<ov::Node>>& members,
                           const std::string& name) {
    std::unordered_set<const ov::Node*> is_member;
    for (const auto& node : members)
        is_member.insert(node.get());
    std::unordered_map<const ov::Node*, size_t> model_input_index, model_output_index;
    for (size_t i = 0; i < model.get_parameters().size(); ++i)
        model_input_index[model.get_parameters()[i].get()] = i;
    for (size_t i = 0; i < model.get_results().size(); ++i)
        model_output_index[model.get_results()[i].get()] = i;

    Extracted part;
    std::set<std::string> listed;
    auto list = [&](const ov::Node& node) {
        if (listed.insert(node.get_friendly_name()).second)
            part.op_names.push_back(node.get_friendly_name());
    };

    ov::ParameterVector parameters;
    std::map<ov::Output<ov::Node>, ov::Output<ov::Node>> mapped;  // original output -> output in the part
    auto input_for = [&](const ov::Output<ov::Node>& source) -> ov::Output<ov::Node> {
        const auto found = mapped.find(source);
        if (found != mapped.end())
            return found->second;
        ov::Node* producer = source.get_node();
        ov::Output<ov::Node> replacement;
        std::shared_ptr<ov::op::v0::Constant> folded;
        if (!ov::is_type<ov::op::v0::Constant>(producer) && !is_structural(*producer))
            folded = known_output_value(source);
        if (ov::is_type<ov::op::v0::Constant>(producer)) {
            // Constants are copied into every part that reads them: weights never cross a boundary.
            replacement = ov::Output<ov::Node>(producer->copy_with_new_inputs({}), source.get_index());
            list(*producer);
        } else if (folded) {
            // A shape computed elsewhere from static shapes and constants: as a run-time input it would
            // leave this part's shapes unknown until run time (devices that need static shapes refuse
            // them), so the part gets its value.
            auto constant = std::make_shared<ov::op::v0::Constant>(folded->get_element_type(), folded->get_shape(),
                                                                   folded->get_data_ptr());
            constant->set_friendly_name(producer->get_friendly_name() + port_suffix(source.get_index()) +
                                        "/hetero_folded");
            replacement = constant->output(0);
        } else {
            auto parameter = std::make_shared<ov::op::v0::Parameter>(source.get_element_type(), source.get_partial_shape());
            parameter->output(0).set_names(source.get_names());
            const auto index = model_input_index.find(producer);
            if (index != model_input_index.end()) {
                parameter->set_friendly_name(producer->get_friendly_name());
                parameter->get_rt_info() = producer->get_rt_info();
                part.input_model_index.push_back(static_cast<long>(index->second));
                list(*producer);
            } else {
                parameter->set_friendly_name(producer->get_friendly_name() + port_suffix(source.get_index()) +
                                             "/hetero_input");
                part.input_model_index.push_back(-1);
            }
            part.input_source.push_back(source);
            parameters.push_back(parameter);
            replacement = parameter->output(0);
        }
        mapped[source] = replacement;
        return replacement;
    };

    ov::ResultVector results;
    ov::SinkVector sinks;
    std::set<ov::Output<ov::Node>> has_model_result;
    for (const auto& node : members) {
        OPENVINO_ASSERT(!ov::is_type<ov::op::v0::Parameter>(node) && !ov::is_type<ov::op::v0::Constant>(node),
                        "HETERO: ", node->get_type_name(), " '", node->get_friendly_name(),
                        "' cannot be a subgraph member; it is copied in where needed");
        ov::OutputVector inputs;
        for (size_t i = 0; i < node->get_input_size(); ++i)
            inputs.push_back(input_for(node->input_value(i)));
        auto copy = node->copy_with_new_inputs(inputs);
        list(*node);
        for (size_t i = 0; i < node->get_output_size(); ++i)
            mapped[node->output(i)] = copy->output(i);
        if (auto result = ov::as_type_ptr<ov::op::v0::Result>(copy)) {
            const auto index = model_output_index.find(node.get());
            OPENVINO_ASSERT(index != model_output_index.end(), "HETERO: Result '", node->get_friendly_name(),
                            "' is not an output of model '", model.get_friendly_name(), "'");
            results.push_back(result);
            part.output_model_index.push_back(static_cast<long>(index->second));
            part.output_source.push_back(node->input_value(0));
            has_model_result.insert(node->input_value(0));
        } else {
            ++part.compute_ops;
            if (auto sink = ov::as_type_ptr<ov::op::Sink>(copy))
                sinks.push_back(sink);
        }
    }
    // Member outputs read outside the part leave it through a Result, unless a model Result of the
    // part already carries that tensor: then consumers share the user's output tensor.
    for (const auto& node : members) {
        if (ov::is_type<ov::op::v0::Result>(node))
            continue;
        for (size_t port = 0; port < node->get_output_size(); ++port) {
            const ov::Output<ov::Node> output = node->output(port);
            if (has_model_result.count(output))
                continue;
            bool read_outside = false;
            for (const auto& target : output.get_target_inputs())
                read_outside = read_outside || !is_member.count(target.get_node());
            if (!read_outside)
                continue;
            auto result = std::make_shared<ov::op::v0::Result>(mapped.at(output));
            result->set_friendly_name(node->get_friendly_name() + port_suffix(port) + "/hetero_output");
            results.push_back(result);
            part.output_model_index.push_back(-1);
            part.output_source.push_back(output);
        }
    }
    part.model = std::make_shared<ov::Model>(results, sinks, parameters, name);
    return part;
}

namespace {

std::string variable_id_of(const ov::Node& node) {
    if (auto reader = dynamic_cast<const ov::op::util::ReadValueBase*>(&node))
        return reader->get_variable_id();
    if (auto writer = dynamic_cast<const ov::op::util::AssignBase*>(&node))
        return writer->get_variable_id();
    return std::string();
}

bool is_state_op(const ov::Node& node) {
    return dynamic_cast<const ov::op::util::ReadValueBase*>(&node) || dynamic_cast<const ov::op::util::AssignBase*>(&node);
}

std::string join_names(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

}  // namespace

std::vector<VariableRegion> variable_regions(const ov::Model& model) {
    const auto ordered = model.get_ordered_ops();
    const size_t count = ordered.size();
    std::unordered_map<const ov::Node*, size_t> position;
    for (size_t i = 0; i < count; ++i)
        position[ordered[i].get()] = i;
    std::map<std::string, std::vector<size_t>> readers, writers;
    for (size_t i = 0; i < count; ++i) {
        if (dynamic_cast<const ov::op::util::ReadValueBase*>(ordered[i].get()))
            readers[variable_id_of(*ordered[i])].push_back(i);
        else if (dynamic_cast<const ov::op::util::AssignBase*>(ordered[i].get()))
            writers[variable_id_of(*ordered[i])].push_back(i);
    }
    std::set<std::string> ids;
    for (const auto& kv : readers)
        ids.insert(kv.first);
    for (const auto& kv : writers)
        ids.insert(kv.first);

    struct Raw {
        std::set<std::string> variables;
        std::set<size_t> ops;
    };
    std::vector<Raw> raws;
    for (const auto& id : ids) {
        Raw raw;
        raw.variables.insert(id);
        // Ops downstream of a reader and upstream of a writer lie on a path between them; `ordered` is
        // topological, so one forward and one backward sweep find them.
        std::vector<char> down(count, 0), up(count, 0);
        for (size_t i : readers[id])
            down[i] = 1;
        for (size_t i = 0; i < count; ++i) {
            if (!down[i])
                continue;
            for (size_t port = 0; port < ordered[i]->get_output_size(); ++port)
                for (const auto& target : ordered[i]->get_output_target_inputs(port)) {
                    const auto found = position.find(target.get_node());
                    if (found != position.end())
                        down[found->second] = 1;
                }
        }
        for (size_t i : writers[id])
            up[i] = 1;
        for (size_t i = count; i-- > 0;) {
            if (!up[i])
                continue;
            for (size_t k = 0; k < ordered[i]->get_input_size(); ++k) {
                const auto found = position.find(ordered[i]->get_input_node_ptr(k));
                if (found != position.end())
                    up[found->second] = 1;
            }
        }
        for (size_t i = 0; i < count; ++i)
            if (down[i] && up[i])
                raw.ops.insert(i);
        raw.ops.insert(readers[id].begin(), readers[id].end());
        raw.ops.insert(writers[id].begin(), writers[id].end());
        raws.push_back(std::move(raw));
    }
    // Variables whose regions share an op must all stay together: merge until the regions are disjoint.
    for (bool merged = true; merged;) {
        merged = false;
        for (size_t a = 0; a < raws.size() && !merged; ++a)
            for (size_t b = a + 1; b < raws.size() && !merged; ++b) {
                bool shared = false;
                for (size_t op : raws[b].ops)
                    shared = shared || raws[a].ops.count(op);
                if (!shared)
                    continue;
                raws[a].ops.insert(raws[b].ops.begin(), raws[b].ops.end());
                raws[a].variables.insert(raws[b].variables.begin(), raws[b].variables.end());
                raws.erase(raws.begin() + static_cast<long>(b));
                merged = true;
            }
    }
    std::sort(raws.begin(), raws.end(), [](const Raw& x, const Raw& y) { return *x.ops.begin() < *y.ops.begin(); });
    std::vector<VariableRegion> regions;
    for (const auto& raw : raws) {
        VariableRegion region;
        region.variables.assign(raw.variables.begin(), raw.variables.end());
        for (size_t i : raw.ops) {
            region.ops.insert(ordered[i]->get_friendly_name());
            if (is_state_op(*ordered[i]))
                region.state_ops.push_back(ordered[i].get());
        }
        regions.push_back(std::move(region));
    }
    return regions;
}

namespace {

// The subgraphs being grown, identified by the index at creation; merged ones point at the survivor.
class Groups {
public:
    size_t create(const std::string& device) {
        m_parent.push_back(m_parent.size());
        m_device.push_back(device);
        m_producers.emplace_back();
        return m_parent.size() - 1;
    }
    size_t find(size_t id) {
        while (m_parent[id] != id)
            id = m_parent[id] = m_parent[m_parent[id]];
        return id;
    }
    const std::string& device(size_t id) { return m_device[find(id)]; }
    // Never the group itself: two merged groups where one read the other leave such an entry.
    std::set<size_t> producers(size_t id) {
        id = find(id);
        std::set<size_t> result;
        for (size_t p : m_producers[id])
            if (find(p) != id)
                result.insert(find(p));
        return result;
    }
    // Whether a group made of `members` plus a new op reading `inputs` would sit on a cycle: some
    // other group it reads from (directly or not) reads from one of the members.
    bool would_cycle(const std::set<size_t>& members, const std::set<size_t>& inputs) {
        std::deque<size_t> queue;
        std::set<size_t> seen;
        auto push = [&](size_t id) {
            if (!members.count(id) && seen.insert(id).second)
                queue.push_back(id);
        };
        for (size_t id : inputs)
            push(id);
        for (size_t member : members)
            for (size_t id : producers(member))
                push(id);
        while (!queue.empty()) {
            const size_t id = queue.front();
            queue.pop_front();
            for (size_t p : producers(id)) {
                if (members.count(p))
                    return true;
                push(p);
            }
        }
        return false;
    }
    void merge_into(size_t survivor, size_t other) {
        survivor = find(survivor);
        other = find(other);
        if (survivor == other)
            return;
        m_parent[other] = survivor;
        m_producers[survivor].insert(m_producers[other].begin(), m_producers[other].end());
    }
    void add_producers(size_t id, const std::set<size_t>& producers) {
        id = find(id);
        for (size_t p : producers)
            if (find(p) != id)
                m_producers[id].insert(p);
    }

private:
    std::vector<size_t> m_parent;
    std::vector<std::string> m_device;
    std::vector<std::set<size_t>> m_producers;  // direct producer groups (ids before merging)
};

}  // namespace

SubgraphPlan collect_subgraphs(const std::shared_ptr<const ov::Model>& model,
                               const std::map<std::string, std::string>& affinities,
                               const std::string& passthrough_device) {
    OPENVINO_ASSERT(model, "HETERO: cannot split a null model");
    const auto ordered = model->get_ordered_ops();

    // Results of Parameters and Constants follow the first compute op's device; a model without compute ops
    // (an Identity, a Constant output) has none, and runs on `passthrough_device`.
    std::string default_device = passthrough_device;
    bool has_compute_affinity = false;
    std::vector<std::string> missing;
    for (const auto& node : ordered) {
        if (is_structural(*node))
            continue;
        const auto found = affinities.find(node->get_friendly_name());
        if (found == affinities.end() || found->second.empty()) {
            missing.push_back(std::string(node->get_type_name()) + " '" + node->get_friendly_name() + "'");
        } else if (!has_compute_affinity) {
            default_device = found->second;
            has_compute_affinity = true;
        }
    }
    if (!missing.empty()) {
        std::string text;
        for (const auto& name : missing)
            text += (text.empty() ? "" : ", ") + name;
        OPENVINO_THROW("HETERO: model '", model->get_friendly_name(), "' has no device for ", missing.size(),
                       " op(s): ", text);
    }

    Groups groups;
    std::unordered_map<const ov::Node*, size_t> group_of;
    std::unordered_map<const ov::Node*, size_t> position;
    for (size_t i = 0; i < ordered.size(); ++i)
        position[ordered[i].get()] = i;

    for (const auto& node : ordered) {
        if (ov::is_type<ov::op::v0::Parameter>(node) || ov::is_type<ov::op::v0::Constant>(node))
            continue;
        const bool is_result = ov::is_type<ov::op::v0::Result>(node);
        if (is_result) {
            const auto producer = group_of.find(node->get_input_node_ptr(0));
            if (producer != group_of.end()) {
                group_of[node.get()] = groups.find(producer->second);  // a Result runs with its producer
                continue;
            }
        }
        std::string device;
        const auto own = affinities.find(node->get_friendly_name());
        if (own != affinities.end() && !own->second.empty()) {
            device = own->second;
        } else {
            // A Result of a Parameter or Constant: with that input's device if it has one.
            const auto input = affinities.find(node->get_input_node_ptr(0)->get_friendly_name());
            device = input != affinities.end() && !input->second.empty() ? input->second : default_device;
        }
        OPENVINO_ASSERT(!device.empty(), "HETERO: no device for ", node->get_type_name(), " '",
                        node->get_friendly_name(), "' of model '", model->get_friendly_name(), "'");

        std::set<size_t> inputs;
        for (size_t i = 0; i < node->get_input_size(); ++i) {
            const auto found = group_of.find(node->get_input_node_ptr(i));
            if (found != group_of.end())
                inputs.insert(groups.find(found->second));
        }
        // Join every same-device producer group that can be joined without a cycle; one that cannot
        // stays apart, which moves the boundary to this op.
        std::set<size_t> joined;
        for (size_t candidate : inputs) {
            if (groups.device(candidate) != device)
                continue;
            std::set<size_t> trial = joined;
            trial.insert(candidate);
            std::set<size_t> outside;
            for (size_t id : inputs)
                if (!trial.count(id))
                    outside.insert(id);
            if (!groups.would_cycle(trial, outside))
                joined = trial;
        }
        size_t id;
        if (joined.empty()) {
            id = groups.create(device);
        } else {
            id = *joined.begin();
            for (size_t other : joined)
                groups.merge_into(id, other);
        }
        std::set<size_t> outside;
        for (size_t input : inputs)
            if (!joined.count(input))
                outside.insert(input);
        groups.add_producers(id, outside);
        group_of[node.get()] = id;
    }

    // The ReadValue and Assign ops of a variable share one device request's state, so they must end
    // up in one subgraph even when nothing connects them inside it.
    for (const auto& region : variable_regions(*model)) {
        const std::string variables = join_names(region.variables);
        std::vector<std::string> placed;
        bool one_device = true;
        for (const ov::Node* op : region.state_ops) {
            const std::string& device = groups.device(group_of.at(op));
            placed.push_back(std::string(op->get_type_name()) + " '" + op->get_friendly_name() + "' on " + device);
            one_device = one_device && device == groups.device(group_of.at(region.state_ops.front()));
        }
        OPENVINO_ASSERT(one_device, "HETERO: model '", model->get_friendly_name(), "': ", join_names(placed),
                        " share variable ", variables,
                        ", whose state lives in one device's request; give them the same device");
        const std::string& device = groups.device(group_of.at(region.state_ops.front()));
        size_t survivor = groups.find(group_of.at(region.state_ops.front()));
        for (const ov::Node* op : region.state_ops) {
            const size_t other = groups.find(group_of.at(op));
            if (other == survivor)
                continue;
            if (groups.would_cycle({survivor, other}, {})) {
                std::vector<std::string> between;
                for (const auto& node : ordered)
                    if (region.ops.count(node->get_friendly_name()) && groups.device(group_of.at(node.get())) != device)
                        between.push_back(std::string(node->get_type_name()) + " '" + node->get_friendly_name() +
                                          "' on " + groups.device(group_of.at(node.get())));
                OPENVINO_THROW("HETERO: model '", model->get_friendly_name(), "': ", join_names(placed),
                               " share variable ", variables, " and must run in one subgraph on ", device,
                               ", but one subgraph holding them would depend on itself through another subgraph",
                               between.empty() ? std::string()
                                               : " (ops between them run elsewhere: " + join_names(between) + ")",
                               "; run the ops between the ReadValue and the Assign on ", device, " as well");
            }
            groups.merge_into(survivor, other);
            survivor = groups.find(survivor);
        }
    }

    // Order the groups so each runs after the groups it reads; ties go to the group whose first op
    // comes first, so the order follows the model.
    std::map<size_t, std::vector<std::shared_ptr<ov::Node>>> members;
    std::map<size_t, size_t> first_position;
    for (const auto& node : ordered) {
        const auto found = group_of.find(node.get());
        if (found == group_of.end())
            continue;
        const size_t id = groups.find(found->second);
        members[id].push_back(node);
        first_position.emplace(id, position[node.get()]);
    }
    std::map<size_t, size_t> pending;  // group -> number of producer groups not yet placed
    std::map<size_t, std::vector<size_t>> consumers;
    for (const auto& kv : members) {
        const auto producers = groups.producers(kv.first);
        pending[kv.first] = producers.size();
        for (size_t p : producers)
            consumers[p].push_back(kv.first);
    }
    std::set<std::pair<size_t, size_t>> ready;  // (first position, group)
    for (const auto& kv : pending)
        if (kv.second == 0)
            ready.insert({first_position[kv.first], kv.first});
    std::vector<size_t> order;
    while (!ready.empty()) {
        const size_t id = ready.begin()->second;
        ready.erase(ready.begin());
        order.push_back(id);
        for (size_t consumer : consumers[id])
            if (--pending[consumer] == 0)
                ready.insert({first_position[consumer], consumer});
    }
    OPENVINO_ASSERT(order.size() == members.size(), "HETERO: the subgraphs of model '", model->get_friendly_name(),
                    "' depend on each other in a cycle (internal error: ", order.size(), " of ", members.size(),
                    " ordered)");

    SubgraphPlan plan;
    plan.model_inputs.resize(model->get_parameters().size());
    plan.model_outputs.resize(model->get_results().size());
    std::map<ov::Output<ov::Node>, size_t> link_of;
    for (size_t index = 0; index < order.size(); ++index) {
        const size_t id = order[index];
        Submodel submodel;
        submodel.device = groups.device(id);
        submodel.part = extract_submodel(*model, members[id],
                                         model->get_friendly_name() + "_subgraph" + std::to_string(index));
        const Extracted& part = submodel.part;
        for (size_t i = 0; i < part.input_model_index.size(); ++i) {
            if (part.input_model_index[i] >= 0) {
                plan.model_inputs[static_cast<size_t>(part.input_model_index[i])].push_back({index, i});
            } else {
                const auto link = link_of.find(part.input_source[i]);
                OPENVINO_ASSERT(link != link_of.end(), "HETERO: subgraph ", index, " reads '",
                                part.input_source[i].get_node()->get_friendly_name(),
                                "' before any subgraph produces it (internal error)");
                plan.links[link->second].consumers.push_back({index, i});
            }
        }
        for (size_t o = 0; o < part.output_model_index.size(); ++o) {
            if (part.output_model_index[o] >= 0)
                plan.model_outputs[static_cast<size_t>(part.output_model_index[o])] = {index, o};
            const ov::Output<ov::Node>& source = part.output_source[o];
            bool crosses = false;
            for (const auto& target : source.get_target_inputs()) {
                const auto found = group_of.find(target.get_node());
                crosses = crosses || (found != group_of.end() && groups.find(found->second) != id);
            }
            if (!crosses || link_of.count(source))
                continue;
            Link link;
            link.producer = {index, o};
            link.model_output = part.output_model_index[o];
            link.source = source;
            link_of[source] = plan.links.size();
            plan.links.push_back(link);
        }
        plan.submodels.push_back(std::move(submodel));
    }
    return plan;
}

}  // namespace hetero
}  // namespace devmux
