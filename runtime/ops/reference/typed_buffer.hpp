// SPDX-License-Identifier: Apache-2.0
// Conversion between tensors and the type a reference kernel computes in, so that one kernel serves every
// element type: e.g. the convolution computes f16, bf16 and f32 in float and f64 in double, MaxPool
// integers in int64_t.
#pragma once

#include <type_traits>
#include <vector>

#include "openvino/core/except.hpp"
#include "openvino/core/type/element_type.hpp"
#include "openvino/runtime/tensor.hpp"
#include "ops/reference/element_dispatch.hpp"

namespace devmux {
namespace ref {

/// static_cast that also handles ov::float16 / ov::bfloat16, which only convert to and from float.
template <typename To, typename From>
inline To convert_value(From v) {
    using Mid = typename std::conditional<std::is_arithmetic<From>::value, From, float>::type;
    using Out = typename std::conditional<std::is_arithmetic<To>::value, To, float>::type;
    return static_cast<To>(static_cast<Out>(static_cast<Mid>(v)));
}

/// Reads a dense tensor as values of C: borrows the tensor's memory when it already holds C, otherwise
/// converts once into an owned copy.
template <typename C>
class InputBuffer {
public:
    explicit InputBuffer(const ov::Tensor& tensor) {
        OPENVINO_ASSERT(tensor.is_continuous(), "reference kernels need dense tensors");
        if (tensor.get_element_type() == ov::element::from<C>()) {
            m_data = static_cast<const C*>(tensor.data());
            return;
        }
        const size_t n = tensor.get_size();
        m_copy.resize(n);
        const bool known = dispatch_any(tensor.get_element_type(), [&](auto tag) {
            using S = typename decltype(tag)::storage;
            const S* src = static_cast<const S*>(tensor.data());
            for (size_t i = 0; i < n; ++i)
                m_copy[i] = convert_value<C>(src[i]);
        });
        OPENVINO_ASSERT(known, "cannot read a tensor of element type ", tensor.get_element_type());
        m_data = m_copy.data();
    }
    const C* data() const { return m_data; }

private:
    std::vector<C> m_copy;
    const C* m_data = nullptr;
};

/// Lets a kernel write values of C into a tensor: in place when the tensor holds C, otherwise into a
/// scratch buffer that commit() converts into the tensor.
template <typename C>
class OutputBuffer {
public:
    explicit OutputBuffer(ov::Tensor& tensor) : m_tensor(tensor) {
        OPENVINO_ASSERT(tensor.is_continuous(), "reference kernels need dense tensors");
        if (tensor.get_element_type() == ov::element::from<C>()) {
            m_data = static_cast<C*>(tensor.data());
        } else {
            m_copy.resize(tensor.get_size());
            m_data = m_copy.data();
        }
    }
    C* data() { return m_data; }
    void commit() {
        if (m_copy.empty())
            return;
        const bool known = dispatch_any(m_tensor.get_element_type(), [&](auto tag) {
            using S = typename decltype(tag)::storage;
            S* dst = static_cast<S*>(m_tensor.data());
            for (size_t i = 0; i < m_copy.size(); ++i)
                dst[i] = convert_value<S>(m_copy[i]);
        });
        OPENVINO_ASSERT(known, "cannot write a tensor of element type ", m_tensor.get_element_type());
    }

private:
    ov::Tensor& m_tensor;
    std::vector<C> m_copy;
    C* m_data = nullptr;
};

}  // namespace ref
}  // namespace devmux
