// SPDX-License-Identifier: Apache-2.0
#include "openvino/runtime/tensor.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/tensor_access.hpp"

namespace ov {

struct Tensor::Impl {
    element::Type type;
    Shape shape;
    Strides byte_strides;  // empty: dense row-major
    void* data = nullptr;
    size_t capacity_bytes = 0;
    bool owns = false;
    // Set for a tensor in a device's memory; data is then its host_data() (null when the host cannot
    // address it). library keeps the backend's code loaded while the tensor lives.
    std::shared_ptr<void> library;
    std::shared_ptr<devmux::IRemoteTensor> remote;

    ~Impl() {
        remote.reset();  // before the library that holds its code
        if (owns)
            std::free(data);
    }
    size_t byte_size() const { return shape_size(shape) * type.size(); }
};

namespace {
constexpr size_t alignment = 64;

// The bytes of a dense tensor, refused (naming the shape and the bytes) when its element count or byte size
// wraps around size_t or exceeds what any machine could allocate: a wrapped size would allocate a few bytes
// for a huge tensor.
size_t checked_byte_size(const element::Type& type, const Shape& shape) {
    constexpr uint64_t max_tensor_bytes = uint64_t(1) << 48;  // a 48-bit address space
    uint64_t elements = 1;
    for (size_t d : shape) {
        if (d == 0)
            return 0;
        OPENVINO_ASSERT(elements <= std::numeric_limits<uint64_t>::max() / d, "A tensor of ", type, " ", shape,
                        " has more elements than a 64-bit count holds");
        elements *= d;
    }
    OPENVINO_ASSERT(elements <= max_tensor_bytes / std::max<size_t>(type.size(), 1), "A tensor of ", type, " ", shape,
                    " needs ", elements, " elements of ", type.size(), " bytes, more than any machine can allocate (",
                    max_tensor_bytes, " bytes in a 48-bit address space)");
    return static_cast<size_t>(elements * type.size());
}

void* allocate(size_t bytes) {
    // aligned_alloc requires a multiple of the alignment; a zero-sized tensor still gets a pointer.
    const size_t rounded = ((bytes + alignment - 1) / alignment) * alignment;
    void* p = std::aligned_alloc(alignment, rounded == 0 ? alignment : rounded);
    OPENVINO_ASSERT(p, "Cannot allocate ", bytes, " bytes for a tensor");
    return p;
}
}  // namespace

Tensor::Tensor(const element::Type& type, const Shape& shape) : m_impl(std::make_shared<Impl>()) {
    OPENVINO_ASSERT(type.is_static(), "Cannot allocate a tensor of element type ", type);
    const size_t bytes = checked_byte_size(type, shape);
    m_impl->type = type;
    m_impl->shape = shape;
    m_impl->capacity_bytes = bytes;
    m_impl->data = allocate(m_impl->capacity_bytes);
    m_impl->owns = true;
}

Tensor::Tensor(const element::Type& type, const Shape& shape, void* host_ptr, const Strides& strides)
    : m_impl(std::make_shared<Impl>()) {
    OPENVINO_ASSERT(type.is_static(), "Cannot create a tensor of element type ", type);
    OPENVINO_ASSERT(host_ptr || shape_size(shape) == 0, "A tensor of shape ", shape, " needs memory, got a null pointer");
    OPENVINO_ASSERT(strides.empty() || strides.size() == shape.size(), "Tensor strides ", strides,
                    " do not match the rank of shape ", shape);
    m_impl->type = type;
    m_impl->shape = shape;
    m_impl->data = host_ptr;
    m_impl->capacity_bytes = m_impl->byte_size();
    if (!strides.empty() && strides != Strides(get_strides()))
        m_impl->byte_strides = strides;
}

void Tensor::set_shape(const Shape& shape) {
    OPENVINO_ASSERT(m_impl, "Cannot set the shape of an empty tensor");
    if (m_impl->remote) {
        m_impl->remote->set_shape(shape);
        m_impl->shape = shape;
        m_impl->data = m_impl->remote->host_data();
        m_impl->capacity_bytes = m_impl->byte_size();
        return;
    }
    const size_t needed = checked_byte_size(m_impl->type, shape);
    if (needed > m_impl->capacity_bytes) {
        OPENVINO_ASSERT(m_impl->owns, "Cannot set shape ", shape, " on a tensor wrapping user memory of ",
                        m_impl->capacity_bytes, " bytes");
        void* grown = allocate(needed);  // before freeing: a failed allocation leaves the tensor as it was
        std::free(m_impl->data);
        m_impl->data = grown;
        m_impl->capacity_bytes = needed;
    }
    m_impl->shape = shape;
    m_impl->byte_strides.clear();
}

const Shape& Tensor::get_shape() const {
    OPENVINO_ASSERT(m_impl, "The tensor is empty");
    return m_impl->shape;
}

const element::Type& Tensor::get_element_type() const {
    OPENVINO_ASSERT(m_impl, "The tensor is empty");
    return m_impl->type;
}

size_t Tensor::get_size() const { return m_impl ? shape_size(m_impl->shape) : 0; }
size_t Tensor::get_byte_size() const { return m_impl ? m_impl->byte_size() : 0; }

Strides Tensor::get_strides() const {
    OPENVINO_ASSERT(m_impl, "The tensor is empty");
    if (!m_impl->byte_strides.empty())
        return m_impl->byte_strides;
    Strides strides;
    for (auto s : row_major_strides(m_impl->shape))
        strides.push_back(s * m_impl->type.size());
    return strides;
}

bool Tensor::is_continuous() const { return m_impl && m_impl->byte_strides.empty(); }

void* Tensor::data() const {
    if (!m_impl)
        return nullptr;
    if (!m_impl->data && m_impl->remote && m_impl->byte_size() != 0)
        OPENVINO_THROW("The tensor lives in the memory of device '", m_impl->remote->get_device_name(), "' (",
                       m_impl->remote->get_memory_space(),
                       "), which the host cannot address: copy it to a host tensor first (copy_to)");
    return m_impl->data;
}

void Tensor::check_type(const element::Type& requested) const {
    OPENVINO_ASSERT(m_impl, "The tensor is empty");
    // Integral types of one width (boolean/u8/i8, i32/u32, ...) are interchangeable views of the same
    // bytes, as in OpenVINO, where applications read an i32 tensor through uint32_t and the like.
    const bool same_bytes = requested.is_static() && requested.size() == m_impl->type.size() &&
                            !requested.is_real() && !m_impl->type.is_real();
    OPENVINO_ASSERT(requested == m_impl->type || same_bytes,
                    "Tensor data of element type ", m_impl->type, " cannot be read as ", requested);
}

void Tensor::copy_to(ov::Tensor& dst) const {
    OPENVINO_ASSERT(m_impl, "Cannot copy an empty tensor");
    OPENVINO_ASSERT(dst, "Cannot copy into an empty tensor");
    OPENVINO_ASSERT(dst.get_element_type() == m_impl->type, "Cannot copy a ", m_impl->type, " tensor into a ",
                    dst.get_element_type(), " tensor");
    if (dst.get_shape() != m_impl->shape)
        dst.set_shape(m_impl->shape);
    const bool src_on_device = m_impl->remote && !m_impl->data;
    const bool dst_on_device = dst.m_impl->remote && !dst.m_impl->data;
    if (src_on_device || dst_on_device) {
        devmux::copy_tensor(*this, dst);
        return;
    }
    if (is_continuous() && dst.is_continuous()) {
        std::memcpy(dst.data(), data(), get_byte_size());
        return;
    }
    // Strided copy, element by element, walking the coordinates in row-major order.
    const auto src_strides = get_strides(), dst_strides = dst.get_strides();
    const size_t rank = m_impl->shape.size(), elem = m_impl->type.size(), n = get_size();
    std::vector<size_t> coord(rank, 0);
    for (size_t i = 0; i < n; ++i) {
        size_t src_off = 0, dst_off = 0;
        for (size_t d = 0; d < rank; ++d) {
            src_off += coord[d] * src_strides[d];
            dst_off += coord[d] * dst_strides[d];
        }
        std::memcpy(static_cast<char*>(dst.data()) + dst_off, static_cast<const char*>(data()) + src_off, elem);
        for (size_t d = rank; d-- > 0;) {
            if (++coord[d] < m_impl->shape[d])
                break;
            coord[d] = 0;
        }
    }
}

}  // namespace ov

namespace devmux {

ov::RemoteTensor TensorAccess::wrap(const std::shared_ptr<IRemoteTensor>& tensor, const std::shared_ptr<void>& library) {
    OPENVINO_ASSERT(tensor, "A remote tensor needs a backend tensor, got null");
    ov::Tensor wrapped;
    wrapped.m_impl = std::make_shared<ov::Tensor::Impl>();
    wrapped.m_impl->type = tensor->get_element_type();
    wrapped.m_impl->shape = tensor->get_shape();
    wrapped.m_impl->data = tensor->host_data();
    wrapped.m_impl->capacity_bytes = wrapped.m_impl->byte_size();
    wrapped.m_impl->library = library;
    wrapped.m_impl->remote = tensor;
    return ov::RemoteTensor(wrapped);
}

std::shared_ptr<IRemoteTensor> TensorAccess::remote(const ov::Tensor& tensor) {
    return tensor.m_impl ? tensor.m_impl->remote : nullptr;
}

}  // namespace devmux
