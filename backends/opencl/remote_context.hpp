// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "cl_device.hpp"
#include "devmux/kit/execution_plan.hpp"
#include "devmux/plugin/iremote_context.hpp"

namespace devmux {
namespace opencl {

/// Memory of one OpenCL device as ov::RemoteContext shows it: its tensors are cl_mem buffers of the device's
/// context (memory space "OPENCL.<n>"), which the host reaches only through copies. Its parameters name
/// the cl_context; a tensor's name its cl_mem ("OCL_BUFFER", as OpenVINO's GPU plugin calls it).
/// create_tensor allocates a buffer (no parameters) or wraps the application's own cl_mem, given as OpenVINO's
/// GPU plugin takes it: SHARED_MEM_TYPE "OCL_BUFFER" and MEM_HANDLE the cl_mem (a void*), after checking that
/// it is a buffer of this context with room for the tensor.
class RemoteContext : public IRemoteContext {
public:
    explicit RemoteContext(std::shared_ptr<DeviceContext> device);

    const std::string& get_device_name() const override { return m_device->name(); }
    const std::string& get_memory_space() const override { return m_device->name(); }
    ov::AnyMap get_property() const override;
    std::shared_ptr<IRemoteTensor> create_tensor(const ov::element::Type& type, const ov::Shape& shape,
                                                 const ov::AnyMap& params) override;

    /// The queue the context's tensors copy to and from the host on; `mutex` serialises its users.
    struct CopyQueue {
        std::mutex mutex;
        Queue queue;
    };

private:
    std::shared_ptr<DeviceContext> m_device;
    std::shared_ptr<CopyQueue> m_copies;
};

/// Places `tensor` for a plan on `device` when it is a remote tensor of that device (its cl_mem, whole);
/// false for any other tensor. The kit's DeviceTensorResolver of an OPENCL request.
bool place_device_tensor(const DeviceContext& device, const ov::Tensor& tensor, kit::BufferRef& buffer);

}  // namespace opencl
}  // namespace devmux
