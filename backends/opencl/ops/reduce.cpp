// SPDX-License-Identifier: Apache-2.0
// ReduceSum, ReduceMean, ReduceMax, ReduceMin and ReduceProd over constant axes: ops/reduce.cl.
#include <map>

#include "reduce.h"
#include "cl_kernel.hpp"
#include "openvino/op/constant.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(ReduceParams) == 19 * 4, "ReduceParams: 32-bit fields, laid out as in OpenCL C");

class ReduceKernel final : public ClKernel {
public:
    ReduceKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "reduce_f32") {
        static const std::map<std::string, int> codes = {
            {"ReduceSum", 0}, {"ReduceMean", 1}, {"ReduceMax", 2}, {"ReduceMin", 3}, {"ReduceProd", 4}};
        m_op = codes.at(node.get_type_name());
        const auto& in = node.get_input_shape(0);
        m_dims = dims8(in);
        for (int d = 0; d < 8; ++d)
            m_reduced.s[d] = 0;
        auto axes = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1))->cast_vector<int64_t>();
        for (auto axis : axes) {
            if (axis < 0)
                axis += static_cast<int64_t>(in.size());
            m_reduced.s[8 - in.size() + static_cast<size_t>(axis)] = 1;
        }
        m_count = static_cast<int>(ov::shape_size(node.get_output_shape(0)));
        // Reduced axes that are exactly the innermost ones: each output reduces one contiguous row.
        size_t first_reduced = 8;
        while (first_reduced > 0 && m_reduced.s[first_reduced - 1])
            --first_reduced;
        bool suffix = first_reduced < 8;
        for (size_t d = 0; d < first_reduced; ++d)
            suffix = suffix && !m_reduced.s[d];
        if (suffix)
            m_row_length = static_cast<int>(ov::shape_size(in) / std::max<size_t>(1, static_cast<size_t>(m_count)));
    }

private:
    void setup(Binding& b) const override {
        ReduceParams params{};
        params.count = m_count;
        params.op = m_op;
        params.row_length = m_row_length;
        copy_int8(m_dims, params.dims);
        copy_int8(m_reduced, params.reduced);
        b.launch(m_row_length ? "reduce_rows" : "reduce", m_count) << b.in(0) << b.out(0) << params;
    }
    cl_int8 m_dims, m_reduced;
    int m_op, m_count;
    int m_row_length = 0;  // elements per output where the reduced axes are the innermost ones, else 0
};

}  // namespace

OpenclKernelEntry reduce_entry() {
    return {{"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd"},
            "",
            {},
            all_of(f32_data, rank8, fits_int, [](const ov::Node& n) { return needs_constant(n, 1, "axes input"); }),
            make_kernel<ReduceKernel>()};
}

}  // namespace opencl
}  // namespace devmux
