// SPDX-License-Identifier: Apache-2.0
// f32 2-D MaxPool on oneDNN, over plain NCHW data (oneDNN's pooling transposes to its vector layout
// inside the primitive; taken only where oneDNN has a JIT implementation, its reference one being slower
// than the hand-written kernel, pooling.cpp) or over data the planner keeps in the NHWC or channel-blocked
// layout its producer wrote.
#include <oneapi/dnnl/dnnl.hpp>

#include "kernels/dnnl_kernels.hpp"
#include "layouts.hpp"
#include "transformations.hpp"
#include "openvino/op/max_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

using dnnl::memory;

class DnnlMaxPoolKernel final : public kit::OpKernel {
public:
    DnnlMaxPoolKernel(dnnl::pooling_forward::primitive_desc pd, int threads)
        : m_pd(std::move(pd)), m_primitive(m_pd), m_scratch(dnnl_scratch_bytes(m_pd.scratchpad_desc())), m_threads(threads) {}

    std::string name() const override { return std::string("dnnl_") + m_pd.impl_info_str() + "_f32"; }
    size_t scratch_bytes() const override { return m_scratch; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        return std::make_unique<DnnlBoundPrimitive>(
            m_primitive, std::vector<std::pair<int, memory>>{
                             {DNNL_ARG_SRC, memory(m_pd.src_desc(), dnnl_engine(), args.inputs[0].host())},
                             {DNNL_ARG_DST, memory(m_pd.dst_desc(), dnnl_engine(), args.outputs[0].host())},
                             {DNNL_ARG_SCRATCHPAD, memory(m_pd.scratchpad_desc(), dnnl_engine(), args.scratch.host())}},
            m_threads);
    }

private:
    dnnl::pooling_forward::primitive_desc m_pd;
    dnnl::pooling_forward m_primitive;
    size_t m_scratch;
    int m_threads;
};

}  // namespace

bool dnnl_max_pool_supported(const std::shared_ptr<ov::Node>& node) {
    const auto pool = ov::as_type_ptr<ov::op::util::MaxPoolBase>(node);
    if (!pool || node->get_input_element_type(0) != ov::element::f32 || node->get_input_partial_shape(0).is_dynamic() ||
        node->get_output_partial_shape(0).is_dynamic())
        return false;
    const auto v8 = ov::as_type_ptr<ov::op::v8::MaxPool>(node);
    const auto v14 = ov::as_type_ptr<ov::op::v14::MaxPool>(node);
    if (v8 || v14) {
        // The indices output is not computed here: nodes that use it go to the reference.
        if (node->get_output_size() > 1 && !node->get_output_target_inputs(1).empty())
            return false;
        // The right padding below is derived from the planned output size, which already reflects the
        // rounding type (MaxPool-14's ceil_torch included).
        for (const auto d : v8 ? v8->get_dilations() : v14->get_dilations())
            if (d != 1)
                return false;
    } else if (!ov::is_type<ov::op::v1::MaxPool>(node)) {
        return false;
    }
    const ov::Shape in = node->get_input_shape(0), out = node->get_output_shape(0);
    return in.size() == 4 && pool->get_kernel().size() == 2 && pool->get_strides().size() == 2 &&
           pool->get_pads_begin().size() == 2 && out[0] == in[0] && out[1] == in[1];
}

std::shared_ptr<const kit::OpKernel> make_dnnl_max_pool_kernel(const std::shared_ptr<ov::Node>& node, int threads,
                                                               const dnnl::memory::desc* input_layout) {
    if (!dnnl_max_pool_supported(node))
        return nullptr;
    const auto pool = ov::as_type_ptr<ov::op::util::MaxPoolBase>(node);
    const ov::Shape in = node->get_input_shape(0), out = node->get_output_shape(0);
    memory::dims strides, kernel, pad_l, pad_r;
    for (size_t i = 0; i < 2; ++i) {
        const auto s = static_cast<memory::dim>(pool->get_strides()[i]);
        const auto k = static_cast<memory::dim>(pool->get_kernel()[i]);
        const auto pl = static_cast<memory::dim>(pool->get_pads_begin()[i]);
        strides.push_back(s);
        kernel.push_back(k);
        pad_l.push_back(pl);
        // The right padding that gives the planned output size (ceil rounding adds to the model's).
        pad_r.push_back((static_cast<memory::dim>(out[2 + i]) - 1) * s + k - static_cast<memory::dim>(in[2 + i]) - pl);
    }
    // Below about 64 K window reads the team's fork and join cost more than the second thread saves.
    threads = dnnl_step_threads(ov::shape_size(out) * pool->get_kernel()[0] * pool->get_kernel()[1], 64u << 10, threads);
    try {
        DnnlThreads scope(threads);
        const memory::desc src = input_layout ? *input_layout
                                              : memory::desc({in.begin(), in.end()}, memory::data_type::f32,
                                                             memory::format_tag::nchw);
        const memory::desc dst = dnnl_same_layout(src, out);
        if (dst == memory::desc())
            return nullptr;
        dnnl::pooling_forward::desc desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::pooling_max, src, dst,
                                         strides, kernel, pad_l, pad_r);
        dnnl::primitive_attr attr;
        attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
        dnnl::pooling_forward::primitive_desc pd(desc, attr, dnnl_engine());
        if (std::string(pd.impl_info_str()).find("jit") == std::string::npos)
            return nullptr;
        return std::make_shared<DnnlMaxPoolKernel>(std::move(pd), threads);
    } catch (const dnnl::error&) {
        return nullptr;
    }
}

// Taken before the hand-written MaxPool: it reads and writes the layout its input's producer wrote.
CpuKernelEntry dnnl_max_pool_entry() {
    const auto check = [](const ov::Node& node) {
        return dnnl_max_pool_supported(std::const_pointer_cast<ov::Node>(node.shared_from_this()))
                   ? std::string()
                   : std::string("is not an f32 2-D MaxPool-1, -8 or -14 without dilation or read indices");
    };
    const auto make = [](const CpuKernelContext& context,
                         const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
        const bool blocked = context.layouts && !context.layouts->of(*node, 0).plain();
        const dnnl::memory::desc* pool_layout = blocked ? dnnl_input_layout(context.layouts, *node, 0) : nullptr;
        if (auto kernel = make_dnnl_max_pool_kernel(node, context.threads, pool_layout))
            return kernel;
        OPENVINO_ASSERT(!pool_layout, "CPU: op '", node->get_friendly_name(), "' of type ", describe_type(*node),
                        " was planned with a blocked layout but oneDNN has no kernel for it");
        // oneDNN has only its reference implementation for this pooling (slower than the hand-written kernel),
        // or none: the node runs as if this entry had refused it, on the hand-written MaxPool where its entry
        // takes it, else the reference.
        return make_kernel_without_dnnl(node);
    };
    return {{"MaxPool"}, "", {}, check, make};
}

}  // namespace cpu
}  // namespace devmux
