// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <vector>

#include "openvino/core/shape.hpp"
#include "openvino/core/type/element_type.hpp"

namespace devmux {
struct TensorAccess;  // the runtime's link between a Tensor and a device's remote tensor
}

namespace ov {

class Tensor;
using TensorVector = std::vector<Tensor>;

/// @brief A host tensor: element type, shape, strides and memory, either owned or borrowed.
///
/// Copies share the same memory, as in OpenVINO; use copy_to() for a deep copy.
class Tensor {
public:
    /// @brief An empty tensor (operator bool gives false).
    Tensor() = default;
    /// @brief Allocates memory for the shape, 64-byte aligned, owned by the tensor.
    Tensor(const element::Type& type, const Shape& shape);
    /// @brief Wraps memory the caller owns and keeps alive; strides are in bytes (empty: dense).
    Tensor(const element::Type& type, const Shape& shape, void* host_ptr, const Strides& strides = {});

    /// @brief Changes the shape; reallocates owned memory only when it must grow. Throws for borrowed
    /// memory that is too small.
    void set_shape(const Shape& shape);
    const Shape& get_shape() const;
    const element::Type& get_element_type() const;
    /// @brief Number of elements.
    size_t get_size() const;
    size_t get_byte_size() const;
    /// @brief Strides in bytes.
    Strides get_strides() const;
    bool is_continuous() const;

    void* data() const;
    /// @brief Typed data pointer; throws if T does not match the element type.
    template <typename T>
    T* data() const {
        check_type(element::from<T>());
        return static_cast<T*>(data());
    }
    void* data(const element::Type& type) const {
        check_type(type);
        return data();
    }

    /// @brief Copies the contents into dst, which must be of the same type; dst takes this shape.
    void copy_to(ov::Tensor& dst) const;

    explicit operator bool() const noexcept { return static_cast<bool>(m_impl); }
    bool operator!() const noexcept { return !m_impl; }

    struct Impl;

private:
    friend struct ::devmux::TensorAccess;
    void check_type(const element::Type& requested) const;
    std::shared_ptr<Impl> m_impl;
};

}  // namespace ov
