// SPDX-License-Identifier: Apache-2.0
#pragma once

// How HETERO splits a model, for tools (devmux query --dot, benchmarks) that want to show it without
// compiling anything. Built as the static library devmux_hetero_partition (target
// devmux::hetero_partition); the HETERO plugin uses the same code, so what a tool shows is what a
// compile does.

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/model.hpp"

namespace devmux {
namespace hetero {

/// @brief One subgraph: connected ops that run on one device.
struct SubgraphDescription {
    /// @brief Position in execution order (0 runs first).
    size_t id = 0;
    /// @brief The device it runs on, exactly as in the affinity map (e.g. "MOCK.0").
    std::string device;
    /// @brief Friendly names of the original ops it holds, in topological order: its own ops and
    /// Results, plus the model Parameters and Constants it reads (a Constant used by several subgraphs
    /// is duplicated into each, so it is listed in each).
    std::vector<std::string> ops;
    /// @brief How many of `ops` are neither Parameter, Constant nor Result (the work it does).
    size_t compute_ops = 0;
};

/// @brief One tensor that crosses from a producer subgraph into one or more consumer subgraphs.
struct BoundaryDescription {
    size_t producer_subgraph = 0;
    /// @brief Consumer subgraph ids, ascending, each listed once.
    std::vector<size_t> consumer_subgraphs;
    /// @brief Friendly name and output port of the producing op.
    std::string producer;
    size_t producer_port = 0;
    ov::element::Type element_type;
    ov::PartialShape shape;
    /// @brief Bytes of the tensor per inference; 0 when the shape is dynamic.
    size_t bytes() const;
};

/// @brief The split of a model, as HETERO compiles it.
struct PartitionDescription {
    std::vector<SubgraphDescription> subgraphs;
    std::vector<BoundaryDescription> boundaries;
};

/// @brief Splits @p model by @p affinities (op friendly name -> device, as ov::Core::query_model on a
/// HETERO device answers, or as rt_info "affinity" gives it) the way the HETERO plugin does.
///
/// Every op other than Parameter, Constant and Result needs an entry; a Result runs with its
/// producer, Constants are duplicated into each subgraph that reads them, and model inputs feed
/// every subgraph that reads them. Throws ov::Exception naming the ops without an affinity.
PartitionDescription describe_partition(const std::shared_ptr<const ov::Model>& model,
                                        const std::map<std::string, std::string>& affinities);

/// @brief The Graphviz text of a partition: every op coloured by subgraph, labelled with its type,
/// subgraph id and device (what OPENVINO_HETERO_VISUALIZE writes to hetero_subgraphs_<model>.dot).
std::string partition_to_dot(const std::shared_ptr<const ov::Model>& model,
                             const std::map<std::string, std::string>& affinities);

}  // namespace hetero
}  // namespace devmux
