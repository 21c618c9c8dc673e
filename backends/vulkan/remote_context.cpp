// SPDX-License-Identifier: Apache-2.0
#include "remote_context.hpp"

#include "kernels.hpp"

#include <cstring>

#include "openvino/core/except.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
namespace vulkan {
namespace {

class RemoteTensor : public IRemoteTensor {
public:
    RemoteTensor(const std::shared_ptr<Device>& device, const ov::element::Type& type, const ov::Shape& shape)
        : m_device(device),
          m_type(type),
          m_shape(shape),
          m_buffer(std::make_unique<Buffer>(device, std::max<size_t>(1, ov::shape_size(shape) * type.size()),
                                            "remote tensor")) {}

    const ov::element::Type& get_element_type() const override { return m_type; }
    const ov::Shape& get_shape() const override { return m_shape; }
    const std::string& get_device_name() const override { return m_device->name(); }
    const std::string& get_memory_space() const override { return m_device->name(); }
    ov::AnyMap get_params() const override {
        return {{memory_space_key, m_device->name()},
                {"VK_BUFFER", reinterpret_cast<uint64_t>(m_buffer->handle())},
                {"VK_BUFFER_BYTES", static_cast<uint64_t>(bytes())}};
    }
    void* host_data() const override { return m_buffer->mapped(); }
    VkBuffer buffer() const { return m_buffer->handle(); }
    void copy_to_host(ov::Tensor& dst) const override {
        check_same(dst, "copy_to_host");
        std::memcpy(dst.data(), m_buffer->mapped(), bytes());
    }
    void copy_from_host(const ov::Tensor& src) override {
        check_same(src, "copy_from_host");
        std::memcpy(m_buffer->mapped(), src.data(), bytes());
    }

private:
    size_t bytes() const { return ov::shape_size(m_shape) * m_type.size(); }
    void check_same(const ov::Tensor& other, const char* what) const {
        OPENVINO_ASSERT(other.get_element_type() == m_type && other.get_shape() == m_shape, m_device->name(),
                        ": ", what, " needs a ", m_type, " ", m_shape, " tensor, got ", other.get_element_type(), " ",
                        other.get_shape());
    }

    std::shared_ptr<Device> m_device;
    ov::element::Type m_type;
    ov::Shape m_shape;
    std::unique_ptr<Buffer> m_buffer;
};

}  // namespace

RemoteContext::RemoteContext(std::shared_ptr<Device> device) : m_device(std::move(device)) {}

ov::AnyMap RemoteContext::get_property() const {
    return {{memory_space_key, m_device->name()},
            {"VK_DEVICE", reinterpret_cast<uint64_t>(m_device->handle())},
            {ov::device::full_name.name(), m_device->physical().name}};
}

bool place_device_tensor(const Device& device, const ov::Tensor& tensor, kit::BufferRef& buffer,
                         std::map<VkBuffer, char*>& mapped) {
    const auto remote = std::dynamic_pointer_cast<RemoteTensor>(remote_tensor_of(tensor));
    if (!remote || remote->get_memory_space() != device.name())
        return false;
    const size_t bytes = ov::shape_size(remote->get_shape()) * remote->get_element_type().size();
    buffer = kit::BufferRef{device_memory, reinterpret_cast<void*>(remote->buffer()), 0, bytes};
    mapped[remote->buffer()] = static_cast<char*>(remote->host_data());
    return true;
}

std::shared_ptr<IRemoteTensor> RemoteContext::create_tensor(const ov::element::Type& type, const ov::Shape& shape,
                                                            const ov::AnyMap& params) {
    OPENVINO_ASSERT(params.empty(), m_device->name(), ": create_tensor takes no parameters (got ", params.size(),
                    "); the context allocates the VkBuffer itself");
    return std::make_shared<RemoteTensor>(m_device, type, shape);
}

}  // namespace vulkan
}  // namespace devmux
