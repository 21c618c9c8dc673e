// SPDX-License-Identifier: Apache-2.0
// f32 MaxPool over 2-D NCHW data, one plane per task: for every kernel tap, a vectorisable pass over the
// output row range whose input column is inside the image (padding never wins, as in the reference).
#include <algorithm>
#include <limits>

#include "kernels/kernel.hpp"
#include "openvino/op/max_pool.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

struct PoolGeometry {
    size_t planes = 0, ih = 0, iw = 0, oh = 0, ow = 0, kh = 0, kw = 0;
    ptrdiff_t sh = 1, sw = 1, dh = 1, dw = 1, ph = 0, pw = 0;
};

class MaxPoolKernel final : public Kernel {
public:
    explicit MaxPoolKernel(const PoolGeometry& g) : m_g(g) {}
    std::string name() const override { return "max_pool_f32"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* data = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        const PoolGeometry& g = m_g;
        auto plane = [&](size_t p) {
            const float* in = data + p * g.ih * g.iw;
            float* o = out + p * g.oh * g.ow;
            std::fill(o, o + g.oh * g.ow, -std::numeric_limits<float>::infinity());
            for (size_t x = 0; x < g.kw; ++x) {
                const ptrdiff_t offset = static_cast<ptrdiff_t>(x) * g.dw - g.pw;
                // Output columns whose tap x lands inside the row.
                ptrdiff_t lo = offset >= 0 ? 0 : (-offset + g.sw - 1) / g.sw;
                ptrdiff_t hi = static_cast<ptrdiff_t>(g.iw) - offset <= 0
                                   ? 0
                                   : (static_cast<ptrdiff_t>(g.iw) - offset - 1) / g.sw + 1;
                lo = std::min<ptrdiff_t>(lo, static_cast<ptrdiff_t>(g.ow));
                hi = std::max(lo, std::min<ptrdiff_t>(hi, static_cast<ptrdiff_t>(g.ow)));
                for (size_t oy = 0; oy < g.oh; ++oy) {
                    float* row = o + oy * g.ow;
                    for (size_t y = 0; y < g.kh; ++y) {
                        const ptrdiff_t iy = static_cast<ptrdiff_t>(oy) * g.sh - g.ph + static_cast<ptrdiff_t>(y) * g.dh;
                        if (iy < 0 || iy >= static_cast<ptrdiff_t>(g.ih))
                            continue;
                        const float* src = in + iy * static_cast<ptrdiff_t>(g.iw) + offset;
                        for (ptrdiff_t ox = lo; ox < hi; ++ox) {
                            const float v = src[ox * g.sw];
                            row[ox] = v > row[ox] ? v : row[ox];
                        }
                    }
                }
            }
        };
        if (ctx.pool && g.planes > 1 && g.planes * g.oh * g.ow * g.kh * g.kw >= 32 * 1024)
            parallel_for(ctx.pool, g.planes, plane);
        else
            for (size_t p = 0; p < g.planes; ++p)
                plane(p);
    }

private:
    PoolGeometry m_g;
};

std::optional<PoolGeometry> max_pool_geometry(const ov::Node& node, std::string* why) {
    const auto* pool = ov::as_type<const ov::op::util::MaxPoolBase>(&node);
    if (!pool)
        return refuse(why, "is not a MaxPool");
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_input_partial_shape(0).is_dynamic() ||
        node.get_output_partial_shape(0).is_dynamic())
        return refuse(why, "has data other than f32 or a dynamic shape");
    ov::Strides dilations{1, 1};
    // Windows are placed from the planned output shape and clipped to the input, so every rounding type
    // (MaxPool-14's ceil_torch included) runs here unchanged.
    const auto* v8 = ov::as_type<const ov::op::v8::MaxPool>(&node);
    const auto* v14 = ov::as_type<const ov::op::v14::MaxPool>(&node);
    if (v8 || v14) {
        // The indices output is not computed here: leave nodes that use it to the reference.
        if (node.get_output_size() > 1 && !node.get_output_target_inputs(1).empty())
            return refuse(why, "has its indices output read");
        const ov::Strides& given = v8 ? v8->get_dilations() : v14->get_dilations();
        if (!given.empty())
            dilations = given;
    } else if (!ov::is_type<ov::op::v1::MaxPool>(&node)) {
        return refuse(why, "is not a MaxPool-1, MaxPool-8 or MaxPool-14");
    }
    const ov::Shape in = node.get_input_shape(0), out = node.get_output_shape(0);
    if (in.size() != 4 || pool->get_kernel().size() != 2 || pool->get_strides().size() != 2 ||
        pool->get_pads_begin().size() != 2 || dilations.size() != 2)
        return refuse(why, "pools other than 2 spatial axes of NCHW data");
    PoolGeometry g;
    g.planes = in[0] * in[1];
    g.ih = in[2];
    g.iw = in[3];
    g.oh = out[2];
    g.ow = out[3];
    g.kh = pool->get_kernel()[0];
    g.kw = pool->get_kernel()[1];
    g.sh = static_cast<ptrdiff_t>(pool->get_strides()[0]);
    g.sw = static_cast<ptrdiff_t>(pool->get_strides()[1]);
    g.dh = static_cast<ptrdiff_t>(dilations[0]);
    g.dw = static_cast<ptrdiff_t>(dilations[1]);
    g.ph = static_cast<ptrdiff_t>(pool->get_pads_begin()[0]);
    g.pw = static_cast<ptrdiff_t>(pool->get_pads_begin()[1]);
    if (g.sh < 1 || g.sw < 1 || g.dh < 1 || g.dw < 1)
        return refuse(why, "has a stride or dilation below 1");
    if (out[0] != in[0] || out[1] != in[1])
        return refuse(why, "has a result of other batch or channels than its data");
    return g;
}

}  // namespace

CpuKernelEntry max_pool_entry() {
    return {{"MaxPool"}, "", {}, refusal_of(max_pool_geometry),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<MaxPoolKernel>(*max_pool_geometry(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
