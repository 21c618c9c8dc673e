// SPDX-License-Identifier: Apache-2.0
// The public description of a split (include/devmux/hetero/partition.hpp) and its Graphviz pictures.
#include "devmux/hetero/partition.hpp"

#include <set>
#include <sstream>
#include <unordered_map>

#include "dot_writer.hpp"
#include "subgraph_collector.hpp"

namespace devmux {
namespace hetero {

size_t BoundaryDescription::bytes() const {
    return shape.is_dynamic() ? 0 : ov::shape_size(shape.to_shape()) * element_type.size();
}

PartitionDescription describe_partition(const std::shared_ptr<const ov::Model>& model,
                                        const std::map<std::string, std::string>& affinities) {
    const SubgraphPlan plan = collect_subgraphs(model, affinities);
    PartitionDescription description;
    for (size_t i = 0; i < plan.submodels.size(); ++i) {
        SubgraphDescription subgraph;
        subgraph.id = i;
        subgraph.device = plan.submodels[i].device;
        subgraph.ops = plan.submodels[i].part.op_names;
        subgraph.compute_ops = plan.submodels[i].part.compute_ops;
        description.subgraphs.push_back(std::move(subgraph));
    }
    for (const auto& link : plan.links) {
        BoundaryDescription boundary;
        boundary.producer_subgraph = link.producer.first;
        std::set<size_t> consumers;
        for (const auto& consumer : link.consumers)
            consumers.insert(consumer.first);
        boundary.consumer_subgraphs.assign(consumers.begin(), consumers.end());
        boundary.producer = link.source.get_node()->get_friendly_name();
        boundary.producer_port = link.source.get_index();
        boundary.element_type = link.source.get_element_type();
        boundary.shape = link.source.get_partial_shape();
        description.boundaries.push_back(std::move(boundary));
    }
    return description;
}

std::string partition_to_dot(const std::shared_ptr<const ov::Model>& model,
                             const std::map<std::string, std::string>& affinities) {
    const SubgraphPlan plan = collect_subgraphs(model, affinities);
    // A Constant or Parameter read by several subgraphs is drawn once, with the first of them.
    std::unordered_map<std::string, size_t> subgraph_of;
    for (size_t i = 0; i < plan.submodels.size(); ++i)
        for (const auto& name : plan.submodels[i].part.op_names)
            subgraph_of.emplace(name, i);
    std::map<std::string, DotNodeStyle> styles;
    for (const auto& kv : subgraph_of) {
        DotNodeStyle style;
        style.colour_index = kv.second;
        style.extra_label = "subgraph=" + std::to_string(kv.second) + "\\ndevice=" + plan.submodels[kv.second].device;
        styles[kv.first] = style;
    }
    return model_to_dot(*model, styles);
}

}  // namespace hetero
}  // namespace devmux
