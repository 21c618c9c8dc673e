// SPDX-License-Identifier: Apache-2.0
#include "infer_request.hpp"

#include "compiled_model.hpp"
#include "remote_context.hpp"

namespace devmux {
namespace vulkan {

InferRequest::InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_compiled(compiled_model),
      m_device(compiled_model->device()),
      m_arena(std::make_shared<ArenaAllocator>(m_device)),
      // The device's own remote tensors are bound as they are: no host mirror, no copy per inference.
      m_run(compiled_model->plan(), m_arena,
            [this](const ov::Tensor& tensor, kit::BufferRef& buffer) {
                return place_device_tensor(*m_device, tensor, buffer, m_context.remote);
            }),
      m_profiling(compiled_model->profiling() && m_device->physical().timestamps) {
    const Api& api = vk();
    const std::string& where = m_device->name();
    VkDevice device = m_device->handle();
    VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool_info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pool_info.queueFamilyIndex = m_device->physical().compute_family;
    check(api.vkCreateCommandPool(device, &pool_info, nullptr, &m_pool), "vkCreateCommandPool", where);
    VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocate.commandPool = m_pool;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    check(api.vkAllocateCommandBuffers(device, &allocate, &m_commands), "vkAllocateCommandBuffers", where);
    VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    check(api.vkCreateFence(device, &fence_info, nullptr, &m_fence), "vkCreateFence", where);
    const size_t steps = compiled_model->plan()->steps.size();
    if (m_profiling && steps > 0) {
        VkQueryPoolCreateInfo query_info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        query_info.queryType = VK_QUERY_TYPE_TIMESTAMP;
        query_info.queryCount = static_cast<uint32_t>(2 * steps);
        check(api.vkCreateQueryPool(device, &query_info, nullptr, &m_queries), "vkCreateQueryPool", where);
        m_timestamps.resize(2 * steps);
    }
    m_on_signal = [this](std::exception_ptr error) {
        if (!error) {
            try {
                end();
            } catch (...) {
                error = std::current_exception();
            }
        }
        (*m_done)(error);
    };
    m_context.arena = m_arena.get();
    m_context.ops.reserve(steps);
    m_context.downloads.reserve(steps);
    m_context.copies.reserve(steps);
}

InferRequest::~InferRequest() {
    const Api& api = vk();
    VkDevice device = m_device->handle();
    if (m_queries)
        api.vkDestroyQueryPool(device, m_queries, nullptr);
    api.vkDestroyFence(device, m_fence, nullptr);
    api.vkDestroyCommandPool(device, m_pool, nullptr);  // frees the command buffer
}

void InferRequest::record() {
    const Api& api = vk();
    const std::string& where = m_device->name();
    check(api.vkResetCommandBuffer(m_commands, 0), "vkResetCommandBuffer", where);
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    check(api.vkBeginCommandBuffer(m_commands, &begin), "vkBeginCommandBuffer", where);
    if (m_queries)
        api.vkCmdResetQueryPool(m_commands, m_queries, 0, static_cast<uint32_t>(m_timestamps.size()));
    m_tracker.reads.clear();
    m_tracker.writes.clear();
    m_tracker.barriers = 0;
    for (DispatchOp* op : m_context.ops)
        op->record(m_commands, m_tracker, m_queries, static_cast<uint32_t>(2 * op->step()));
    VkPipelineStageFlags written_by = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
    VkAccessFlags written = VK_ACCESS_SHADER_WRITE_BIT;
    if (!m_context.copies.empty()) {
        // The results the host reads are copied into host-cached memory once the dispatches wrote them.
        VkMemoryBarrier to_copy{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        to_copy.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        to_copy.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
        api.vkCmdPipelineBarrier(m_commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                                 1, &to_copy, 0, nullptr, 0, nullptr);
        for (const DeviceCopy& copy : m_context.copies) {
            const VkBufferCopy region{copy.offset, 0, copy.bytes};
            api.vkCmdCopyBuffer(m_commands, copy.from, copy.to, 1, &region);
        }
        written_by |= VK_PIPELINE_STAGE_TRANSFER_BIT;
        written |= VK_ACCESS_TRANSFER_WRITE_BIT;
    }
    // The host reads the outputs once the fence has signalled.
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = written;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    api.vkCmdPipelineBarrier(m_commands, written_by, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0,
                             nullptr);
    check(api.vkEndCommandBuffer(m_commands), "vkEndCommandBuffer", where);
    m_recorded_ops = m_context.ops;
    m_recorded_copies = m_context.copies;
    m_barriers = m_tracker.barriers;
    ++m_recordings;
}

bool InferRequest::begin() {
    m_context.ops.clear();
    m_context.downloads.clear();
    m_context.copies.clear();
    m_context.rerecord = false;
    m_context.uploaded_bytes = 0;
    kit::ExecContext ctx;
    ctx.backend = &m_context;
    m_run.run(m_input_tensors, m_output_tensors, ctx, m_profiling);
    if (m_context.ops.empty() && m_context.copies.empty())
        return false;
    if (m_context.rerecord || m_context.ops != m_recorded_ops || m_context.copies != m_recorded_copies)
        record();
    check(vk().vkResetFences(m_device->handle(), 1, &m_fence), "vkResetFences", m_device->name());
    m_device->submit(m_commands, m_fence, m_device->name());
    return true;
}

void InferRequest::infer() {
    if (begin())
        m_device->wait(m_fence, m_device->name());
    end();
}

void InferRequest::start(const std::function<void(std::exception_ptr)>& done) {
    m_done = &done;
    if (begin()) {
        m_device->when_signalled(m_fence, m_on_signal);
        return;
    }
    end();
    done(nullptr);
}

void InferRequest::end() {
    for (const AfterFence* download : m_context.downloads)
        download->finish(m_context);
    if (m_profiling) {
        m_profile = m_run.profiling_info();
        if (m_queries) {
            // Only the device steps wrote their queries: read each pair on its own.
            const float period = m_device->timestamp_period();
            for (DispatchOp* op : m_context.ops) {
                const uint32_t query = static_cast<uint32_t>(2 * op->step());
                uint64_t pair[2] = {0, 0};
                check(vk().vkGetQueryPoolResults(m_device->handle(), m_queries, query, 2, sizeof(pair), pair,
                                                 sizeof(uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                      "vkGetQueryPoolResults", m_device->name());
                const double ns = static_cast<double>(pair[1] - pair[0]) * period;
                m_profile[op->step()].real_time = std::chrono::microseconds(static_cast<int64_t>(ns / 1000.0));
            }
        }
    }
}

std::vector<ov::ProfilingInfo> InferRequest::get_profiling_info() const {
    if (!m_compiled->profiling())
        return {};
    return m_profiling ? m_profile : m_run.profiling_info();
}

std::vector<std::shared_ptr<IVariableState>> InferRequest::query_state() const { return m_run.states(); }

AsyncInferRequest::AsyncInferRequest(const std::shared_ptr<InferRequest>& request)
    : IAsyncInferRequest(request, request->device()->completions()), m_request(request) {}

void AsyncInferRequest::enqueue_async_job(const std::function<void(std::exception_ptr)>& done) { m_request->start(done); }

}  // namespace vulkan
}  // namespace devmux
