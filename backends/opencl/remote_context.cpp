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

std::shared_ptr<IRemoteTensor> RemoteContext::create_tensor(const ov::element::Type& type, const ov::Shape& shape,
                                                            const ov::AnyMap& params) {
    OPENVINO_ASSERT(params.empty(), m_device->name(), ": create_tensor takes no parameters (got ", params.size(),
                    "); the context allocates the cl_mem itself");
    OPENVINO_ASSERT(type.is_static() && type.size() > 0, m_device->name(), ": create_tensor needs a sized element type, got ",
                    type);
    return std::make_shared<RemoteTensor>(m_device, m_copies, type, shape);
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
