// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "devmux/plugin/iinfer_request.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/profiling_info.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
namespace kit {

class ThreadPool;

/// @brief Where bytes live: 0 is host memory; a backend numbers its device memories from 1.
using MemorySpace = uint32_t;
constexpr MemorySpace host_memory = 0;

/// @brief A range of bytes in one memory space. For host memory `base` is a pointer; for device memory
/// it is the backend's handle of the whole allocation (a cl_mem, a VkBuffer) and [offset, offset + bytes)
/// the sub-range a kernel argument or descriptor names.
struct BufferRef {
    MemorySpace space = host_memory;
    void* base = nullptr;
    size_t offset = 0;
    size_t bytes = 0;

    /// @brief The first byte, for host memory only.
    void* host() const { return base ? static_cast<char*>(base) + offset : nullptr; }
};

/// @brief Where the bytes of one value of a plan live during an inference.
enum class ValueKind {
    Arena,     ///< [offset, offset + bytes) of the request's arena, shared over time with other values
    Constant,  ///< a Constant's data, read in place (host memory; a device backend uploads the
               ///< constants its kernels read when it creates them, as the CPU repacks weights)
    Input,     ///< the user's tensor of compiled-model input `port`
    Output,    ///< the user's tensor of compiled-model output `port`, written directly by its producer
    View,      ///< bytes [offset, offset + bytes) of value `root` (Reshape, Squeeze, Unsqueeze, a Concat
               ///< input written into its slice, an in-place result, Assign's pass-through)
};

/// @brief One value of the plan (an op output, or a user tensor at the model's boundary).
struct ValueDesc {
    static constexpr size_t none = static_cast<size_t>(-1);
    ValueKind kind = ValueKind::Arena;
    ov::element::Type type;
    ov::Shape shape;
    /// A layout tag the planner does not interpret ("plain", or a backend's blocked format). Only plain
    /// values become views of one another.
    std::string layout = "plain";
    MemorySpace space = host_memory;
    size_t bytes = 0;
    size_t offset = 0;               ///< Arena: in the arena; View: in `root`
    const void* constant = nullptr;  ///< Constant
    size_t port = 0;                 ///< Input, Output
    size_t root = none;              ///< View: a value that is not itself a view
};

struct PlanStep;
struct ExecutionPlan;

/// @brief One variable of a stateful model, as one infer request holds it (host memory).
struct VariableSlot {
    ov::Tensor value;          ///< allocated once per request with the variable's type and shape
    bool initialized = false;  ///< false until an Assign or set_state writes it: ReadValue gives its init
};

/// @brief What a bound op may use at run time besides its buffers.
struct ExecContext {
    ThreadPool* pool = nullptr;          ///< the request's host worker team (host backends), else null
    VariableSlot* variables = nullptr;   ///< the request's variables, indexed like ExecutionPlan::variables
    void* backend = nullptr;             ///< the backend's per-request context (a queue, a command buffer)
};

/// @brief A kernel bound to one request's buffers: OpenCL kernel arguments, Vulkan descriptor sets, oneDNN
/// memory objects, or tensors over host pointers. execute() runs on the infer path: no lookups, locks or
/// allocation there.
class BoundOp {
public:
    virtual ~BoundOp() = default;
    virtual void execute(ExecContext& ctx) = 0;
    /// @brief The device's own time for the last execute (events, timestamp queries), when it measures one;
    /// otherwise false and profiling reports the host's clock.
    virtual bool device_time(std::chrono::microseconds& time) const {
        (void)time;
        return false;
    }
};

/// @brief The resolved buffers of one step of one request, as given to OpKernel::bind.
struct BindArgs {
    const ExecutionPlan& plan;
    const PlanStep& step;
    std::vector<BufferRef> inputs;   ///< one per step input
    std::vector<BufferRef> outputs;  ///< one per step output
    BufferRef scratch;               ///< bytes == step.scratch_bytes (0: none)
};

/// @brief The code of one step, chosen at compile time and shared by every request of a compiled model.
class OpKernel {
public:
    virtual ~OpKernel() = default;
    /// @brief Reported as ov::ProfilingInfo::exec_type ("gemm_f32", "ref_f32", ...).
    virtual std::string name() const = 0;
    /// @brief Bytes of per-request scratch memory (planned in the request's arena).
    virtual size_t scratch_bytes() const { return 0; }
    /// @brief The input whose memory output 0 may reuse when that input is read by nothing later (an
    /// element-wise op that reads each element before writing it), or -1.
    virtual int in_place_input() const { return -1; }
    /// @brief Binds the kernel to one request's buffers, once (again only when the user replaces a tensor).
    virtual std::unique_ptr<BoundOp> bind(const BindArgs& args) const = 0;
};

/// @brief A host kernel on ov::Tensors: bind() wraps the step's host buffers in tensors once. execute() is
/// const and runs from several requests at once.
class HostKernel : public OpKernel {
public:
    /// @brief Reads `inputs`, writes `outputs` (bound once; never reallocated).
    virtual void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void* scratch,
                         ExecContext& ctx) const = 0;
    std::unique_ptr<BoundOp> bind(const BindArgs& args) const override;
};

/// @brief One step: a kernel and the values it reads and writes.
struct PlanStep {
    const ov::Node* node = nullptr;  ///< the op (a Parameter or Result for boundary conversions)
    std::string node_name;  ///< friendly name, for profiling and errors
    std::string node_type;  ///< op type name
    std::shared_ptr<const OpKernel> kernel;
    std::vector<size_t> inputs;   ///< value indices
    std::vector<size_t> outputs;  ///< value indices
    size_t scratch_offset = 0;    ///< in the arena
    size_t scratch_bytes = 0;
};

struct VariableDesc {
    std::string id;
    ov::element::Type type;  ///< what the plan stores and its steps read and write
    ov::Shape shape;
    ov::element::Type user_type;  ///< what query_state shows and set_state takes (type, or another float type)
};

/// @brief An op that costs nothing at run time, for profiling (reported OPTIMIZED_OUT).
struct FreeOp {
    const ov::Node* node = nullptr;
    std::string node_name, node_type, how;  ///< how: "view", "concat_in_place", ...
};

/// @brief An ops list ready to run: kernels chosen, every value given a place, arena values packed by
/// liveness. Built once per compiled model and shared read-only by its requests.
struct ExecutionPlan {
    std::shared_ptr<const ov::Model> model;  ///< keeps the nodes and Constants the plan uses alive
    std::string device;                      ///< starts every message ("CPU", "MOCK.0")
    std::vector<ValueDesc> values;
    std::vector<PlanStep> steps;
    std::vector<VariableDesc> variables;
    std::vector<FreeOp> free_ops;
    std::vector<size_t> input_values, output_values;  ///< per model port: the Input / Output value
    size_t arena_bytes = 0;
    size_t alignment = 64;
    MemorySpace arena_space = host_memory;
    /// What the arena's blocks (values and scratch) would take if none shared memory.
    size_t unshared_bytes = 0;
};

/// @brief What a backend supplies to the planner.
class KernelProvider {
public:
    virtual ~KernelProvider() = default;
    /// @brief The kernel for `node`; null when the backend has none (the planner raises naming the op).
    virtual std::shared_ptr<const OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const = 0;
    /// @brief Converts (or copies, for equal types) a value of one shape at the model's boundary. The
    /// default copies host memory and refuses type changes.
    virtual std::shared_ptr<const OpKernel> convert_kernel(const ov::element::Type& from,
                                                           const ov::element::Type& to) const;
    /// @brief ReadValue of `variable` (input 0 is its initial value when `has_init`). Default: host copy.
    virtual std::shared_ptr<const OpKernel> read_value_kernel(size_t variable, bool has_init) const;
    /// @brief Assign of `variable` from input 0. Default: host copy.
    virtual std::shared_ptr<const OpKernel> assign_kernel(size_t variable) const;
    /// @brief The layout tag of output `index` of `node`. Default "plain".
    virtual std::string layout_of(const ov::Node& node, size_t index) const;
    /// @brief True when values of the non-plain `layout`, concatenated on `axis` with nothing varying
    /// before it, lie one after another exactly as plain ones do (e.g. channel-blocked layouts whose
    /// values all hold whole blocks), so a Concat of them can be made in place. Default false.
    virtual bool concatenates_like_plain(const std::string& layout, size_t axis) const;
};

struct PlanOptions {
    std::string device = "device";  ///< starts every message
    size_t alignment = 64;          ///< of every arena block
    MemorySpace arena_space = host_memory;
    bool views = true;             ///< Reshape, Squeeze, Unsqueeze cost nothing
    bool concat_in_place = true;   ///< producers write into their slice of a Concat output
    bool in_place_results = true;  ///< an output reuses an input that dies there (OpKernel::in_place_input)
    bool direct_outputs = true;    ///< producers write straight into the user's output tensors
    /// User-facing element types per input and output; empty: the model's. Where they differ from the
    /// model's, the plan converts with KernelProvider::convert_kernel.
    std::vector<ov::element::Type> input_types, output_types;
    /// User-facing element types of variables, by variable id; a variable not named keeps the model's. A
    /// backend that retyped its variables (kit::convert_precision) names the user model's types here, and
    /// the request's states convert between the two.
    std::map<std::string, ov::element::Type> variable_types;
};

/// @brief Plans a model with static shapes. Throws ov::Exception naming the op (friendly name and type)
/// that has a dynamic shape or no kernel.
std::shared_ptr<const ExecutionPlan> build_plan(const std::shared_ptr<const ov::Model>& model,
                                                const KernelProvider& kernels, const PlanOptions& options);

/// @brief Offsets for blocks of the given sizes, each live over steps [first[i], last[i]], so that blocks
/// whose lives overlap never overlap in memory. Returns the arena size. Offsets are multiples of
/// `alignment`.
size_t plan_offsets(const std::vector<size_t>& sizes, const std::vector<size_t>& first,
                    const std::vector<size_t>& last, size_t alignment, std::vector<size_t>& offsets);

/// @brief A host kernel calling the node's reference evaluate() on the bound tensors (the node must have
/// one: ov::Node::has_evaluate). It keeps the node alive and reports `exec_type`. Should evaluate()
/// replace an output tensor, the result is copied back into the planned buffer.
std::shared_ptr<const OpKernel> make_reference_kernel(const std::shared_ptr<const ov::Node>& node,
                                                      std::string exec_type);

/// @brief Memory for a request's arena in the plan's arena space. The default allocates host memory.
class ArenaAllocator {
public:
    virtual ~ArenaAllocator() = default;
    virtual BufferRef allocate(size_t bytes, size_t alignment) = 0;
    virtual void release(const BufferRef& buffer) = 0;
};

/// @brief Places a user tensor that lives in the backend's device memory (a remote tensor of its context):
/// sets `buffer` to the device allocation (its space, handle, offset and bytes) and returns true; returns
/// false for any other tensor, which is then used as host memory.
using DeviceTensorResolver = std::function<bool(const ov::Tensor& tensor, BufferRef& buffer)>;

/// @brief One infer request's side of a plan: its arena, its bound steps, its variables and profiling
/// records. Everything is made at construction and at the first run; a run after that allocates nothing
/// unless the user replaced a tensor, and then only the steps touching that tensor are bound again.
/// Used by one thread at a time, like the request that owns it.
class PlanRequest {
public:
    /// @p device_tensors lets user tensors in the backend's device memory be bound without a host copy;
    /// without it (or when it declines a tensor) a user tensor must be host-addressable.
    explicit PlanRequest(std::shared_ptr<const ExecutionPlan> plan, std::shared_ptr<ArenaAllocator> arena = nullptr,
                         DeviceTensorResolver device_tensors = nullptr);
    ~PlanRequest();
    PlanRequest(const PlanRequest&) = delete;
    PlanRequest& operator=(const PlanRequest&) = delete;

    /// @brief Runs every step. `inputs` and `outputs` are the request's tensors, indexed like the model's
    /// ports; they are checked (type, shape, density) and bound only when their memory moved. Throws
    /// ov::Exception naming the device, the op (friendly name and type) and the cause when a step fails.
    void run(const std::vector<ov::Tensor>& inputs, const std::vector<ov::Tensor>& outputs, ExecContext ctx,
             bool profiling);

    /// @brief One record per step, then one OPTIMIZED_OUT record per free op; times of the last profiled run.
    const std::vector<ov::ProfilingInfo>& profiling_info() const { return m_profile; }

    /// @brief One state per variable; valid as long as this object.
    const std::vector<std::shared_ptr<IVariableState>>& states() const { return m_states; }

    /// @brief Where value `index` lives now (tests check that buffers stay put across runs).
    BufferRef buffer(size_t index) const { return m_buffers.at(index); }
    const ExecutionPlan& plan() const { return *m_plan; }

private:
    void bind_user(const std::vector<ov::Tensor>& tensors, bool inputs);
    void bind_step(size_t step);

    std::shared_ptr<const ExecutionPlan> m_plan;
    std::shared_ptr<ArenaAllocator> m_allocator;
    DeviceTensorResolver m_device_tensors;
    BufferRef m_arena;
    std::vector<BufferRef> m_buffers;  // one per plan value
    std::vector<std::unique_ptr<BoundOp>> m_bound;
    // User memory the steps were bound to: a host tensor's data, or a device tensor's backend object.
    std::vector<const void*> m_bound_inputs, m_bound_outputs;
    std::vector<std::vector<size_t>> m_input_steps, m_output_steps;  // per port: steps touching it
    std::vector<bool> m_dirty;                                       // per step, while rebinding
    std::vector<VariableSlot> m_variables;
    std::vector<std::shared_ptr<IVariableState>> m_states;
    std::vector<ov::ProfilingInfo> m_profile;
};

}  // namespace kit
}  // namespace devmux
