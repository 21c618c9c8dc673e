// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/shape.hpp"
#include "openvino/core/type/element_type.hpp"
#include "openvino/runtime/properties.hpp"
#include "openvino/runtime/remote_tensor.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
class IRemoteContext;
struct RemoteContextAccess;
}  // namespace devmux

namespace ov {

/// @brief A scope on a device in which its tensors live (Core::get_default_context,
/// CompiledModel::get_context). Tensors it creates live in the device's memory.
class RemoteContext {
protected:
    // Declared before _impl so that it is destroyed after it: the context's code may live in the
    // plugin library that _so keeps loaded.
    std::shared_ptr<void> _so;
    std::shared_ptr<devmux::IRemoteContext> _impl;

    RemoteContext(const std::shared_ptr<devmux::IRemoteContext>& impl, const std::shared_ptr<void>& so);
    friend struct devmux::RemoteContextAccess;

public:
    RemoteContext() = default;
    RemoteContext(const RemoteContext&) = default;
    RemoteContext& operator=(const RemoteContext&) = default;
    RemoteContext(RemoteContext&&) = default;
    RemoteContext& operator=(RemoteContext&&) = default;
    virtual ~RemoteContext();

    explicit operator bool() const noexcept { return static_cast<bool>(_impl); }

    /// @brief Throws ov::Exception unless the context's parameters hold, for each key of @p type_info,
    /// one of the listed values (an empty list accepts any value).
    static void type_check(const RemoteContext& remote_context,
                           const std::map<std::string, std::vector<std::string>>& type_info = {});

    /// @brief The context as a backend's context class, after T::type_check.
    template <typename T>
    const T as() const {
        static_assert(std::is_base_of<RemoteContext, T>::value,
                      "ov::RemoteContext::as<T>: T must derive from RemoteContext");
        T::type_check(*this);
        return *static_cast<const T*>(this);
    }

    /// @brief A tensor in the device's memory; @p params are the backend's (may be empty).
    RemoteTensor create_tensor(const element::Type& type, const Shape& shape, const AnyMap& params = {});

    /// @brief create_tensor with the parameters given as properties.
    template <typename... Properties>
    util::EnableIfAllStringAny<RemoteTensor, Properties...> create_tensor(const element::Type& type, const Shape& shape,
                                                                          Properties&&... params) {
        return create_tensor(type, shape, AnyMap{std::forward<Properties>(params)...});
    }

    /// @brief The context's parameters; MEMORY_SPACE names where its tensors live ("host" for host memory).
    AnyMap get_params() const;

    /// @brief A host tensor suited to exchanging data with the device.
    Tensor create_host_tensor(const element::Type type, const Shape& shape);

    /// @brief The device the context belongs to.
    std::string get_device_name() const;
};

}  // namespace ov
