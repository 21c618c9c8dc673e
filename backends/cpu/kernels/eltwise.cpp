// SPDX-License-Identifier: Apache-2.0
// f32 binary arithmetic (Add, Subtract, Multiply, Divide, Maximum, Minimum) for the broadcasts models
// use: equal shapes, and one operand varying along one contiguous run of axes of the other (a scalar,
// a per-channel bias [1,C,1,1], a row vector...). Other broadcasts stay with the reference.
#include <algorithm>

#include "kernels/kernel.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/maximum.hpp"
#include "openvino/op/minimum.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/subtract.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

enum class BinaryOp { add, subtract, multiply, divide, maximum, minimum };

// The output seen as [outer, mid, inner]: the full operand is dense over it, the other one is indexed by
// mid only (mid == 1 for a scalar; everything is mid for equal shapes).
struct BinaryGeometry {
    size_t outer = 1, mid = 1, inner = 1;
    bool small_is_first = false;  // which operand is the broadcast one
};

template <typename Op>
void run_rows(const float* full, const float* small, float* out, const BinaryGeometry& g, bool small_first,
              size_t row_begin, size_t row_end, Op op) {
    for (size_t row = row_begin; row < row_end; ++row) {
        const float s = small[row % g.mid];
        const float* f = full + row * g.inner;
        float* o = out + row * g.inner;
        if (small_first)
            for (size_t i = 0; i < g.inner; ++i)
                o[i] = op(s, f[i]);
        else
            for (size_t i = 0; i < g.inner; ++i)
                o[i] = op(f[i], s);
    }
}

// inner == 1: for each outer index the broadcast operand is one contiguous vector of mid values (a bias over the
// last axis, an attention mask [1,1,S,S] added to scores [1,H,S,S]), so the loop over mid vectorises.
template <typename Op>
void run_vectors(const float* full, const float* small, float* out, const BinaryGeometry& g, bool small_first,
                 size_t outer_begin, size_t outer_end, Op op) {
    for (size_t outer = outer_begin; outer < outer_end; ++outer) {
        const float* f = full + outer * g.mid;
        float* o = out + outer * g.mid;
        if (small_first)
            for (size_t m = 0; m < g.mid; ++m)
                o[m] = op(small[m], f[m]);
        else
            for (size_t m = 0; m < g.mid; ++m)
                o[m] = op(f[m], small[m]);
    }
}

template <typename Op>
void run_equal(const float* a, const float* b, float* out, size_t begin, size_t end, Op op) {
    for (size_t i = begin; i < end; ++i)
        out[i] = op(a[i], b[i]);
}

class BinaryKernel final : public Kernel {
public:
    BinaryKernel(BinaryOp op, const BinaryGeometry& g, bool equal_shapes)
        : m_op(op), m_g(g), m_equal(equal_shapes) {}

    std::string name() const override { return m_equal ? "eltwise_f32" : "eltwise_broadcast_f32"; }
    // The dense operand is read element by element just before the same output element is written.
    int in_place_input() const override { return m_equal || !m_g.small_is_first ? 0 : 1; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        switch (m_op) {
        case BinaryOp::add: return dispatch(inputs, outputs, ctx, [](float x, float y) { return x + y; });
        case BinaryOp::subtract: return dispatch(inputs, outputs, ctx, [](float x, float y) { return x - y; });
        case BinaryOp::multiply: return dispatch(inputs, outputs, ctx, [](float x, float y) { return x * y; });
        case BinaryOp::divide: return dispatch(inputs, outputs, ctx, [](float x, float y) { return x / y; });
        case BinaryOp::maximum: return dispatch(inputs, outputs, ctx, [](float x, float y) { return x < y ? y : x; });
        case BinaryOp::minimum: return dispatch(inputs, outputs, ctx, [](float x, float y) { return y < x ? y : x; });
        }
    }

private:
    template <typename Op>
    void dispatch(const ov::TensorVector& inputs, ov::TensorVector& outputs, ExecContext& ctx, Op op) const {
        const float* a = static_cast<const float*>(inputs[0].data());
        const float* b = static_cast<const float*>(inputs[1].data());
        float* out = static_cast<float*>(outputs[0].data());
        const size_t total = m_g.outer * m_g.mid * m_g.inner;
        // Memory-bound: split only when there is enough to share out.
        constexpr size_t min_split = 1u << 16;
        if (m_equal) {
            for_row_ranges(ctx.pool, total, total, [&](size_t begin, size_t end) { run_equal(a, b, out, begin, end, op); },
                           min_split);
            return;
        }
        const float* full = m_g.small_is_first ? b : a;
        const float* small = m_g.small_is_first ? a : b;
        if (m_g.mid == 1) {
            // One number for every element: shared out by elements, since as one row it would run on one thread.
            for_row_ranges(
                ctx.pool, total, total,
                [&](size_t begin, size_t end) {
                    BinaryGeometry piece;
                    piece.inner = end - begin;
                    run_rows(full + begin, small, out + begin, piece, m_g.small_is_first, 0, 1, op);
                },
                min_split);
            return;
        }
        if (m_g.inner == 1 && m_g.mid > 1) {
            for_row_ranges(
                ctx.pool, m_g.outer, total,
                [&](size_t begin, size_t end) { run_vectors(full, small, out, m_g, m_g.small_is_first, begin, end, op); },
                min_split);
            return;
        }
        for_row_ranges(
            ctx.pool, m_g.outer * m_g.mid, total,
            [&](size_t begin, size_t end) { run_rows(full, small, out, m_g, m_g.small_is_first, begin, end, op); },
            min_split);
    }

    BinaryOp m_op;
    BinaryGeometry m_g;
    bool m_equal;
};

// Whether `small` (aligned to the output's rank) is the output restricted to one contiguous run of axes,
// and the [outer, mid, inner] view that makes it so.
bool broadcast_geometry(const ov::Shape& out, const ov::Shape& small_shape, BinaryGeometry& g) {
    if (small_shape.size() > out.size())
        return false;
    ov::Shape small(out.size() - small_shape.size(), 1);
    small.insert(small.end(), small_shape.begin(), small_shape.end());
    size_t first = out.size(), last = 0;  // the run [first, last) of axes where small is not 1
    for (size_t d = 0; d < out.size(); ++d) {
        if (small[d] == 1 && out[d] != 1)
            continue;
        if (small[d] != out[d])
            return false;
        if (small[d] != 1) {
            first = std::min(first, d);
            last = d + 1;
        }
    }
    if (first == out.size()) {  // a scalar
        first = 0;
        last = 0;
    }
    for (size_t d = first; d < last; ++d)
        if (small[d] != out[d])
            return false;  // a hole inside the run: not one contiguous block
    g.outer = ov::shape_size(ov::Shape(out.begin(), out.begin() + first));
    g.mid = ov::shape_size(ov::Shape(out.begin() + first, out.begin() + last));
    g.inner = ov::shape_size(ov::Shape(out.begin() + last, out.end()));
    return true;
}

struct BinarySpec {
    BinaryOp op;
    BinaryGeometry geometry;
    bool equal_shapes;
};

std::optional<BinarySpec> binary_spec(const ov::Node& node, std::string* why) {
    BinarySpec spec{};
    if (ov::is_type<ov::op::v1::Add>(&node))
        spec.op = BinaryOp::add;
    else if (ov::is_type<ov::op::v1::Subtract>(&node))
        spec.op = BinaryOp::subtract;
    else if (ov::is_type<ov::op::v1::Multiply>(&node))
        spec.op = BinaryOp::multiply;
    else if (ov::is_type<ov::op::v1::Divide>(&node))
        spec.op = BinaryOp::divide;
    else if (ov::is_type<ov::op::v1::Maximum>(&node))
        spec.op = BinaryOp::maximum;
    else if (ov::is_type<ov::op::v1::Minimum>(&node))
        spec.op = BinaryOp::minimum;
    else
        return refuse(why, "is not an Add, Subtract, Multiply, Divide, Maximum or Minimum of opset1");
    for (size_t i = 0; i < 2; ++i)
        if (node.get_input_element_type(i) != ov::element::f32 || node.get_input_partial_shape(i).is_dynamic())
            return refuse(why, "has an operand other than f32 or of dynamic shape");
    if (node.get_output_element_type(0) != ov::element::f32 || node.get_output_partial_shape(0).is_dynamic())
        return refuse(why, "has a result other than f32 or of dynamic shape");
    const auto* arith = ov::as_type<const ov::op::util::BinaryElementwiseArithmetic>(&node);
    const ov::Shape out = node.get_output_shape(0), a = node.get_input_shape(0), b = node.get_input_shape(1);
    if (a == out && b == out) {
        spec.geometry.inner = ov::shape_size(out);
        spec.equal_shapes = true;
        return spec;
    }
    // Broadcasting other than numpy (PDPD) keeps the reference.
    if (!arith || arith->get_autob().m_type != ov::op::AutoBroadcastType::NUMPY)
        return refuse(why, "broadcasts by a rule other than numpy");
    if (a == out && broadcast_geometry(out, b, spec.geometry)) {
        spec.geometry.small_is_first = false;
    } else if (b == out && broadcast_geometry(out, a, spec.geometry)) {
        spec.geometry.small_is_first = true;
    } else {
        return refuse(why, "broadcasts an operand other than over one contiguous run of the result's axes");
    }
    spec.equal_shapes = false;
    return spec;
}

}  // namespace

// With one number on the other side, every element is computed alike whatever order the elements lie in, so
// the kernel runs on the buffer as it lies (dense layouts only, no padding: the layout pass sees to that).
std::optional<size_t> eltwise_scalar_constant_data_input(const ov::Node& node) {
    if (node.get_input_size() != 2 || node.get_output_size() != 1 || !binary_spec(node, nullptr))
        return std::nullopt;
    for (size_t data = 0; data < 2; ++data) {
        const auto* other = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1 - data));
        if (other && ov::shape_size(other->get_shape()) == 1 && node.get_input_shape(data) == node.get_output_shape(0))
            return data;
    }
    return std::nullopt;
}

CpuKernelEntry eltwise_binary_entry() {
    return {{"Add", "Subtract", "Multiply", "Divide", "Maximum", "Minimum"}, "", {}, refusal_of(binary_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                const BinarySpec spec = *binary_spec(*node, nullptr);
                return std::make_shared<BinaryKernel>(spec.op, spec.geometry, spec.equal_shapes);
            }};
}

}  // namespace cpu
}  // namespace devmux
