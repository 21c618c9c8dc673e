// SPDX-License-Identifier: Apache-2.0
#include "remote_context.hpp"

#include "kernels.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
namespace opencl {
namespace {

class RemoteTensor : public IRemoteTensor {
public:
    RemoteTensor(const std::shared_ptr<DeviceContext>& device, std::shared_ptr<RemoteContext::CopyQueue> copies,
                 const ov::element::Type& type, const ov::Shape& shape)
        : m_device(device),
          m_copies(std::move(copies)),
          m_type(type),
          m_shape(shape),
          m_buffer(device->allocate(bytes(), "a remote tensor of " + type.get_type_name() + " " + shape.to_string())) {}

    // Over the application's own cl_mem, which the tensor holds a reference of (the application may release
    // its own at any time).
    RemoteTensor(const std::shared_ptr<DeviceContext>& device, std::shared_ptr<RemoteContext::CopyQueue> copies,
                 const ov::element::Type& type, const ov::Shape& shape, cl_mem shared)
        : m_device(device), m_copies(std::move(copies)), m_type(type), m_shape(shape) {
        check(clRetainMemObject(shared), "clRetainMemObject", m_device->name() + ": create_tensor over MEM_HANDLE");
        m_buffer.reset(shared);
    }

    const ov::element::Type& get_element_type() const override { return m_type; }
    const ov::Shape& get_shape() const override { return m_shape; }
    const std::string& get_device_name() const override { return m_device->name(); }
    const std::string& get_memory_space() const override { return m_device->name(); }
    ov::AnyMap get_params() const override {
        return {{memory_space_key, m_device->name()},
                {"SHARED_MEM_TYPE", std::string("OCL_BUFFER")},
                {"OCL_CONTEXT", reinterpret_cast<uint64_t>(m_device->context())},
                {"OCL_BUFFER", reinterpret_cast<uint64_t>(m_buffer.get())}};
    }
    void copy_to_host(ov::Tensor& dst) const override {
        check_same(dst, "copy_to_host");
        if (bytes() == 0)
            return;  // OpenCL refuses empty transfers
        std::lock_guard<std::mutex> lock(m_copies->mutex);
        check(clEnqueueReadBuffer(m_copies->queue.get(), m_buffer.get(), CL_TRUE, 0, bytes(), dst.data(), 0, nullptr,
                                  nullptr),
              "clEnqueueReadBuffer", m_device->name() + ": remote tensor copy_to_host");
    }
    void copy_from_host(const ov::Tensor& src) override {
        check_same(src, "copy_from_host");
        if (bytes() == 0)
            return;
        std::lock_guard<std::mutex> lock(m_copies->mutex);
        check(clEnqueueWriteBuffer(m_copies->queue.get(), m_buffer.get(), CL_TRUE, 0, bytes(), src.data(), 0,
                                   nullptr, nullptr),
              "clEnqueueWriteBuffer", m_device->name() + ": remote tensor copy_from_host");
    }

    const DeviceContext& device() const { return *m_device; }
    cl_mem buffer() const { return m_buffer.get(); }
    size_t bytes() const { return ov::shape_size(m_shape) * m_type.size(); }

private:
    void check_same(const ov::Tensor& other, const char* what) const {
        OPENVINO_ASSERT(other.get_element_type() == m_type && other.get_shape() == m_shape, m_device->name(),
                        ": ", what, " needs a ", m_type, " ", m_shape, " tensor, got ", other.get_element_type(), " ",
                        other.get_shape());
    }

    std::shared_ptr<DeviceContext> m_device;
    std::shared_ptr<RemoteContext::CopyQueue> m_copies;
    ov::element::Type m_type;
    ov::Shape m_shape;
    Mem m_buffer;
};

}  // namespace

RemoteContext::RemoteContext(std::shared_ptr<DeviceContext> device)
    : m_device(std::move(device)), m_copies(std::make_shared<CopyQueue>()) {
    m_copies->queue = m_device->make_queue(false);
}

ov::AnyMap RemoteContext::get_property() const {
    return {{memory_space_key, m_device->name()},
            {"CONTEXT_TYPE", std::string("OCL")},
            {"OCL_CONTEXT", reinterpret_cast<uint64_t>(m_device->context())},
            {ov::device::full_name.name(), m_device->info().name}};
}

namespace {

// The cl_mem of a MEM_HANDLE parameter: OpenVINO's GPU plugin passes it as a void* (gpu_handle_param); a cl_mem
// or an integer holding the address is taken as well.
cl_mem handle_of(const ov::Any& value, const std::string& device) {
    if (value.is<void*>())
        return static_cast<cl_mem>(value.as<void*>());
    if (value.is<cl_mem>())
        return value.as<cl_mem>();
    if (value.is<uint64_t>() || value.is<int64_t>() || value.is<uintptr_t>())
        return reinterpret_cast<cl_mem>(static_cast<uintptr_t>(value.as<uint64_t>()));
    OPENVINO_THROW(device, ": create_tensor: MEM_HANDLE must hold a cl_mem (as void*, cl_mem or an integer address)");
}

}  // namespace

std::shared_ptr<IRemoteTensor> RemoteContext::create_tensor(const ov::element::Type& type, const ov::Shape& shape,
                                                            const ov::AnyMap& params) {
    const std::string& device = m_device->name();
    OPENVINO_ASSERT(type.is_static() && type.size() > 0, device, ": create_tensor needs a sized element type, got ",
                    type);
    if (params.empty())
        return std::make_shared<RemoteTensor>(m_device, m_copies, type, shape);
    // The application's own buffer, in the parameters OpenVINO's GPU plugin takes
    // (ov::intel_gpu::shared_mem_type OCL_BUFFER, ov::intel_gpu::mem_handle).
    for (const auto& kv : params)
        OPENVINO_ASSERT(kv.first == "SHARED_MEM_TYPE" || kv.first == "MEM_HANDLE", device,
                        ": create_tensor does not take the parameter '", kv.first,
                        "'; it takes none (the context allocates) or SHARED_MEM_TYPE=OCL_BUFFER with ",
                        "MEM_HANDLE=<cl_mem>");
    const auto kind = params.find("SHARED_MEM_TYPE");
    OPENVINO_ASSERT(kind != params.end() && kind->second.as<std::string>() == "OCL_BUFFER", device,
                    ": create_tensor over an application's memory needs SHARED_MEM_TYPE=OCL_BUFFER (got ",
                    kind == params.end() ? std::string("none") : "'" + kind->second.as<std::string>() + "'",
                    "); OPENCL wraps OpenCL buffers only");
    const auto handle = params.find("MEM_HANDLE");
    OPENVINO_ASSERT(handle != params.end(), device, ": create_tensor with SHARED_MEM_TYPE=OCL_BUFFER needs MEM_HANDLE");
    cl_mem buffer = handle_of(handle->second, device);
    OPENVINO_ASSERT(buffer != nullptr, device, ": create_tensor: MEM_HANDLE is a null cl_mem");
    cl_context owner = nullptr;
    check(clGetMemObjectInfo(buffer, CL_MEM_CONTEXT, sizeof(owner), &owner, nullptr),
          "clGetMemObjectInfo(CL_MEM_CONTEXT)", device + ": create_tensor over MEM_HANDLE");
    OPENVINO_ASSERT(owner == m_device->context(), device, ": create_tensor: the cl_mem of MEM_HANDLE belongs to ",
                    "another cl_context than this device's (OCL_CONTEXT of the context's parameters)");
    cl_mem_object_type object_type = 0;
    check(clGetMemObjectInfo(buffer, CL_MEM_TYPE, sizeof(object_type), &object_type, nullptr),
          "clGetMemObjectInfo(CL_MEM_TYPE)", device + ": create_tensor over MEM_HANDLE");
    OPENVINO_ASSERT(object_type == CL_MEM_OBJECT_BUFFER, device,
                    ": create_tensor: the cl_mem of MEM_HANDLE is not a buffer (an image?); OPENCL wraps buffers only");
    size_t size = 0;
    check(clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof(size), &size, nullptr), "clGetMemObjectInfo(CL_MEM_SIZE)",
          device + ": create_tensor over MEM_HANDLE");
    const size_t needed = ov::shape_size(shape) * type.size();
    OPENVINO_ASSERT(size >= needed, device, ": create_tensor: the cl_mem of MEM_HANDLE holds ", size,
                    " bytes; a ", type, " ", shape, " tensor needs ", needed, " bytes");
    return std::make_shared<RemoteTensor>(m_device, m_copies, type, shape, buffer);
}

bool place_device_tensor(const DeviceContext& device, const ov::Tensor& tensor, kit::BufferRef& buffer) {
    const auto remote = std::dynamic_pointer_cast<RemoteTensor>(remote_tensor_of(tensor));
    if (!remote || &remote->device() != &device)
        return false;
    buffer = kit::BufferRef{device_memory, remote->buffer(), 0, remote->bytes()};
    return true;
}

}  // namespace opencl
}  // namespace devmux
