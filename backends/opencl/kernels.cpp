// SPDX-License-Identifier: Apache-2.0
#include "kernels.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <tuple>

#include "devmux/kit/internal_ops.hpp"
#include "devmux/kit/pass_manager.hpp"
#include "devmux/kit/passes.hpp"
#include "openvino/op/ops.hpp"
#include "openvino/op/util/arithmetic_reductions_keep_dims.hpp"
#include "openvino/op/util/binary_elementwise_arithmetic.hpp"

namespace devmux {
namespace opencl {
namespace {

// Kernels run with this local size (PoCL compiles a work-group function per distinct local size); the
// convolution kernels use 1 on CPU-type devices (ConvolutionKernel).
constexpr size_t local_size = 32;

using ov::element::Type;

cl_int8 dims8(const ov::Shape& shape, int fill = 1) {
    cl_int8 v;
    for (int d = 0; d < 8; ++d)
        v.s[d] = fill;
    const size_t rank = shape.size();
    for (size_t i = 0; i < rank; ++i)
        v.s[8 - rank + i] = static_cast<int>(shape[i]);
    return v;
}

// Strides (in elements) of an operand of shape `in` broadcast numpy-style to `out`: 0 on broadcast dims.
cl_int8 broadcast_strides(const ov::Shape& in, const ov::Shape& out) {
    cl_int8 v;
    for (int d = 0; d < 8; ++d)
        v.s[d] = 0;
    int stride = 1;
    const size_t rank = in.size();
    for (size_t k = 0; k < rank; ++k) {
        const size_t i = rank - 1 - k;
        const size_t slot = 7 - k;
        const size_t out_extent = out[out.size() - 1 - k];
        v.s[slot] = (in[i] == 1 && out_extent != 1) ? 0 : stride;
        stride *= static_cast<int>(in[i]);
    }
    return v;
}

bool is_constant(const ov::Node& node, size_t input) {
    return ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(input));
}

// Whether every 32-bit word copy kernel can move elements of this type.
bool word_sized(const Type& type) { return type.size() % 4 == 0 && type.size() > 0; }

// A request's kernel arguments for one step: its cl_kernels with their arguments set, the wrappers over user
// memory it reads or writes, and (when profiling) the events of its last run.
class BoundKernels final : public kit::BoundOp {
public:
    struct Launch {
        Kernel kernel;
        size_t items = 0;
        size_t local = local_size;
    };

    BoundKernels(std::string where) : m_where(std::move(where)) {}

    void execute(kit::ExecContext& ctx) override {
        auto& rq = *static_cast<RequestQueue*>(ctx.backend);
        for (auto& mem : m_user_inputs)
            sync_host(rq.queue, mem, CL_MAP_WRITE_INVALIDATE_REGION);
        if (m_commands)
            m_commands(rq.queue, ctx);
        m_events.resize(m_launches.size());
        for (size_t i = 0; i < m_launches.size(); ++i) {
            const size_t local = m_launches[i].local;
            const size_t global = (m_launches[i].items + local - 1) / local * local;
            cl_event event = nullptr;
            check(clEnqueueNDRangeKernel(rq.queue, m_launches[i].kernel.get(), 1, nullptr, &global, &local, 0,
                                         nullptr, rq.profiling ? &event : nullptr),
                  "clEnqueueNDRangeKernel", m_where);
            m_events[i].reset(event);
        }
        for (auto& mem : m_user_outputs)
            sync_host(rq.queue, mem, CL_MAP_READ);
    }

    bool device_time(std::chrono::microseconds& time) const override {
        cl_ulong total = 0;
        for (const auto& event : m_events) {
            if (!event)
                return false;
            cl_event e = event.get();
            check(clWaitForEvents(1, &e), "clWaitForEvents", m_where);
            cl_ulong start = 0, end = 0;
            check(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof(start), &start, nullptr),
                  "clGetEventProfilingInfo", m_where);
            check(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr),
                  "clGetEventProfilingInfo", m_where);
            total += end - start;
        }
        time = std::chrono::microseconds(total / 1000);
        return !m_events.empty();
    }

    std::vector<Launch> m_launches;
    // Commands other than kernels (state reads and writes), enqueued before the launches.
    std::function<void(cl_command_queue, kit::ExecContext&)> m_commands;
    std::vector<Mem> m_user_inputs, m_user_outputs;
    // The wrapper made for each user memory range, so that launches sharing a tensor share one buffer: with
    // one wrapper per launch, a driver that keeps its own copy (NVIDIA's) syncs back each wrapper's copy whole,
    // and the last one overwrote the slices the other launches of a Concat had written.
    std::map<std::tuple<void*, size_t, bool>, cl_mem> m_user_wrappers;
    std::string m_where;

private:
    // A map and unmap of a buffer over user memory: the driver brings its copy and the host memory in step
    // (nothing moves on devices that use the host memory in place).
    void sync_host(cl_command_queue queue, const Mem& mem, cl_map_flags flags) {
        size_t bytes = 0;
        clGetMemObjectInfo(mem.get(), CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr);
        cl_int status = CL_SUCCESS;
        void* mapped = clEnqueueMapBuffer(queue, mem.get(), CL_FALSE, flags, 0, bytes, 0, nullptr, nullptr, &status);
        check(status, "clEnqueueMapBuffer", m_where);
        check(clEnqueueUnmapMemObject(queue, mem.get(), mapped, 0, nullptr, nullptr), "clEnqueueUnmapMemObject",
              m_where);
    }
    std::vector<Event> m_events;
};

// A buffer argument: the cl_mem and the offset of the value in it, in elements of `element_size` bytes.
struct BufferArg {
    cl_mem mem = nullptr;
    int offset = 0;
};

// Sets kernel arguments in order.
class ArgSetter {
public:
    ArgSetter(cl_kernel kernel, const std::string& where) : m_kernel(kernel), m_where(where) {}
    template <typename T>
    ArgSetter& operator<<(const T& value) {
        check(clSetKernelArg(m_kernel, m_index++, sizeof(T), &value), "clSetKernelArg", m_where);
        return *this;
    }
    ArgSetter& operator<<(const BufferArg& buffer) { return *this << buffer.mem << buffer.offset; }

private:
    cl_kernel m_kernel;
    const std::string& m_where;
    cl_uint m_index = 0;
};

// The common part of every OPENCL kernel: the device, the program, the uploaded Constants.
class ClKernel : public kit::OpKernel {
public:
    ClKernel(std::shared_ptr<DeviceContext> device, cl_program program, std::shared_ptr<ConstantPool> constants,
             std::string name)
        : m_device(std::move(device)), m_program(program), m_constants(std::move(constants)), m_name(std::move(name)) {}

    std::string name() const override { return m_name; }

    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        auto bound = std::make_unique<BoundKernels>(m_device->name() + ": op '" + args.step.node_name + "' (" +
                                                    args.step.node_type + ")");
        Binding binding{*this, args, *bound};
        setup(binding);
        return bound;
    }

protected:
    struct Binding {
        const ClKernel& self;
        const kit::BindArgs& args;
        BoundKernels& bound;

        const kit::ValueDesc& in_desc(size_t i) const { return args.plan.values[args.step.inputs[i]]; }
        const kit::ValueDesc& out_desc(size_t i) const { return args.plan.values[args.step.outputs[i]]; }
        BufferArg in(size_t i, size_t element_size = 4) { return resolve(args.inputs[i], element_size, false); }
        BufferArg out(size_t i, size_t element_size = 4) { return resolve(args.outputs[i], element_size, true); }
        // A launch of kernel `name` over `items` work-items; returns its argument setter.
        ArgSetter launch(const char* name, size_t items, size_t local = local_size) {
            cl_int status = CL_SUCCESS;
            Kernel kernel(clCreateKernel(self.m_program, name, &status));
            check(status, "clCreateKernel", bound.m_where + " kernel " + name);
            const cl_kernel handle = kernel.get();
            bound.m_launches.push_back({std::move(kernel), items, local});
            return ArgSetter(handle, bound.m_where);
        }

    private:
        BufferArg resolve(const kit::BufferRef& ref, size_t element_size, bool written) {
            if (ref.space == device_memory)
                return {static_cast<cl_mem>(ref.base), static_cast<int>(ref.offset / element_size)};
            auto it = self.m_constants->buffers.find(ref.host());
            if (it != self.m_constants->buffers.end())
                return {it->second.get(), 0};
            // The user's tensor: used in place (the driver may keep a copy; execute() syncs it).
            const auto key = std::make_tuple(ref.host(), ref.bytes, written);
            if (auto known = bound.m_user_wrappers.find(key); known != bound.m_user_wrappers.end())
                return {known->second, 0};
            cl_int status = CL_SUCCESS;
            Mem wrapper(clCreateBuffer(self.m_device->context(), CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                                       std::max<size_t>(ref.bytes, element_size), ref.host(), &status));
            check(status, "clCreateBuffer(CL_MEM_USE_HOST_PTR)", bound.m_where);
            const cl_mem handle = wrapper.get();
            (written ? bound.m_user_outputs : bound.m_user_inputs).push_back(std::move(wrapper));
            bound.m_user_wrappers.emplace(key, handle);
            return {handle, 0};
        }
    };

    virtual void setup(Binding& b) const = 0;

    // The uploaded copy of the Constant feeding `input` of `node` (uploaded now if it is not yet).
    cl_mem constant(const ov::Node& node, size_t input) const { return upload(node, input, m_device, *m_constants); }

public:
    static cl_mem upload(const ov::Node& node, size_t input, const std::shared_ptr<DeviceContext>& device,
                         ConstantPool& pool) {
        auto c = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(input));
        OPENVINO_ASSERT(c, device->name(), ": op '", node.get_friendly_name(), "' input ", input, " is not a Constant");
        const void* data = c->get_data_ptr();
        auto it = pool.buffers.find(data);
        if (it == pool.buffers.end())
            it = pool.buffers
                     .emplace(data, device->allocate(c->get_byte_size(),
                                                     "the weights '" + c->get_friendly_name() + "' of model '" +
                                                         pool.model + "'",
                                                     data))
                     .first;
        return it->second.get();
    }

protected:
    std::shared_ptr<DeviceContext> m_device;
    cl_program m_program;
    std::shared_ptr<ConstantPool> m_constants;
    std::string m_name;
};

using KernelArgs = std::tuple<std::shared_ptr<DeviceContext>, cl_program, std::shared_ptr<ConstantPool>>;

int binary_code(const ov::Node& node) {
    const std::string type = node.get_type_name();
    static const std::map<std::string, int> codes = {{"Add", 0},     {"Subtract", 1},         {"Multiply", 2},
                                                     {"Divide", 3},  {"Maximum", 4},          {"Minimum", 5},
                                                     {"Power", 6},   {"SquaredDifference", 7}, {"PRelu", 8}};
    auto it = codes.find(type);
    return it == codes.end() ? -1 : it->second;
}

int unary_code(const ov::Node& node) {
    static const std::map<std::string, int> codes = {
        {"Relu", 0},  {"Sigmoid", 1}, {"Tanh", 2},  {"Exp", 3},  {"Sqrt", 4},   {"Abs", 5},      {"Negative", 6},
        {"Clamp", 7}, {"Floor", 8},   {"Ceiling", 9}, {"Log", 10}, {"Elu", 11},     {"Swish", 12},   {"HSwish", 13},
        {"HSigmoid", 14}};
    auto it = codes.find(node.get_type_name());
    return it == codes.end() ? -1 : it->second;
}

class BinaryKernel final : public ClKernel {
public:
    BinaryKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "eltwise_f32"),
          m_op(binary_code(node)),
          m_out(node.get_output_shape(0)) {
        m_a = node.get_input_shape(0);
        m_b = node.get_input_shape(1);
        // PRelu's 1-d slope of the channel count applies along axis 1.
        if (m_op == 8 && m_b.size() == 1 && m_a.size() >= 2 && m_b[0] == m_a[1] && m_b[0] != 1) {
            ov::Shape per_channel(m_a.size() - 1, 1);
            per_channel[0] = m_b[0];
            m_b = per_channel;
        }
        for (size_t i = 0; i < 2; ++i)
            if (is_constant(node, i))
                constant(node, i);
        collapse();
    }
    int in_place_input() const override {
        if (m_a == m_out)
            return 0;
        return m_b == m_out ? 1 : -1;
    }

private:
    void setup(Binding& b) const override {
        const int count = static_cast<int>(ov::shape_size(m_out));
        if (m_a == m_out && m_b == m_out) {
            b.launch("eltwise_binary_same", count) << b.in(0) << b.in(1) << b.out(0) << count << m_op;
            return;
        }
        b.launch("eltwise_binary", count) << b.in(0) << b.in(1) << b.out(0) << count << m_op << m_rank << m_dims
                                          << m_sa << m_sb;
    }
    // Merges neighbouring dimensions that both operands step through alike (contiguously, or both
    // broadcast), so the kernel decomposes the index over as few dimensions as possible.
    void collapse() {
        m_dims = dims8(m_out);
        m_sa = broadcast_strides(m_a, m_out);
        m_sb = broadcast_strides(m_b, m_out);
        int dims[8], sa[8], sb[8], rank = 0;
        for (int d = 7; d >= 0; --d) {
            if (m_dims.s[d] == 1)
                continue;
            if (rank > 0) {
                const int inner = rank - 1;
                const bool a_joins = sa[inner] * dims[inner] == m_sa.s[d] || (sa[inner] == 0 && m_sa.s[d] == 0);
                const bool b_joins = sb[inner] * dims[inner] == m_sb.s[d] || (sb[inner] == 0 && m_sb.s[d] == 0);
                if (a_joins && b_joins) {
                    dims[inner] *= m_dims.s[d];
                    continue;
                }
            }
            dims[rank] = m_dims.s[d], sa[rank] = m_sa.s[d], sb[rank] = m_sb.s[d];
            ++rank;
        }
        m_rank = std::max(rank, 1);
        for (int d = 0; d < 8; ++d)
            m_dims.s[d] = 1, m_sa.s[d] = 0, m_sb.s[d] = 0;
        for (int k = 0; k < rank; ++k)
            m_dims.s[7 - k] = dims[k], m_sa.s[7 - k] = sa[k], m_sb.s[7 - k] = sb[k];
    }
    int m_rank = 8;
    cl_int8 m_dims, m_sa, m_sb;
    int m_op;
    ov::Shape m_a, m_b, m_out;
};

class UnaryKernel final : public ClKernel {
public:
    UnaryKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "eltwise_f32"),
          m_op(unary_code(node)),
          m_count(static_cast<int>(ov::shape_size(node.get_output_shape(0)))) {
        if (auto clamp = ov::as_type<const ov::op::v0::Clamp>(&node)) {
            m_p0 = static_cast<float>(clamp->get_min());
            m_p1 = static_cast<float>(clamp->get_max());
        }
        if (auto elu = ov::as_type<const ov::op::v0::Elu>(&node))
            m_p0 = static_cast<float>(elu->get_alpha());
    }
    int in_place_input() const override { return 0; }

private:
    void setup(Binding& b) const override {
        b.launch("eltwise_unary", m_count) << b.in(0) << b.out(0) << m_count << m_op << m_p0 << m_p1;
    }
    int m_op;
    int m_count;
    float m_p0 = 0.0f, m_p1 = 0.0f;
};

// Explicit paddings of a window op: from auto_pad where it decides them, else the attributes.
std::vector<int> begin_pads(const ov::Shape& in, const ov::Shape& out, const ov::Shape& kernel,
                            const ov::Strides& strides, const ov::Strides& dilations, ov::op::PadType auto_pad,
                            const std::vector<int>& explicit_begin, std::vector<int>* end_pads) {
    const size_t spatial = kernel.size();
    std::vector<int> begin(spatial, 0), end(spatial, 0);
    for (size_t d = 0; d < spatial; ++d) {
        const int i = static_cast<int>(in[in.size() - spatial + d]);
        const int o = static_cast<int>(out[out.size() - spatial + d]);
        const int span = (static_cast<int>(kernel[d]) - 1) * static_cast<int>(dilations[d]) + 1;
        if (auto_pad == ov::op::PadType::SAME_UPPER || auto_pad == ov::op::PadType::SAME_LOWER) {
            const int total = std::max(0, (o - 1) * static_cast<int>(strides[d]) + span - i);
            begin[d] = auto_pad == ov::op::PadType::SAME_UPPER ? total / 2 : total - total / 2;
            end[d] = total - begin[d];
        } else if (auto_pad != ov::op::PadType::VALID) {
            begin[d] = explicit_begin[d];
            end[d] = std::max(0, (o - 1) * static_cast<int>(strides[d]) + span - i - begin[d]);
        }
    }
    if (end_pads)
        *end_pads = end;
    return begin;
}

template <typename T>
std::vector<int> to_ints(const T& values) {
    return std::vector<int>(values.begin(), values.end());
}

// Convolution, GroupConvolution and the kit's FusedConvolution (bias, activation, addend) on 2-d NCHW data.
class ConvolutionKernel final : public ClKernel {
public:
    ConvolutionKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "convolution_f32") {
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
        if (m_packed) {
            // Every packed kernel takes the direct kernel's arguments, the packed filter in place of the plain one.
            b.launch(m_packed_kernel, m_packed_items, m_conv_local)
                << x << m_packed.get() << m_bias << m_has_bias << y << m_packed_items << m_geometry << m_conv << m_act
                << m_p0 << m_p1 << m_slope << m_slope_stride << m_scale << m_shift << m_scale_shift << addend
                << has_addend;
            return;
        }
        b.launch("convolution", m_count) << x << m_weights << m_bias << m_has_bias << y << m_count << m_geometry
                                         << m_conv << m_act << m_p0 << m_p1 << m_slope << m_slope_stride << m_scale
                                         << m_shift << m_scale_shift << addend << has_addend;
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

ov::Shape batch_out_of(const ov::Shape& out) { return ov::Shape(out.begin(), out.end() - 2); }

class MatMulKernel final : public ClKernel {
public:
    MatMulKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "gemm_f32") {
        auto mm = ov::as_type<const ov::op::v0::MatMul>(&node);
        const auto a = node.get_input_shape(0), b = node.get_input_shape(1), out = node.get_output_shape(0);
        const bool ta = mm->get_transpose_a(), tb = mm->get_transpose_b();
        m_M = static_cast<int>(out[out.size() - 2]);
        m_N = static_cast<int>(out[out.size() - 1]);
        m_K = static_cast<int>(ta ? a[a.size() - 2] : a[a.size() - 1]);
        m_trans = (ta ? 1 : 0) | (tb ? 2 : 0);
        m_count = static_cast<int>(ov::shape_size(batch_out_of(out)) * ((m_M + 3) / 4) * ((m_N + 7) / 8));
        // Per output batch, the element offsets of its a and b matrices (numpy broadcast over batch dims).
        const ov::Shape batch_out(out.begin(), out.end() - 2);
        const size_t batches = ov::shape_size(batch_out);
        std::vector<int> offsets(2 * std::max<size_t>(batches, 1), 0);
        const auto matrix_offset = [&](const ov::Shape& shape, size_t index) {
            const size_t rank = shape.size() - 2;
            size_t offset = 0, stride = shape[shape.size() - 1] * shape[shape.size() - 2], rest = index;
            for (size_t k = 0; k < batch_out.size(); ++k) {
                const size_t od = batch_out.size() - 1 - k;
                const size_t coord = rest % batch_out[od];
                rest /= batch_out[od];
                if (k < rank) {
                    const size_t dim = shape[rank - 1 - k];
                    offset += (dim == 1 ? 0 : coord) * stride;
                    stride *= dim;
                }
            }
            return static_cast<int>(offset);
        };
        for (size_t i = 0; i < batches; ++i) {
            offsets[2 * i] = matrix_offset(a, i);
            offsets[2 * i + 1] = matrix_offset(b, i);
        }
        m_offsets = m_device->allocate(offsets.size() * sizeof(int), "MatMul '" + node.get_friendly_name() + "'",
                                       offsets.data());
        for (size_t i = 0; i < 2; ++i)
            if (is_constant(node, i))
                constant(node, i);
    }

private:
    void setup(Binding& b) const override {
        b.launch("matmul", m_count) << b.in(0) << b.in(1) << b.out(0) << m_count << m_M << m_N << m_K << m_trans
                                    << m_offsets.get();
    }
    int m_M, m_N, m_K, m_trans, m_count;
    Mem m_offsets;
};

class PoolKernel final : public ClKernel {
public:
    PoolKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "pool_f32") {
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
        } else {
            auto avg = ov::as_type<const ov::op::v1::AvgPool>(&node);
            OPENVINO_ASSERT(avg, "OPENCL: not a pooling op: ", node.get_type_name());
            kernel = avg->get_kernel(), strides = avg->get_strides(), auto_pad = avg->get_auto_pad();
            pads = to_ints(avg->get_pads_begin());
            m_mode = avg->get_exclude_pad() ? 1 : 2;
        }
        std::vector<int> end;
        pads = begin_pads(in, out, kernel, strides, dilations, auto_pad, pads, &end);
        if (m_mode == 2 && auto_pad == ov::op::PadType::EXPLICIT) {
            // The divisor counts the explicit end padding as given, not what the rounding left over.
            auto avg = ov::as_type<const ov::op::v1::AvgPool>(&node);
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
            b.launch("max_pool2d_row8", m_row8_items) << b.in(0) << b.out(0) << m_row8_items << m_geometry << m_pads;
            return;
        }
        b.launch("pool2d", m_count) << b.in(0) << b.out(0) << m_count << m_geometry << m_pads << m_mode;
    }
    cl_int8 m_geometry, m_pads;
    int m_mode = 0, m_count = 0;
    int m_row8_items = 0;  // work-items of max_pool2d_row8 (8 outputs each), 0 where pool2d runs instead
};

class ReduceKernel final : public ClKernel {
public:
    ReduceKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "reduce_f32") {
        static const std::map<std::string, int> codes = {
            {"ReduceSum", 0}, {"ReduceMean", 1}, {"ReduceMax", 2}, {"ReduceMin", 3}, {"ReduceProd", 4}};
        m_op = codes.at(node.get_type_name());
        const auto& in = node.get_input_shape(0);
        m_dims = dims8(in);
        for (int d = 0; d < 8; ++d)
            m_reduced.s[d] = 0;
        auto axes = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1))->cast_vector<int64_t>();
        for (auto axis : axes) {
            if (axis < 0)
                axis += static_cast<int64_t>(in.size());
            m_reduced.s[8 - in.size() + static_cast<size_t>(axis)] = 1;
        }
        m_count = static_cast<int>(ov::shape_size(node.get_output_shape(0)));
        // Reduced axes that are exactly the innermost ones: each output reduces one contiguous row.
        size_t first_reduced = 8;
        while (first_reduced > 0 && m_reduced.s[first_reduced - 1])
            --first_reduced;
        bool suffix = first_reduced < 8;
        for (size_t d = 0; d < first_reduced; ++d)
            suffix = suffix && !m_reduced.s[d];
        if (suffix)
            m_row_length = static_cast<int>(ov::shape_size(in) / std::max<size_t>(1, static_cast<size_t>(m_count)));
    }

private:
    void setup(Binding& b) const override {
        if (m_row_length) {
            b.launch("reduce_rows", m_count) << b.in(0) << b.out(0) << m_count << m_row_length << m_op;
            return;
        }
        b.launch("reduce", m_count) << b.in(0) << b.out(0) << m_count << m_dims << m_reduced << m_op;
    }
    cl_int8 m_dims, m_reduced;
    int m_op, m_count;
    int m_row_length = 0;  // elements per output where the reduced axes are the innermost ones, else 0
};

class SoftmaxKernel final : public ClKernel {
public:
    SoftmaxKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "softmax_f32") {
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
        b.launch("softmax", m_count) << b.in(0) << b.out(0) << m_count << m_length << m_inner;
    }
    int m_length, m_inner, m_count;
};

// Concat (inputs copied into their slices) and Split / VariadicSplit (outputs copied out of theirs), on
// elements of whole 32-bit words.
class SliceCopyKernel final : public ClKernel {
public:
    SliceCopyKernel(KernelArgs base, const ov::Node& node, bool concat)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), concat ? "concat" : "split"),
          m_concat(concat) {
        const ov::Shape whole = concat ? node.get_output_shape(0) : node.get_input_shape(0);
        int64_t axis = 0;
        if (auto c = ov::as_type<const ov::op::v0::Concat>(&node))
            axis = c->get_axis();
        else
            axis = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1))->cast_vector<int64_t>()[0];
        if (axis < 0)
            axis += static_cast<int64_t>(whole.size());
        const size_t words = node.get_output_element_type(0).size() / 4;
        size_t outer = 1, inner = words;
        for (size_t d = 0; d < static_cast<size_t>(axis); ++d)
            outer *= whole[d];
        for (size_t d = static_cast<size_t>(axis) + 1; d < whole.size(); ++d)
            inner *= whole[d];
        const size_t parts = concat ? node.get_input_size() : node.get_output_size();
        size_t position = 0;
        for (size_t p = 0; p < parts; ++p) {
            const ov::Shape part = concat ? node.get_input_shape(p) : node.get_output_shape(p);
            const int block = static_cast<int>(part[static_cast<size_t>(axis)] * inner);
            m_parts.push_back({block, static_cast<int>(outer) * block, static_cast<int>(position * inner)});
            position += part[static_cast<size_t>(axis)];
        }
        m_whole_stride = static_cast<int>(whole[static_cast<size_t>(axis)] * inner);
    }

private:
    void setup(Binding& b) const override {
        for (size_t p = 0; p < m_parts.size(); ++p) {
            const Part& part = m_parts[p];
            if (part.items == 0)
                continue;
            if (m_concat) {
                BufferArg out = b.out(0);
                out.offset += part.whole_offset;
                b.launch("strided_copy", part.items)
                    << b.in(p) << out << part.items << part.block << part.block << m_whole_stride;
            } else {
                BufferArg in = b.in(0);
                in.offset += part.whole_offset;
                b.launch("strided_copy", part.items)
                    << in << b.out(p) << part.items << part.block << m_whole_stride << part.block;
            }
        }
    }
    struct Part {
        int block, items, whole_offset;
    };
    bool m_concat;
    std::vector<Part> m_parts;
    int m_whole_stride = 0;
};

class TransposeKernel final : public ClKernel {
public:
    TransposeKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "transpose") {
        const auto& in = node.get_input_shape(0);
        const auto& out = node.get_output_shape(0);
        auto order = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1))->cast_vector<int64_t>();
        if (order.empty())
            for (size_t d = 0; d < in.size(); ++d)
                order.push_back(static_cast<int64_t>(in.size() - 1 - d));
        std::vector<int> in_strides(in.size(), 1);
        for (size_t d = in.size(); d-- > 1;)
            in_strides[d - 1] = in_strides[d] * static_cast<int>(in[d]);
        m_out = dims8(out);
        for (int d = 0; d < 8; ++d)
            m_strides.s[d] = 0;
        for (size_t d = 0; d < out.size(); ++d)
            m_strides.s[8 - out.size() + d] = in_strides[static_cast<size_t>(order[d])];
        m_count = static_cast<int>(ov::shape_size(out));
    }

private:
    void setup(Binding& b) const override {
        b.launch("transpose", m_count) << b.in(0) << b.out(0) << m_count << m_out << m_strides;
    }
    cl_int8 m_out, m_strides;
    int m_count;
};

int convert_code(const Type& type) {
    if (type == ov::element::f32)
        return 0;
    if (type == ov::element::f16)
        return 1;
    return -1;
}

// Convert between f32 and f16, or a copy of any type (the plan's boundary conversions, Convert, Reshape
// when it is not a view).
class ConvertKernel final : public ClKernel {
public:
    ConvertKernel(KernelArgs base, Type from, Type to, size_t count)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), from == to ? "copy" : "convert"),
          m_from(from),
          m_to(to),
          m_count(count) {}
    int in_place_input() const override { return m_from.size() == m_to.size() ? 0 : -1; }

private:
    void setup(Binding& b) const override {
        const size_t count = m_count ? m_count : b.out_desc(0).bytes / std::max<size_t>(1, m_to.size());
        if (m_from == m_to) {
            const size_t bytes = count * m_from.size();
            if (bytes % 4 == 0) {
                const int items = static_cast<int>(bytes / 4);
                b.launch("convert", items) << b.in(0, 4) << b.out(0, 4) << items << 3 << 3;
            } else {
                const int items = static_cast<int>(bytes);
                b.launch("copy_bytes", items) << b.in(0, 1) << b.out(0, 1) << items;
            }
            return;
        }
        const int items = static_cast<int>(count);
        b.launch("convert", items) << b.in(0, m_from.size()) << b.out(0, m_to.size()) << items << convert_code(m_from)
                                   << convert_code(m_to);
    }
    Type m_from, m_to;
    size_t m_count;
};

class FakeQuantizeKernel final : public ClKernel {
public:
    FakeQuantizeKernel(KernelArgs base, const ov::Node& node)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), "fake_quantize_f32") {
        const auto& out = node.get_output_shape(0);
        m_levels = static_cast<int>(ov::as_type<const ov::op::v0::FakeQuantize>(&node)->get_levels());
        std::vector<int> strides(32, 0);
        for (size_t r = 0; r < 4; ++r) {
            const auto s = broadcast_strides(node.get_input_shape(r + 1), out);
            for (int d = 0; d < 8; ++d)
                strides[r * 8 + d] = s.s[d];
            if (is_constant(node, r + 1))
                constant(node, r + 1);
        }
        m_strides = m_device->allocate(strides.size() * sizeof(int),
                                       "FakeQuantize '" + node.get_friendly_name() + "'", strides.data());
        m_dims = dims8(out);
        m_count = static_cast<int>(ov::shape_size(out));
    }
    int in_place_input() const override { return 0; }

private:
    void setup(Binding& b) const override {
        b.launch("fake_quantize", m_count) << b.in(0) << b.in(1) << b.in(2) << b.in(3) << b.in(4) << b.out(0)
                                           << m_count << m_levels << m_dims << m_strides.get();
    }
    int m_levels, m_count;
    cl_int8 m_dims;
    Mem m_strides;
};

// ReadValue and Assign: the variables live in host memory (kit::VariableSlot), so reads and writes are
// buffer transfers ordered with the kernels on the request's in-order queue. Whether a variable holds a value
// is known when the inference is enqueued (an Assign sets it then; its transfer runs before any later read).
class StateKernel final : public ClKernel {
public:
    StateKernel(KernelArgs base, size_t variable, bool read, bool has_init)
        : ClKernel(std::get<0>(base), std::get<1>(base), std::get<2>(base), read ? "read_state" : "write_state"),
          m_variable(variable),
          m_read(read),
          m_has_init(has_init) {}

private:
    void setup(Binding& b) const override {
        const size_t bytes = m_read ? b.out_desc(0).bytes : b.in_desc(0).bytes;
        BufferArg source{};
        if (!m_read || m_has_init)
            source = b.in(0, 1);
        BufferArg target{};
        if (m_read)
            target = b.out(0, 1);
        const std::string& where = b.bound.m_where;
        const size_t variable = m_variable;
        const bool read = m_read, has_init = m_has_init;
        b.bound.m_commands = [=, &where](cl_command_queue queue, kit::ExecContext& ctx) {
            kit::VariableSlot& slot = ctx.variables[variable];
            if (!read) {
                check(clEnqueueReadBuffer(queue, source.mem, CL_FALSE, source.offset, bytes, slot.value.data(), 0,
                                          nullptr, nullptr),
                      "clEnqueueReadBuffer", where);
                slot.initialized = true;
            } else if (slot.initialized) {
                check(clEnqueueWriteBuffer(queue, target.mem, CL_FALSE, target.offset, bytes, slot.value.data(), 0,
                                           nullptr, nullptr),
                      "clEnqueueWriteBuffer", where);
            } else if (has_init) {
                check(clEnqueueCopyBuffer(queue, source.mem, target.mem, source.offset, target.offset, bytes, 0,
                                          nullptr, nullptr),
                      "clEnqueueCopyBuffer", where);
            } else {
                const cl_uchar zero = 0;
                check(clEnqueueFillBuffer(queue, target.mem, &zero, 1, target.offset, bytes, 0, nullptr, nullptr),
                      "clEnqueueFillBuffer", where);
            }
        };
    }
    size_t m_variable;
    bool m_read, m_has_init;
};

class Provider final : public kit::KernelProvider {
public:
    Provider(std::shared_ptr<DeviceContext> device, cl_program program, std::shared_ptr<ConstantPool> constants)
        : m_base(std::move(device), program, std::move(constants)) {}

    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
        const std::string type = node->get_type_name();
        if (binary_code(*node) >= 0)
            return std::make_shared<BinaryKernel>(m_base, *node);
        if (unary_code(*node) >= 0)
            return std::make_shared<UnaryKernel>(m_base, *node);
        if (type == "Convolution" || type == "GroupConvolution" || type == "FusedConvolution")
            return std::make_shared<ConvolutionKernel>(m_base, *node);
        if (type == "MatMul")
            return std::make_shared<MatMulKernel>(m_base, *node);
        if (type == "MaxPool" || type == "AvgPool")
            return std::make_shared<PoolKernel>(m_base, *node);
        if (type.rfind("Reduce", 0) == 0)
            return std::make_shared<ReduceKernel>(m_base, *node);
        if (type == "Softmax")
            return std::make_shared<SoftmaxKernel>(m_base, *node);
        if (type == "Concat")
            return std::make_shared<SliceCopyKernel>(m_base, *node, true);
        if (type == "Split" || type == "VariadicSplit")
            return std::make_shared<SliceCopyKernel>(m_base, *node, false);
        if (type == "Transpose")
            return std::make_shared<TransposeKernel>(m_base, *node);
        if (type == "FakeQuantize")
            return std::make_shared<FakeQuantizeKernel>(m_base, *node);
        if (type == "Convert" || type == "Reshape" || type == "Squeeze" || type == "Unsqueeze")
            return std::make_shared<ConvertKernel>(m_base, node->get_input_element_type(0),
                                                   node->get_output_element_type(0),
                                                   ov::shape_size(node->get_output_shape(0)));
        return nullptr;
    }
    std::shared_ptr<const kit::OpKernel> convert_kernel(const Type& from, const Type& to) const override {
        OPENVINO_ASSERT(from == to || (convert_code(from) >= 0 && convert_code(to) >= 0), "OPENCL: cannot convert ",
                        from, " to ", to, " at the model's boundary");
        return std::make_shared<ConvertKernel>(m_base, from, to, 0);
    }
    std::shared_ptr<const kit::OpKernel> read_value_kernel(size_t variable, bool has_init) const override {
        return std::make_shared<StateKernel>(m_base, variable, true, has_init);
    }
    std::shared_ptr<const kit::OpKernel> assign_kernel(size_t variable) const override {
        return std::make_shared<StateKernel>(m_base, variable, false, false);
    }

private:
    KernelArgs m_base;
};

// --- the statement of support ---

std::string f32_data(const ov::Node& node) {
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (node.get_input_element_type(i) != ov::element::f32 && !(i > 0 && is_constant(node, i) &&
                                                                   node.get_input_element_type(i).is_integral()))
            return "has a " + node.get_input_element_type(i).get_type_name() +
                   " input; the OPENCL kernels compute in f32";
    if (node.get_output_element_type(0) != ov::element::f32)
        return "has a " + node.get_output_element_type(0).get_type_name() + " output; the OPENCL kernels compute in f32";
    return {};
}

std::string rank_at_most(const ov::Node& node, size_t rank) {
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_partial_shape(i).rank().is_static() && node.get_output_shape(i).size() > rank)
            return "has rank above " + std::to_string(rank);
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (node.get_input_partial_shape(i).rank().is_static() && node.get_input_shape(i).size() > rank)
            return "has an input of rank above " + std::to_string(rank);
    return {};
}

std::string needs_constant(const ov::Node& node, size_t input, const char* what) {
    return is_constant(node, input) ? std::string() : std::string("needs a constant ") + what;
}

template <typename... Checks>
std::function<std::string(const ov::Node&)> all_of(Checks... checks) {
    return [=](const ov::Node& node) {
        std::string why;
        ((why.empty() ? (void)(why = checks(node)) : (void)0), ...);
        return why;
    };
}

std::string fits_int(const ov::Node& node) {
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_partial_shape(i).is_static() && ov::shape_size(node.get_output_shape(i)) > (1u << 30))
            return "has more elements than the kernels index";
    return {};
}

}  // namespace

std::shared_ptr<ov::Model> prepare_model(const ov::Model& model) {
    auto exec = model.clone();
    const auto precision = kit::choose_inference_precision("OPENCL", {ov::device::capability::FP32}, ov::element::f32);
    kit::PassManager passes("OPENCL");
    passes.add("inference_precision", [precision](ov::Model& m) { return kit::apply_inference_precision(m, precision) != 0; })
        .add("remove_identity_ops", [](ov::Model& m) { return kit::remove_identity_ops(m) != 0; })
        .add("fold_constants", [](ov::Model& m) { return kit::fold_constants(m) != 0; })
        .add("fuse_convolutions", [](ov::Model& m) {
            kit::ConvolutionFusionOptions options;
            options.scale_shift = true;  // both convolution kernels apply it in their epilogue
            return kit::fuse_convolutions(m, options) != 0;
        });
    passes.run(*exec);
    return exec;
}

const kit::OpSupport& op_support() {
    static const kit::OpSupport support = [] {
        kit::OpSupport s("OPENCL");
        const auto f32 = [](const ov::Node& n) { return f32_data(n); };
        const auto rank8 = [](const ov::Node& n) { return rank_at_most(n, 8); };
        const auto spatial2d = [](const ov::Node& n) {
            return n.get_input_partial_shape(0).rank().is_static() && n.get_input_shape(0).size() == 4
                       ? std::string()
                       : std::string("runs 2-d (NCHW) windows only");
        };
        s.add_types({"Parameter", "Result"}, {}, [](const ov::Node& n) {
            const auto type = n.get_output_size() ? n.get_output_element_type(0) : n.get_input_element_type(0);
            return type.bitwidth() < 8 ? "has element type " + type.get_type_name() +
                                                                            ", which OPENCL does not move"
                                                                      : std::string();
        });
        s.add_types({"Constant"});
        s.add_types({"ReadValue", "Assign"}, {}, [](const ov::Node& n) {
            return n.get_output_element_type(0).bitwidth() < 8 ? std::string("has sub-byte elements") : std::string();
        });
        // The kernels broadcast by numpy's rule (which also runs "none": equal shapes); PDPD aligns the second
        // input at an axis instead.
        const auto numpy_rule = [](const ov::Node& n) {
            const auto* binary = dynamic_cast<const ov::op::util::BinaryElementwiseArithmetic*>(&n);
            return binary && binary->get_autob().m_type == ov::op::AutoBroadcastType::PDPD
                       ? std::string("broadcasts by the pdpd rule, which OPENCL does not run")
                       : std::string();
        };
        s.add_types({"Add", "Subtract", "Multiply", "Divide", "Maximum", "Minimum", "Power", "SquaredDifference",
                     "PRelu"},
                    {ov::element::f32}, all_of(rank8, fits_int, numpy_rule));
        s.add_types({"Relu", "Sigmoid", "Tanh", "Exp", "Sqrt", "Abs", "Negative", "Clamp", "Floor", "Ceiling", "Log",
                     "HSwish", "HSigmoid", "Elu"},
                    {ov::element::f32}, fits_int);
        // The kernel's Swish is x * sigmoid(x): a beta input other than a constant 1 is refused.
        s.add_types({"Swish"}, {ov::element::f32}, all_of(fits_int, [](const ov::Node& n) {
                        if (n.get_input_size() < 2)
                            return std::string();
                        const auto beta = ov::as_type_ptr<ov::op::v0::Constant>(n.get_input_node_shared_ptr(1));
                        return beta && beta->cast_vector<float>() == std::vector<float>{1.0f}
                                   ? std::string()
                                   : std::string("has a beta other than a constant 1");
                    }));
        s.add_types({"Convolution", "GroupConvolution", "FusedConvolution"}, {ov::element::f32},
                    all_of(spatial2d, fits_int, [](const ov::Node& n) { return needs_constant(n, 1, "filter"); },
                           [](const ov::Node& n) {
                               auto fused = ov::as_type<const kit::FusedConvolution>(&n);
                               if (!fused)
                                   return std::string();
                               const auto& out = n.get_output_shape(0);
                               if (!is_constant(n, 2) || ov::shape_size(n.get_input_shape(2)) != out[1])
                                   return std::string("needs a constant per-channel bias");
                               if (fused->get_activation() == kit::FusedActivation::PRelu) {
                                   const size_t slope = ov::shape_size(n.get_input_shape(fused->slope_input()));
                                   if (!is_constant(n, fused->slope_input()) || (slope != 1 && slope != out[1]))
                                       return std::string("needs a constant scalar or per-channel PRelu slope");
                               }
                               if (fused->has_scale_shift())
                                   for (const size_t input : {fused->scale_input(), fused->shift_input()}) {
                                       const size_t size = ov::shape_size(n.get_input_shape(input));
                                       const auto& shape = n.get_input_shape(input);
                                       // Per channel: size C along axis 1 of the output (or a scalar).
                                       const bool channel_axis = size == 1 || (shape.size() >= 3 &&
                                                                 shape[shape.size() - 3] == out[1]);
                                       if (!is_constant(n, input) || (size != 1 && size != out[1]) || !channel_axis)
                                           return std::string("needs a constant scalar or per-channel scale-shift");
                                   }
                               if (fused->addend_first())
                                   return std::string("sums its addend before the activation, which the OPENCL "
                                                      "convolution kernels do not do");
                               if (fused->has_addend() && n.get_input_shape(fused->addend_input()) != out)
                                   return std::string("needs an addend of the output's shape");
                               return std::string();
                           }));
        s.add(kit::OpRule{"MatMul", "", {ov::element::f32}, all_of(rank8, fits_int, [](const ov::Node& n) {
                              return n.get_input_shape(0).size() < 2 || n.get_input_shape(1).size() < 2
                                         ? std::string("has a 1-d operand")
                                         : std::string();
                          })});
        s.add_types({"MaxPool"}, {}, all_of(f32, spatial2d, fits_int, [](const ov::Node& n) {
                        return n.get_output_size() > 1 && !n.get_output_target_inputs(1).empty()
                                   ? std::string("has its indices output read; OPENCL computes only the values")
                                   : std::string();
                    }));
        s.add(kit::OpRule{"AvgPool", "opset1", {ov::element::f32}, all_of(spatial2d, fits_int)});
        s.add_types({"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd"}, {},
                    all_of(f32, rank8, fits_int, [](const ov::Node& n) { return needs_constant(n, 1, "axes input"); }));
        s.add_types({"Softmax"}, {ov::element::f32}, fits_int);
        const auto words = [](const ov::Node& n) {
            return word_sized(n.get_output_element_type(0)) ? std::string()
                                                            : "has element type " +
                                                                  n.get_output_element_type(0).get_type_name() +
                                                                  "; OPENCL copies 32-bit words";
        };
        s.add_types({"Concat"}, {}, all_of(words, fits_int));
        s.add_types({"Split", "VariadicSplit"}, {},
                    all_of(words, fits_int, [](const ov::Node& n) { return needs_constant(n, 1, "axis"); },
                           [](const ov::Node& n) {
                               return n.get_input_size() > 2 ? needs_constant(n, 2, "split lengths") : std::string();
                           }));
        s.add_types({"Transpose"}, {},
                    all_of(words, rank8, fits_int, [](const ov::Node& n) { return needs_constant(n, 1, "order"); }));
        s.add_types({"Reshape", "Squeeze", "Unsqueeze"}, {}, [](const ov::Node& n) {
            return n.get_output_element_type(0).bitwidth() < 8 ? std::string("has sub-byte elements") : std::string();
        });
        s.add_types({"Convert"}, {}, [](const ov::Node& n) {
            const auto from = n.get_input_element_type(0), to = n.get_output_element_type(0);
            return (from == to && from.bitwidth() >= 8) || (convert_code(from) >= 0 && convert_code(to) >= 0)
                       ? std::string()
                       : "converts " + from.get_type_name() + " to " + to.get_type_name() +
                             "; OPENCL converts between f32 and f16 only";
        });
        s.add_types({"FakeQuantize"}, {ov::element::f32}, all_of(rank8, fits_int));
        return s;
    }();
    return support;
}

std::unique_ptr<kit::KernelProvider> make_kernel_provider(const std::shared_ptr<DeviceContext>& device,
                                                          cl_program program,
                                                          const std::shared_ptr<ConstantPool>& constants) {
    return std::make_unique<Provider>(device, program, constants);
}

}  // namespace opencl
}  // namespace devmux
