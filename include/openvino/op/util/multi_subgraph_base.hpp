// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "openvino/core/model.hpp"
#include "openvino/op/op.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"

namespace ov {
namespace op {
namespace util {

class BodyPlanCache;

/// @brief Base class of ops that run bodies (sub-models): TensorIterator, Loop and If.
///
/// Each body is an ov::Model. Input descriptions say which op input feeds which body Parameter (whole, sliced
/// along an axis, or merged with a body value of the previous iteration); output descriptions say which body
/// Result gives which op output (its value at one iteration, or the concatenation of its values).
class MultiSubGraphOp : public Op {
public:
    OPENVINO_OP("MultiSubGraphOp", "util", Op);

    /// @brief How one op input reaches a body Parameter.
    class InputDescription {
    protected:
        InputDescription(uint64_t input_index, uint64_t body_parameter_index);
        InputDescription() = default;

    public:
        using Ptr = std::shared_ptr<InputDescription>;
        using type_info_t = DiscreteTypeInfo;
        virtual ~InputDescription() = default;
        virtual std::shared_ptr<InputDescription> copy() const = 0;
        virtual const type_info_t& get_type_info() const = 0;

        uint64_t m_input_index{0};
        uint64_t m_body_parameter_index{0};
    };

    /// @brief The op input is cut along m_axis into parts of m_part_size, one per iteration, from m_start to
    /// m_end (negative positions count from the end, -1 being the dimension's size) in steps of m_stride.
    class SliceInputDescription : public InputDescription {
    public:
        OPENVINO_RTTI("SliceInputDescription");
        SliceInputDescription(uint64_t input_index, uint64_t body_parameter_index, int64_t start, int64_t stride,
                              int64_t part_size, int64_t end, int64_t axis);
        SliceInputDescription() = default;
        std::shared_ptr<InputDescription> copy() const override;

        int64_t m_start{0};
        int64_t m_stride{0};
        int64_t m_part_size{0};
        int64_t m_end{0};
        int64_t m_axis{0};
    };

    /// @brief The op input feeds the first iteration; later iterations get body value m_body_value_index of the
    /// iteration before.
    class MergedInputDescription : public InputDescription {
    public:
        OPENVINO_RTTI("MergedInputDescription");
        MergedInputDescription(uint64_t input_index, uint64_t body_parameter_index, uint64_t body_value_index);
        MergedInputDescription() = default;
        std::shared_ptr<InputDescription> copy() const override;

        uint64_t m_body_value_index{0};
    };

    /// @brief The op input feeds every iteration unchanged.
    class InvariantInputDescription : public InputDescription {
    public:
        OPENVINO_RTTI("InvariantInputDescription");
        InvariantInputDescription(uint64_t input_index, uint64_t body_parameter_index);
        InvariantInputDescription() = default;
        std::shared_ptr<InputDescription> copy() const override;
    };

    /// @brief How a body Result reaches one op output.
    class OutputDescription {
    protected:
        OutputDescription(uint64_t body_value_index, uint64_t output_index);
        OutputDescription() = default;

    public:
        using Ptr = std::shared_ptr<OutputDescription>;
        using type_info_t = DiscreteTypeInfo;
        virtual ~OutputDescription() = default;
        virtual std::shared_ptr<OutputDescription> copy() const = 0;
        virtual const type_info_t& get_type_info() const = 0;

        uint64_t m_body_value_index{0};
        uint64_t m_output_index{0};
    };

    /// @brief The output concatenates the body value of every iteration along m_axis (positions as for
    /// SliceInputDescription).
    class ConcatOutputDescription : public OutputDescription {
    public:
        OPENVINO_RTTI("ConcatOutputDescription");
        ConcatOutputDescription(uint64_t body_value_index, uint64_t output_index, int64_t start, int64_t stride,
                                int64_t part_size, int64_t end, int64_t axis);
        ConcatOutputDescription() = default;
        std::shared_ptr<OutputDescription> copy() const override;

        int64_t m_start{0};
        int64_t m_stride{0};
        int64_t m_part_size{0};
        int64_t m_end{0};
        int64_t m_axis{0};
    };

    /// @brief The output is the body value of iteration m_iteration (-1: the last).
    class BodyOutputDescription : public OutputDescription {
    public:
        OPENVINO_RTTI("BodyOutputDescription");
        BodyOutputDescription(uint64_t body_value_index, uint64_t output_index, int64_t iteration = -1);
        BodyOutputDescription() = default;
        std::shared_ptr<OutputDescription> copy() const override;

        int64_t m_iteration{-1};
    };

    using MultiSubgraphInputDescriptionVector = std::vector<InputDescription::Ptr>;
    using MultiSubgraphOutputDescriptionVector = std::vector<OutputDescription::Ptr>;

    /// @brief Body index.
    virtual const std::shared_ptr<Model>& get_function(size_t index) const { return m_bodies.at(index); }
    virtual void set_function(int index, const std::shared_ptr<Model>& func) { m_bodies.at(index) = func; }
    const MultiSubgraphInputDescriptionVector& get_input_descriptions(int index) const {
        return m_input_descriptions.at(index);
    }
    MultiSubgraphInputDescriptionVector& get_input_descriptions(int index) { return m_input_descriptions.at(index); }
    const MultiSubgraphOutputDescriptionVector& get_output_descriptions(int index) const {
        return m_output_descriptions.at(index);
    }
    MultiSubgraphOutputDescriptionVector& get_output_descriptions(int index) { return m_output_descriptions.at(index); }
    void set_input_descriptions(int index, const MultiSubgraphInputDescriptionVector& inputs) {
        m_input_descriptions.at(index) = inputs;
    }
    void set_output_descriptions(int index, const MultiSubgraphOutputDescriptionVector& outputs) {
        m_output_descriptions.at(index) = outputs;
    }
    /// @brief Feeds value, unchanged, to one Parameter of each body (null for a body that does not read it).
    virtual void set_invariant_inputs(const Output<Node>& value, const ParameterVector& bodies_parameters);
    /// @brief Adds an op output given by one Result of each body.
    virtual Output<Node> set_body_outputs(const ResultVector& bodies_results);

    size_t get_internal_subgraphs_size() const { return m_bodies.size(); }
    size_t get_input_descriptions_size() const { return m_input_descriptions.size(); }
    size_t get_output_descriptions_size() const { return m_output_descriptions.size(); }

    bool visit_attributes(AttributeVisitor& visitor) override;

protected:
    explicit MultiSubGraphOp(size_t number_of_bodies);
    MultiSubGraphOp(const OutputVector& args, size_t number_of_bodies);
    MultiSubGraphOp();

    /// Adds an input to the op (or finds the one that already takes value); returns its index.
    uint64_t input_for_value(const Output<Node>& value);
    /// Copies the bodies (deep) and descriptions of other into this op.
    void copy_bodies_from(const MultiSubGraphOp& other);

    std::vector<std::shared_ptr<Model>> m_bodies;
    std::vector<MultiSubgraphInputDescriptionVector> m_input_descriptions;
    std::vector<MultiSubgraphOutputDescriptionVector> m_output_descriptions;

private:
    friend class BodyPlanCache;
    // The plans evaluate() runs the bodies by, made as it meets their input shapes (runtime/ops/control_flow.cpp):
    // they go with the op. Synchronised inside, as evaluate() runs from several threads at once.
    std::shared_ptr<BodyPlanCache> m_body_plans;
};

using MultiSubgraphInputDescriptionVector = MultiSubGraphOp::MultiSubgraphInputDescriptionVector;
using MultiSubgraphOutputDescriptionVector = MultiSubGraphOp::MultiSubgraphOutputDescriptionVector;

}  // namespace util
}  // namespace op
}  // namespace ov
