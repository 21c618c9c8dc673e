// SPDX-License-Identifier: Apache-2.0
#include "cl_kernel.hpp"

#include <algorithm>

#include "openvino/op/constant.hpp"

namespace devmux {
namespace opencl {

cl_int8 dims8(const ov::Shape& shape, int fill) {
    cl_int8 v;
    for (int d = 0; d < 8; ++d)
        v.s[d] = fill;
    const size_t rank = shape.size();
    for (size_t i = 0; i < rank; ++i)
        v.s[8 - rank + i] = static_cast<int>(shape[i]);
    return v;
}

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

void copy_int8(const cl_int8& from, int (&to)[8]) {
    for (int d = 0; d < 8; ++d)
        to[d] = from.s[d];
}

bool is_constant(const ov::Node& node, size_t input) {
    return ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(input));
}

bool word_sized(const ov::element::Type& type) { return type.size() % 4 == 0 && type.size() > 0; }

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

void BoundKernels::execute(kit::ExecContext& ctx) {
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
        check(clEnqueueNDRangeKernel(rq.queue, m_launches[i].kernel.get(), 1, nullptr, &global, &local, 0, nullptr,
                                     rq.profiling ? &event : nullptr),
              "clEnqueueNDRangeKernel", m_where);
        m_events[i].reset(event);
    }
    for (auto& mem : m_user_outputs)
        sync_host(rq.queue, mem, CL_MAP_READ);
}

bool BoundKernels::device_time(std::chrono::microseconds& time) const {
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

void BoundKernels::sync_host(cl_command_queue queue, const Mem& mem, cl_map_flags flags) {
    size_t bytes = 0;
    clGetMemObjectInfo(mem.get(), CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr);
    cl_int status = CL_SUCCESS;
    void* mapped = clEnqueueMapBuffer(queue, mem.get(), CL_FALSE, flags, 0, bytes, 0, nullptr, nullptr, &status);
    check(status, "clEnqueueMapBuffer", m_where);
    check(clEnqueueUnmapMemObject(queue, mem.get(), mapped, 0, nullptr, nullptr), "clEnqueueUnmapMemObject", m_where);
}

std::unique_ptr<kit::BoundOp> ClKernel::bind(const kit::BindArgs& args) const {
    auto bound = std::make_unique<BoundKernels>(m_device->name() + ": op '" + args.step.node_name + "' (" +
                                                args.step.node_type + ")");
    Binding binding{*this, args, *bound};
    setup(binding);
    return bound;
}

ArgSetter ClKernel::Binding::launch(const char* name, size_t items, size_t local) {
    cl_int status = CL_SUCCESS;
    Kernel kernel(clCreateKernel(self.m_program, name, &status));
    check(status, "clCreateKernel", bound.m_where + " kernel " + name);
    const cl_kernel handle = kernel.get();
    bound.m_launches.push_back({std::move(kernel), items, local});
    return ArgSetter(handle, bound.m_where);
}

BufferArg ClKernel::Binding::resolve(const kit::BufferRef& ref, size_t element_size, bool written) {
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

cl_mem ClKernel::upload(const ov::Node& node, size_t input, const std::shared_ptr<DeviceContext>& device,
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

// --- support checks ---

std::string f32_data(const ov::Node& node) {
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (node.get_input_element_type(i) != ov::element::f32 &&
            !(i > 0 && is_constant(node, i) && node.get_input_element_type(i).is_integral()))
            return "has a " + node.get_input_element_type(i).get_type_name() +
                   " input; the OPENCL kernels compute in f32";
    if (node.get_output_element_type(0) != ov::element::f32)
        return "has a " + node.get_output_element_type(0).get_type_name() +
               " output; the OPENCL kernels compute in f32";
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

std::string rank8(const ov::Node& node) { return rank_at_most(node, 8); }

std::string needs_constant(const ov::Node& node, size_t input, const char* what) {
    return is_constant(node, input) ? std::string() : std::string("needs a constant ") + what;
}

std::string fits_int(const ov::Node& node) {
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_partial_shape(i).is_static() && ov::shape_size(node.get_output_shape(i)) > (1u << 30))
            return "has more elements than the kernels index";
    return {};
}

std::string spatial2d(const ov::Node& node) {
    return node.get_input_partial_shape(0).rank().is_static() && node.get_input_shape(0).size() == 4
               ? std::string()
               : std::string("runs 2-d (NCHW) windows only");
}

std::string words(const ov::Node& node) {
    return word_sized(node.get_output_element_type(0))
               ? std::string()
               : "has element type " + node.get_output_element_type(0).get_type_name() + "; OPENCL copies 32-bit words";
}

}  // namespace opencl
}  // namespace devmux
