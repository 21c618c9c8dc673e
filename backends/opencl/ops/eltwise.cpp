// SPDX-License-Identifier: Apache-2.0
// Binary ops (numpy broadcasting) and unary ops: ops/eltwise.cl.
#include <map>

#include "cl_kernel.hpp"
#include "eltwise.h"
#include "openvino/op/clamp.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/elu.hpp"
#include "openvino/op/util/binary_elementwise_arithmetic.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(EltwiseBinaryParams) == 27 * 4, "EltwiseBinaryParams: 32-bit fields, laid out as in OpenCL C");
static_assert(sizeof(EltwiseUnaryParams) == 4 * 4, "EltwiseUnaryParams: 32-bit fields, laid out as in OpenCL C");

constexpr int prelu_code = 8;

int binary_code(const ov::Node& node) {
    static const std::map<std::string, int> codes = {{"Add", 0},     {"Subtract", 1},          {"Multiply", 2},
                                                     {"Divide", 3},  {"Maximum", 4},           {"Minimum", 5},
                                                     {"Power", 6},   {"SquaredDifference", 7}, {"PRelu", prelu_code}};
    return codes.at(node.get_type_name());
}

int unary_code(const ov::Node& node) {
    static const std::map<std::string, int> codes = {
        {"Relu", 0},  {"Sigmoid", 1}, {"Tanh", 2},    {"Exp", 3},   {"Sqrt", 4},  {"Abs", 5},     {"Negative", 6},
        {"Clamp", 7}, {"Floor", 8},   {"Ceiling", 9}, {"Log", 10},  {"Elu", 11},  {"Swish", 12},  {"HSwish", 13},
        {"HSigmoid", 14}};
    return codes.at(node.get_type_name());
}

class BinaryKernel final : public ClKernel {
public:
    BinaryKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "eltwise_f32"), m_out(node.get_output_shape(0)) {
        m_params.op = binary_code(node);
        m_params.count = static_cast<int>(ov::shape_size(m_out));
        m_a = node.get_input_shape(0);
        m_b = node.get_input_shape(1);
        // PRelu's 1-d slope of the channel count applies along axis 1.
        if (m_params.op == prelu_code && m_b.size() == 1 && m_a.size() >= 2 && m_b[0] == m_a[1] && m_b[0] != 1) {
            ov::Shape per_channel(m_a.size() - 1, 1);
            per_channel[0] = m_b[0];
            m_b = per_channel;
        }
        for (size_t i = 0; i < 2; ++i)
            if (is_constant(node, i))
                constant(node, i);
        collapse();
    }
    int in_place_input() const override {
        if (m_a == m_out)
            return 0;
        return m_b == m_out ? 1 : -1;
    }

private:
    void setup(Binding& b) const override {
        const bool same = m_a == m_out && m_b == m_out;
        b.launch(same ? "eltwise_binary_same" : "eltwise_binary", m_params.count)
            << b.in(0) << b.in(1) << b.out(0) << m_params;
    }
    // Merges neighbouring dimensions that both operands step through alike (contiguously, or both
    // broadcast), so the kernel decomposes the index over as few dimensions as possible.
    void collapse() {
        const cl_int8 out_dims = dims8(m_out), a = broadcast_strides(m_a, m_out), b = broadcast_strides(m_b, m_out);
        int dims[8], sa[8], sb[8], rank = 0;
        for (int d = 7; d >= 0; --d) {
            if (out_dims.s[d] == 1)
                continue;
            if (rank > 0) {
                const int inner = rank - 1;
                const bool a_joins = sa[inner] * dims[inner] == a.s[d] || (sa[inner] == 0 && a.s[d] == 0);
                const bool b_joins = sb[inner] * dims[inner] == b.s[d] || (sb[inner] == 0 && b.s[d] == 0);
                if (a_joins && b_joins) {
                    dims[inner] *= out_dims.s[d];
                    continue;
                }
            }
            dims[rank] = out_dims.s[d], sa[rank] = a.s[d], sb[rank] = b.s[d];
            ++rank;
        }
        m_params.rank = std::max(rank, 1);
        for (int d = 0; d < 8; ++d)
            m_params.dims[d] = 1, m_params.a_strides[d] = 0, m_params.b_strides[d] = 0;
        for (int k = 0; k < rank; ++k)
            m_params.dims[7 - k] = dims[k], m_params.a_strides[7 - k] = sa[k], m_params.b_strides[7 - k] = sb[k];
    }
    EltwiseBinaryParams m_params{};
    ov::Shape m_a, m_b, m_out;
};

class UnaryKernel final : public ClKernel {
public:
    UnaryKernel(const KernelArgs& base, const ov::Node& node) : ClKernel(base, "eltwise_f32") {
        m_params.op = unary_code(node);
        m_params.count = static_cast<int>(ov::shape_size(node.get_output_shape(0)));
        if (auto clamp = ov::as_type<const ov::op::v0::Clamp>(&node)) {
            m_params.p0 = static_cast<float>(clamp->get_min());
            m_params.p1 = static_cast<float>(clamp->get_max());
        }
        if (auto elu = ov::as_type<const ov::op::v0::Elu>(&node))
            m_params.p0 = static_cast<float>(elu->get_alpha());
    }
    int in_place_input() const override { return 0; }

private:
    void setup(Binding& b) const override {
        b.launch("eltwise_unary", m_params.count) << b.in(0) << b.out(0) << m_params;
    }
    EltwiseUnaryParams m_params{};
};

}  // namespace

OpenclKernelEntry eltwise_binary_entry() {
    // The kernels broadcast by numpy's rule (which also runs "none": equal shapes); PDPD aligns the second
    // input at an axis instead.
    const auto numpy_rule = [](const ov::Node& n) {
        const auto* binary = dynamic_cast<const ov::op::util::BinaryElementwiseArithmetic*>(&n);
        return binary && binary->get_autob().m_type == ov::op::AutoBroadcastType::PDPD
                   ? std::string("broadcasts by the pdpd rule, which OPENCL does not run")
                   : std::string();
    };
    return {{"Add", "Subtract", "Multiply", "Divide", "Maximum", "Minimum", "Power", "SquaredDifference", "PRelu"},
            "",
            {ov::element::f32},
            all_of(rank8, fits_int, numpy_rule),
            make_kernel<BinaryKernel>()};
}

OpenclKernelEntry eltwise_unary_entry() {
    return {{"Relu", "Sigmoid", "Tanh", "Exp", "Sqrt", "Abs", "Negative", "Clamp", "Floor", "Ceiling", "Log", "HSwish",
             "HSigmoid", "Elu"},
            "",
            {ov::element::f32},
            fits_int,
            make_kernel<UnaryKernel>()};
}

// The kernel's Swish is x * sigmoid(x): a beta input other than a constant 1 is refused.
OpenclKernelEntry swish_entry() {
    return {{"Swish"}, "", {ov::element::f32}, all_of(fits_int, [](const ov::Node& n) {
                if (n.get_input_size() < 2)
                    return std::string();
                const auto beta = ov::as_type_ptr<ov::op::v0::Constant>(n.get_input_node_shared_ptr(1));
                return beta && beta->cast_vector<float>() == std::vector<float>{1.0f}
                           ? std::string()
                           : std::string("has a beta other than a constant 1");
            }),
            make_kernel<UnaryKernel>()};
}

}  // namespace opencl
}  // namespace devmux
