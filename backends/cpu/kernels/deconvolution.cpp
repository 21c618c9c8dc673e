// SPDX-License-Identifier: Apache-2.0
// f32 ConvolutionBackpropData and GroupConvolutionBackpropData (ONNX ConvTranspose) over 1-D and 2-D NC[H]W
// data with constant filters: per image and group one sgemm, col[OC*KH*KW, H*W] = W^T * x, the filters
// repacked once into that [OC*KH*KW, IC] matrix, then col2im adds each column into the output windows it
// belongs to. The reference loops over every (oc, ic, tap, pixel) with strided scalar adds; PP-OCRv4's
// detector head spent a quarter of its time in its two 2x2, stride-2 ConvTransposes there.
#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/gemm.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

struct DeconvGeometry {
    size_t batch = 0, groups = 1, in_c = 0, out_c = 0;  // channels per group
    size_t ih = 1, iw = 0, oh = 1, ow = 0, kh = 1, kw = 0;
    ptrdiff_t sh = 1, sw = 1, dh = 1, dw = 1, ph = 0, pw = 0;

    size_t taps() const { return kh * kw; }
    size_t in_plane() const { return ih * iw; }
    size_t out_plane() const { return oh * ow; }
    size_t col_rows() const { return out_c * taps(); }
};

struct DeconvSpec {
    DeconvGeometry g;
    std::vector<float> packed;  // per group: [out_c * taps, in_c]
};

// The input positions [lo, hi) whose output position i * stride + offset lies in [0, size).
inline void valid_inputs(ptrdiff_t offset, ptrdiff_t stride, ptrdiff_t size, ptrdiff_t inputs, ptrdiff_t& lo,
                         ptrdiff_t& hi) {
    lo = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
    hi = size - offset <= 0 ? 0 : (size - offset - 1) / stride + 1;
    lo = std::min(lo, inputs);
    hi = std::max(lo, std::min(hi, inputs));
}

std::optional<DeconvSpec> deconv_spec(const ov::Node& node, std::string* why) {
    const auto* op = ov::as_type<const ov::op::util::ConvolutionBackPropBase>(&node);
    const bool grouped = ov::is_type<ov::op::v1::GroupConvolutionBackpropData>(&node);
    if (!op || (!grouped && !ov::is_type<ov::op::v1::ConvolutionBackpropData>(&node)))
        return refuse(why, "is not a ConvolutionBackpropData-1 or GroupConvolutionBackpropData-1");
    if (node.get_input_size() != 2)
        return refuse(why, "has an output_shape input");
    if (op->get_auto_pad() != ov::op::PadType::EXPLICIT && op->get_auto_pad() != ov::op::PadType::NOTSET)
        return refuse(why, "pads automatically");
    for (size_t i = 0; i < 2; ++i)
        if (node.get_input_element_type(i) != ov::element::f32 || node.get_input_partial_shape(i).is_dynamic())
            return refuse(why, "has data or filters other than f32 or of dynamic shape");
    if (node.get_output_element_type(0) != ov::element::f32 || node.get_output_partial_shape(0).is_dynamic())
        return refuse(why, "has a result other than f32 or of dynamic shape");
    const auto filters = ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(1));
    if (!filters)
        return refuse(why, "has filters that are not a Constant");
    const ov::Shape data = node.get_input_shape(0), fs = node.get_input_shape(1), out = node.get_output_shape(0);
    const size_t lead = grouped ? 3 : 2;
    if ((data.size() != 3 && data.size() != 4) || fs.size() != data.size() + (grouped ? 1 : 0) ||
        out.size() != data.size())
        return refuse(why, "is not 1-D or 2-D");
    const size_t spatial = data.size() - 2;
    if (op->get_strides().size() != spatial || op->get_dilations().size() != spatial ||
        op->get_pads_begin().size() != spatial)
        return refuse(why, "has strides, dilations or pads of another length than its spatial rank");
    DeconvSpec spec;
    DeconvGeometry& g = spec.g;
    g.batch = data[0];
    g.groups = grouped ? fs[0] : 1;
    g.in_c = grouped ? fs[1] : fs[0];
    g.out_c = grouped ? fs[2] : fs[1];
    if (g.groups * g.in_c != data[1] || g.groups * g.out_c != out[1])
        return refuse(why, "has filters whose channels do not match its data and result");
    const size_t h = spatial == 2 ? 0 : static_cast<size_t>(-1);  // index of the H axis among the spatial ones
    const size_t w = spatial - 1;
    auto spatial_at = [&](const ov::Shape& s, size_t base, size_t axis) { return s[base + axis]; };
    if (spatial == 2) {
        g.ih = spatial_at(data, 2, h);
        g.oh = spatial_at(out, 2, h);
        g.kh = spatial_at(fs, lead, h);
        g.sh = static_cast<ptrdiff_t>(op->get_strides()[h]);
        g.dh = static_cast<ptrdiff_t>(op->get_dilations()[h]);
        g.ph = static_cast<ptrdiff_t>(op->get_pads_begin()[h]);
    }
    g.iw = spatial_at(data, 2, w);
    g.ow = spatial_at(out, 2, w);
    g.kw = spatial_at(fs, lead, w);
    g.sw = static_cast<ptrdiff_t>(op->get_strides()[w]);
    g.dw = static_cast<ptrdiff_t>(op->get_dilations()[w]);
    g.pw = static_cast<ptrdiff_t>(op->get_pads_begin()[w]);
    if (g.sh < 1 || g.sw < 1 || g.dh < 1 || g.dw < 1)
        return refuse(why, "has a stride or dilation below 1");
    if (g.batch == 0 || g.in_c == 0 || g.out_c == 0 || g.in_plane() == 0 || g.out_plane() == 0 || g.taps() == 0)
        return refuse(why, "has an empty data, filter or result axis");
    // Filters [G, IC, OC, K] -> per group [OC * K, IC], the left-hand matrix of the sgemm.
    const float* src = filters->get_data_ptr<float>();
    const size_t taps = g.taps();
    spec.packed.resize(g.groups * g.col_rows() * g.in_c);
    for (size_t grp = 0; grp < g.groups; ++grp) {
        float* dst = spec.packed.data() + grp * g.col_rows() * g.in_c;
        for (size_t ic = 0; ic < g.in_c; ++ic)
            for (size_t oc = 0; oc < g.out_c; ++oc)
                for (size_t k = 0; k < taps; ++k)
                    dst[(oc * taps + k) * g.in_c + ic] = src[((grp * g.in_c + ic) * g.out_c + oc) * taps + k];
    }
    return spec;
}

class DeconvolutionKernel final : public Kernel, public HoldsWeights {
public:
    explicit DeconvolutionKernel(DeconvSpec spec) : m_spec(std::move(spec)) {}
    std::string name() const override { return "gemm_col2im_f32"; }
    size_t scratch_bytes() const override { return m_spec.g.col_rows() * m_spec.g.in_plane() * sizeof(float); }
    size_t held_weight_bytes() const override { return m_spec.packed.size() * sizeof(float); }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void* scratch,
                 ExecContext& ctx) const override {
        const DeconvGeometry& g = m_spec.g;
        const float* data = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        float* col = static_cast<float*>(scratch);
        const size_t in_plane = g.in_plane(), out_plane = g.out_plane(), taps = g.taps();
        for (size_t n = 0; n < g.batch; ++n) {
            for (size_t grp = 0; grp < g.groups; ++grp) {
                const float* x = data + (n * g.groups + grp) * g.in_c * in_plane;
                const float* a = m_spec.packed.data() + grp * g.col_rows() * g.in_c;
                sgemm(ctx.pool, g.col_rows(), in_plane, g.in_c, a, g.in_c, x, in_plane, col, in_plane);
                float* y = out + (n * g.groups + grp) * g.out_c * out_plane;
                auto channel = [&](size_t oc) {
                    float* plane = y + oc * out_plane;
                    std::fill(plane, plane + out_plane, 0.0f);
                    for (size_t ky = 0; ky < g.kh; ++ky) {
                        const ptrdiff_t off_h = static_cast<ptrdiff_t>(ky) * g.dh - g.ph;
                        ptrdiff_t y0, y1;
                        valid_inputs(off_h, g.sh, static_cast<ptrdiff_t>(g.oh), static_cast<ptrdiff_t>(g.ih), y0, y1);
                        for (size_t kx = 0; kx < g.kw; ++kx) {
                            const ptrdiff_t off_w = static_cast<ptrdiff_t>(kx) * g.dw - g.pw;
                            ptrdiff_t x0, x1;
                            valid_inputs(off_w, g.sw, static_cast<ptrdiff_t>(g.ow), static_cast<ptrdiff_t>(g.iw), x0, x1);
                            const float* c = col + (oc * taps + ky * g.kw + kx) * in_plane;
                            for (ptrdiff_t iy = y0; iy < y1; ++iy) {
                                float* dst = plane + static_cast<size_t>(iy * g.sh + off_h) * g.ow;
                                const float* row = c + static_cast<size_t>(iy) * g.iw;
                                if (g.sw == 1) {
                                    for (ptrdiff_t ix = x0; ix < x1; ++ix)
                                        dst[ix + off_w] += row[ix];
                                } else {
                                    for (ptrdiff_t ix = x0; ix < x1; ++ix)
                                        dst[ix * g.sw + off_w] += row[ix];
                                }
                            }
                        }
                    }
                };
                const size_t tasks = ctx.pool && g.out_c > 1 && g.out_c * out_plane >= (1u << 15)
                                         ? std::min(g.out_c, team_size(ctx.pool) * 2)
                                         : 1;
                if (tasks > 1)
                    parallel_for(ctx.pool, tasks, [&](size_t t) {
                        for (size_t oc = g.out_c * t / tasks; oc < g.out_c * (t + 1) / tasks; ++oc)
                            channel(oc);
                    });
                else
                    for (size_t oc = 0; oc < g.out_c; ++oc)
                        channel(oc);
            }
        }
    }

private:
    DeconvSpec m_spec;
};

}  // namespace

CpuKernelEntry deconvolution_entry() {
    return {{"ConvolutionBackpropData", "GroupConvolutionBackpropData"}, "", {}, refusal_of(deconv_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<DeconvolutionKernel>(*deconv_spec(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
