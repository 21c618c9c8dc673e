// SPDX-License-Identifier: Apache-2.0
#include "cl_device.hpp"

#include <CL/cl_ext.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "devmux/kit/export_format.hpp"
#include "devmux/plugin/device_identity.hpp"
#include "opencl_kernels.hpp"

namespace devmux {
namespace opencl {
namespace {

std::atomic<size_t> g_source_builds{0};

// Options every program is built with: OpenCL C 1.2, the newest every driver here compiles.
constexpr const char* build_options = "-cl-std=CL1.2 -cl-mad-enable";

// A string property of an OpenCL object (clGetDeviceInfo, clGetPlatformInfo), "" when unavailable.
template <typename Object, typename Info>
std::string info_string(cl_int (*query)(Object, Info, size_t, void*, size_t*), Object object, Info what) {
    size_t size = 0;
    if (query(object, what, 0, nullptr, &size) != CL_SUCCESS || size == 0)
        return {};
    std::string text(size, '\0');
    query(object, what, size, text.data(), nullptr);
    while (!text.empty() && text.back() == '\0')
        text.pop_back();
    return text;
}

std::string device_string(cl_device_id device, cl_device_info what) { return info_string(clGetDeviceInfo, device, what); }

std::string platform_string(cl_platform_id platform, cl_platform_info what) {
    return info_string(clGetPlatformInfo, platform, what);
}

template <typename T>
T device_value(cl_device_id device, cl_device_info what, T fallback) {
    T value{};
    return clGetDeviceInfo(device, what, sizeof(T), &value, nullptr) == CL_SUCCESS ? value : fallback;
}

void fill_identity(DeviceInfo& info) {
    DeviceFacts facts;
    facts.vendor = info.vendor;
    facts.name = info.name;
    facts.is_cpu = (info.type & CL_DEVICE_TYPE_CPU) != 0;
    facts.driver_strings = {info.driver_version, info.device_version, info.platform_version};
    if (info.has_extension("cl_khr_device_uuid")) {
        std::array<uint8_t, 16> uuid{};
        if (clGetDeviceInfo(info.device, CL_DEVICE_UUID_KHR, uuid.size(), uuid.data(), nullptr) == CL_SUCCESS)
            facts.driver_uuid = uuid;
        cl_bool luid_valid = CL_FALSE;
        if (clGetDeviceInfo(info.device, CL_DEVICE_LUID_VALID_KHR, sizeof(luid_valid), &luid_valid, nullptr) ==
                CL_SUCCESS &&
            luid_valid &&
            clGetDeviceInfo(info.device, CL_DEVICE_LUID_KHR, info.luid.luid.size(), info.luid.luid.data(), nullptr) ==
                CL_SUCCESS)
            info.has_luid = true;
    }
    if (info.has_extension("cl_khr_pci_bus_info")) {
        cl_device_pci_bus_info_khr bus{};
        if (clGetDeviceInfo(info.device, CL_DEVICE_PCI_BUS_INFO_KHR, sizeof(bus), &bus, nullptr) == CL_SUCCESS)
            facts.pci = PciAddress{bus.pci_domain, bus.pci_bus, bus.pci_device, bus.pci_function};
    }
    info.uuid = physical_device_uuid(facts);
    info.uuid_from_driver = facts.driver_uuid && std::equal(facts.driver_uuid->begin(), facts.driver_uuid->end(),
                                                            std::begin(info.uuid.uuid));
}

// FNV-1a over the parts that decide a program binary: the source, the options and the device and driver.
std::string cache_key(const DeviceInfo& info) {
    uint64_t hash = 1469598103934665603ull;
    const auto mix = [&hash](const std::string& part) {
        for (unsigned char c : part) {
            hash ^= c;
            hash *= 1099511628211ull;
        }
        hash ^= 0xff;
        hash *= 1099511628211ull;
    };
    mix(std::string(embedded::ops_cl, embedded::ops_cl_size));
    mix(build_options);
    mix(info.platform_name);
    mix(info.platform_version);
    mix(info.name);
    mix(info.driver_version);
    char text[17];
    std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::string build_log(cl_program program, cl_device_id device) {
    size_t size = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    if (size)
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    while (!log.empty() && log.back() == '\0')
        log.pop_back();
    return log;
}

void save_binary(cl_program program, const std::filesystem::path& cached) {
    if (!cached.empty()) {
        size_t size = 0;
        if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr) == CL_SUCCESS &&
            size > 0) {
            std::string binary(size, '\0');
            unsigned char* bytes = reinterpret_cast<unsigned char*>(binary.data());
            if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof(bytes), &bytes, nullptr) == CL_SUCCESS) {
                // With its checksum, through a temporary file and a rename (a reader never sees half a file).
                // A cache that cannot be written only costs the next process a build from source.
                try {
                    kit::write_cache_file(cached.string(), binary, "OPENCL");
                } catch (const std::exception&) {
                }
            }
        }
    }
}

}  // namespace

std::string error_name(cl_int code) {
    switch (code) {
#define DEVMUX_CL_ERROR(name) \
    case name:                \
        return #name;
        DEVMUX_CL_ERROR(CL_SUCCESS)
        DEVMUX_CL_ERROR(CL_DEVICE_NOT_FOUND)
        DEVMUX_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
        DEVMUX_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
        DEVMUX_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
        DEVMUX_CL_ERROR(CL_OUT_OF_RESOURCES)
        DEVMUX_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
        DEVMUX_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
        DEVMUX_CL_ERROR(CL_MEM_COPY_OVERLAP)
        DEVMUX_CL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
        DEVMUX_CL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
        DEVMUX_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
        DEVMUX_CL_ERROR(CL_MAP_FAILURE)
        DEVMUX_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
        DEVMUX_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        DEVMUX_CL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
        DEVMUX_CL_ERROR(CL_LINKER_NOT_AVAILABLE)
        DEVMUX_CL_ERROR(CL_LINK_PROGRAM_FAILURE)
        DEVMUX_CL_ERROR(CL_DEVICE_PARTITION_FAILED)
        DEVMUX_CL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
        DEVMUX_CL_ERROR(CL_INVALID_VALUE)
        DEVMUX_CL_ERROR(CL_INVALID_DEVICE_TYPE)
        DEVMUX_CL_ERROR(CL_INVALID_PLATFORM)
        DEVMUX_CL_ERROR(CL_INVALID_DEVICE)
        DEVMUX_CL_ERROR(CL_INVALID_CONTEXT)
        DEVMUX_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
        DEVMUX_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
        DEVMUX_CL_ERROR(CL_INVALID_HOST_PTR)
        DEVMUX_CL_ERROR(CL_INVALID_MEM_OBJECT)
        DEVMUX_CL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
        DEVMUX_CL_ERROR(CL_INVALID_IMAGE_SIZE)
        DEVMUX_CL_ERROR(CL_INVALID_SAMPLER)
        DEVMUX_CL_ERROR(CL_INVALID_BINARY)
        DEVMUX_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
        DEVMUX_CL_ERROR(CL_INVALID_PROGRAM)
        DEVMUX_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
        DEVMUX_CL_ERROR(CL_INVALID_KERNEL_NAME)
        DEVMUX_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
        DEVMUX_CL_ERROR(CL_INVALID_KERNEL)
        DEVMUX_CL_ERROR(CL_INVALID_ARG_INDEX)
        DEVMUX_CL_ERROR(CL_INVALID_ARG_VALUE)
        DEVMUX_CL_ERROR(CL_INVALID_ARG_SIZE)
        DEVMUX_CL_ERROR(CL_INVALID_KERNEL_ARGS)
        DEVMUX_CL_ERROR(CL_INVALID_WORK_DIMENSION)
        DEVMUX_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
        DEVMUX_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
        DEVMUX_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
        DEVMUX_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
        DEVMUX_CL_ERROR(CL_INVALID_EVENT)
        DEVMUX_CL_ERROR(CL_INVALID_OPERATION)
        DEVMUX_CL_ERROR(CL_INVALID_GL_OBJECT)
        DEVMUX_CL_ERROR(CL_INVALID_BUFFER_SIZE)
        DEVMUX_CL_ERROR(CL_INVALID_MIP_LEVEL)
        DEVMUX_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
        DEVMUX_CL_ERROR(CL_INVALID_PROPERTY)
        DEVMUX_CL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
        DEVMUX_CL_ERROR(CL_INVALID_COMPILER_OPTIONS)
        DEVMUX_CL_ERROR(CL_INVALID_LINKER_OPTIONS)
        DEVMUX_CL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
        DEVMUX_CL_ERROR(CL_PLATFORM_NOT_FOUND_KHR)
#undef DEVMUX_CL_ERROR
    default:
        return "CL error " + std::to_string(code);
    }
}

void check(cl_int code, const char* call, const std::string& where) {
    if (code != CL_SUCCESS)
        OPENVINO_THROW(where, ": ", call, " failed with ", error_name(code), " (", code, ")");
}

bool DeviceInfo::has_extension(const std::string& extension) const {
    std::istringstream words(extensions);
    std::string word;
    while (words >> word)
        if (word == extension)
            return true;
    return false;
}

std::string DeviceInfo::type_name() const {
    if (type & CL_DEVICE_TYPE_GPU)
        return "GPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR)
        return "ACCELERATOR";
    if (type & CL_DEVICE_TYPE_CPU)
        return "CPU";
    return "OTHER";
}

cl_device_type parse_device_types(const std::string& types) {
    cl_device_type mask = 0;
    std::string word;
    std::istringstream list(types);
    while (std::getline(list, word, ',')) {
        word.erase(0, word.find_first_not_of(" \t"));
        word.erase(word.find_last_not_of(" \t") + 1);
        if (word == "GPU")
            mask |= CL_DEVICE_TYPE_GPU;
        else if (word == "ACCELERATOR")
            mask |= CL_DEVICE_TYPE_ACCELERATOR;
        else if (word == "CPU")
            mask |= CL_DEVICE_TYPE_CPU;
        else
            throw std::invalid_argument("unknown device type '" + word + "'");
    }
    if (!mask)
        throw std::invalid_argument("no device type");
    return mask;
}

Enumeration enumerate_devices(cl_device_type admitted) {
    Enumeration result;
    cl_uint platform_count = 0;
    const cl_int status = clGetPlatformIDs(0, nullptr, &platform_count);
    if (status != CL_SUCCESS || platform_count == 0) {
        result.why_none = status == CL_PLATFORM_NOT_FOUND_KHR || platform_count == 0
                              ? "no OpenCL platform: the ICD loader found no installed driver (is an ICD file in "
                                "/etc/OpenCL/vendors, or OCL_ICD_VENDORS set?)"
                              : "clGetPlatformIDs failed with " + error_name(status);
        return result;
    }
    std::vector<cl_platform_id> platforms(platform_count);
    clGetPlatformIDs(platform_count, platforms.data(), nullptr);
    size_t seen = 0;
    std::string seen_types;
    for (cl_platform_id platform : platforms) {
        cl_uint count = 0;
        if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count) != CL_SUCCESS || count == 0)
            continue;
        std::vector<cl_device_id> devices(count);
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, devices.data(), nullptr);
        for (cl_device_id device : devices) {
            DeviceInfo info;
            info.platform = platform;
            info.device = device;
            info.type = device_value<cl_device_type>(device, CL_DEVICE_TYPE, 0);
            ++seen;
            info.name = device_string(device, CL_DEVICE_NAME);
            if (!(info.type & admitted)) {
                seen_types += (seen_types.empty() ? "" : ", ") + info.name + " (" + info.type_name() + ")";
                continue;
            }
            info.vendor = device_string(device, CL_DEVICE_VENDOR);
            info.driver_version = device_string(device, CL_DRIVER_VERSION);
            info.device_version = device_string(device, CL_DEVICE_VERSION);
            info.opencl_c_version = device_string(device, CL_DEVICE_OPENCL_C_VERSION);
            info.extensions = device_string(device, CL_DEVICE_EXTENSIONS);
            info.platform_name = platform_string(platform, CL_PLATFORM_NAME);
            info.platform_version = platform_string(platform, CL_PLATFORM_VERSION);
            info.host_unified_memory = device_value<cl_bool>(device, CL_DEVICE_HOST_UNIFIED_MEMORY, CL_FALSE) != 0 ||
                                       (info.type & CL_DEVICE_TYPE_CPU);
            info.global_memory = device_value<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE, 0);
            info.max_allocation = device_value<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, 0);
            info.base_alignment = std::max<size_t>(64, device_value<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, 1024) / 8);
            fill_identity(info);
            result.devices.push_back(std::move(info));
        }
    }
    drop_repeated_devices(result.devices);
    if (result.devices.empty())
        result.why_none = seen == 0 ? "the OpenCL platforms have no device"
                                    : "no OpenCL device of the admitted types (OPENCL_DEVICE_TYPES); found " +
                                          seen_types;
    return result;
}

void drop_repeated_devices(std::vector<DeviceInfo>& devices) {
    std::vector<DeviceInfo> kept;
    for (auto& device : devices) {
        const bool repeated = std::any_of(kept.begin(), kept.end(), [&](const DeviceInfo& earlier) {
            return earlier.device == device.device ||
                   (earlier.uuid_from_driver && device.uuid_from_driver && earlier.uuid == device.uuid);
        });
        if (!repeated)
            kept.push_back(std::move(device));
    }
    devices = std::move(kept);
}

Program build_program(cl_context context, cl_device_id device, const char* source, size_t length,
                      const std::string& where, const std::string& what) {
    cl_int status = CL_SUCCESS;
    Program program(clCreateProgramWithSource(context, 1, &source, &length, &status));
    check(status, "clCreateProgramWithSource", where + " (" + what + ")");
    status = clBuildProgram(program.get(), 1, &device, build_options, nullptr, nullptr);
    if (status != CL_SUCCESS)
        OPENVINO_THROW(where, ": clBuildProgram failed with ", error_name(status), " building the kernels (", what,
                       "); build log:\n", build_log(program.get(), device));
    return program;
}

DeviceContext::DeviceContext(DeviceInfo info, std::string name) : m_info(std::move(info)), m_name(std::move(name)) {
    cl_int status = CL_SUCCESS;
    const cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                                reinterpret_cast<cl_context_properties>(m_info.platform), 0};
    m_context.reset(clCreateContext(properties, 1, &m_info.device, nullptr, nullptr, &status));
    check(status, "clCreateContext", m_name + " (" + m_info.name + ")");
}

DeviceContext::~DeviceContext() = default;

size_t DeviceContext::source_builds() { return g_source_builds.load(); }

cl_program DeviceContext::program(const std::string& cache_dir) {
    std::lock_guard<std::mutex> lock(m_program_mutex);
    const std::string where = m_name + " (" + m_info.name + ")";
    std::filesystem::path cached;
    if (!cache_dir.empty())
        cached = std::filesystem::path(cache_dir) / ("devmux_opencl_" + cache_key(m_info) + ".clbin");
    if (m_program) {
        // Built before this cache directory was named: fill it, so the next process builds nothing.
        if (!cached.empty() && !std::filesystem::exists(cached))
            save_binary(m_program.get(), cached);
        return m_program.get();
    }
    cl_int status = CL_SUCCESS;
    // A binary that fails its checksum (or a file of the format before checksums) is never given to the
    // driver: it is built from source below and the file rewritten.
    const std::optional<std::string> cached_binary =
        cached.empty() ? std::nullopt : kit::read_cache_file(cached.string());
    if (cached_binary) {
        const std::string& binary = *cached_binary;
        const unsigned char* bytes = reinterpret_cast<const unsigned char*>(binary.data());
        const size_t size = binary.size();
        cl_int binary_status = CL_SUCCESS;
        Program from_binary(
            clCreateProgramWithBinary(m_context.get(), 1, &m_info.device, &size, &bytes, &binary_status, &status));
        // A stale or foreign binary is rebuilt from source below.
        if (status == CL_SUCCESS && binary_status == CL_SUCCESS &&
            clBuildProgram(from_binary.get(), 1, &m_info.device, build_options, nullptr, nullptr) == CL_SUCCESS) {
            m_program = std::move(from_binary);
            return m_program.get();
        }
    }
    ++g_source_builds;
    Program program =
        build_program(m_context.get(), m_info.device, embedded::ops_cl, embedded::ops_cl_size, where, "ops.cl");
    save_binary(program.get(), cached);
    m_program = std::move(program);
    return m_program.get();
}

Queue DeviceContext::make_queue(bool profiling) const {
    cl_int status = CL_SUCCESS;
    Queue queue(clCreateCommandQueue(m_context.get(), m_info.device, profiling ? CL_QUEUE_PROFILING_ENABLE : 0,
                                     &status));
    check(status, "clCreateCommandQueue", m_name + " (" + m_info.name + ")");
    return queue;
}

Mem DeviceContext::allocate(size_t bytes, const std::string& what, const void* initial) const {
    cl_int status = CL_SUCCESS;
    const cl_mem_flags flags = CL_MEM_READ_WRITE | (initial ? CL_MEM_COPY_HOST_PTR : 0);
    Mem mem(clCreateBuffer(m_context.get(), flags, std::max<size_t>(bytes, 4), const_cast<void*>(initial), &status));
    if (status != CL_SUCCESS)
        OPENVINO_THROW(m_name, " (", m_info.name, "): clCreateBuffer failed with ", error_name(status), " allocating ",
                       bytes, " bytes for ", what);
    return mem;
}

}  // namespace opencl
}  // namespace devmux
