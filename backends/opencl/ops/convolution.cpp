// SPDX-License-Identifier: Apache-2.0
// Convolution, GroupConvolution and the kit's FusedConvolution on 2-d NCHW data: ops/convolution.cl.
#include <algorithm>

#include "convolution.h"
#include "cl_kernel.hpp"
#include "devmux/kit/internal_ops.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(ConvolutionParams) == 27 * 4, "ConvolutionParams: 32-bit fields, laid out as in OpenCL C");

// Convolution, GroupConvolution and the kit's FusedConvolution (bias, activation, addend) on 2-d NCHW data.
class ConvolutionKernel final : public ClKernel {
public:
    ConvolutionKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "convolution_f32") {
        const auto& in = node.get_input_shape(0);
        const auto& w = node.get_input_shape(1);
        const auto& out = node.get_output_shape(0);
        m_weights = constant(node, 1);
        ov::Strides strides, dilations;
        ov::op::PadType auto_pad;
        std::vector<int> pads;
        size_t groups = 1;
        ov::Shape kernel{w[w.size() - 2], w[w.size() - 1]};
        if (auto conv = ov::as_type<const ov::op::v1::Convolution>(&node)) {
            strides = conv->get_strides(), dilations = conv->get_dilations(), auto_pad = conv->get_auto_pad();
            pads = to_ints(conv->get_pads_begin());
        } else if (auto group = ov::as_type<const ov::op::v1::GroupConvolution>(&node)) {
            strides = group->get_strides(), dilations = group->get_dilations(), auto_pad = group->get_auto_pad();
            pads = to_ints(group->get_pads_begin());
            groups = w[0];
        } else {
            auto fused = ov::as_type<const kit::FusedConvolution>(&node);
            OPENVINO_ASSERT(fused, "OPENCL: not a convolution: ", node.get_type_name());
            strides = fused->get_strides(), dilations = fused->get_dilations(), auto_pad = fused->get_auto_pad();
            pads = to_ints(fused->get_pads_begin());
            m_bias = constant(node, 2);
            m_has_bias = 1;
            switch (fused->get_activation()) {
            case kit::FusedActivation::Relu: m_act = 0; break;
            case kit::FusedActivation::Sigmoid: m_act = 1; break;
            case kit::FusedActivation::Tanh: m_act = 2; break;
            case kit::FusedActivation::Clamp:
                m_act = 7, m_p0 = static_cast<float>(fused->get_clamp_min()),
                m_p1 = static_cast<float>(fused->get_clamp_max());
                break;
            case kit::FusedActivation::PRelu:
                m_act = 15;
                m_slope = constant(node, fused->slope_input());
                m_slope_stride = ov::shape_size(node.get_input_shape(fused->slope_input())) == 1 ? 0 : 1;
                break;
            default: break;
            }
            if (fused->has_scale_shift()) {
                const auto per_channel = [&](size_t input) {
                    return ov::shape_size(node.get_input_shape(input)) == 1 ? 0 : 1;
                };
                m_scale = constant(node, fused->scale_input());
                m_shift = constant(node, fused->shift_input());
                m_scale_shift = {{1, per_channel(fused->scale_input()), per_channel(fused->shift_input()), 0}};
            }
            if (fused->has_addend())
                m_addend_input = static_cast<int>(fused->addend_input());
        }
        pads = begin_pads(in, out, kernel, strides, dilations, auto_pad, pads, nullptr);
        m_geometry = {{static_cast<int>(in[1]), static_cast<int>(in[2]), static_cast<int>(in[3]),
                       static_cast<int>(out[1]), static_cast<int>(out[2]), static_cast<int>(out[3]),
                       static_cast<int>(kernel[0]), static_cast<int>(kernel[1])}};
        m_conv = {{static_cast<int>(strides[0]), static_cast<int>(strides[1]), static_cast<int>(dilations[0]),
                   static_cast<int>(dilations[1]), pads[0], pads[1], static_cast<int>(groups), 0}};
        m_count = static_cast<int>(ov::shape_size(out));
        if (!m_bias)
            m_bias = m_weights;
        if (!m_slope)
            m_slope = m_weights;
        if (!m_scale)
            m_scale = m_shift = m_weights;
        if (groups != 1)
            return;
        // One group: the register-blocked kernels, their weights packed per block of 8 or 16 output channels.
        const bool pointwise = kernel[0] == 1 && kernel[1] == 1 && strides[0] == 1 && strides[1] == 1 &&
                               pads[0] == 0 && pads[1] == 0 && in[2] == out[2] && in[3] == out[3];
        if (pointwise) {
            // The whole plane as one row: blocks of 8 pixels run across row ends.
            const int pixels = static_cast<int>(in[2] * in[3]);
            m_geometry.s[1] = 1, m_geometry.s[2] = pixels, m_geometry.s[4] = 1, m_geometry.s[5] = pixels;
        }
        m_name = pointwise ? "convolution_1x1_f32" : "convolution_tiled_f32";
        const size_t oc_total = out[1], ic = in[1], taps = kernel[0] * kernel[1];
        // 16 output channels per work-item where that pads little (SqueezeNet's 1000 classes: 1008), on CPU-type
        // devices only: their 128 (1x1: 256) float accumulators are registers on AVX-512 (PoCL) but would crowd a
        // GPU thread's register file (NVIDIA: 255 at most), where the 8-channel kernel stays until measured there.
        const bool cpu_device = (m_device->info().type & CL_DEVICE_TYPE_CPU) != 0;
        const size_t ocb = cpu_device && (oc_total % 16 == 0 || oc_total >= 120) ? 16 : 8;
        const size_t blocks = (oc_total + ocb - 1) / ocb;
        auto filter = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1));
        const float* source = filter->get_data_ptr<float>();
        // 3x3 stride-1 undilated convolutions with 16-channel blocks run Winograd F(2x2, 3x3): 16 multiply-adds per
        // input channel and 2x2 outputs instead of 36.
        m_winograd = ocb == 16 && kernel[0] == 3 && kernel[1] == 3 && strides[0] == 1 && strides[1] == 1 &&
                     dilations[0] == 1 && dilations[1] == 1;
        std::vector<float> packed(blocks * ic * (m_winograd ? 16 : taps) * ocb, 0.0f);
        if (m_winograd) {
            // G g G^T per output and input channel, packed as [OC/16][C][16 positions][16].
            static const float G[4][3] = {
                {1.0f, 0.0f, 0.0f}, {0.5f, 0.5f, 0.5f}, {0.5f, -0.5f, 0.5f}, {0.0f, 0.0f, 1.0f}};
            for (size_t oc = 0; oc < oc_total; ++oc)
                for (size_t c = 0; c < ic; ++c) {
                    const float* g = source + (oc * ic + c) * 9;
                    float gg[4][3];  // G g
                    for (int r = 0; r < 4; ++r)
                        for (int j = 0; j < 3; ++j)
                            gg[r][j] = G[r][0] * g[j] + G[r][1] * g[3 + j] + G[r][2] * g[6 + j];
                    for (int r = 0; r < 4; ++r)
                        for (int k = 0; k < 4; ++k)
                            packed[((oc / 16 * ic + c) * 16 + r * 4 + k) * 16 + oc % 16] =
                                gg[r][0] * G[k][0] + gg[r][1] * G[k][1] + gg[r][2] * G[k][2];
                }
        } else {
            for (size_t oc = 0; oc < oc_total; ++oc)
                for (size_t c = 0; c < ic; ++c)
                    for (size_t t = 0; t < taps; ++t)
                        packed[((oc / ocb * ic + c) * taps + t) * ocb + oc % ocb] = source[(oc * ic + c) * taps + t];
        }
        m_packed = m_device->allocate(packed.size() * sizeof(float),
                                      "the packed filter of '" + node.get_friendly_name() + "' of model '" +
                                          m_constants->model + "'", packed.data());
        // Narrow rows (13, 27) waste a fifth of convolution_tiled16's 8-pixel row blocks; the flattened plane wastes
        // none (and costs a masked load per tap, which loses on wide rows such as 55).
        const size_t row_blocks_width = (out[3] + 7) / 8 * 8;
        // Which kernel runs the packed filter, and over how many work-items, decided here once.
        const int images_by_blocks = static_cast<int>(out[0] * blocks);
        if (m_winograd) {
            m_name = "convolution_winograd_f32";
            m_packed_kernel = "convolution_winograd16";
            m_packed_items = images_by_blocks * static_cast<int>(((out[2] + 1) / 2) * ((out[3] + 1) / 2));
        } else if (pointwise && ocb == 16) {
            m_packed_kernel = "convolution_1x1_16x16";
            m_packed_items = images_by_blocks * ((m_geometry.s[5] + 15) / 16);
        } else if (ocb == 16 && strides[0] == 1 && strides[1] == 1 && in[2] == out[2] && in[3] == out[3] &&
                   row_blocks_width * 10 > out[3] * 11) {
            m_name = "convolution_same_f32";
            m_packed_kernel = "convolution_same16";
            m_packed_items = images_by_blocks * static_cast<int>((out[2] * out[3] + 7) / 8);
        } else {
            m_packed_kernel = ocb == 16 ? "convolution_tiled16" : "convolution_tiled";
            m_packed_items = images_by_blocks * m_geometry.s[4] * ((m_geometry.s[5] + 7) / 8);
        }
        // On a CPU-type device (PoCL) a work-group is a loop over work-items run by one thread: small layers
        // (13x13: 11 groups of 32) leave a thread idle at the end, so groups shrink until there are at least 32 (a
        // group costs some overhead, which long work-items hide). GPUs keep full groups.
        if (cpu_device)
            while (m_conv_local > 1 && static_cast<size_t>(m_packed_items) / m_conv_local < 32)
                m_conv_local /= 2;
    }

private:
    void setup(Binding& b) const override {
        BufferArg addend{m_weights, 0};
        const int has_addend = m_addend_input >= 0 ? 1 : 0;
        if (has_addend)
            addend = b.in(static_cast<size_t>(m_addend_input));
        const BufferArg x = b.in(0), y = b.out(0);
        ConvolutionParams params{};
        params.count = m_packed ? m_packed_items : m_count;
        copy_int8(m_geometry, params.geometry);
        copy_int8(m_conv, params.conv);
        params.has_bias = m_has_bias;
        params.act = m_act;
        params.p0 = m_p0;
        params.p1 = m_p1;
        params.slope_stride = m_slope_stride;
        for (int k = 0; k < 4; ++k)
            params.scale_shift[k] = m_scale_shift.s[k];
        params.has_addend = has_addend;
        if (m_packed) {
            // Every packed kernel takes the direct kernel's arguments, the packed filter in place of the plain one.
            b.launch(m_packed_kernel, m_packed_items, m_conv_local)
                << x << m_packed.get() << m_bias << y << m_slope << m_scale << m_shift << addend << params;
            return;
        }
        b.launch("convolution", m_count) << x << m_weights << m_bias << y << m_slope << m_scale << m_shift << addend
                                         << params;
    }
    cl_mem m_weights = nullptr, m_bias = nullptr, m_slope = nullptr, m_scale = nullptr, m_shift = nullptr;
    cl_int4 m_scale_shift = {{0, 0, 0, 0}};  // applied?, scale stride, shift stride (0: scalar, 1: per channel)
    int m_has_bias = 0, m_act = -1, m_slope_stride = 0, m_addend_input = -1, m_count = 0;
    float m_p0 = 0.0f, m_p1 = 0.0f;
    cl_int8 m_geometry, m_conv;
    Mem m_packed;  // the filter packed for convolution_tiled; empty for grouped convolutions
    bool m_winograd = false;  // convolution_winograd16 runs, the filter packed transformed (G g G^T)
    const char* m_packed_kernel = nullptr;  // the kernel over m_packed: tiled, same-plane, 1x1 or Winograd
    int m_packed_items = 0;                 // its work-items
    size_t m_conv_local = local_size;  // the tiled kernels' work-group size
};

}  // namespace

OpenclKernelEntry convolution_entry() {
    return {{"Convolution", "GroupConvolution", "FusedConvolution"},
            "",
            {ov::element::f32},
            all_of(spatial2d, fits_int, [](const ov::Node& n) { return needs_constant(n, 1, "filter"); },
                   [](const ov::Node& n) {
                       auto fused = ov::as_type<const kit::FusedConvolution>(&n);
                       if (!fused)
                           return std::string();
                       if (fused->is_grouped() || fused->get_activation() == kit::FusedActivation::HSwish)
                           return std::string("has groups or an HSwish, which the OPENCL convolution kernels do not fuse");
                       const auto& out = n.get_output_shape(0);
                       if (!is_constant(n, 2) || ov::shape_size(n.get_input_shape(2)) != out[1])
                           return std::string("needs a constant per-channel bias");
                       if (fused->get_activation() == kit::FusedActivation::PRelu) {
                           if (!is_constant(n, fused->slope_input()) || !fused->slope_per_channel())
                               return "needs a constant scalar or per-channel PRelu slope, not a " +
                                      std::string(is_constant(n, fused->slope_input()) ? "constant" : "computed") +
                                      " slope of shape " + n.get_input_shape(fused->slope_input()).to_string();
                       }
                       if (fused->has_scale_shift())
                           for (const size_t input : {fused->scale_input(), fused->shift_input()}) {
                               const size_t size = ov::shape_size(n.get_input_shape(input));
                               const auto& shape = n.get_input_shape(input);
                               // Per channel: size C along axis 1 of the output (or a scalar).
                               const bool channel_axis =
                                   size == 1 || (shape.size() >= 3 && shape[shape.size() - 3] == out[1]);
                               if (!is_constant(n, input) || (size != 1 && size != out[1]) || !channel_axis)
                                   return std::string("needs a constant scalar or per-channel scale-shift");
                           }
                       if (fused->addend_first())
                           return std::string("sums its addend before the activation, which the OPENCL "
                                              "convolution kernels do not do");
                       if (fused->has_addend() && n.get_input_shape(fused->addend_input()) != out)
                           return std::string("needs an addend of the output's shape");
                       return std::string();
                   }),
            make_kernel<ConvolutionKernel>()};
}

}  // namespace opencl
}  // namespace devmux
