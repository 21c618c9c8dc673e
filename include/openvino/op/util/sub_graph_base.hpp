// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/multi_subgraph_base.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base class of the ops with one body run over iterations: TensorIterator and Loop.
class SubGraphOp : public MultiSubGraphOp {
public:
    OPENVINO_OP("SubGraphOp", "util", MultiSubGraphOp);

    virtual const std::shared_ptr<Model>& get_function() const { return m_bodies.at(0); }
    virtual void set_function(const std::shared_ptr<Model>& func) { m_bodies.at(0) = func; }
    const MultiSubgraphInputDescriptionVector& get_input_descriptions() const { return m_input_descriptions.at(0); }
    MultiSubgraphInputDescriptionVector& get_input_descriptions() { return m_input_descriptions.at(0); }
    const MultiSubgraphOutputDescriptionVector& get_output_descriptions() const {
        return m_output_descriptions.at(0);
    }
    MultiSubgraphOutputDescriptionVector& get_output_descriptions() { return m_output_descriptions.at(0); }

    /// @brief value, cut along axis into parts of part_size from start to end in steps of stride (negative
    /// positions count from the end; -1 is the dimension's size), feeds parameter, one part per iteration.
    virtual void set_sliced_input(const std::shared_ptr<v0::Parameter>& parameter, const Output<Node>& value,
                                  int64_t start, int64_t stride, int64_t part_size, int64_t end, int64_t axis);
    /// @brief initial_value feeds body_parameter at the first iteration; later, successive_value (a body
    /// value) of the iteration before.
    virtual void set_merged_input(const std::shared_ptr<v0::Parameter>& body_parameter,
                                  const Output<Node>& initial_value, const Output<Node>& successive_value);
    /// @brief value feeds body_parameter unchanged at every iteration.
    virtual void set_invariant_input(const std::shared_ptr<v0::Parameter>& body_parameter, const Output<Node>& value);
    /// @brief A new output: body_value at iteration (-1: the last).
    virtual Output<Node> get_iter_value(const Output<Node>& body_value, int64_t iteration = -1);
    /// @brief A new output: the values of body_value of every iteration, concatenated along axis.
    virtual Output<Node> get_concatenated_slices(const Output<Node>& value, int64_t start, int64_t stride,
                                                 int64_t part_size, int64_t end, int64_t axis);
    /// @brief The number of iterations when known (-1 otherwise).
    int64_t get_num_iterations() const { return m_num_iterations; }

protected:
    SubGraphOp() : MultiSubGraphOp(1) {}
    explicit SubGraphOp(const OutputVector& args) : MultiSubGraphOp(args, 1) {}

    int64_t m_num_iterations = -1;
};

}  // namespace util
}  // namespace op
}  // namespace ov
