// SPDX-License-Identifier: Apache-2.0
// Softmax (v1 and v8): ops/softmax.cl.
#include <algorithm>

#include "softmax.h"
#include "cl_kernel.hpp"
#include "openvino/op/softmax.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(SoftmaxParams) == 3 * 4, "SoftmaxParams: 32-bit fields, laid out as in OpenCL C");

class SoftmaxKernel final : public ClKernel {
public:
    SoftmaxKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "softmax_f32") {
        const auto& shape = node.get_input_shape(0);
        int64_t axis = 0;
        if (auto v1 = ov::as_type<const ov::op::v1::Softmax>(&node))
            axis = static_cast<int64_t>(v1->get_axis());
        else
            axis = ov::as_type<const ov::op::v8::Softmax>(&node)->get_axis();
        if (axis < 0)
            axis += static_cast<int64_t>(shape.size());
        m_length = static_cast<int>(shape[static_cast<size_t>(axis)]);
        m_inner = 1;
        for (size_t d = static_cast<size_t>(axis) + 1; d < shape.size(); ++d)
            m_inner *= static_cast<int>(shape[d]);
        m_count = static_cast<int>(ov::shape_size(shape)) / std::max(1, m_length);
    }

private:
    void setup(Binding& b) const override {
        b.launch("softmax", m_count) << b.in(0) << b.out(0) << SoftmaxParams{m_count, m_length, m_inner};
    }
    int m_length, m_inner, m_count;
};

}  // namespace

OpenclKernelEntry softmax_entry() {
    return {{"Softmax"}, "", {ov::element::f32}, fits_int, make_kernel<SoftmaxKernel>()};
}

}  // namespace opencl
}  // namespace devmux
