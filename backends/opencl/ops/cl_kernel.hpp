// SPDX-License-Identifier: Apache-2.0
// What every OPENCL kernel file in ops/ builds on: the kernel base class (ClKernel) and its binding helpers, the
// shape helpers, the support-check helpers, and the kernel table's entry type. A kernel file defines one function
// `OpenclKernelEntry <name>_entry()` per line of ops/table.inc.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "devmux/kit/kernel_table.hpp"
#include "kernels.hpp"
#include "openvino/op/util/attr_types.hpp"

namespace devmux {
namespace opencl {

// Kernels run with this local size (PoCL compiles a work-group function per distinct local size); the
// convolution kernels use 1 on CPU-type devices (ConvolutionKernel).
constexpr size_t local_size = 32;

cl_int8 dims8(const ov::Shape& shape, int fill = 1);
// Strides (in elements) of an operand of shape `in` broadcast numpy-style to `out`: 0 on broadcast dims.
cl_int8 broadcast_strides(const ov::Shape& in, const ov::Shape& out);
// An int8 vector as the int[8] array of a params struct (the same order: innermost dimension last).
void copy_int8(const cl_int8& from, int (&to)[8]);
bool is_constant(const ov::Node& node, size_t input);
// Whether every 32-bit word copy kernel can move elements of this type.
bool word_sized(const ov::element::Type& type);

// Explicit paddings of a window op: from auto_pad where it decides them, else the attributes.
std::vector<int> begin_pads(const ov::Shape& in, const ov::Shape& out, const ov::Shape& kernel,
                            const ov::Strides& strides, const ov::Strides& dilations, ov::op::PadType auto_pad,
                            const std::vector<int>& explicit_begin, std::vector<int>* end_pads);

template <typename T>
std::vector<int> to_ints(const T& values) {
    return std::vector<int>(values.begin(), values.end());
}

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

    void execute(kit::ExecContext& ctx) override;
    bool device_time(std::chrono::microseconds& time) const override;

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
    void sync_host(cl_command_queue queue, const Mem& mem, cl_map_flags flags);
    std::vector<Event> m_events;
};

// A buffer argument: the cl_mem and the offset of the value in it, in elements of `element_size` bytes.
struct BufferArg {
    cl_mem mem = nullptr;
    int offset = 0;
};

// Sets kernel arguments in order. A buffer is two arguments (the cl_mem and its element offset); a params
// struct of an ops/<family>.h header is one, passed by value.
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

// The device, the program and the uploaded Constants every kernel of one compiled model is made with.
using KernelArgs = std::tuple<std::shared_ptr<DeviceContext>, cl_program, std::shared_ptr<ConstantPool>>;

// The common part of every OPENCL kernel: the device, the program, the uploaded Constants.
class ClKernel : public kit::OpKernel {
public:
    ClKernel(const KernelArgs& base, std::string name)
        : m_device(std::get<0>(base)), m_program(std::get<1>(base)), m_constants(std::get<2>(base)),
          m_name(std::move(name)) {}

    std::string name() const override { return m_name; }

    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override;

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
        ArgSetter launch(const char* name, size_t items, size_t local = local_size);

    private:
        BufferArg resolve(const kit::BufferRef& ref, size_t element_size, bool written);
    };

    virtual void setup(Binding& b) const = 0;

    // The uploaded copy of the Constant feeding `input` of `node` (uploaded now if it is not yet).
    cl_mem constant(const ov::Node& node, size_t input) const { return upload(node, input, m_device, *m_constants); }

public:
    static cl_mem upload(const ov::Node& node, size_t input, const std::shared_ptr<DeviceContext>& device,
                         ConstantPool& pool);

protected:
    std::shared_ptr<DeviceContext> m_device;
    cl_program m_program;
    std::shared_ptr<ConstantPool> m_constants;
    std::string m_name;
};

// --- the kernel table's entries ---

using OpenclKernelFactory =
    std::function<std::shared_ptr<const kit::OpKernel>(const KernelArgs&, const std::shared_ptr<ov::Node>&)>;
using OpenclKernelEntry = kit::KernelEntry<OpenclKernelFactory>;

// The factory of a kernel class constructed from (KernelArgs, const ov::Node&).
template <typename Kernel>
OpenclKernelFactory make_kernel() {
    return [](const KernelArgs& base, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
        return std::make_shared<Kernel>(base, *node);
    };
}

// The kernels the planner asks for by other means than a node (kit::KernelProvider): boundary conversions and
// copies (ops/convert.cpp) and variable reads and writes (ops/state.cpp).
std::shared_ptr<const kit::OpKernel> make_convert_kernel(const KernelArgs& base, const ov::element::Type& from,
                                                         const ov::element::Type& to, size_t count);
std::shared_ptr<const kit::OpKernel> make_state_kernel(const KernelArgs& base, size_t variable, bool read,
                                                       bool has_init);
// The convert kernel's code of an element type (f32 0, f16 1), -1 for types it does not convert.
int convert_code(const ov::element::Type& type);

// --- support checks: why a node is refused, or "" ---

std::string f32_data(const ov::Node& node);
std::string rank_at_most(const ov::Node& node, size_t rank);
std::string rank8(const ov::Node& node);  // rank_at_most 8: the int8 shapes the kernels take
std::string needs_constant(const ov::Node& node, size_t input, const char* what);
std::string fits_int(const ov::Node& node);
// 2-d (NCHW) windows: convolutions and pooling.
std::string spatial2d(const ov::Node& node);
// Elements the 32-bit word copy kernels move (Concat, Split, Transpose).
std::string words(const ov::Node& node);

// The first refusal of several checks, as one check: all_of(rank8, fits_int, [](const ov::Node& n) {...}).
// A function object, not a function template, so that argument-dependent lookup (std::string, ov::Node) never
// finds std::all_of instead.
struct AllOf {
    template <typename... Checks>
    std::function<std::string(const ov::Node&)> operator()(Checks... checks) const {
        return [=](const ov::Node& node) {
            std::string why;
            ((why.empty() ? (void)(why = checks(node)) : (void)0), ...);
            return why;
        };
    }
};
constexpr AllOf all_of{};

}  // namespace opencl
}  // namespace devmux
