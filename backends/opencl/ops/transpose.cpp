// SPDX-License-Identifier: Apache-2.0
// Transpose by a constant order, on 32-bit words: ops/transpose.cl.
#include "transpose.h"
#include "cl_kernel.hpp"
#include "openvino/op/constant.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(TransposeParams) == 17 * 4, "TransposeParams: 32-bit fields, laid out as in OpenCL C");

class TransposeKernel final : public ClKernel {
public:
    TransposeKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "transpose") {
        const auto& in = node.get_input_shape(0);
        const auto& out = node.get_output_shape(0);
        auto order = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1))->cast_vector<int64_t>();
        if (order.empty())
            for (size_t d = 0; d < in.size(); ++d)
                order.push_back(static_cast<int64_t>(in.size() - 1 - d));
        std::vector<int> in_strides(in.size(), 1);
        for (size_t d = in.size(); d-- > 1;)
            in_strides[d - 1] = in_strides[d] * static_cast<int>(in[d]);
        m_out = dims8(out);
        for (int d = 0; d < 8; ++d)
            m_strides.s[d] = 0;
        for (size_t d = 0; d < out.size(); ++d)
            m_strides.s[8 - out.size() + d] = in_strides[static_cast<size_t>(order[d])];
        m_count = static_cast<int>(ov::shape_size(out));
    }

private:
    void setup(Binding& b) const override {
        TransposeParams params{};
        params.count = m_count;
        copy_int8(m_out, params.out_dims);
        copy_int8(m_strides, params.in_strides);
        b.launch("transpose", m_count) << b.in(0) << b.out(0) << params;
    }
    cl_int8 m_out, m_strides;
    int m_count;
};

}  // namespace

OpenclKernelEntry transpose_entry() {
    return {{"Transpose"},
            "",
            {},
            all_of(words, rank8, fits_int, [](const ov::Node& n) { return needs_constant(n, 1, "order"); }),
            make_kernel<TransposeKernel>()};
}

}  // namespace opencl
}  // namespace devmux
