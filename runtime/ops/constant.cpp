// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/constant.hpp"

#include <cstdlib>
#include <cstring>


namespace ov {
namespace op {
namespace v0 {
namespace {
std::shared_ptr<void> allocate_bytes(size_t bytes) {
    // Rounded up so that vectorised readers may load a full register past the last element.
    void* p = std::aligned_alloc(64, ((bytes + 63) / 64) * 64 + 64);
    OPENVINO_ASSERT(p, "Cannot allocate ", bytes, " bytes for a Constant");
    std::memset(p, 0, bytes);
    return std::shared_ptr<void>(p, std::free);
}
}  // namespace

Constant::Constant(const element::Type& type, const Shape& shape) : m_element_type(type), m_shape(shape) {
    auto storage = allocate_bytes(get_byte_size());
    m_data = storage.get();
    m_owner = storage;
    constructor_validate_and_infer_types();
}

Constant::Constant(const element::Type& type, const Shape& shape, const void* data) : Constant(type, shape) {
    if (get_byte_size())
        std::memcpy(const_cast<void*>(m_data), data, get_byte_size());
}

Constant::Constant(const ov::Tensor& tensor)
    : m_element_type(tensor.get_element_type()),
      m_shape(tensor.get_shape()),
      m_owner(std::make_shared<ov::Tensor>(tensor)),
      m_data(tensor.data()) {
    OPENVINO_ASSERT(tensor.is_continuous(), "A Constant needs a dense tensor");
    constructor_validate_and_infer_types();
}

Constant::Constant(const element::Type& type, const Shape& shape, std::shared_ptr<const void> owner, const void* data)
    : m_element_type(type), m_shape(shape), m_owner(std::move(owner)), m_data(data) {
    constructor_validate_and_infer_types();
}

void Constant::validate_and_infer_types() { set_output_type(0, m_element_type, m_shape); }

bool Constant::visit_attributes(AttributeVisitor& visitor) {
    // The IR reader builds Constants itself (data lives in the .bin); here only the description is
    // visited, and a reading visitor that changes it gets fresh zeroed storage of the new size.
    const auto old_type = m_element_type;
    const auto old_shape = m_shape;
    visitor.on_attribute("element_type", m_element_type);
    visitor.on_attribute("shape", m_shape);
    if (old_type != m_element_type || old_shape != m_shape) {
        auto storage = allocate_bytes(get_byte_size());
        m_data = storage.get();
        m_owner = storage;
        validate_and_infer_types();
    }
    return true;
}

std::shared_ptr<Node> Constant::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.empty(), "Constant '", get_friendly_name(), "' takes no inputs");
    return std::make_shared<Constant>(m_element_type, m_shape, m_owner, m_data);
}

ov::Tensor Constant::get_tensor_view() const { return ov::Tensor(m_element_type, m_shape, const_cast<void*>(m_data)); }

bool Constant::evaluate(TensorVector& outputs, const TensorVector&) const {
    OPENVINO_ASSERT(outputs.size() == 1, "Constant '", get_friendly_name(), "' has one output");
    if (!outputs[0])
        outputs[0] = Tensor(m_element_type, m_shape);
    get_tensor_view().copy_to(outputs[0]);
    return true;
}

double Constant::value_as_double(size_t i) const {
    switch (m_element_type) {
    case element::Type_t::boolean:
    case element::Type_t::u8: return static_cast<const uint8_t*>(m_data)[i];
    case element::Type_t::i8: return static_cast<const int8_t*>(m_data)[i];
    case element::Type_t::i16: return static_cast<const int16_t*>(m_data)[i];
    case element::Type_t::u16: return static_cast<const uint16_t*>(m_data)[i];
    case element::Type_t::i32: return static_cast<const int32_t*>(m_data)[i];
    case element::Type_t::u32: return static_cast<const uint32_t*>(m_data)[i];
    case element::Type_t::i64: return static_cast<double>(static_cast<const int64_t*>(m_data)[i]);
    case element::Type_t::u64: return static_cast<double>(static_cast<const uint64_t*>(m_data)[i]);
    case element::Type_t::f16: return static_cast<float>(static_cast<const float16*>(m_data)[i]);
    case element::Type_t::bf16: return static_cast<float>(static_cast<const bfloat16*>(m_data)[i]);
    case element::Type_t::f32: return static_cast<const float*>(m_data)[i];
    case element::Type_t::f64: return static_cast<const double*>(m_data)[i];
    default: OPENVINO_THROW("Constant '", get_friendly_name(), "' has element type ", m_element_type);
    }
}

int64_t Constant::value_as_i64(size_t i) const {
    switch (m_element_type) {
    case element::Type_t::i64: return static_cast<const int64_t*>(m_data)[i];
    case element::Type_t::u64: return static_cast<int64_t>(static_cast<const uint64_t*>(m_data)[i]);
    default: return static_cast<int64_t>(value_as_double(i));  // every other integer type fits a double
    }
}

void Constant::set_from_i64(size_t i, int64_t v) {
    void* data = const_cast<void*>(m_data);
    switch (m_element_type) {
    case element::Type_t::i64: static_cast<int64_t*>(data)[i] = v; break;
    case element::Type_t::u64: static_cast<uint64_t*>(data)[i] = static_cast<uint64_t>(v); break;
    default: set_from_double(i, static_cast<double>(v));
    }
}

void Constant::set_from_double(size_t i, double v) {
    void* data = const_cast<void*>(m_data);
    switch (m_element_type) {
    case element::Type_t::boolean: static_cast<uint8_t*>(data)[i] = v != 0; break;
    case element::Type_t::u8: static_cast<uint8_t*>(data)[i] = static_cast<uint8_t>(v); break;
    case element::Type_t::i8: static_cast<int8_t*>(data)[i] = static_cast<int8_t>(v); break;
    case element::Type_t::i16: static_cast<int16_t*>(data)[i] = static_cast<int16_t>(v); break;
    case element::Type_t::u16: static_cast<uint16_t*>(data)[i] = static_cast<uint16_t>(v); break;
    case element::Type_t::i32: static_cast<int32_t*>(data)[i] = static_cast<int32_t>(v); break;
    case element::Type_t::u32: static_cast<uint32_t*>(data)[i] = static_cast<uint32_t>(v); break;
    case element::Type_t::i64: static_cast<int64_t*>(data)[i] = static_cast<int64_t>(v); break;
    case element::Type_t::u64: static_cast<uint64_t*>(data)[i] = static_cast<uint64_t>(v); break;
    case element::Type_t::f16: static_cast<float16*>(data)[i] = float16(static_cast<float>(v)); break;
    case element::Type_t::bf16: static_cast<bfloat16*>(data)[i] = bfloat16(static_cast<float>(v)); break;
    case element::Type_t::f32: static_cast<float*>(data)[i] = static_cast<float>(v); break;
    case element::Type_t::f64: static_cast<double*>(data)[i] = v; break;
    default: OPENVINO_THROW("Constant '", get_friendly_name(), "' has element type ", m_element_type);
    }
}

}  // namespace v0
}  // namespace op
}  // namespace ov

