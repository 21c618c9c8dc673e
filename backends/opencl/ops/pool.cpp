// SPDX-License-Identifier: Apache-2.0
// MaxPool and AvgPool on 2-d NCHW data: ops/pool.cl.
#include "pool.h"
#include "cl_kernel.hpp"
#include "openvino/op/avg_pool.hpp"
#include "openvino/op/max_pool.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(PoolParams) == 18 * 4, "PoolParams: 32-bit fields, laid out as in OpenCL C");

class PoolKernel final : public ClKernel {
public:
    PoolKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "pool_f32") {
        const auto& in = node.get_input_shape(0);
        const auto& out = node.get_output_shape(0);
        ov::Shape kernel;
        ov::Strides strides, dilations{1, 1};
        ov::op::PadType auto_pad;
        std::vector<int> pads;
        if (auto max1 = ov::as_type<const ov::op::v1::MaxPool>(&node)) {
            kernel = max1->get_kernel(), strides = max1->get_strides(), auto_pad = max1->get_auto_pad();
            pads = to_ints(max1->get_pads_begin());
        } else if (auto max8 = ov::as_type<const ov::op::v8::MaxPool>(&node)) {
            kernel = max8->get_kernel(), strides = max8->get_strides(), auto_pad = max8->get_auto_pad();
            dilations = max8->get_dilations();
            pads = to_ints(max8->get_pads_begin());
        } else if (auto max14 = ov::as_type<const ov::op::v14::MaxPool>(&node)) {
            kernel = max14->get_kernel(), strides = max14->get_strides(), auto_pad = max14->get_auto_pad();
            dilations = max14->get_dilations();
            pads = to_ints(max14->get_pads_begin());
        } else {
            auto avg = ov::as_type<const ov::op::util::AvgPoolBase>(&node);
            OPENVINO_ASSERT(avg, "OPENCL: not a pooling op: ", node.get_type_name());
            kernel = avg->get_kernel(), strides = avg->get_strides(), auto_pad = avg->get_auto_pad();
            pads = to_ints(avg->get_pads_begin());
            m_mode = avg->get_exclude_pad() ? 1 : 2;
        }
        std::vector<int> end;
        pads = begin_pads(in, out, kernel, strides, dilations, auto_pad, pads, &end);
        if (m_mode == 2 && auto_pad == ov::op::PadType::EXPLICIT) {
            // The divisor counts the explicit end padding as given, not what the rounding left over.
            auto avg = ov::as_type<const ov::op::util::AvgPoolBase>(&node);
            end = to_ints(avg->get_pads_end());
        }
        m_geometry = {{static_cast<int>(in[2]), static_cast<int>(in[3]), static_cast<int>(out[2]),
                       static_cast<int>(out[3]), static_cast<int>(kernel[0]), static_cast<int>(kernel[1]),
                       static_cast<int>(strides[0]), static_cast<int>(strides[1])}};
        m_pads = {{pads[0], pads[1], end[0], end[1], static_cast<int>(dilations[0]), static_cast<int>(dilations[1]), 0,
                   0}};
        m_count = static_cast<int>(ov::shape_size(out));
        if (m_mode == 0 && dilations[0] == 1 && dilations[1] == 1)
            m_row8_items = static_cast<int>(out[0] * out[1] * out[2]) * ((m_geometry.s[3] + 7) / 8);
    }

private:
    void setup(Binding& b) const override {
        if (m_row8_items) {
            b.launch("max_pool2d_row8", m_row8_items) << b.in(0) << b.out(0) << params(m_row8_items);
            return;
        }
        b.launch("pool2d", m_count) << b.in(0) << b.out(0) << params(m_count);
    }
    PoolParams params(int count) const {
        PoolParams params{};
        params.count = count;
        params.mode = m_mode;
        copy_int8(m_geometry, params.geometry);
        copy_int8(m_pads, params.pads);
        return params;
    }
    cl_int8 m_geometry, m_pads;
    int m_mode = 0, m_count = 0;
    int m_row8_items = 0;  // work-items of max_pool2d_row8 (8 outputs each), 0 where pool2d runs instead
};

}  // namespace

OpenclKernelEntry max_pool_entry() {
    return {{"MaxPool"}, "", {}, all_of(f32_data, spatial2d, fits_int, [](const ov::Node& n) {
                return n.get_output_size() > 1 && !n.get_output_target_inputs(1).empty()
                           ? std::string("has its indices output read; OPENCL computes only the values")
                           : std::string();
            }),
            make_kernel<PoolKernel>()};
}

OpenclKernelEntry avg_pool_entry() {
    return {{"AvgPool"}, "", {ov::element::f32}, all_of(spatial2d, fits_int, [](const ov::Node& n) {
                // ceil_torch only drops a last window from the output shape, but the divisor of an average
                // over such a window is not what pool2d computes for ceil: leave it to the CPU.
                const auto* avg = ov::as_type<const ov::op::util::AvgPoolBase>(&n);
                return avg && avg->get_rounding_type() == ov::op::RoundingType::CEIL_TORCH
                           ? std::string("has rounding_type ceil_torch; OPENCL runs AvgPool with floor or ceil")
                           : std::string();
            }),
            make_kernel<PoolKernel>()};
}

}  // namespace opencl
}  // namespace devmux
