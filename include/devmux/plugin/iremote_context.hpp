// SPDX-License-Identifier: Apache-2.0
#pragma once

// Device memory for backends: a context hands out tensors that live in its device's memory, and
// ov::RemoteContext / ov::RemoteTensor show them to applications. A memory space names where a
// tensor's bytes are: "host" for host memory (CPU, the mock device), or a device's own.

#include <memory>
#include <string>

#include "openvino/core/any.hpp"
#include "openvino/core/shape.hpp"
#include "openvino/core/type/element_type.hpp"
#include "openvino/runtime/tensor.hpp"

namespace ov {
class RemoteTensor;
}

namespace devmux {

/// @brief The memory space of host memory.
constexpr const char* host_memory_space = "host";
/// @brief Key of get_params (context and tensor): the memory space, e.g. "host".
constexpr const char* memory_space_key = "MEMORY_SPACE";

/// @brief A tensor in one device's memory, as a backend implements it.
class IRemoteTensor {
public:
    virtual ~IRemoteTensor() = default;
    virtual const ov::element::Type& get_element_type() const = 0;
    virtual const ov::Shape& get_shape() const = 0;
    /// @brief The device (as named by its context) whose memory holds the tensor.
    virtual const std::string& get_device_name() const = 0;
    /// @brief Where the bytes are ("host", or the device's own memory space).
    virtual const std::string& get_memory_space() const = 0;
    /// @brief Backend parameters (handles, memory type); includes MEMORY_SPACE.
    virtual ov::AnyMap get_params() const = 0;
    /// @brief The bytes, when the host can address them directly (host memory, mapped buffers);
    /// nullptr otherwise. ov::Tensor::data() of the tensor gives this pointer.
    virtual void* host_data() const { return nullptr; }
    /// @brief Reads the bytes into @p dst, a host tensor of the same type and shape.
    virtual void copy_to_host(ov::Tensor& dst) const = 0;
    /// @brief Writes the bytes of @p src, a host tensor of the same type and shape.
    virtual void copy_from_host(const ov::Tensor& src) = 0;
    /// @brief Changes the shape. Default: ov::NotImplemented.
    virtual void set_shape(const ov::Shape& shape);
};

/// @brief A scope on a device in which its tensors live: what a plugin's default context and a
/// compiled model's get_context return.
class IRemoteContext : public std::enable_shared_from_this<IRemoteContext> {
public:
    virtual ~IRemoteContext() = default;
    virtual const std::string& get_device_name() const = 0;
    /// @brief Where the tensors it creates live ("host" for host memory).
    virtual const std::string& get_memory_space() const = 0;
    /// @brief The context's parameters; includes MEMORY_SPACE.
    virtual ov::AnyMap get_property() const = 0;
    /// @brief A tensor in the context's memory. @p params are backend parameters (may be empty).
    virtual std::shared_ptr<IRemoteTensor> create_tensor(const ov::element::Type& type, const ov::Shape& shape,
                                                         const ov::AnyMap& params) = 0;
    /// @brief A host tensor suited to exchanging data with the device. Default: a plain ov::Tensor.
    virtual ov::Tensor create_host_tensor(const ov::element::Type& type, const ov::Shape& shape);
};

/// @brief A context whose tensors are host memory (memory space "host"), named @p device_name: the
/// default context of host devices (IPlugin::get_default_context's default).
std::shared_ptr<IRemoteContext> make_host_context(const std::string& device_name);

/// @brief An ov::RemoteTensor showing @p tensor; @p library keeps the backend's code loaded while
/// the tensor lives (may be null for code in the runtime).
ov::RemoteTensor make_remote_tensor(const std::shared_ptr<IRemoteTensor>& tensor,
                                    const std::shared_ptr<void>& library = nullptr);
/// @brief The backend tensor behind @p tensor, or null for a plain host tensor.
std::shared_ptr<IRemoteTensor> remote_tensor_of(const ov::Tensor& tensor);
/// @brief Where @p tensor's bytes are: its remote tensor's memory space, else "host".
std::string memory_space_of(const ov::Tensor& tensor);
/// @brief Copies @p src into @p dst (same type and shape) whatever memory either lives in: directly
/// when both are host-addressable, else through the device tensors' copy_to_host / copy_from_host
/// (and a host staging tensor when both are on devices).
void copy_tensor(const ov::Tensor& src, ov::Tensor& dst);

}  // namespace devmux
