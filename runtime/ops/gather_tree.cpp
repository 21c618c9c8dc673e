// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/gather_tree.hpp"

#include <algorithm>
#include <vector>

#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v1 {

GatherTree::GatherTree(const Output<Node>& step_ids, const Output<Node>& parent_idx, const Output<Node>& max_seq_len,
                       const Output<Node>& end_token)
    : Op({step_ids, parent_idx, max_seq_len, end_token}) {
    constructor_validate_and_infer_types();
}

bool GatherTree::visit_attributes(AttributeVisitor&) { return true; }

void GatherTree::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 4,
                      "expects 4 inputs (step_ids, parent_idx, max_seq_len, end_token), got ", get_input_size());
    element::Type type = element::dynamic;
    const char* names[] = {"step_ids", "parent_idx", "max_seq_len", "end_token"};
    for (size_t i = 0; i < 4; ++i) {
        const auto& t = get_input_element_type(i);
        DEVMUX_NODE_CHECK(*this, t.is_dynamic() || type.is_dynamic() || t == type, names[i], " has element type ", t,
                          "; every input must have the same type (", type, ")");
        if (type.is_dynamic())
            type = t;
    }
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type != element::boolean, "inputs must be numeric, got boolean");
    PartialShape steps = get_input_partial_shape(0);
    const auto& parents = get_input_partial_shape(1);
    const auto& lengths = get_input_partial_shape(2);
    const auto& end = get_input_partial_shape(3);
    DEVMUX_NODE_CHECK(*this, !steps.rank_is_static() || steps.size() == 3, "step_ids must have rank 3, got ", steps);
    DEVMUX_NODE_CHECK(*this, !parents.rank_is_static() || parents.size() == 3, "parent_idx must have rank 3, got ",
                      parents);
    DEVMUX_NODE_CHECK(*this, !lengths.rank_is_static() || lengths.size() == 1, "max_seq_len must have rank 1, got ",
                      lengths);
    DEVMUX_NODE_CHECK(*this, !end.rank_is_static() || end.size() == 0, "end_token must be a scalar, got ", end);
    if (!steps.rank_is_static())
        steps = parents;
    if (steps.rank_is_static() && parents.rank_is_static()) {
        std::vector<Dimension> dims(3);
        for (size_t i = 0; i < 3; ++i)
            DEVMUX_NODE_CHECK(*this, Dimension::merge(dims[i], steps[i], parents[i]), "step_ids ", steps,
                              " and parent_idx ", parents, " must have the same shape");
        steps = PartialShape(dims);
    }
    if (steps.rank_is_static() && lengths.rank_is_static()) {
        Dimension batch;
        DEVMUX_NODE_CHECK(*this, Dimension::merge(batch, steps[1], lengths[0]), "max_seq_len ", lengths,
                          " must have the batch size of step_ids ", steps);
    }
    set_output_type(0, type, steps);
}

std::shared_ptr<Node> GatherTree::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 4, "clone expects 4 inputs, got ", new_args.size());
    return std::make_shared<GatherTree>(new_args[0], new_args[1], new_args[2], new_args[3]);
}

bool GatherTree::has_evaluate() const {
    if (get_input_size() != 4)
        return false;
    const auto& type = get_input_element_type(0);
    return type.is_static() && type != element::boolean && type != element::u64;
}

bool GatherTree::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 4);
    const Shape& shape = inputs[0].get_shape();
    DEVMUX_NODE_CHECK(*this, shape.size() == 3 && inputs[1].get_shape() == shape, "step_ids ", shape,
                      " and parent_idx ", inputs[1].get_shape(), " must have the same rank-3 shape");
    DEVMUX_NODE_CHECK(*this, inputs[2].get_shape() == Shape{shape[1]}, "max_seq_len ", inputs[2].get_shape(),
                      " must be [", shape[1], "]");
    DEVMUX_NODE_CHECK(*this, inputs[3].get_size() == 1, "end_token must be a scalar");
    const auto type = inputs[0].get_element_type();
    DEVMUX_NODE_CHECK(*this, type != element::boolean && type != element::u64, "element type ", type,
                      " is not evaluated");
    const size_t max_time = shape[0], batch = shape[1], beams = shape[2];
    // Ids, parents and lengths are whole numbers held in T; double holds every evaluated value exactly
    // enough for ids (int64 beyond 2^53 aside).
    devmux::ref::InputBuffer<double> steps(inputs[0]);
    devmux::ref::InputBuffer<double> parents(inputs[1]);
    devmux::ref::InputBuffer<double> lengths(inputs[2]);
    devmux::ref::InputBuffer<double> end_token(inputs[3]);
    const double end = end_token.data()[0];
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, shape);
    devmux::ref::OutputBuffer<double> o(out);
    double* result = o.data();
    auto at = [&](size_t t, size_t b, size_t beam) { return (t * batch + b) * beams + beam; };
    for (size_t b = 0; b < batch; ++b) {
        const double length = lengths.data()[b];
        const size_t len = length <= 0 ? 0 : std::min(max_time, static_cast<size_t>(length));
        for (size_t beam = 0; beam < beams; ++beam) {
            for (size_t t = len; t < max_time; ++t)
                result[at(t, b, beam)] = end;
            // Walk back from the last step, following the parent of each step.
            double parent = static_cast<double>(beam);
            for (size_t t = len; t-- > 0;) {
                DEVMUX_NODE_CHECK(*this, parent >= 0 && parent < static_cast<double>(beams), "parent index ", parent,
                                  " at step ", t + 1, " of batch ", b, " is out of range [0, ", beams, ")");
                const auto p = static_cast<size_t>(parent);
                result[at(t, b, beam)] = steps.data()[at(t, b, p)];
                parent = parents.data()[at(t, b, p)];
            }
            // After the first end token, everything is the end token.
            bool finished = false;
            for (size_t t = 0; t < len; ++t) {
                if (finished)
                    result[at(t, b, beam)] = end;
                else if (result[at(t, b, beam)] == end)
                    finished = true;
            }
        }
    }
    o.commit();
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov
