// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "devmux/kit/execution_plan.hpp"
#include "devmux/kit/kernel_table.hpp"
#include "devmux/kit/op_support.hpp"
#include "vk_device.hpp"

namespace devmux {
namespace vulkan {

/// One dispatch of a step, decided at compile time from the op and its static shapes.
struct Dispatch {
    Shader shader = Shader::unary;
    std::array<int, output_binding> inputs{{-1, -1, -1, -1, -1}};  // step input per binding, -1: unused
    size_t output = 0;                                             // step output written
    size_t output_offset = 0;  // elements into that output where this dispatch writes (Concat slices)
    size_t input_offset = 0;   // elements into input binding 0 where this dispatch reads (Split parts)
    // The shader's parameters: its params struct (set_params, params_as; ops/params.h). layouts.cpp still
    // edits a few words of the convolutions' and poolings' by index (ops/conv_params.h, ops/pool_params.h).
    uint32_t params[param_count] = {};
    // Specialization constants 0 and 1: the parameters the shader branches on (llvmpipe runs both sides of every
    // branch, masked, so a branch on a push constant costs what all its cases cost). The convolution, pooling
    // and pack_c4 shaders take theirs from their params once the c4 layouts are applied (kernels.cpp
    // specialization()); every other shader takes these.
    uint32_t constants[2] = {0, 0};
    size_t items = 0;     // work items along x (invocations that do work)
    uint32_t groups_y = 1;  // work groups along y (the shader reads gl_WorkGroupID.y)
    // conv_block: the filters (input 1, a Constant) are uploaded repacked in blocks of 16 output channels
    // of `filter_groups` groups; 0: uploaded as they are.
    uint32_t pack_block = 0, filter_groups = 1;
    // conv_texel and its pack_c4: the output is the step's scratch buffer (pack_c4); the scratch buffer is read
    // through texel binding 6 and the filters, repacked for conv_texel, through texel binding 7 (conv_texel).
    bool output_to_scratch = false, texel_input = false, texel_filters = false;
    int texel_bias = -1;  // conv_texel: the step input (a Constant, one value per channel) stored after the filters
    // conv_texel: input 0 is in layout c4 (its producer wrote it so) and texel binding 6 views it in place:
    // no pack_c4 dispatch, no scratch.
    bool c4_input = false;
    bool half = false;  // values (and constants) stored in f16: the shader's f16 variant
    // conv_texel: output pixels and quads of output channels per invocation (specialization constants 3 and 4,
    // Device::conv_texel_tile), fixed when the plan is made so that its item count and pipeline agree.
    uint32_t tile_pixels = 0, tile_quads = 0;
    // A fused scale-shift: the node input of the scale (the shift is the next one), bound at binding 3 as one
    // buffer of the scales, then the shifts.
    int scale_shift = -1;

    /// Stores a shader's params struct (ops/<family>_params.h) at the start of `params`.
    template <typename Params>
    void set_params(const Params& values) {
        static_assert(std::is_trivially_copyable<Params>::value && sizeof(Params) <= sizeof(params),
                      "a shader's params struct fits the push constants after the binding offsets");
        std::memcpy(params, &values, sizeof(Params));
    }
    /// The params struct stored by set_params.
    template <typename Params>
    Params params_as() const {
        static_assert(std::is_trivially_copyable<Params>::value && sizeof(Params) <= sizeof(params),
                      "a shader's params struct fits the push constants after the binding offsets");
        Params values;
        std::memcpy(&values, params, sizeof(Params));
        return values;
    }
};

/// What a node runs as: its dispatches (several for a Concat or Split), in order.
struct NodePlan {
    std::vector<Dispatch> dispatches;
    std::string exec_type;
    size_t scratch_bytes = 0;  // a buffer of each bound step, written and read by its own dispatches
};

/// What a kernel-table entry makes: the reason `node` is refused, or "" with `plan` (when not null) filled.
/// An entry's check is its planner called without a plan.
using Planner = std::function<std::string(const ov::Node& node, NodePlan* plan)>;
using VulkanKernelEntry = kit::KernelEntry<Planner>;
using VulkanKernelTable = kit::KernelTable<Planner>;

/// VULKAN's kernels (ops/table.cpp): structural ops and views first, then one entry per line of ops/table.inc.
const VulkanKernelTable& kernel_table();

/// The single statement of what VULKAN runs, read from kernel_table(): the reason `node` is refused, or "" with
/// `plan` (when not null) filled by the entry that accepts it. Structural ops and views, which run no shader,
/// are refused here ("has no VULKAN shader") though op_support() accepts them.
std::string plan_node(const ov::Node& node, NodePlan* plan);

/// The table's statement (kernel_table().support()), which query_model and compile_model's check read.
const kit::OpSupport& op_support();

/// What `node` runs as on `device`: plan_node's plan, in the shaders' f16 variants for f16 values, conv_texel
/// where the device and the shapes allow. Throws naming the op when VULKAN refuses it.
NodePlan device_plan(const ov::Node& node, const Device& device);

/// The graph VULKAN executes: every floating value in `precision` (f32, or f16 on devices with f16 storage),
/// identity ops removed, constants folded, convolutions fused with their bias, activation and addend.
std::shared_ptr<ov::Model> prepare_model(const ov::Model& model, const ov::element::Type& precision = ov::element::f32);

/// Memory space of the request arenas.
constexpr kit::MemorySpace device_memory = 1;

/// What one infer request gives its bound steps while it runs (kit::ExecContext::backend).
struct RequestContext;

/// Plans a prepared model for `device`: shader kernels (their f16 variants with `half`, for a model prepared in
/// f16), the model's Constants uploaded once. `user_types` gives the user model's input, output and variable
/// types (PlanOptions' type fields); the device fields are set here.
std::shared_ptr<const kit::ExecutionPlan> build_plan(const std::shared_ptr<ov::Model>& model,
                                                     const std::shared_ptr<Device>& device, bool half,
                                                     kit::PlanOptions user_types);

/// A request arena: one VkBuffer per allocation (BufferRef::base is the VkBuffer).
class ArenaAllocator : public kit::ArenaAllocator {
public:
    explicit ArenaAllocator(std::shared_ptr<Device> device) : m_device(std::move(device)) {}
    kit::BufferRef allocate(size_t bytes, size_t alignment) override;
    const std::shared_ptr<Device>& device() const { return m_device; }
    void release(const kit::BufferRef& buffer) override;
    /// The mapped address of a device BufferRef of this allocator (null when it is not one).
    char* mapped(const kit::BufferRef& buffer) const;

private:
    std::shared_ptr<Device> m_device;
    std::vector<std::unique_ptr<Buffer>> m_buffers;
};

class DispatchOp;
struct RequestContext;

/// A step that completes on the host once the inference's fence has signalled (device-to-host copies).
class AfterFence {
public:
    virtual ~AfterFence() = default;
    virtual void finish(const RequestContext& ctx) const = 0;
};

/// A device-to-device copy recorded after the dispatches (into a read-back buffer).
struct DeviceCopy {
    VkBuffer from;
    size_t offset;
    VkBuffer to;
    size_t bytes;
    bool operator==(const DeviceCopy& other) const {
        return from == other.from && offset == other.offset && to == other.to && bytes == other.bytes;
    }
    bool operator!=(const DeviceCopy& other) const { return !(*this == other); }
};

struct RequestContext {
    const ArenaAllocator* arena = nullptr;
    // The user's tensors of this device's context bound as they are (place_device_tensor): their VkBuffers
    // and where the host sees them, for the boundary steps that convert on the host.
    std::map<VkBuffer, char*> remote;
    std::vector<DispatchOp*> ops;              // device steps of this run, in plan order
    std::vector<const AfterFence*> downloads;  // host work to finish after the fence, in plan order
    std::vector<DeviceCopy> copies;            // read-back copies to record after the dispatches
    bool rerecord = false;                     // a device step was bound anew since the last recording
    size_t uploaded_bytes = 0;                 // host bytes copied into input mirrors by this run

    /// Where the host sees a device BufferRef: the arena's, or a bound remote tensor's; null for neither.
    char* mapped(const kit::BufferRef& buffer) const;
    /// True for a remote tensor of the user's (which the host wrote before the submission).
    bool is_remote(const kit::BufferRef& buffer) const {
        return remote.count(reinterpret_cast<VkBuffer>(buffer.base)) != 0;
    }
};

/// Tracks what the dispatches recorded since the last barrier read and wrote, so that a barrier is
/// recorded only before a dispatch that depends on one of them.
struct BarrierTracker {
    struct Range {
        VkBuffer buffer;
        size_t begin, end;
    };
    std::vector<Range> reads, writes;
    size_t barriers = 0;  // recorded so far
};

/// A step's dispatches bound to one request's buffers: descriptor sets written at bind time.
class DispatchOp : public kit::BoundOp {
public:
    DispatchOp(std::shared_ptr<Device> device, const NodePlan& plan, const std::vector<VkPipeline>& pipelines,
               const std::vector<std::shared_ptr<Buffer>>& weights, VkBufferView filter_view,
               const kit::BindArgs& args, size_t step);
    ~DispatchOp() override;
    void execute(kit::ExecContext& ctx) override;
    /// Appends the dispatches (and the barriers they need) to `commands`.
    void record(VkCommandBuffer commands, BarrierTracker& tracker, VkQueryPool queries, uint32_t query);
    size_t step() const { return m_step; }

protected:
    /// Fills the mirror of host input `input` before the submission. Default: a copy of the bound tensor.
    virtual void upload(size_t input, const void* host, void* mirror, size_t bytes, kit::ExecContext& ctx);

private:
    struct Bound {
        VkPipeline pipeline;
        VkDescriptorSet set;
        PushConstants push;
        uint32_t groups, groups_y;
        std::vector<BarrierTracker::Range> reads, writes;
    };
    struct Upload {
        size_t input;
        const void* host;
        Buffer* mirror;
        size_t bytes;
    };
    std::shared_ptr<Device> m_device;
    size_t m_step;
    std::string m_where;
    VkDescriptorPool m_pool = VK_NULL_HANDLE;
    std::vector<Bound> m_bound;
    std::vector<std::unique_ptr<Buffer>> m_mirrors;  // device copies of host inputs (the user's tensors)
    std::unique_ptr<Buffer> m_scratch;               // NodePlan::scratch_bytes
    std::unique_ptr<TexelView> m_scratch_view;
    std::unique_ptr<TexelView> m_input_view;         // Dispatch::c4_input: input 0 where it lies
    std::vector<Upload> m_uploads;
    bool m_recorded = false;
};

/// The boundary of the plan: converts (or copies) between the user's host tensors and device values.
/// Host-to-device and host-to-host run before the submission, device-to-host after the fence.
class DownloadOp : public kit::BoundOp, public AfterFence {
public:
    DownloadOp(const kit::BindArgs& args, ov::element::Type from, ov::element::Type to);
    void execute(kit::ExecContext& ctx) override;
    /// Device-to-host: called by the request once its submission finished.
    void finish(const RequestContext& ctx) const override;

private:
    /// Where the host sees both sides, and whether the device writes the source: worked out at the first
    /// run of this binding (a moved user tensor binds the step anew; the arena and remote mappings stay).
    void resolve(const RequestContext& request);
    void convert(const void* source, void* destination) const;
    kit::BufferRef m_in, m_out;
    ov::element::Type m_from, m_to;
    size_t m_count;
    std::string m_where;
    bool m_resolved = false, m_after_fence = false;
    std::unique_ptr<Buffer> m_read_back;  // where the device copies the source for the host (if it must)
    DeviceCopy m_copy{};
    const void* m_source = nullptr;
    void* m_destination = nullptr;
};

}  // namespace vulkan
}  // namespace devmux
