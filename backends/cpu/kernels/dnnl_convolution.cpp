// SPDX-License-Identifier: Apache-2.0
// f32 1-D, 2-D and 3-D Convolution, GroupConvolution (grouped and depthwise) and the kit's FusedConvolution on
// oneDNN (1-D: speech and audio models such as Silero VAD, whose [N,C,W] convolutions ran on the reference).
// The primitive is created once, at compile time; the filters are reordered into its layout once, then.
// The plan's buffers hold plain NCHW values, or values in oneDNN's channel-blocked layout of this CPU
// (nChw16c with AVX-512, nChw8c with AVX2) where the planner keeps them blocked (exec_plan.cpp); where the
// primitive's layout differs from its buffer's, the step reorders into and out of per-request scratch. Bias and the activations oneDNN has (Relu, Clamp, Sigmoid, Tanh, a PRelu with
// one slope, HSwish) are post-ops, a scale-shift too (binary post-ops per channel, one linear eltwise where
// it is one number for all channels), and so is a following Add (`sum`) where the result is written in place; a
// per-channel PRelu and an addend the post-ops cannot take run as a tail loop over the plain result.
#include "kernels/dnnl_kernels.hpp"
#include "layouts.hpp"
#include "transformations.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <oneapi/dnnl/dnnl.hpp>
#include <vector>

#include "devmux/kit/internal_ops.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"

namespace devmux {
namespace cpu {
// A Constant's values as one number per output channel, or empty (kernels/scale_shift.cpp).
std::vector<float> per_channel_constant(const ov::Output<ov::Node>& value, size_t channels, size_t out_rank);

namespace {

using dnnl::memory;
using Tag = memory::format_tag;
using DataType = memory::data_type;

constexpr size_t scratch_alignment = 64;

size_t align_up(size_t bytes) { return (bytes + scratch_alignment - 1) / scratch_alignment * scratch_alignment; }

// The plain (row-major, channels second) layout of data of `rank` dimensions: ncw, nchw or ncdhw.
Tag plain_data_tag(size_t rank) {
    return rank == 3 ? Tag::ncw : rank == 5 ? Tag::ncdhw : Tag::nchw;
}

// The plain layout of filters of `rank` dimensions, [G,]O,I,spatial...: a grouped filter has one more.
Tag plain_weights_tag(size_t rank, bool grouped) {
    switch (grouped ? rank - 1 : rank) {
    case 3:
        return grouped ? Tag::goiw : Tag::oiw;
    case 5:
        return grouped ? Tag::goidhw : Tag::oidhw;
    default:
        return grouped ? Tag::goihw : Tag::oihw;
    }
}

memory::desc plain_data(const memory::dims& dims) {
    return memory::desc(dims, DataType::f32, plain_data_tag(dims.size()));
}

memory::desc preferred_layout(const memory::dims& dims, DataType type = DataType::f32) {
    const int block = dnnl_channel_block();
    if (block > 0 && dims.size() == 4 && dims[1] % block == 0)
        return dnnl_channel_blocked_layout(ov::Shape(dims.begin(), dims.end()), type);
    return memory::desc(dims, type, Tag::any);
}


struct ConvSpec {
    memory::dims src, weights, dst, strides, dilations, pad_l, pad_r;
    bool grouped = false;
    std::vector<float> bias;  // empty: none
    kit::FusedActivation activation = kit::FusedActivation::None;
    float alpha = 0.f, beta = 0.f;      // Clamp bounds, a one-slope PRelu's slope
    std::vector<float> prelu_slopes;    // per channel, run in the tail
    std::vector<float> scale, shift;    // per channel; empty: no scale-shift
    int addend_input = -1;              // FusedConvolution's addend
    bool addend_first = false;          // summed before the scale-shift and the activation
};

// The oneDNN objects of one step, created at compile time and read by every request.
class DnnlConvolutionKernel final : public kit::OpKernel, public HoldsWeights {
public:
    DnnlConvolutionKernel(const ConvSpec& spec, const std::shared_ptr<const ov::Node>& node, int threads,
                          const memory::desc* input_layout, const memory::desc* output_layout,
                          const memory::desc* addend_layout, bool keep_chosen, bool bf16)
        : m_spec(spec), m_node(node), m_threads(threads), m_compute_type(bf16 ? DataType::bf16 : DataType::f32) {
        DnnlThreads scope(threads);
        const auto& engine = dnnl_engine();
        const memory::desc any_src(spec.src, m_compute_type, Tag::any);
        const memory::desc any_weights(spec.weights, m_compute_type, Tag::any);
        const memory::desc any_dst(spec.dst, DataType::f32, Tag::any);
        m_plain_src = input_layout ? *input_layout : plain_data(spec.src);
        m_plain_dst = output_layout ? *output_layout : plain_data(spec.dst);
        // A blocked value is read or written as it lies, and the other side then asks for the channel-
        // blocked layout too where its channels fill whole blocks (oneDNN's channel-blocked kernels take
        // both sides in one layout). Between plain values oneDNN picks: its channels-last brgconv measured
        // faster than the channel-blocked kernels when both sides are reordered anyway (docs/cpu.md).
        const bool blocked_side =
            output_layout || (input_layout && dnnl_channel_block() != 0 &&
                              *input_layout == dnnl_channel_blocked_layout(ov::Shape(spec.src.begin(), spec.src.end())));
        // In bf16 the data is converted inside the step (f32 buffers), into the same layout.
        const memory::desc wanted_src = !bf16 && input_layout ? *input_layout
                                        : blocked_side        ? preferred_layout(spec.src, m_compute_type)
                                                              : any_src;
        const memory::desc wanted_dst =
            output_layout ? *output_layout : blocked_side ? preferred_layout(spec.dst) : any_dst;
        const memory::desc bias_md = spec.bias.empty()
                                         ? memory::desc()
                                         : memory::desc({static_cast<memory::dim>(spec.bias.size())}, DataType::f32, Tag::x);
        m_tail = !spec.prelu_slopes.empty();
        // A sum post-op adds what the destination holds before the step: the addend, put there in the
        // destination's layout (copied, reordered, or already there when the step runs in place). A
        // per-channel PRelu runs in the tail instead, and the addend then after it, over the plain result.
        m_sum = spec.addend_input >= 0 && !m_tail;
        m_addend_tail = spec.addend_input >= 0 && m_tail;
        if (!spec.scale.empty()) {
            memory::dims channel_dims(spec.dst.size(), 1);  // [1,C,1...] of the result's rank
            channel_dims[1] = spec.dst[1];
            m_channel_values = plain_data(channel_dims);
            m_scale = memory(m_channel_values, engine, m_spec.scale.data());
            m_shift = memory(m_channel_values, engine, m_spec.shift.data());
        }
        // The post-ops in the node's order: act(x) * scale + shift + addend, or with the addend first
        // act((x + addend) * scale + shift).
        const auto post_ops = [&](bool with_sum) {
            dnnl::post_ops ops;
            if (with_sum && spec.addend_first)
                ops.append_sum(1.f);
            const auto scale_shift = [&] {
                if (spec.scale.empty())
                    return;
                // One number for every channel (the learnable affine blocks of PP-OCRv4's PP-LCNetV3): one
                // linear eltwise, which reads no per-channel vectors.
                const auto uniform = [](const std::vector<float>& v) {
                    return std::all_of(v.begin(), v.end(), [&](float x) { return x == v[0]; });
                };
                if (uniform(spec.scale) && uniform(spec.shift)) {
                    ops.append_eltwise(1.f, dnnl::algorithm::eltwise_linear, spec.scale[0], spec.shift[0]);
                    return;
                }
                m_scale_post_op = ops.len();
                ops.append_binary(dnnl::algorithm::binary_mul, m_channel_values);
                ops.append_binary(dnnl::algorithm::binary_add, m_channel_values);
            };
            if (spec.addend_first)
                scale_shift();
            switch (spec.activation) {
            case kit::FusedActivation::Relu:
                ops.append_eltwise(1.f, dnnl::algorithm::eltwise_relu, 0.f, 0.f);
                break;
            case kit::FusedActivation::Clamp:
                ops.append_eltwise(1.f, dnnl::algorithm::eltwise_clip, spec.alpha, spec.beta);
                break;
            case kit::FusedActivation::Sigmoid:
                ops.append_eltwise(1.f, dnnl::algorithm::eltwise_logistic, 0.f, 0.f);
                break;
            case kit::FusedActivation::Tanh:
                ops.append_eltwise(1.f, dnnl::algorithm::eltwise_tanh, 0.f, 0.f);
                break;
            case kit::FusedActivation::PRelu:
                if (spec.prelu_slopes.empty())
                    ops.append_eltwise(1.f, dnnl::algorithm::eltwise_relu, spec.alpha, 0.f);
                break;
            case kit::FusedActivation::HSwish:
                ops.append_eltwise(1.f, dnnl::algorithm::eltwise_hardswish, 0.f, 0.f);  // x * relu6(x + 3) / 6
                break;
            case kit::FusedActivation::None:
                break;
            }
            if (!spec.addend_first)
                scale_shift();
            if (with_sum && !spec.addend_first)
                ops.append_sum(1.f);
            return ops;
        };
        const auto create = [&](const memory::desc& src, const memory::desc& dst,
                                dnnl::algorithm algorithm = dnnl::algorithm::convolution_direct) {
            dnnl::primitive_attr attr;
            attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
            attr.set_post_ops(post_ops(m_sum));
            dnnl::convolution_forward::desc desc =
                spec.bias.empty()
                    ? dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, algorithm, src, any_weights,
                                                      dst, spec.strides, spec.dilations, spec.pad_l, spec.pad_r)
                    : dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, algorithm, src, any_weights,
                                                      bias_md, dst, spec.strides, spec.dilations, spec.pad_l,
                                                      spec.pad_r);
            return dnnl::convolution_forward::primitive_desc(desc, attr, engine);
        };
        m_addend_layout = addend_layout ? *addend_layout : plain_data(spec.dst);
        // With a free choice, the result takes the addend's layout, so the sum needs no reorder.
        const memory::desc& wanted =
            !output_layout && m_sum && addend_layout && !blocked_side ? *addend_layout : wanted_dst;
        bool created = false;
        if (winograd_pays(spec, bf16, wanted_src, wanted)) {
            try {
                m_pd = create(wanted_src, wanted, dnnl::algorithm::convolution_winograd);
                created = true;
            } catch (const dnnl::error&) {
                // no Winograd kernel for this ISA or these post-ops: the direct one below
            }
        }
        if (!created && winograd_pays_with_reorders(spec, bf16)) {
            try {
                m_pd = create(padded_channel_blocked(spec.src), padded_channel_blocked(spec.dst),
                              dnnl::algorithm::convolution_winograd);
                created = true;
            } catch (const dnnl::error&) {
                // as above
            }
        }
        if (!created) {
            try {
                m_pd = create(wanted_src, wanted);
            } catch (const dnnl::error&) {
                m_pd = create(any_src, any_dst);  // reorders make up for the layouts it chose instead
            }
        }
        // The result stays in the layout oneDNN picked where the planner lets it (every reader is a oneDNN
        // convolution) and that layout takes exactly the plain bytes (no channel padding).
        if (keep_chosen && !output_layout && !m_tail && m_pd.dst_desc().get_size() == m_plain_dst.get_size())
            m_plain_dst = m_pd.dst_desc();
        m_src_reorder = m_pd.src_desc() != m_plain_src;
        m_dst_reorder = m_pd.dst_desc() != m_plain_dst;
        m_addend_reorder = m_sum && m_addend_layout != m_pd.dst_desc();
        m_primitive = dnnl::convolution_forward(m_pd);
        if (m_src_reorder)
            m_reorder_in = make_reorder(m_plain_src, m_pd.src_desc());
        if (m_dst_reorder)
            m_reorder_out = make_reorder(m_pd.dst_desc(), m_plain_dst);
        if (m_addend_reorder)
            m_reorder_addend = make_reorder(m_addend_layout, m_pd.dst_desc());

        // The filters, once, in the layout the primitive wants.
        const auto* filters = ov::as_type<const ov::op::v0::Constant>(node->get_input_node_ptr(1));
        const memory::desc plain_weights(spec.weights, DataType::f32, plain_weights_tag(spec.weights.size(), spec.grouped));
        m_weights = memory(m_pd.weights_desc(), engine);
        memory source(plain_weights, engine, const_cast<float*>(filters->get_data_ptr<float>()));
        {
            // On the compiling thread alone: an OpenMP team started here would stay beside each request's
            // team, and with more OpenMP threads than cores libgomp stops spinning between parallel regions,
            // so every step of every inference would wake its workers through the kernel (docs/cpu.md).
            DnnlThreads serial(1);
            dnnl::stream stream(engine);
            dnnl::reorder(source, m_weights).execute(stream, source, m_weights);
            stream.wait();
        }
        if (!spec.bias.empty())
            m_bias = memory(bias_md, engine, const_cast<float*>(m_spec.bias.data()));

        m_scratchpad_bytes = dnnl_scratch_bytes(m_pd.scratchpad_desc());
        m_src_bytes = m_src_reorder ? align_up(m_pd.src_desc().get_size()) : 0;
        m_dst_bytes = m_dst_reorder ? align_up(m_pd.dst_desc().get_size()) : 0;
    }

    std::string name() const override {
        return std::string("dnnl_") + m_pd.impl_info_str() + (m_compute_type == DataType::bf16 ? "_bf16" : "_f32");
    }
    size_t scratch_bytes() const override { return m_scratchpad_bytes + m_src_bytes + m_dst_bytes; }
    // The result may take the addend's buffer where the step writes it there in the addend's layout.
    int in_place_input() const override {
        return m_sum && !m_addend_reorder && !m_dst_reorder ? m_spec.addend_input : -1;
    }
    size_t held_weight_bytes() const override { return m_pd.weights_desc().get_size(); }

    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override;

    /// The result's layout in the plan's buffer.
    const memory::desc& output_layout() const { return m_plain_dst; }
    bool plain_output() const { return m_plain_dst == plain_data(m_spec.dst); }

private:
    friend class BoundDnnlConvolution;

    // oneDNN's Winograd F(2x2, 3x3) kernel (AVX-512) does a 3x3 stride-1 f32 convolution with fewer
    // multiplications, over channel-blocked data only. Measured on SqueezeNet's expand convolutions (one
    // thread, 56x56 to 14x14): 0.17 / 0.14 / 0.10 / 0.20 ms against 0.27 / 0.27 / 0.15 / 0.26 for the direct
    // kernel; on images below 14x14 it loses on two threads (too few tiles to share), so it is taken from
    // 14x14 up, and only where both sides are channel-blocked anyway (docs/cpu.md).
    static bool winograd_pays(const ConvSpec& spec, bool bf16, const memory::desc& src, const memory::desc& dst) {
        const memory::dims unit{1, 1}, undilated{0, 0};
        if (bf16 || spec.grouped || spec.src.size() != 4 || spec.weights.size() != 4 || spec.weights[2] != 3 ||
            spec.weights[3] != 3 || spec.strides != unit || spec.dilations != undilated || spec.dst[2] * spec.dst[3] < 14 * 14)
            return false;
        const auto channel_blocked = [](const memory::desc& layout) {
            const memory::dims dims = layout.dims();
            return dnnl_channel_block() != 0 && dims.size() == 4 &&
                   layout == dnnl_channel_blocked_layout(ov::Shape(dims.begin(), dims.end()));
        };
        return channel_blocked(src) && channel_blocked(dst);
    }

    // A large one takes the Winograd kernel even where its input or result is not channel-blocked (a
    // channels-last neighbour, or a channel count that fills no whole block, padded inside the step): the
    // reorders cost far less than the multiplications saved. PP-OCRv4's detector, 96 -> 24 channels 3x3 on
    // 80x80 (133 M multiply-adds), one thread: 3.6 ms on brgconv against 1.2 ms for jit_wino_4x3 plus 0.07
    // ms of reorders; 40x40 and 20x20: 0.73 and 0.18 ms against 0.39 and 0.10.
    static bool winograd_pays_with_reorders(const ConvSpec& spec, bool bf16) {
        constexpr memory::dim min_macs = 4 * 1024 * 1024;
        const memory::dims unit{1, 1}, undilated{0, 0};
        if (bf16 || spec.grouped || dnnl_channel_block() != 16 || spec.src.size() != 4 || spec.weights.size() != 4 ||
            spec.weights[2] != 3 || spec.weights[3] != 3 || spec.strides != unit || spec.dilations != undilated ||
            spec.dst[2] * spec.dst[3] < 14 * 14)
            return false;
        return spec.dst[0] * spec.dst[1] * spec.dst[2] * spec.dst[3] * spec.src[1] * 9 >= min_macs;
    }

    // The channel-blocked layout of this CPU, the channels padded to whole blocks where they fill none.
    static memory::desc padded_channel_blocked(const memory::dims& dims) {
        return memory::desc(dims, DataType::f32, dnnl_channel_block() == 16 ? Tag::nChw16c : Tag::nChw8c);
    }

    static dnnl::reorder make_reorder(const memory::desc& from, const memory::desc& to) {
        dnnl::primitive_attr attr;
        attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
        return dnnl::reorder(dnnl::reorder::primitive_desc(dnnl_engine(), from, dnnl_engine(), to, attr));
    }

    ConvSpec m_spec;
    std::shared_ptr<const ov::Node> m_node;  // keeps the filters alive for the plan's lifetime
    memory::desc m_plain_src, m_plain_dst;  // the input and the result as they lie in the plan's buffers
    dnnl::convolution_forward::primitive_desc m_pd;
    dnnl::convolution_forward m_primitive;
    dnnl::reorder m_reorder_in, m_reorder_out, m_reorder_addend;
    memory m_weights, m_bias;
    memory::desc m_addend_layout;   // the addend as it lies in the plan's buffer
    memory::desc m_channel_values;  // a scale or shift: one value per output channel
    memory m_scale, m_shift;        // over m_spec's vectors
    int m_scale_post_op = -1;       // the scale's index in the post-ops; the shift's is next
    bool m_src_reorder = false, m_dst_reorder = false, m_sum = false, m_tail = false, m_addend_tail = false,
         m_addend_reorder = false;
    size_t m_scratchpad_bytes = 0, m_src_bytes = 0, m_dst_bytes = 0;
    int m_threads;  // the primitives were created for this many
    DataType m_compute_type;  // of the data and filters inside the primitive (the result is f32)
};

// One request's memory objects over its buffers, and the argument maps, made once in bind().
class BoundDnnlConvolution final : public kit::BoundOp {
public:
    BoundDnnlConvolution(const DnnlConvolutionKernel& kernel, const kit::BindArgs& args) : m_kernel(kernel) {
        const auto& engine = dnnl_engine();
        char* scratch = static_cast<char*>(args.scratch.host());
        m_src = args.inputs[0].host();
        m_dst = args.outputs[0].host();
        if (kernel.m_spec.addend_input >= 0)
            m_addend = static_cast<const float*>(args.inputs[static_cast<size_t>(kernel.m_spec.addend_input)].host());
        m_elements = static_cast<size_t>(kernel.m_plain_dst.get_size() / sizeof(float));
        m_conv_dst_bytes = kernel.m_pd.dst_desc().get_size();
        memory plain_src(kernel.m_plain_src, engine, m_src);
        memory plain_dst(kernel.m_plain_dst, engine, m_dst);
        memory scratchpad(kernel.m_pd.scratchpad_desc(), engine, scratch);
        memory conv_src = plain_src, conv_dst = plain_dst;
        if (kernel.m_src_reorder) {
            conv_src = memory(kernel.m_pd.src_desc(), engine, scratch + kernel.m_scratchpad_bytes);
            m_in_args = {{DNNL_ARG_FROM, plain_src.get()}, {DNNL_ARG_TO, conv_src.get()}};
        }
        if (kernel.m_dst_reorder) {
            conv_dst = memory(kernel.m_pd.dst_desc(), engine, scratch + kernel.m_scratchpad_bytes + kernel.m_src_bytes);
            m_out_args = {{DNNL_ARG_FROM, conv_dst.get()}, {DNNL_ARG_TO, plain_dst.get()}};
        }
        m_conv_dst = conv_dst.get_data_handle();
        memory addend;
        if (kernel.m_addend_reorder) {
            addend = memory(kernel.m_addend_layout, engine, const_cast<float*>(m_addend));
            m_addend_args = {{DNNL_ARG_FROM, addend.get()}, {DNNL_ARG_TO, conv_dst.get()}};
        }
        m_conv_args = {{DNNL_ARG_SRC, conv_src.get()},
                       {DNNL_ARG_WEIGHTS, kernel.m_weights.get()},
                       {DNNL_ARG_DST, conv_dst.get()},
                       {DNNL_ARG_SCRATCHPAD, scratchpad.get()}};
        if (!kernel.m_spec.bias.empty())
            m_conv_args.push_back({DNNL_ARG_BIAS, kernel.m_bias.get()});
        if (kernel.m_scale_post_op >= 0) {
            m_conv_args.push_back({DNNL_ARG_ATTR_MULTIPLE_POST_OP(kernel.m_scale_post_op) | DNNL_ARG_SRC_1,
                                   kernel.m_scale.get()});
            m_conv_args.push_back({DNNL_ARG_ATTR_MULTIPLE_POST_OP(kernel.m_scale_post_op + 1) | DNNL_ARG_SRC_1,
                                   kernel.m_shift.get()});
        }
        m_memories = {plain_src, plain_dst, scratchpad, conv_src, conv_dst, addend};
    }

    // Runs on the threads the primitives were created for: the request's team, or 1 for a small step.
    void execute(kit::ExecContext&) override {
        const DnnlConvolutionKernel& k = m_kernel;
        DnnlThreads scope(k.m_threads);
        if (k.m_addend_reorder)
            dnnl_execute(k.m_reorder_addend, m_addend_args);
        else if (k.m_sum && m_addend != m_conv_dst)
            std::memcpy(m_conv_dst, m_addend, m_conv_dst_bytes);
        if (k.m_src_reorder)
            dnnl_execute(k.m_reorder_in, m_in_args);
        dnnl_execute(k.m_primitive, m_conv_args);
        if (k.m_dst_reorder)
            dnnl_execute(k.m_reorder_out, m_out_args);
        if (k.m_tail || k.m_addend_tail)
            tail();
    }

private:
    // A per-channel PRelu, then the addend, over the plain result.
    void tail() const {
        const ConvSpec& spec = m_kernel.m_spec;
        float* out = static_cast<float*>(m_dst);
        const size_t channels = static_cast<size_t>(spec.dst[1]);
        const size_t plane = m_elements / static_cast<size_t>(spec.dst[0]) / channels;
        if (!spec.prelu_slopes.empty()) {
            for (size_t i = 0, p = 0; p < m_elements / plane; ++p) {
                const float slope = spec.prelu_slopes[p % channels];
                for (size_t e = 0; e < plane; ++e, ++i)
                    out[i] = out[i] < 0.f ? out[i] * slope : out[i];
            }
        }
        if (m_addend)
            for (size_t i = 0; i < m_elements; ++i)
                out[i] += m_addend[i];
    }

    const DnnlConvolutionKernel& m_kernel;
    void* m_src = nullptr;
    void* m_dst = nullptr;
    const float* m_addend = nullptr;
    void* m_conv_dst = nullptr;  // where the primitive writes: the plan's buffer, or scratch before a reorder
    size_t m_elements = 0;
    size_t m_conv_dst_bytes = 0;
    std::vector<memory> m_memories;  // owns what the argument arrays point to
    std::vector<dnnl_exec_arg_t> m_in_args, m_conv_args, m_out_args, m_addend_args;
};

std::unique_ptr<kit::BoundOp> DnnlConvolutionKernel::bind(const kit::BindArgs& args) const {
    return std::make_unique<BoundDnnlConvolution>(*this, args);
}

memory::dims to_dims(const ov::Shape& shape) { return memory::dims(shape.begin(), shape.end()); }

template <typename Values>
memory::dims to_dims(const Values& values, memory::dim minus = 0) {
    memory::dims dims;
    for (const auto v : values)
        dims.push_back(static_cast<memory::dim>(v) - minus);
    return dims;
}

}  // namespace

size_t dnnl_scratch_bytes(const dnnl::memory::desc& scratchpad) { return align_up(scratchpad.get_size()); }

void dnnl_execute(const dnnl::primitive& primitive, const std::vector<dnnl_exec_arg_t>& args) {
    const dnnl_status_t status =
        dnnl_primitive_execute(primitive.get(), dnnl_stream().get(), static_cast<int>(args.size()), args.data());
    OPENVINO_ASSERT(status == dnnl_success, "CPU: oneDNN failed to execute a primitive (status ",
                    static_cast<int>(status), ")");
}

DnnlBoundPrimitive::DnnlBoundPrimitive(const dnnl::primitive& primitive, std::vector<std::pair<int, dnnl::memory>> args,
                                       int threads)
    : m_primitive(primitive), m_threads(threads) {
    for (auto& [index, memory] : args) {
        m_args.push_back({index, memory.get()});
        m_memories.push_back(std::move(memory));
    }
}

DnnlThreads::DnnlThreads(int threads) : m_previous(omp_get_max_threads()) {
    if (threads != m_previous)
        omp_set_num_threads(threads);
    if (threads > 1)
        t_started_team = true;
}

DnnlThreads::~DnnlThreads() {
    if (omp_get_max_threads() != m_previous)
        omp_set_num_threads(m_previous);
}

const dnnl::engine& dnnl_engine() {
    static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

dnnl::stream& dnnl_stream() {
    // A CPU stream executes in the calling thread; one per thread keeps requests apart.
    thread_local dnnl::stream stream(dnnl_engine());
    return stream;
}

int dnnl_channel_block() {
    // oneDNN's own answer, so ONEDNN_MAX_CPU_ISA narrows it as it narrows the primitives.
    static const int block = [] {
        switch (dnnl::get_effective_cpu_isa()) {
        case dnnl::cpu_isa::avx512_core:
        case dnnl::cpu_isa::avx512_core_vnni:
        case dnnl::cpu_isa::avx512_core_bf16:
        case dnnl::cpu_isa::avx512_core_amx:
            return 16;
        case dnnl::cpu_isa::avx2:
        case dnnl::cpu_isa::avx2_vnni:
            return 8;
        default:
            return 0;
        }
    }();
    return block;
}

dnnl::memory::desc dnnl_channel_blocked_layout(const ov::Shape& shape, dnnl::memory::data_type type) {
    const memory::dims dims(shape.begin(), shape.end());
    return memory::desc(dims, type, dnnl_channel_block() == 16 ? Tag::nChw16c : Tag::nChw8c);
}

dnnl::memory::desc dnnl_same_layout(const dnnl::memory::desc& layout, const ov::Shape& shape) {
    const memory::dims from = layout.dims(), to(shape.begin(), shape.end());
    if (from.size() != 4 || to.size() != 4)
        return {};
    for (const Tag tag : {Tag::nchw, Tag::nhwc, Tag::nChw16c, Tag::nChw8c})
        if (layout == memory::desc(from, layout.data_type(), tag))
            return memory::desc(to, layout.data_type(), tag);
    return {};
}

bool dnnl_native_bf16() {
    const auto isa = dnnl::get_effective_cpu_isa();
    return isa == dnnl::cpu_isa::avx512_core_bf16 || isa == dnnl::cpu_isa::avx512_core_amx;
}

namespace {

// What oneDNN needs to know of a convolution node; empty where it takes no such node.
std::optional<ConvSpec> conv_spec_of(const std::shared_ptr<ov::Node>& node) {
    const auto fused = ov::as_type_ptr<kit::FusedConvolution>(node);
    const bool grouped = ov::is_type<ov::op::v1::GroupConvolution>(node) || (fused && fused->is_grouped());
    const auto plain = ov::as_type_ptr<ov::op::util::ConvolutionFwdPropBase>(node);
    if (!fused && !plain)
        return std::nullopt;
    if (!fused && !grouped && !ov::is_type<ov::op::v1::Convolution>(node))
        return std::nullopt;
    for (size_t i = 0; i < node->get_input_size(); ++i)
        if (node->get_input_partial_shape(i).is_dynamic() || node->get_input_element_type(i) != ov::element::f32)
            return std::nullopt;
    if (node->get_output_partial_shape(0).is_dynamic() || node->get_output_element_type(0) != ov::element::f32)
        return std::nullopt;
    if (!ov::is_type<ov::op::v0::Constant>(node->get_input_node_ptr(1)))
        return std::nullopt;
    const ov::Shape data = node->get_input_shape(0), filters = node->get_input_shape(1), out = node->get_output_shape(0);
    // 1-D, 2-D and 3-D: oneDNN takes each natively, in the plain layouts ncw, nchw and ncdhw.
    if (data.size() < 3 || data.size() > 5)
        return std::nullopt;
    const size_t spatial = data.size() - 2;
    ConvSpec spec;
    spec.grouped = grouped;
    spec.src = to_dims(data);
    spec.dst = to_dims(out);
    spec.weights = to_dims(filters);
    if (fused) {
        spec.strides = to_dims(fused->get_strides());
        spec.dilations = to_dims(fused->get_dilations(), 1);
        spec.pad_l = to_dims(fused->get_pads_begin());
        spec.pad_r = to_dims(fused->get_pads_end());
    } else {
        spec.strides = to_dims(plain->get_strides());
        spec.dilations = to_dims(plain->get_dilations(), 1);
        spec.pad_l = to_dims(plain->get_pads_begin());
        spec.pad_r = to_dims(plain->get_pads_end());
    }
    if (spec.strides.size() != spatial || spec.dilations.size() != spatial || spec.pad_l.size() != spatial ||
        spec.pad_r.size() != spatial)
        return std::nullopt;
    if (fused) {
        const size_t channels = out[1];
        spec.bias = per_channel_constant(node->input_value(2), channels, out.size());
        if (spec.bias.empty())
            return std::nullopt;
        spec.activation = fused->get_activation();
        if (spec.activation == kit::FusedActivation::Clamp) {
            spec.alpha = static_cast<float>(fused->get_clamp_min());
            spec.beta = static_cast<float>(fused->get_clamp_max());
        } else if (spec.activation == kit::FusedActivation::PRelu) {
            const auto slope =
                ov::as_type_ptr<ov::op::v0::Constant>(fused->get_input_node_shared_ptr(fused->slope_input()));
            if (!fused->slope_per_channel() || !slope || slope->get_element_type() != ov::element::f32)
                return std::nullopt;
            const float* slope_data = slope->get_data_ptr<float>();
            std::vector<float> slopes(channels);
            for (size_t c = 0; c < channels; ++c)
                slopes[c] = slope_data[ov::shape_size(slope->get_shape()) == 1 ? 0 : c];
            if (std::all_of(slopes.begin(), slopes.end(), [&](float s) { return s == slopes[0]; }))
                spec.alpha = slopes[0];
            else
                spec.prelu_slopes = std::move(slopes);
        }
        if (fused->has_scale_shift()) {
            spec.scale = per_channel_constant(node->input_value(fused->scale_input()), channels, out.size());
            spec.shift = per_channel_constant(node->input_value(fused->shift_input()), channels, out.size());
            if (spec.scale.empty() || spec.shift.empty())
                return std::nullopt;
        }
        if (fused->has_addend()) {
            if (node->get_input_shape(fused->addend_input()) != out)
                return std::nullopt;
            spec.addend_input = static_cast<int>(fused->addend_input());
            spec.addend_first = fused->addend_first();
        }
        // A per-channel PRelu runs in a tail after the post-ops, so nothing may follow it there.
        if (!spec.prelu_slopes.empty() && (spec.addend_first || !spec.scale.empty()))
            return std::nullopt;
    }
    return spec;
}

}  // namespace

bool dnnl_convolution_supported(const std::shared_ptr<ov::Node>& node) { return conv_spec_of(node).has_value(); }

bool dnnl_convolution_writes_any_layout(const std::shared_ptr<ov::Node>& node) {
    const auto spec = conv_spec_of(node);
    return spec && spec->prelu_slopes.empty();
}

std::shared_ptr<const kit::OpKernel> make_dnnl_convolution_kernel(const std::shared_ptr<ov::Node>& node, int threads,
                                                                  const dnnl::memory::desc* input_layout,
                                                                  const dnnl::memory::desc* output_layout,
                                                                  dnnl::memory::desc* chosen_layout, bool bf16,
                                                                  const dnnl::memory::desc* addend_layout) {
    const auto parsed = conv_spec_of(node);
    if (!parsed)
        return nullptr;
    const ConvSpec& spec = *parsed;
    const ov::Shape filters = node->get_input_shape(1), out = node->get_output_shape(0);
    try {
        // Below about 1 M multiply-adds (some 10 us on one thread) a convolution runs in the calling thread
        // alone: the team's fork and join and the second core's cache misses cost about what it saves.
        const size_t macs = ov::shape_size(out) * (ov::shape_size(filters) / out[1]);
        const int step_threads = dnnl_step_threads(macs, 1u << 20, threads);
        auto kernel = std::make_shared<DnnlConvolutionKernel>(spec, node, step_threads, input_layout, output_layout,
                                                              addend_layout, chosen_layout != nullptr, bf16);
        if (chosen_layout)
            *chosen_layout = kernel->plain_output() ? memory::desc() : kernel->output_layout();
        return kernel;
    } catch (const dnnl::error&) {
        return nullptr;  // a shape oneDNN has no implementation for: the hand-written kernels take it
    }
}

namespace {

// 1-D convolutions go to oneDNN from a lower size than the 2-D bound of dnnl_convolution_candidate: their
// images are a few columns wide (Silero VAD: 2 to 8), which the hand-written sgemm pads to its 16-column
// tiles. Silero VAD v5's short-time Fourier transform (258 filters of 256 taps) took 25 us there against 8
// on oneDNN (per-op profile, one thread). Not the grouped ones: oneDNN ran Silero VAD legacy's depthwise ones
// (5 taps) on its gemm fallback, 82 us against 18 for the hand-written depthwise loop, so the entry leaves
// 1-D GroupConvolutions to the hand-written kernels whatever their size. 1-D values are never kept in a
// oneDNN layout (layouts.cpp blocks 4-D values only), so taking them here changes no layout plan.
bool one_d_worth_dnnl(const ov::Node& node) {
    constexpr size_t min_macs = 32 * 1024;  // below, oneDNN's few microseconds a call are the whole cost
    if (!ov::is_type<ov::op::v1::Convolution>(&node) || node.get_input_partial_shape(0).rank() != 3 ||
        node.get_input_partial_shape(1).is_dynamic() || node.get_output_partial_shape(0).is_dynamic())
        return false;
    const ov::Shape filters = node.get_input_shape(1), out = node.get_output_shape(0);
    if (out.size() != 3 || ov::shape_size(out) == 0)
        return false;
    return ov::shape_size(out) * (ov::shape_size(filters) / out[1]) >= min_macs &&
           dnnl_convolution_supported(std::const_pointer_cast<ov::Node>(node.shared_from_this()));
}

}  // namespace

// Taken before the hand-written convolution for the convolutions dnnl_convolution_candidate names, in the
// layouts the layout pass planned around them, and for 1-D ones of one_d_worth_dnnl.
CpuKernelEntry dnnl_convolution_entry() {
    const auto check = [](const ov::Node& node) {
        const auto* fused = ov::as_type<const kit::FusedConvolution>(&node);
        if ((ov::is_type<ov::op::v1::GroupConvolution>(&node) || (fused && fused->is_grouped())) &&
            node.get_input_partial_shape(0).rank() == 3)
            return std::string("is a 1-D GroupConvolution, which the hand-written depthwise and im2col kernels run "
                               "faster than oneDNN's gemm fallback");
        return dnnl_convolution_candidate(node) || one_d_worth_dnnl(node)
                   ? std::string()
                   : std::string("is not an f32 1-D, 2-D or 3-D convolution with Constant filters and per-channel "
                                 "bias and slope large enough for oneDNN");
    };
    const auto make = [](const CpuKernelContext& context,
                         const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
        static const kit::Layout plain;
        const kit::Layout& layout = context.layouts ? context.layouts->of(*node, 0) : plain;
        const auto* own = layout.payload_as<DnnlLayout>();
        std::shared_ptr<const kit::OpKernel> kernel;
        if (own && own->kernel_made) {
            kernel = own->kernel;  // made by the pass (a convolution keeping oneDNN's pick); null: oneDNN had none
        } else {
            const dnnl::memory::desc* input_layout = dnnl_input_layout(context.layouts, *node, 0);
            const bool channel_blocked =
                own && (layout.name == dnnl_blocked16_layout || layout.name == dnnl_blocked8_layout);
            const dnnl::memory::desc* addend_layout = nullptr;
            if (const auto fused = ov::as_type_ptr<kit::FusedConvolution>(node); fused && fused->has_addend())
                addend_layout = dnnl_input_layout(context.layouts, *node, fused->addend_input());
            kernel = make_dnnl_convolution_kernel(node, context.threads, input_layout,
                                                  channel_blocked ? &own->desc : nullptr, nullptr, context.bf16,
                                                  addend_layout);
            // Neighbours were planned around this step's layouts.
            OPENVINO_ASSERT(kernel || (!input_layout && !channel_blocked), "CPU: op '", node->get_friendly_name(),
                            "' of type ", describe_type(*node),
                            " was planned with a blocked layout but oneDNN has no kernel for it");
        }
        if (kernel)
            return kernel;
        // oneDNN has no primitive for this shape (known only once it tries): the node runs as if this entry
        // had refused it, on the hand-written convolution where its entry takes it, else the reference.
        return make_kernel_without_dnnl(node);
    };
    return {{"Convolution", "GroupConvolution", "FusedConvolution"}, "", {}, check, make};
}

}  // namespace cpu
}  // namespace devmux
