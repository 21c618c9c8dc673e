// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
struct TensorAccess;
}

namespace ov {

class RemoteContext;

/// @brief A tensor in a device's memory (see RemoteContext::create_tensor). Its bytes need not be
/// addressable from the host: copy them with copy_to / copy_from.
class RemoteTensor : public Tensor {
public:
    RemoteTensor() = default;

    /// @brief Throws ov::Exception unless @p tensor is a remote tensor whose parameters hold, for
    /// each key of @p type_info, one of the listed values (an empty list accepts any value).
    static void type_check(const Tensor& tensor, const std::map<std::string, std::vector<std::string>>& type_info = {});

    /// @brief Device memory is not addressed through data(); use copy_to / copy_from.
    void* data(const element::Type) = delete;
    template <typename T>
    T* data() = delete;

    /// @brief Copies the tensor into @p dst (a host or remote tensor of the same type).
    void copy_to(ov::Tensor& dst) const;
    /// @brief Copies @p src (a host or remote tensor of the same type and shape) into the tensor.
    void copy_from(const ov::Tensor& src);

    /// @brief The backend's parameters of the tensor; MEMORY_SPACE names where it lives.
    ov::AnyMap get_params() const;
    /// @brief The device whose memory holds the tensor.
    std::string get_device_name() const;

    /// @brief The tensor as a backend's remote tensor class, after T::type_check.
    template <typename T>
    T as() const {
        static_assert(std::is_base_of<RemoteTensor, T>::value, "ov::RemoteTensor::as<T>: T must derive from RemoteTensor");
        T::type_check(*this);
        return *static_cast<const T*>(this);
    }

private:
    explicit RemoteTensor(const Tensor& tensor) : Tensor(tensor) {}
    friend struct ::devmux::TensorAccess;
};

}  // namespace ov
