// SPDX-License-Identifier: Apache-2.0
// f32 Convolution and GroupConvolution over 1-D and 2-D NC[H]W data:
// - 1x1, stride 1, no padding: the input plane already is the GEMM's right-hand matrix;
// - depthwise (one input and one output channel per group): a direct loop, vectorised along rows;
// - otherwise: im2col into per-request scratch, then a blocked sgemm per group.
#include <algorithm>
#include <cstring>

#include "kernels/gemm.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

struct ConvGeometry {
    size_t batch = 0, groups = 1, in_c = 0, out_c = 0;  // in_c / out_c per group
    size_t ih = 1, iw = 0, oh = 1, ow = 0, kh = 1, kw = 0;
    ptrdiff_t sh = 1, sw = 1, dh = 1, dw = 1, ph = 0, pw = 0;

    size_t col_rows() const { return in_c * kh * kw; }
    size_t out_plane() const { return oh * ow; }
    bool pointwise() const { return kh == 1 && kw == 1 && sh == 1 && sw == 1 && ph == 0 && pw == 0; }
    bool depthwise() const { return groups > 1 && in_c == 1 && out_c == 1; }
};

// The range of output columns [lo, hi) whose input column o*stride + offset lies in [0, size).
inline void valid_range(ptrdiff_t offset, ptrdiff_t stride, ptrdiff_t size, ptrdiff_t outputs, ptrdiff_t& lo,
                        ptrdiff_t& hi) {
    lo = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
    hi = size - offset <= 0 ? 0 : (size - offset - 1) / stride + 1;
    lo = std::min(lo, outputs);
    hi = std::max(lo, std::min(hi, outputs));
}

class ConvolutionKernel final : public Kernel {
public:
    explicit ConvolutionKernel(const ConvGeometry& g) : m_g(g) {}

    std::string name() const override {
        if (m_g.depthwise())
            return "depthwise_f32";
        return m_g.pointwise() ? "gemm_1x1_f32" : "im2col_gemm_f32";
    }
    size_t scratch_bytes() const override {
        return m_g.depthwise() || m_g.pointwise() ? 0 : m_g.col_rows() * m_g.out_plane() * sizeof(float);
    }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void* scratch,
                 ExecContext& ctx) const override {
        const float* data = static_cast<const float*>(inputs[0].data());
        const float* weights = static_cast<const float*>(inputs[1].data());
        float* out = static_cast<float*>(outputs[0].data());
        if (m_g.depthwise()) {
            depthwise(data, weights, out, ctx.pool);
            return;
        }
        const ConvGeometry& g = m_g;
        const size_t in_plane = g.ih * g.iw, out_plane = g.out_plane(), k = g.col_rows();
        float* col = static_cast<float*>(scratch);
        for (size_t n = 0; n < g.batch; ++n) {
            for (size_t grp = 0; grp < g.groups; ++grp) {
                const float* in = data + (n * g.groups + grp) * g.in_c * in_plane;
                const float* w = weights + grp * g.out_c * k;
                float* o = out + (n * g.groups + grp) * g.out_c * out_plane;
                const float* rhs = in;
                if (!g.pointwise()) {
                    im2col(in, col, ctx.pool);
                    rhs = col;
                }
                sgemm(ctx.pool, g.out_c, out_plane, k, w, k, rhs, out_plane, o, out_plane);
            }
        }
    }

private:
    // col[(c*kh + y)*kw + x][oy*ow + ox] = in[c][oy*sh - ph + y*dh][ox*sw - pw + x*dw], zero where padded.
    void im2col(const float* in, float* col, ThreadPool* pool) const {
        const ConvGeometry& g = m_g;
        const size_t rows = g.col_rows();
        // A small copy runs in the calling thread: waking the team costs more than the copy, and on a loaded
        // machine far more (Silero VAD legacy's 7-tap single-channel convolution took 22 ms on a team of 2
        // at load 8 on 2 cores, against 2 us alone).
        const bool parallel = pool && rows * g.out_plane() >= 32 * 1024;
        const size_t tasks = parallel ? std::min(rows, team_size(pool) * 4) : 1;
        auto fill = [&](size_t task) {
            const size_t r0 = rows * task / tasks, r1 = rows * (task + 1) / tasks;
            for (size_t r = r0; r < r1; ++r) {
                const size_t c = r / (g.kh * g.kw), y = (r / g.kw) % g.kh, x = r % g.kw;
                const float* plane = in + c * g.ih * g.iw;
                float* dst = col + r * g.out_plane();
                ptrdiff_t lo, hi;
                valid_range(static_cast<ptrdiff_t>(x) * g.dw - g.pw, g.sw, static_cast<ptrdiff_t>(g.iw),
                            static_cast<ptrdiff_t>(g.ow), lo, hi);
                for (size_t oy = 0; oy < g.oh; ++oy) {
                    float* row = dst + oy * g.ow;
                    const ptrdiff_t iy = static_cast<ptrdiff_t>(oy) * g.sh - g.ph + static_cast<ptrdiff_t>(y) * g.dh;
                    if (iy < 0 || iy >= static_cast<ptrdiff_t>(g.ih)) {
                        std::fill(row, row + g.ow, 0.0f);
                        continue;
                    }
                    const float* src = plane + iy * static_cast<ptrdiff_t>(g.iw) + static_cast<ptrdiff_t>(x) * g.dw - g.pw;
                    std::fill(row, row + lo, 0.0f);
                    if (g.sw == 1)
                        std::memcpy(row + lo, src + lo, static_cast<size_t>(hi - lo) * sizeof(float));
                    else
                        for (ptrdiff_t ox = lo; ox < hi; ++ox)
                            row[ox] = src[ox * g.sw];
                    std::fill(row + hi, row + g.ow, 0.0f);
                }
            }
        };
        if (parallel)
            parallel_for(pool, tasks, fill);
        else
            fill(0);
    }

    void depthwise(const float* data, const float* weights, float* out, ThreadPool* pool) const {
        const ConvGeometry& g = m_g;
        const size_t planes = g.batch * g.groups;
        auto one_plane = [&](size_t p) {
            const size_t channel = p % g.groups;
            const float* in = data + p * g.ih * g.iw;
            const float* w = weights + channel * g.kh * g.kw;
            float* o = out + p * g.out_plane();
            std::fill(o, o + g.out_plane(), 0.0f);
            for (size_t x = 0; x < g.kw; ++x) {
                ptrdiff_t lo, hi;
                const ptrdiff_t offset = static_cast<ptrdiff_t>(x) * g.dw - g.pw;
                valid_range(offset, g.sw, static_cast<ptrdiff_t>(g.iw), static_cast<ptrdiff_t>(g.ow), lo, hi);
                for (size_t oy = 0; oy < g.oh; ++oy) {
                    float* row = o + oy * g.ow;
                    for (size_t y = 0; y < g.kh; ++y) {
                        const ptrdiff_t iy =
                            static_cast<ptrdiff_t>(oy) * g.sh - g.ph + static_cast<ptrdiff_t>(y) * g.dh;
                        if (iy < 0 || iy >= static_cast<ptrdiff_t>(g.ih))
                            continue;
                        const float wv = w[y * g.kw + x];
                        const float* src = in + iy * static_cast<ptrdiff_t>(g.iw) + offset;
                        if (g.sw == 1)
                            for (ptrdiff_t ox = lo; ox < hi; ++ox)
                                row[ox] += wv * src[ox];
                        else
                            for (ptrdiff_t ox = lo; ox < hi; ++ox)
                                row[ox] += wv * src[ox * g.sw];
                    }
                }
            }
        };
        if (pool && planes > 1 && planes * g.out_plane() * g.kh * g.kw >= 16 * 1024)
            parallel_for(pool, planes, one_plane);
        else
            for (size_t p = 0; p < planes; ++p)
                one_plane(p);
    }

    ConvGeometry m_g;
};

std::optional<ConvGeometry> convolution_geometry(const ov::Node& node, std::string* why) {
    const auto* conv = ov::as_type<const ov::op::util::ConvolutionFwdPropBase>(&node);
    const bool grouped = ov::is_type<ov::op::v1::GroupConvolution>(&node);
    if (!conv || (!grouped && !ov::is_type<ov::op::v1::Convolution>(&node)))
        return refuse(why, "is not a Convolution-1 or GroupConvolution-1");
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_input_element_type(1) != ov::element::f32 ||
        node.get_output_element_type(0) != ov::element::f32)
        return refuse(why, "has data, filters or result other than f32");
    if (node.get_input_partial_shape(0).is_dynamic() || node.get_input_partial_shape(1).is_dynamic() ||
        node.get_output_partial_shape(0).is_dynamic())
        return refuse(why, "has a dynamic shape");
    const ov::Shape data = node.get_input_shape(0), filters = node.get_input_shape(1), out = node.get_output_shape(0);
    const size_t spatial = data.size() - 2;
    if (spatial < 1 || spatial > 2 || conv->get_strides().size() != spatial ||
        conv->get_dilations().size() != spatial || conv->get_pads_begin().size() != spatial)
        return refuse(why, "has other than 1 or 2 spatial axes");
    ConvGeometry g;
    g.batch = data[0];
    g.groups = grouped ? filters[0] : 1;
    g.out_c = grouped ? filters[1] : filters[0];
    g.in_c = grouped ? filters[2] : filters[1];
    const size_t lead = grouped ? 3 : 2;
    if (spatial == 2) {
        g.ih = data[2];
        g.oh = out[2];
        g.kh = filters[lead];
        g.sh = static_cast<ptrdiff_t>(conv->get_strides()[0]);
        g.dh = static_cast<ptrdiff_t>(conv->get_dilations()[0]);
        g.ph = conv->get_pads_begin()[0];
    }
    g.iw = data.back();
    g.ow = out.back();
    g.kw = filters.back();
    g.sw = static_cast<ptrdiff_t>(conv->get_strides().back());
    g.dw = static_cast<ptrdiff_t>(conv->get_dilations().back());
    g.pw = conv->get_pads_begin().back();
    if (g.groups * g.in_c != data[1] || g.groups * g.out_c != out[1])
        return refuse(why, "has filters whose channels do not match the data's");
    if (g.sh < 1 || g.sw < 1 || g.dh < 1 || g.dw < 1)
        return refuse(why, "has a stride or dilation below 1");
    return g;
}

}  // namespace

CpuKernelEntry convolution_entry() {
    return {{"Convolution", "GroupConvolution"}, "", {}, refusal_of(convolution_geometry),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<ConvolutionKernel>(*convolution_geometry(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
