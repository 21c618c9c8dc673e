// SPDX-License-Identifier: Apache-2.0
// ReadValue and Assign: transfers between the variables (host memory) and the device's buffers.
#include "cl_kernel.hpp"

namespace devmux {
namespace opencl {
namespace {

// ReadValue and Assign: the variables live in host memory (kit::VariableSlot), so reads and writes are
// buffer transfers ordered with the kernels on the request's in-order queue. Whether a variable holds a value
// is known when the inference is enqueued (an Assign sets it then; its transfer runs before any later read).
class StateKernel final : public ClKernel {
public:
    StateKernel(const KernelArgs& base, size_t variable, bool read, bool has_init)
        : ClKernel(base, read ? "read_state" : "write_state"),
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

}  // namespace

std::shared_ptr<const kit::OpKernel> make_state_kernel(const KernelArgs& base, size_t variable, bool read,
                                                       bool has_init) {
    return std::make_shared<StateKernel>(base, variable, read, has_init);
}

// The planner makes their steps through KernelProvider::read_value_kernel and assign_kernel.
OpenclKernelEntry state_entry() {
    return {{"ReadValue", "Assign"}, "", {}, [](const ov::Node& n) {
                return n.get_output_element_type(0).bitwidth() < 8 ? std::string("has sub-byte elements")
                                                                    : std::string();
            },
            {}};
}

}  // namespace opencl
}  // namespace devmux
