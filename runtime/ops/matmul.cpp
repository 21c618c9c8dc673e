// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/matmul.hpp"

#include <algorithm>

#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/matmul.hpp"
#include "ops/reference/planned_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v0 {
namespace {

element::Type merge_matmul_types(const Node& op, const element::Type& a, const element::Type& b) {
    element::Type merged;
    DEVMUX_NODE_CHECK(op, element::Type::merge(merged, a, b), "element types of A (", a, ") and B (", b,
                      ") do not match");
    DEVMUX_NODE_CHECK(op, merged.is_dynamic() || merged != element::boolean, "element type must be numeric, got boolean");
    return merged;
}

template <typename C>
void run_matmul(const Tensor& a, const Tensor& b, Tensor& out, bool transpose_a, bool transpose_b) {
    // Vectors become matrices (row for A, column for B); transposition applies to matrices only. The
    // shapes are read in place: this runs on every inference of the reference path.
    const Shape& sa = a.get_shape();
    const Shape& sb = b.get_shape();
    const bool vector_a = sa.size() == 1, vector_b = sb.size() == 1;
    transpose_a = transpose_a && !vector_a;
    transpose_b = transpose_b && !vector_b;
    const size_t a_rows = vector_a ? 1 : sa[sa.size() - 2], a_cols = sa.back();
    const size_t b_rows = vector_b ? sb[0] : sb[sb.size() - 2], b_cols = vector_b ? 1 : sb.back();
    devmux::ref::MatMulGeometry g;
    g.M = transpose_a ? a_cols : a_rows;
    g.K = transpose_a ? a_rows : a_cols;
    g.N = transpose_b ? b_rows : b_cols;
    // Stored A is [a_rows, a_cols]: A(m, k) is at m * a_cols + k, or at k * a_cols + m when transposed.
    g.a_m_stride = transpose_a ? 1 : a_cols;
    g.a_k_stride = transpose_a ? a_cols : 1;
    g.b_k_stride = transpose_b ? 1 : b_cols;
    g.b_n_stride = transpose_b ? b_cols : 1;

    // Empty (no allocation) for matrices; a vector has no batch axes either.
    const Shape batch_a(sa.begin(), sa.end() - std::min<size_t>(2, sa.size()));
    const Shape batch_b(sb.begin(), sb.end() - std::min<size_t>(2, sb.size()));
    Shape batch;
    devmux::ref::numpy_broadcast_shape(batch_a, batch_b, batch);  // checked by shape inference already

    devmux::ref::InputBuffer<C> in_a(a);
    devmux::ref::InputBuffer<C> in_b(b);
    devmux::ref::OutputBuffer<C> o(out);
    devmux::ref::matmul(in_a.data(), in_b.data(), o.data(), batch_a, batch_b, batch, a_rows * a_cols,
                        b_rows * b_cols, g);
    o.commit();
}

}  // namespace

MatMul::MatMul(const Output<Node>& A, const Output<Node>& B, const bool& transpose_a, const bool& transpose_b)
    : Op({A, B}), m_transpose_a(transpose_a), m_transpose_b(transpose_b) {
    constructor_validate_and_infer_types();
}

bool MatMul::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("transpose_a", m_transpose_a);
    visitor.on_attribute("transpose_b", m_transpose_b);
    return true;
}

void MatMul::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (A, B), got ", get_input_size());
    const auto type = merge_matmul_types(*this, get_input_element_type(0), get_input_element_type(1));
    set_output_type(0, type,
                    devmux::ops::infer_matmul_shape(*this, get_input_partial_shape(0), get_input_partial_shape(1),
                                                    m_transpose_a, m_transpose_b));
}

std::shared_ptr<Node> MatMul::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<MatMul>(new_args[0], new_args[1], m_transpose_a, m_transpose_b);
}

bool MatMul::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 2);
    const Tensor& a = inputs[0];
    const Tensor& b = inputs[1];
    const auto type = merge_matmul_types(*this, a.get_element_type(), b.get_element_type());
    if (!type.is_static() || type == element::u64)
        return false;
    const Shape* planned = devmux::ref::planned_output_shape(*this, outputs, inputs);
    const Shape out_shape = planned ? Shape{}
                                    : devmux::ops::infer_matmul_shape(*this, PartialShape(a.get_shape()),
                                                                      PartialShape(b.get_shape()), m_transpose_a,
                                                                      m_transpose_b)
                                          .to_shape();
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, planned ? *planned : out_shape);
    if (type == element::f64)
        run_matmul<double>(a, b, out, m_transpose_a, m_transpose_b);
    else if (type.is_real())
        run_matmul<float>(a, b, out, m_transpose_a, m_transpose_b);
    else
        run_matmul<int64_t>(a, b, out, m_transpose_a, m_transpose_b);
    return true;
}

bool MatMul::has_evaluate() const {
    if (get_input_size() != 2)
        return false;
    const auto& type = get_input_element_type(0);
    return type.is_static() && type != element::boolean && type != element::u64;
}

}  // namespace v0
}  // namespace op
}  // namespace ov

