// SPDX-License-Identifier: Apache-2.0
#pragma once

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux {
class CompletionQueue;
namespace opencl {

/// The symbolic name of an OpenCL error code ("CL_OUT_OF_RESOURCES"), or "CL error <n>".
std::string error_name(cl_int code);

/// Throws ov::Exception naming the call, the error's symbolic name and `where` (device, op) when `code`
/// is not CL_SUCCESS.
void check(cl_int code, const char* call, const std::string& where);

/// Owns one reference of an OpenCL object (clRelease* on destruction).
template <typename T, cl_int (*Release)(T)>
class Handle {
public:
    Handle() = default;
    explicit Handle(T object) : m_object(object) {}
    Handle(Handle&& other) noexcept : m_object(other.m_object) { other.m_object = nullptr; }
    Handle& operator=(Handle&& other) noexcept {
        if (this != &other) {
            reset();
            m_object = other.m_object;
            other.m_object = nullptr;
        }
        return *this;
    }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() { reset(); }
    void reset(T object = nullptr) {
        if (m_object)
            Release(m_object);
        m_object = object;
    }
    T get() const { return m_object; }
    explicit operator bool() const { return m_object != nullptr; }

private:
    T m_object = nullptr;
};

using Mem = Handle<cl_mem, clReleaseMemObject>;
using Kernel = Handle<cl_kernel, clReleaseKernel>;
using Queue = Handle<cl_command_queue, clReleaseCommandQueue>;
using Event = Handle<cl_event, clReleaseEvent>;
using Program = Handle<cl_program, clReleaseProgram>;
using Context = Handle<cl_context, clReleaseContext>;

/// What the plugin knows of one OpenCL device, read once when the plugin enumerates.
struct DeviceInfo {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    std::string name, vendor, driver_version, device_version, opencl_c_version, platform_name, platform_version;
    std::string extensions;
    cl_device_type type = 0;
    bool host_unified_memory = false;
    cl_ulong global_memory = 0;
    cl_ulong max_allocation = 0;
    size_t base_alignment = 128;  // bytes: CL_DEVICE_MEM_BASE_ADDR_ALIGN
    ov::device::UUID uuid{};
    bool uuid_from_driver = false;  // `uuid` is the device UUID the driver reported (not a derived identity)
    bool has_luid = false;
    ov::device::LUID luid{};

    bool has_extension(const std::string& name) const;
    /// "GPU", "CPU", "ACCELERATOR" or "OTHER".
    std::string type_name() const;
};

/// Why the plugin has no device, or an empty string when it has some.
struct Enumeration {
    std::vector<DeviceInfo> devices;
    std::string why_none;
};

/// Device types from "GPU,ACCELERATOR,CPU" (throws std::invalid_argument for an unknown word).
cl_device_type parse_device_types(const std::string& types);

/// Every device of an admitted type on every platform, in platform order then device order, each once.
Enumeration enumerate_devices(cl_device_type admitted);

/// Drops the later of two entries that are one device reached twice: the same cl_device_id (an ICD loader
/// that lists a platform twice), or the same driver-reported device UUID (one GPU's driver registered by two
/// ICD files). Devices with a derived identity (PoCL's host CPU UUID) are kept: two CPU drivers are two ways
/// to run, and the UUID says they are one physical device. An H100 machine listed its GPU twice so.
void drop_repeated_devices(std::vector<DeviceInfo>& devices);

/// A program built from `source` for `device` with the backend's build options. A build the compiler refuses
/// throws naming `where` (device), `what` (the source), the error's symbolic name and the build log.
Program build_program(cl_context context, cl_device_id device, const char* source, size_t length,
                      const std::string& where, const std::string& what);

/// One device in use: its context and the program of the backend's kernels, built once per process
/// (from ov::cache_dir's binary when one is there). Shared by the compiled models and requests on it.
class DeviceContext {
public:
    DeviceContext(DeviceInfo info, std::string name);
    ~DeviceContext();

    const DeviceInfo& info() const { return m_info; }
    const std::string& name() const { return m_name; }
    cl_context context() const { return m_context.get(); }
    cl_device_id device() const { return m_info.device; }

    /// The kernels' program, built on first use; `cache_dir` (may be empty) holds program binaries.
    cl_program program(const std::string& cache_dir);
    /// A new in-order queue (with profiling when asked).
    Queue make_queue(bool profiling) const;
    /// A device buffer; `what` names the owner for the out-of-memory message.
    Mem allocate(size_t bytes, const std::string& what, const void* initial = nullptr) const;

    /// Programs this process built from source (a cache hit builds from the binary and does not count).
    static size_t source_builds();

private:
    DeviceInfo m_info;
    std::string m_name;
    Context m_context;
    // Guards m_program while the first compile builds it.
    std::mutex m_program_mutex;
    Program m_program;
};

/// The threads a device's asynchronous requests share. `waits` waits for each inference's commands, in the
/// order they were submitted; `completions` then runs the request's callback, so that a callback (which may
/// start the next inference) never waits behind another request's commands.
struct DeviceThreads {
    std::shared_ptr<CompletionQueue> completions;
    std::shared_ptr<CompletionQueue> waits;
};

}  // namespace opencl
}  // namespace devmux
