// SPDX-License-Identifier: Apache-2.0
// FakeQuantize with numpy-broadcast ranges: ops/fake_quantize.cl.
#include "fake_quantize.h"
#include "cl_kernel.hpp"
#include "openvino/op/fake_quantize.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(FakeQuantizeParams) == 42 * 4, "FakeQuantizeParams: 32-bit fields, laid out as in OpenCL C");

class FakeQuantizeKernel final : public ClKernel {
public:
    FakeQuantizeKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "fake_quantize_f32") {
        const auto& out = node.get_output_shape(0);
        m_params.levels = static_cast<int>(ov::as_type<const ov::op::v0::FakeQuantize>(&node)->get_levels());
        for (size_t r = 0; r < 4; ++r) {
            copy_int8(broadcast_strides(node.get_input_shape(r + 1), out), m_params.strides[r]);
            if (is_constant(node, r + 1))
                constant(node, r + 1);
        }
        copy_int8(dims8(out), m_params.dims);
        m_params.count = static_cast<int>(ov::shape_size(out));
    }
    int in_place_input() const override { return 0; }

private:
    void setup(Binding& b) const override {
        b.launch("fake_quantize", m_params.count) << b.in(0) << b.in(1) << b.in(2) << b.in(3) << b.in(4) << b.out(0)
                                                  << m_params;
    }
    FakeQuantizeParams m_params{};
};

}  // namespace

OpenclKernelEntry fake_quantize_entry() {
    return {{"FakeQuantize"}, "", {ov::element::f32}, all_of(rank8, fits_int), make_kernel<FakeQuantizeKernel>()};
}

}  // namespace opencl
}  // namespace devmux
