// SPDX-License-Identifier: Apache-2.0
// BatchToSpace and SpaceToBatch: one is the other's inverse, so they share the block arithmetic.
#include <algorithm>
#include <cstring>

#include "openvino/op/batch_to_space.hpp"
#include "openvino/op/space_to_batch.hpp"
#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace {

const char* const b2s_names[] = {"data", "block_shape", "crops_begin", "crops_end"};
const char* const s2b_names[] = {"data", "block_shape", "pads_begin", "pads_end"};

void check_batch_space_inputs(const Node& node, const char* const names[4]) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(node.get_input_size() == 4, name, ": expects 4 inputs (", names[0], ", ", names[1], ", ", names[2],
                    ", ", names[3], "), got ", node.get_input_size());
    const auto& data = node.get_input_partial_shape(0);
    OPENVINO_ASSERT(!data.rank_is_static() || data.size() >= 2, name, ": data must have rank 2 or more, got ", data);
    for (size_t i = 1; i < 4; ++i) {
        devmux::ref::check_integral_input(node, i, names[i]);
        devmux::ref::check_vector_input(node, i, names[i]);
    }
}

// Checks block_shape and the two per-axis amounts (crops or pads) against the rank.
void check_values(const Node& node, const char* const names[4], size_t rank, const std::vector<int64_t>& block,
                  const std::vector<int64_t>& begin, const std::vector<int64_t>& end) {
    const auto name = devmux::ref::describe(node);
    const std::vector<int64_t>* values[] = {&block, &begin, &end};
    for (size_t i = 0; i < 3; ++i)
        OPENVINO_ASSERT(values[i]->size() == rank, name, ": ", names[i + 1], " has ", values[i]->size(),
                        " entries but the data has rank ", rank);
    for (size_t i = 0; i < rank; ++i) {
        OPENVINO_ASSERT(block[i] >= 1, name, ": block_shape entry ", i, " is ", block[i], "; it must be positive");
        OPENVINO_ASSERT(begin[i] >= 0 && end[i] >= 0, name, ": ", names[2], " and ", names[3], " must be non-negative, got ",
                        begin[i], " and ", end[i], " for axis ", i);
    }
    OPENVINO_ASSERT(block[0] == 1, name, ": block_shape[0] (the batch axis) must be 1, got ", block[0]);
}

int64_t block_product(const std::vector<int64_t>& block) {
    int64_t p = 1;
    for (auto b : block)
        p *= b;
    return p;
}

// Output extents of BatchToSpace (to_space) or SpaceToBatch; -1 where the input extent is unknown.
std::vector<int64_t> output_extents(const Node& node, bool to_space, const std::vector<int64_t>& in,
                                    const std::vector<int64_t>& block, const std::vector<int64_t>& begin,
                                    const std::vector<int64_t>& end) {
    const auto name = devmux::ref::describe(node);
    const int64_t blocks = block_product(block);
    std::vector<int64_t> out(in.size(), -1);
    for (size_t i = 0; i < in.size(); ++i) {
        if (in[i] < 0)
            continue;
        if (to_space) {
            int64_t uncropped = in[i] * block[i];
            if (i == 0) {
                OPENVINO_ASSERT(in[0] % blocks == 0, name, ": batch ", in[0],
                                " is not divisible by the product of block_shape (", blocks, ")");
                uncropped = in[0] / blocks;
            }
            out[i] = uncropped - begin[i] - end[i];
            OPENVINO_ASSERT(out[i] >= 0, name, ": crops ", begin[i], " and ", end[i], " of axis ", i,
                            " exceed its extent ", uncropped);
        } else {
            const int64_t padded = in[i] + begin[i] + end[i];
            if (i == 0) {
                out[0] = padded * blocks;
                continue;
            }
            OPENVINO_ASSERT(padded % block[i] == 0, name, ": padded extent ", padded, " of axis ", i,
                            " is not divisible by block_shape[", i, "] = ", block[i]);
            out[i] = padded / block[i];
        }
    }
    return out;
}

void infer(Node& node, const char* const names[4], bool to_space) {
    check_batch_space_inputs(node, names);
    const auto& type = node.get_input_element_type(0);
    const auto& data = node.get_input_partial_shape(0);
    if (!data.rank_is_static()) {
        node.set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const auto block = devmux::ref::known_i64(node, 1);
    const auto begin = devmux::ref::known_i64(node, 2);
    const auto end = devmux::ref::known_i64(node, 3);
    if (!block || !begin || !end) {
        node.set_output_type(0, type, devmux::ref::dynamic_of_rank(data.size()));
        return;
    }
    check_values(node, names, data.size(), *block, *begin, *end);
    std::vector<int64_t> in(data.size());
    for (size_t i = 0; i < data.size(); ++i)
        in[i] = data[i].is_static() ? data[i].get_length() : -1;
    const auto out = output_extents(node, to_space, in, *block, *begin, *end);
    std::vector<Dimension> dims(out.size());
    for (size_t i = 0; i < out.size(); ++i)
        dims[i] = out[i] < 0 ? Dimension::dynamic() : Dimension(out[i]);
    node.set_output_type(0, type, PartialShape(dims));
}

void evaluate_blocks(const Node& node, const char* const names[4], bool to_space, TensorVector& outputs,
                     const TensorVector& inputs) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(inputs.size() == 4, name, ": evaluate() expects 4 inputs, got ", inputs.size());
    const Shape& in_shape = inputs[0].get_shape();
    const size_t rank = in_shape.size();
    OPENVINO_ASSERT(rank >= 2, name, ": data must have rank 2 or more, got ", in_shape);
    const auto block = devmux::ref::tensor_to_i64(inputs[1]);
    const auto begin = devmux::ref::tensor_to_i64(inputs[2]);
    const auto end = devmux::ref::tensor_to_i64(inputs[3]);
    check_values(node, names, rank, block, begin, end);
    const auto out_extents =
        output_extents(node, to_space, std::vector<int64_t>(in_shape.begin(), in_shape.end()), block, begin, end);
    const Shape out_shape(out_extents.begin(), out_extents.end());
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    const auto in_strides = row_major_strides(in_shape);
    const size_t elem = type.size();
    const void* src = inputs[0].data();
    auto* dst = static_cast<char*>(out.data());
    std::vector<int64_t> digits(rank, 0);
    if (to_space) {
        // Output (y0, y1, ...): uncropped position p = y + crops_begin; p_i = x_i * block_i + b_i, and the
        // input batch is (b_1, ..., b_{r-1}) row-major times the output batch, plus p_0.
        const int64_t batch = static_cast<int64_t>(in_shape[0]) / block_product(block);
        devmux::ref::for_each_coordinate(out_shape, [&](size_t flat, const std::vector<size_t>& coord) {
            int64_t block_index = 0;
            size_t from = 0;
            for (size_t i = 1; i < rank; ++i) {
                const int64_t p = static_cast<int64_t>(coord[i]) + begin[i];
                block_index = block_index * block[i] + p % block[i];
                from += static_cast<size_t>(p / block[i]) * in_strides[i];
            }
            const int64_t n = block_index * batch + static_cast<int64_t>(coord[0]) + begin[0];
            from += static_cast<size_t>(n) * in_strides[0];
            devmux::ref::copy_element(dst, flat, src, from, elem);
        });
    } else {
        // Output (ob, x1, ...): ob = (b_1, ..., b_{r-1}) row-major times the padded batch, plus n'; the padded
        // position is x_i * block_i + b_i; positions in the padding read 0.
        const int64_t padded_batch = static_cast<int64_t>(in_shape[0]) + begin[0] + end[0];
        devmux::ref::for_each_coordinate(out_shape, [&](size_t flat, const std::vector<size_t>& coord) {
            const int64_t ob = static_cast<int64_t>(coord[0]);
            int64_t rest = ob / padded_batch;
            for (size_t i = rank; i-- > 1;) {
                digits[i] = rest % block[i];
                rest /= block[i];
            }
            bool inside = true;
            size_t from = 0;
            const int64_t n = ob % padded_batch - begin[0];
            inside = n >= 0 && n < static_cast<int64_t>(in_shape[0]);
            from += static_cast<size_t>(std::max<int64_t>(n, 0)) * in_strides[0];
            for (size_t i = 1; i < rank && inside; ++i) {
                const int64_t p = static_cast<int64_t>(coord[i]) * block[i] + digits[i] - begin[i];
                inside = p >= 0 && p < static_cast<int64_t>(in_shape[i]);
                from += static_cast<size_t>(std::max<int64_t>(p, 0)) * in_strides[i];
            }
            if (inside)
                devmux::ref::copy_element(dst, flat, src, from, elem);
            else
                std::memset(dst + flat * elem, 0, elem);
        });
    }
}

}  // namespace

namespace v1 {

BatchToSpace::BatchToSpace(const Output<Node>& data, const Output<Node>& block_shape, const Output<Node>& crops_begin,
                           const Output<Node>& crops_end)
    : Op({data, block_shape, crops_begin, crops_end}) {
    constructor_validate_and_infer_types();
}

bool BatchToSpace::visit_attributes(AttributeVisitor&) { return true; }

void BatchToSpace::validate_and_infer_types() { infer(*this, b2s_names, true); }

std::shared_ptr<Node> BatchToSpace::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 4, devmux::ref::describe(*this), ": expects 4 inputs, got ", new_args.size());
    return std::make_shared<BatchToSpace>(new_args[0], new_args[1], new_args[2], new_args[3]);
}

bool BatchToSpace::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    evaluate_blocks(*this, b2s_names, true, outputs, inputs);
    return true;
}

SpaceToBatch::SpaceToBatch(const Output<Node>& data, const Output<Node>& block_shape, const Output<Node>& pads_begin,
                           const Output<Node>& pads_end)
    : Op({data, block_shape, pads_begin, pads_end}) {
    constructor_validate_and_infer_types();
}

bool SpaceToBatch::visit_attributes(AttributeVisitor&) { return true; }

void SpaceToBatch::validate_and_infer_types() { infer(*this, s2b_names, false); }

std::shared_ptr<Node> SpaceToBatch::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 4, devmux::ref::describe(*this), ": expects 4 inputs, got ", new_args.size());
    return std::make_shared<SpaceToBatch>(new_args[0], new_args[1], new_args[2], new_args[3]);
}

bool SpaceToBatch::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    evaluate_blocks(*this, s2b_names, false, outputs, inputs);
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov
