// SPDX-License-Identifier: Apache-2.0
// EmbeddingBagOffsetsSum-3, EmbeddingBagPackedSum-3 and EmbeddingSegmentsSum-3: each output row is the
// (optionally weighted) sum of a bag of rows of the embedding table; they differ only in how the bags are
// described. One kernel sums the bags.
#include <vector>

#include "openvino/op/embedding_segments_sum.hpp"
#include "openvino/op/embeddingbag_offsets_sum.hpp"
#include "openvino/op/embeddingbag_packedsum.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

// One element of a bag: a row of the table and the position of its weight in per_sample_weights.
struct BagItem {
    int64_t row;
    size_t weight_at;
};
using Bags = std::vector<std::vector<BagItem>>;

void check_index_input(const Node& op, size_t i, const char* what, size_t rank) {
    devmux::ref::check_integral_input(op, i, what);
    const auto& shape = op.get_input_partial_shape(i);
    DEVMUX_NODE_CHECK(op, !shape.rank_is_static() || shape.size() == rank, what, " must have rank ", rank, ", got ",
                      shape);
}

void check_weights_input(const Node& op, size_t i, const PartialShape& like) {
    const auto& table_type = op.get_input_element_type(0);
    const auto& type = op.get_input_element_type(i);
    DEVMUX_NODE_CHECK(op, type.is_dynamic() || table_type.is_dynamic() || type == table_type,
                      "per_sample_weights element type ", type, " differs from the emb_table element type ", table_type);
    DEVMUX_NODE_CHECK(op, op.get_input_partial_shape(i).compatible(like), "per_sample_weights ",
                      op.get_input_partial_shape(i), " must have the shape of indices ", like);
}

// [rows] + emb_table.shape[1:], or a dynamic rank when the table's rank is unknown.
PartialShape bag_output_shape(const Node& op, const Dimension& rows) {
    const auto& table = op.get_input_partial_shape(0);
    DEVMUX_NODE_CHECK(op, !table.rank_is_static() || table.size() >= 1, "emb_table must have rank 1 or more, got ",
                      table);
    if (!table.rank_is_static())
        return PartialShape::dynamic();
    std::vector<Dimension> dims{rows};
    dims.insert(dims.end(), table.begin() + 1, table.end());
    return PartialShape(dims);
}

bool embedding_has_evaluate(const Node& op) {
    if (op.get_input_size() < 2)
        return false;
    const auto& type = op.get_input_element_type(0);
    return type.is_static() && type != element::boolean && type != element::u64;
}

template <typename C>
void sum_bags(const Tensor& table, const Bags& bags, const Tensor* weights, int64_t default_row, Tensor& out) {
    const Shape& shape = table.get_shape();
    const size_t row_size = devmux::ref::product(shape, 1, shape.size());
    devmux::ref::InputBuffer<C> rows(table);
    std::vector<C> weight_values;
    if (weights) {
        devmux::ref::InputBuffer<C> w(*weights);
        weight_values.assign(w.data(), w.data() + weights->get_size());
    }
    devmux::ref::OutputBuffer<C> o(out);
    for (size_t b = 0; b < bags.size(); ++b) {
        C* target = o.data() + b * row_size;
        for (size_t k = 0; k < row_size; ++k)
            target[k] = C(0);
        if (bags[b].empty()) {
            if (default_row >= 0)
                for (size_t k = 0; k < row_size; ++k)
                    target[k] = rows.data()[static_cast<size_t>(default_row) * row_size + k];
            continue;
        }
        for (const auto& item : bags[b]) {
            const C* row = rows.data() + static_cast<size_t>(item.row) * row_size;
            const C weight = weights ? weight_values[item.weight_at] : C(1);
            for (size_t k = 0; k < row_size; ++k)
                target[k] = devmux::ref::wrap_add(target[k], devmux::ref::wrap_mul(row[k], weight));
        }
    }
    o.commit();
}

// Checks the rows and default row against the table, then sums the bags into outputs[0].
bool evaluate_bags(const Node& op, TensorVector& outputs, const Tensor& table, const Bags& bags, const Tensor* weights,
                   int64_t default_row) {
    const auto type = table.get_element_type();
    DEVMUX_NODE_CHECK(op, type != element::boolean && type != element::u64, "emb_table element type ", type,
                      " is not evaluated");
    const Shape& shape = table.get_shape();
    DEVMUX_NODE_CHECK(op, !shape.empty(), "emb_table must have rank 1 or more, got a scalar");
    const auto num_rows = static_cast<int64_t>(shape[0]);
    for (const auto& bag : bags)
        for (const auto& item : bag)
            DEVMUX_NODE_CHECK(op, item.row >= 0 && item.row < num_rows, "index ", item.row, " is out of range [0, ",
                              num_rows, ") of emb_table rows");
    DEVMUX_NODE_CHECK(op, default_row < num_rows, "default_index ", default_row, " is out of range [0, ", num_rows,
                      ") of emb_table rows");
    if (weights)
        DEVMUX_NODE_CHECK(op, weights->get_element_type() == type, "per_sample_weights element type ",
                          weights->get_element_type(), " differs from the emb_table element type ", type);
    Shape out_shape{bags.size()};
    out_shape.insert(out_shape.end(), shape.begin() + 1, shape.end());
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    if (type.is_real())
        sum_bags<double>(table, bags, weights, default_row, out);
    else
        sum_bags<int64_t>(table, bags, weights, default_row, out);
    return true;
}

int64_t integer_scalar_input(const Node& op, const Tensor& t, const char* what) {
    DEVMUX_NODE_CHECK(op, t.get_element_type().is_integral_number(), what, " must be an integer tensor, got ",
                      t.get_element_type());
    const auto values = devmux::ref::tensor_to_i64(t);
    DEVMUX_NODE_CHECK(op, values.size() == 1, what, " must be a scalar, got ", values.size(), " values");
    return values[0];
}

std::vector<int64_t> integer_values(const Node& op, const Tensor& t, const char* what) {
    DEVMUX_NODE_CHECK(op, t.get_element_type().is_integral_number(), what, " must be an integer tensor, got ",
                      t.get_element_type());
    return devmux::ref::tensor_to_i64(t);
}

}  // namespace

// ------------------------------------------------------------------------------------- EmbeddingBagOffsetsSum
namespace util {

EmbeddingBagOffsetsBase::EmbeddingBagOffsetsBase(const Output<Node>& emb_table, const Output<Node>& indices,
                                                 const Output<Node>& offsets, const Output<Node>& default_index,
                                                 const Output<Node>& per_sample_weights)
    : Op({emb_table, indices, offsets, default_index, per_sample_weights}) {}

EmbeddingBagOffsetsBase::EmbeddingBagOffsetsBase(const Output<Node>& emb_table, const Output<Node>& indices,
                                                 const Output<Node>& offsets, const Output<Node>& default_index)
    : Op({emb_table, indices, offsets, default_index}) {}

EmbeddingBagOffsetsBase::EmbeddingBagOffsetsBase(const Output<Node>& emb_table, const Output<Node>& indices,
                                                 const Output<Node>& offsets)
    : Op({emb_table, indices, offsets}) {}

void EmbeddingBagOffsetsBase::validate_and_infer_types() {
    const size_t n = get_input_size();
    DEVMUX_NODE_CHECK(*this, n >= 3 && n <= 5,
                      "expects 3 to 5 inputs (emb_table, indices, offsets[, default_index[, per_sample_weights]]), got ",
                      n);
    check_index_input(*this, INDICES, "indices", 1);
    check_index_input(*this, OFFSETS, "offsets", 1);
    if (n > DEFAULT_INDEX)
        check_index_input(*this, DEFAULT_INDEX, "default_index", 0);
    if (n > PER_SAMPLE_WEIGHTS)
        check_weights_input(*this, PER_SAMPLE_WEIGHTS, get_input_partial_shape(INDICES));
    const auto& offsets = get_input_partial_shape(OFFSETS);
    set_output_type(0, get_input_element_type(EMB_TABLE),
                    bag_output_shape(*this, offsets.rank_is_static() ? offsets[0] : Dimension::dynamic()));
}

bool EmbeddingBagOffsetsBase::has_evaluate() const { return embedding_has_evaluate(*this); }

bool EmbeddingBagOffsetsBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() >= 3 && inputs.size() <= 5, "evaluate() needs 3 to 5 input tensors, got ",
                      inputs.size());
    devmux::ref::check_evaluate_args(*this, inputs, inputs.size());
    const auto indices = integer_values(*this, inputs[INDICES], "indices");
    const auto offsets = integer_values(*this, inputs[OFFSETS], "offsets");
    const int64_t default_row =
        inputs.size() > DEFAULT_INDEX ? integer_scalar_input(*this, inputs[DEFAULT_INDEX], "default_index") : -1;
    const Tensor* weights = inputs.size() > PER_SAMPLE_WEIGHTS ? &inputs[PER_SAMPLE_WEIGHTS] : nullptr;
    if (weights)
        DEVMUX_NODE_CHECK(*this, weights->get_size() == indices.size(), "per_sample_weights has ", weights->get_size(),
                          " values for ", indices.size(), " indices");
    Bags bags(offsets.size());
    for (size_t b = 0; b < offsets.size(); ++b) {
        const int64_t begin = offsets[b];
        const int64_t end = b + 1 < offsets.size() ? offsets[b + 1] : static_cast<int64_t>(indices.size());
        DEVMUX_NODE_CHECK(*this, begin >= 0 && begin <= end && end <= static_cast<int64_t>(indices.size()),
                          "offsets must be ascending within [0, ", indices.size(), "], got ", begin, " then ", end,
                          " for bag ", b);
        for (int64_t i = begin; i < end; ++i)
            bags[b].push_back({indices[static_cast<size_t>(i)], static_cast<size_t>(i)});
    }
    return evaluate_bags(*this, outputs, inputs[EMB_TABLE], bags, weights, default_row);
}

}  // namespace util

namespace v3 {

EmbeddingBagOffsetsSum::EmbeddingBagOffsetsSum(const Output<Node>& emb_table, const Output<Node>& indices,
                                               const Output<Node>& offsets, const Output<Node>& default_index,
                                               const Output<Node>& per_sample_weights)
    : EmbeddingBagOffsetsBase(emb_table, indices, offsets, default_index, per_sample_weights) {
    constructor_validate_and_infer_types();
}

EmbeddingBagOffsetsSum::EmbeddingBagOffsetsSum(const Output<Node>& emb_table, const Output<Node>& indices,
                                               const Output<Node>& offsets, const Output<Node>& default_index)
    : EmbeddingBagOffsetsBase(emb_table, indices, offsets, default_index) {
    constructor_validate_and_infer_types();
}

EmbeddingBagOffsetsSum::EmbeddingBagOffsetsSum(const Output<Node>& emb_table, const Output<Node>& indices,
                                               const Output<Node>& offsets)
    : EmbeddingBagOffsetsBase(emb_table, indices, offsets) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> EmbeddingBagOffsetsSum::clone_with_new_inputs(const OutputVector& a) const {
    switch (a.size()) {
    case 3: return std::make_shared<EmbeddingBagOffsetsSum>(a[0], a[1], a[2]);
    case 4: return std::make_shared<EmbeddingBagOffsetsSum>(a[0], a[1], a[2], a[3]);
    case 5: return std::make_shared<EmbeddingBagOffsetsSum>(a[0], a[1], a[2], a[3], a[4]);
    default: OPENVINO_THROW(devmux::ref::describe(*this), ": clone expects 3 to 5 inputs, got ", a.size());
    }
}

}  // namespace v3

// -------------------------------------------------------------------------------------- EmbeddingBagPackedSum
namespace util {

EmbeddingBagPackedBase::EmbeddingBagPackedBase(const Output<Node>& emb_table, const Output<Node>& indices,
                                               const Output<Node>& per_sample_weights)
    : Op({emb_table, indices, per_sample_weights}) {}

EmbeddingBagPackedBase::EmbeddingBagPackedBase(const Output<Node>& emb_table, const Output<Node>& indices)
    : Op({emb_table, indices}) {}

void EmbeddingBagPackedBase::validate_and_infer_types() {
    const size_t n = get_input_size();
    DEVMUX_NODE_CHECK(*this, n == 2 || n == 3, "expects 2 or 3 inputs (emb_table, indices[, per_sample_weights]), got ",
                      n);
    check_index_input(*this, INDICES, "indices", 2);
    if (n > PER_SAMPLE_WEIGHTS)
        check_weights_input(*this, PER_SAMPLE_WEIGHTS, get_input_partial_shape(INDICES));
    const auto& indices = get_input_partial_shape(INDICES);
    set_output_type(0, get_input_element_type(EMB_TABLE),
                    bag_output_shape(*this, indices.rank_is_static() ? indices[0] : Dimension::dynamic()));
}

bool EmbeddingBagPackedBase::has_evaluate() const { return embedding_has_evaluate(*this); }

bool EmbeddingBagPackedBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2 || inputs.size() == 3, "evaluate() needs 2 or 3 input tensors, got ",
                      inputs.size());
    devmux::ref::check_evaluate_args(*this, inputs, inputs.size());
    const Shape& indices_shape = inputs[INDICES].get_shape();
    DEVMUX_NODE_CHECK(*this, indices_shape.size() == 2, "indices must have rank 2, got ", indices_shape);
    const auto indices = integer_values(*this, inputs[INDICES], "indices");
    const Tensor* weights = inputs.size() > PER_SAMPLE_WEIGHTS ? &inputs[PER_SAMPLE_WEIGHTS] : nullptr;
    if (weights)
        DEVMUX_NODE_CHECK(*this, weights->get_shape() == indices_shape, "per_sample_weights ", weights->get_shape(),
                          " must have the shape of indices ", indices_shape);
    Bags bags(indices_shape[0]);
    for (size_t b = 0; b < indices_shape[0]; ++b)
        for (size_t j = 0; j < indices_shape[1]; ++j)
            bags[b].push_back({indices[b * indices_shape[1] + j], b * indices_shape[1] + j});
    return evaluate_bags(*this, outputs, inputs[EMB_TABLE], bags, weights, -1);
}

}  // namespace util

namespace v3 {

EmbeddingBagPackedSum::EmbeddingBagPackedSum(const Output<Node>& emb_table, const Output<Node>& indices,
                                             const Output<Node>& per_sample_weights)
    : EmbeddingBagPackedBase(emb_table, indices, per_sample_weights) {
    constructor_validate_and_infer_types();
}

EmbeddingBagPackedSum::EmbeddingBagPackedSum(const Output<Node>& emb_table, const Output<Node>& indices)
    : EmbeddingBagPackedBase(emb_table, indices) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> EmbeddingBagPackedSum::clone_with_new_inputs(const OutputVector& a) const {
    switch (a.size()) {
    case 2: return std::make_shared<EmbeddingBagPackedSum>(a[0], a[1]);
    case 3: return std::make_shared<EmbeddingBagPackedSum>(a[0], a[1], a[2]);
    default: OPENVINO_THROW(devmux::ref::describe(*this), ": clone expects 2 or 3 inputs, got ", a.size());
    }
}

// --------------------------------------------------------------------------------------- EmbeddingSegmentsSum

EmbeddingSegmentsSum::EmbeddingSegmentsSum(const Output<Node>& emb_table, const Output<Node>& indices,
                                           const Output<Node>& segment_ids, const Output<Node>& num_segments,
                                           const Output<Node>& default_index, const Output<Node>& per_sample_weights)
    : Op({emb_table, indices, segment_ids, num_segments, default_index, per_sample_weights}) {
    constructor_validate_and_infer_types();
}

EmbeddingSegmentsSum::EmbeddingSegmentsSum(const Output<Node>& emb_table, const Output<Node>& indices,
                                           const Output<Node>& segment_ids, const Output<Node>& num_segments,
                                           const Output<Node>& default_index)
    : Op({emb_table, indices, segment_ids, num_segments, default_index}) {
    constructor_validate_and_infer_types();
}

EmbeddingSegmentsSum::EmbeddingSegmentsSum(const Output<Node>& emb_table, const Output<Node>& indices,
                                           const Output<Node>& segment_ids, const Output<Node>& num_segments)
    : Op({emb_table, indices, segment_ids, num_segments}) {
    constructor_validate_and_infer_types();
}

void EmbeddingSegmentsSum::validate_and_infer_types() {
    const size_t n = get_input_size();
    DEVMUX_NODE_CHECK(*this, n >= 4 && n <= 6,
                      "expects 4 to 6 inputs (emb_table, indices, segment_ids, num_segments[, default_index[, "
                      "per_sample_weights]]), got ",
                      n);
    check_index_input(*this, INDICES, "indices", 1);
    check_index_input(*this, SEGMENT_IDS, "segment_ids", 1);
    check_index_input(*this, NUM_SEGMENTS, "num_segments", 0);
    DEVMUX_NODE_CHECK(*this, get_input_partial_shape(SEGMENT_IDS).compatible(get_input_partial_shape(INDICES)),
                      "segment_ids ", get_input_partial_shape(SEGMENT_IDS), " must have the shape of indices ",
                      get_input_partial_shape(INDICES));
    if (n > DEFAULT_INDEX)
        check_index_input(*this, DEFAULT_INDEX, "default_index", 0);
    if (n > PER_SAMPLE_WEIGHTS)
        check_weights_input(*this, PER_SAMPLE_WEIGHTS, get_input_partial_shape(INDICES));
    Dimension rows = Dimension::dynamic();
    if (const auto known = devmux::ref::constant_input(*this, NUM_SEGMENTS)) {
        const auto values = known->cast_vector<int64_t>();
        DEVMUX_NODE_CHECK(*this, values.size() == 1 && values[0] >= 0, "num_segments must be one non-negative value");
        rows = Dimension(values[0]);
    }
    set_output_type(0, get_input_element_type(EMB_TABLE), bag_output_shape(*this, rows));
}

std::shared_ptr<Node> EmbeddingSegmentsSum::clone_with_new_inputs(const OutputVector& a) const {
    switch (a.size()) {
    case 4: return std::make_shared<EmbeddingSegmentsSum>(a[0], a[1], a[2], a[3]);
    case 5: return std::make_shared<EmbeddingSegmentsSum>(a[0], a[1], a[2], a[3], a[4]);
    case 6: return std::make_shared<EmbeddingSegmentsSum>(a[0], a[1], a[2], a[3], a[4], a[5]);
    default: OPENVINO_THROW(devmux::ref::describe(*this), ": clone expects 4 to 6 inputs, got ", a.size());
    }
}

bool EmbeddingSegmentsSum::has_evaluate() const { return embedding_has_evaluate(*this); }

bool EmbeddingSegmentsSum::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() >= 4 && inputs.size() <= 6, "evaluate() needs 4 to 6 input tensors, got ",
                      inputs.size());
    devmux::ref::check_evaluate_args(*this, inputs, inputs.size());
    const auto indices = integer_values(*this, inputs[INDICES], "indices");
    const auto segments = integer_values(*this, inputs[SEGMENT_IDS], "segment_ids");
    DEVMUX_NODE_CHECK(*this, segments.size() == indices.size(), "segment_ids has ", segments.size(), " values for ",
                      indices.size(), " indices");
    const int64_t num_segments = integer_scalar_input(*this, inputs[NUM_SEGMENTS], "num_segments");
    DEVMUX_NODE_CHECK(*this, num_segments >= 0, "num_segments must not be negative, got ", num_segments);
    const int64_t default_row =
        inputs.size() > DEFAULT_INDEX ? integer_scalar_input(*this, inputs[DEFAULT_INDEX], "default_index") : -1;
    const Tensor* weights = inputs.size() > PER_SAMPLE_WEIGHTS ? &inputs[PER_SAMPLE_WEIGHTS] : nullptr;
    if (weights)
        DEVMUX_NODE_CHECK(*this, weights->get_size() == indices.size(), "per_sample_weights has ", weights->get_size(),
                          " values for ", indices.size(), " indices");
    Bags bags(static_cast<size_t>(num_segments));
    for (size_t i = 0; i < indices.size(); ++i) {
        DEVMUX_NODE_CHECK(*this, segments[i] >= 0 && segments[i] < num_segments, "segment id ", segments[i],
                          " is out of range [0, ", num_segments, ")");
        bags[static_cast<size_t>(segments[i])].push_back({indices[i], i});
    }
    return evaluate_bags(*this, outputs, inputs[EMB_TABLE], bags, weights, default_row);
}

}  // namespace v3
}  // namespace op
}  // namespace ov
