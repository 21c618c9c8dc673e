// SPDX-License-Identifier: Apache-2.0
#pragma once

// Splitting a model into device subgraphs. Pure model-layer code: it knows device names only as
// strings and never talks to a device.

#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "openvino/core/model.hpp"
#include "openvino/op/constant.hpp"

namespace devmux {
namespace hetero {

/// True for the ops that do no work of their own: Parameter, Constant and Result.
bool is_structural(const ov::Node& node);

/// (submodel index, port index) pairs.
using PortRef = std::pair<size_t, size_t>;

/// The value of `output` when it is known before run time, else null: a Constant's, a ShapeOf's of a
/// static shape, or that of a small op (a shape's worth of elements) without state whose inputs are all
/// known, evaluated here. These are the shape computations (ShapeOf -> StridedSlice -> Multiply feeding
/// Interpolate's sizes, Reshape's pattern): a consumer has static output shapes only while it sees them as
/// constants, so a boundary must never turn them into run-time inputs.
std::shared_ptr<ov::op::v0::Constant> known_output_value(const ov::Output<ov::Node>& output);

/// The compute ops (not Parameter, Constant or Result) all of whose outputs are known before run time
/// (known_output_value), each mapped to its anchors: the other compute ops that read its values, directly
/// or through other such ops. Anchors are the ops the values are computed for, so HETERO places a shape
/// computation with them.
std::map<std::string, std::set<std::string>> shape_computation_anchors(const ov::Model& model);

/// A piece of a model cut out as a model of its own.
struct Extracted {
    std::shared_ptr<ov::Model> model;
    /// Per input of `model`: the model input it is (index), or -1 for a boundary input.
    std::vector<long> input_model_index;
    /// Per input of `model`: the original producer output feeding it (a model Parameter's output
    /// for model inputs).
    std::vector<ov::Output<ov::Node>> input_source;
    /// Per output of `model`: the model output it is (index), or -1 for a boundary output.
    std::vector<long> output_model_index;
    /// Per output of `model`: the original producer output it carries.
    std::vector<ov::Output<ov::Node>> output_source;
    /// Friendly names of the original ops it holds (members, read Parameters and Constants).
    std::vector<std::string> op_names;
    size_t compute_ops = 0;
};

/// Cuts `members` (compute ops and Results of `model`, in topological order) out of `model`: inputs
/// coming from non-members become Parameters, member outputs read by non-members become Results
/// (a member model Result on the same output is reused instead), Constants are copied in, and so is,
/// as a Constant, a non-member's value known before run time (known_output_value), which therefore
/// never becomes an input of the part.
Extracted extract_submodel(const ov::Model& model, const std::vector<std::shared_ptr<ov::Node>>& members,
                           const std::string& name);

/// One subgraph of a split, ready to compile.
struct Submodel {
    std::string device;
    Extracted part;
};

/// A tensor handed from one submodel to others.
struct Link {
    PortRef producer;                 // (submodel, output index)
    std::vector<PortRef> consumers;   // (submodel, input index)
    long model_output = -1;           // >= 0 when the tensor is also that model output
    ov::Output<ov::Node> source;      // the original producer output
};

/// A model split into submodels, in an order where every submodel runs after those it reads from.
struct SubgraphPlan {
    std::vector<Submodel> submodels;
    /// Per model input: the submodel inputs it feeds (none for an unused input).
    std::vector<std::vector<PortRef>> model_inputs;
    /// Per model output: the submodel output that produces it.
    std::vector<PortRef> model_outputs;
    std::vector<Link> links;
};

/// The ops that must run in one subgraph of one device because they share variable state: the
/// ReadValue and Assign ops of a variable and every op on a path from one of its ReadValues to one of
/// its Assigns (state lives in one device's request, and a path through another device would make
/// the subgraphs depend on each other in a cycle). Regions that share an op are merged.
struct VariableRegion {
    std::vector<std::string> variables;           // variable ids, sorted
    std::vector<const ov::Node*> state_ops;       // the ReadValue and Assign ops, in model order
    std::set<std::string> ops;                    // friendly names of every op of the region
};

/// The variable regions of `model`, in model order of their first op; none for a stateless model.
std::vector<VariableRegion> variable_regions(const ov::Model& model);

/// Splits `model` by op affinity (friendly name -> device). Connected ops of one device form a
/// subgraph unless that would make subgraphs depend on each other in a cycle; then the op starts a
/// new subgraph (the boundary moves), so the result is always acyclic. Results go with their
/// producer. The ReadValue and Assign ops of one variable always land in one subgraph: they must
/// share a device, and when no cycle-free split keeps them together the error names them and says
/// why. Throws ov::Exception naming every compute op without an affinity. A Result of a Parameter or
/// Constant runs on that input's device, else with the first compute op's, else (a model without compute
/// ops) on `passthrough_device`.
SubgraphPlan collect_subgraphs(const std::shared_ptr<const ov::Model>& model,
                               const std::map<std::string, std::string>& affinities,
                               const std::string& passthrough_device = {});

}  // namespace hetero
}  // namespace devmux
