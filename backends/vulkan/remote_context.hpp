// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <memory>
#include <string>

#include "devmux/plugin/iremote_context.hpp"
#include "devmux/kit/execution_plan.hpp"
#include "vk_device.hpp"

namespace devmux {
namespace vulkan {

/// Memory of one Vulkan device as ov::RemoteContext shows it: its tensors are VkBuffers of the device
/// (memory space "VULKAN.<id>"), persistently mapped, so the host reads and writes them in place. Its
/// parameters name the VkDevice; a tensor's name its VkBuffer and its byte size.
class RemoteContext : public IRemoteContext {
public:
    explicit RemoteContext(std::shared_ptr<Device> device);

    const std::string& get_device_name() const override { return m_device->name(); }
    const std::string& get_memory_space() const override { return m_device->name(); }
    ov::AnyMap get_property() const override;
    std::shared_ptr<IRemoteTensor> create_tensor(const ov::element::Type& type, const ov::Shape& shape,
                                                 const ov::AnyMap& params) override;

private:
    std::shared_ptr<Device> m_device;
};

/// For kit::PlanRequest: a tensor of `device`'s context becomes a device BufferRef of its VkBuffer, which the
/// shaders bind as it is (no host mirror); `mapped` records where the host sees it. Declines any other tensor.
bool place_device_tensor(const Device& device, const ov::Tensor& tensor, kit::BufferRef& buffer,
                         std::map<VkBuffer, char*>& mapped);

}  // namespace vulkan
}  // namespace devmux
