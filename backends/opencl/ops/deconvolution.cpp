// SPDX-License-Identifier: Apache-2.0
// ConvolutionBackpropData-1 and GroupConvolutionBackpropData-1 on 2-d NCHW data, f32, constant filters: strides,
// dilations, explicit and automatic paddings, output_padding and a constant output_shape (all of which the op's
// shape inference turns into the paddings in effect and the output size the kernel reads).
#include "cl_kernel.hpp"
#include "deconvolution.h"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(DeconvolutionParams) == 18 * 4, "DeconvolutionParams: 32-bit fields, laid out as in OpenCL C");

constexpr size_t block = DEVMUX_DECONVOLUTION_BLOCK;

const ov::op::util::ConvolutionBackPropBase* backprop(const ov::Node& node) {
    return dynamic_cast<const ov::op::util::ConvolutionBackPropBase*>(&node);
}

std::string check_deconvolution(const ov::Node& node) {
    const auto* op = backprop(node);
    if (!op)
        return "is not a transposed convolution OPENCL knows";
    const bool grouped = ov::is_type<ov::op::v1::GroupConvolutionBackpropData>(&node);
    const auto& data = node.get_input_partial_shape(0);
    if (!data.is_static() || data.size() != 4)
        return "runs 2-d (NCHW) data of static shape only; data is " + data.to_string();
    if (!is_constant(node, 1))
        return "needs a constant filter";
    const auto& filter = node.get_input_shape(1);
    if (filter.size() != (grouped ? 5u : 4u))
        return "has a filter of shape " + ov::PartialShape(filter).to_string() + "; OPENCL runs 2-d filters";
    if (node.get_input_size() > 2 && !is_constant(node, 2))
        return "needs a constant output_shape input";
    if (op->get_pads_begin().size() != 2)
        return "has paddings unknown at compile time";
    for (const auto pad : op->get_pads_begin())
        if (pad < 0)
            return "has a negative pads_begin, which the OPENCL kernel does not run";
    return {};
}

class DeconvolutionKernel final : public ClKernel {
public:
    DeconvolutionKernel(const KernelArgs& base, const ov::Node& node) : ClKernel(base, "deconvolution_f32") {
        const auto* op = backprop(node);
        const bool grouped = ov::is_type<ov::op::v1::GroupConvolutionBackpropData>(&node);
        const auto& in = node.get_input_shape(0);
        const auto& out = node.get_output_shape(0);
        ov::Shape filter = node.get_input_shape(1);
        if (!grouped)
            filter.insert(filter.begin(), 1);  // [groups, in_channels, out_channels, kh, kw]
        const size_t groups = filter[0], ic = filter[1], oc = filter[2], kh = filter[3], kw = filter[4];
        const size_t blocks = (oc + block - 1) / block;
        auto constant_filter = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1));
        const float* source = constant_filter->get_data_ptr<float>();
        // [groups][blocks][kh][kw][in_channels][block], from [groups][in_channels][out_channels][kh][kw].
        std::vector<float> packed(groups * blocks * kh * kw * ic * block, 0.0f);
        for (size_t g = 0; g < groups; ++g)
            for (size_t c = 0; c < ic; ++c)
                for (size_t o = 0; o < oc; ++o)
                    for (size_t t = 0; t < kh * kw; ++t)
                        packed[(((g * blocks + o / block) * kh * kw + t) * ic + c) * block + o % block] =
                            source[((g * ic + c) * oc + o) * kh * kw + t];
        m_filter = m_device->allocate(packed.size() * sizeof(float),
                                      "the packed filter of '" + node.get_friendly_name() + "' of model '" +
                                          m_constants->model + "'",
                                      packed.data());
        const auto& strides = op->get_strides();
        const auto& dilations = op->get_dilations();
        const auto& pads = op->get_pads_begin();
        m_params.phase_columns = static_cast<int>((out[3] + strides[1] - 1) / strides[1]);
        m_params.count = static_cast<int>(in[0] * groups * blocks * out[2] * strides[1]) * m_params.phase_columns;
        m_params.in_channels = static_cast<int>(ic);
        m_params.in_h = static_cast<int>(in[2]);
        m_params.in_w = static_cast<int>(in[3]);
        m_params.out_channels = static_cast<int>(oc);
        m_params.out_h = static_cast<int>(out[2]);
        m_params.out_w = static_cast<int>(out[3]);
        m_params.blocks = static_cast<int>(blocks);
        m_params.groups = static_cast<int>(groups);
        m_params.kernel_h = static_cast<int>(kh);
        m_params.kernel_w = static_cast<int>(kw);
        m_params.stride_h = static_cast<int>(strides[0]);
        m_params.stride_w = static_cast<int>(strides[1]);
        m_params.dilation_h = static_cast<int>(dilations[0]);
        m_params.dilation_w = static_cast<int>(dilations[1]);
        m_params.pad_h = static_cast<int>(pads[0]);
        m_params.pad_w = static_cast<int>(pads[1]);
    }

private:
    void setup(Binding& b) const override {
        b.launch("deconvolution_2d", static_cast<size_t>(m_params.count)) << b.in(0) << m_filter.get() << b.out(0)
                                                                          << m_params;
    }
    Mem m_filter;
    DeconvolutionParams m_params{};
};

}  // namespace

OpenclKernelEntry deconvolution_entry() {
    return {{"ConvolutionBackpropData", "GroupConvolutionBackpropData"},
            "",
            {},
            all_of(f32_data, fits_int, check_deconvolution),
            make_kernel<DeconvolutionKernel>()};
}

}  // namespace opencl
}  // namespace devmux
