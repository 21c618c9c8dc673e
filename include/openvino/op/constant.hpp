// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief A constant tensor. The data is owned, or shared with a buffer such as a loaded .bin file.
class Constant : public Op {
public:
    OPENVINO_OP("Constant", "opset1", Op);
    Constant() = default;
    /// @brief Copies values, converting each to the element type.
    template <typename T>
    Constant(const element::Type& type, const Shape& shape, const std::vector<T>& values) : Constant(type, shape) {
        fill_from(values);
    }
    /// @brief Copies shape_size(shape) elements of the element type from data.
    Constant(const element::Type& type, const Shape& shape, const void* data);
    /// @brief Zero-initialised storage.
    Constant(const element::Type& type, const Shape& shape);
    /// @brief Shares (does not copy) a tensor's memory; the tensor must stay unmodified.
    explicit Constant(const ov::Tensor& tensor);
    /// @brief Shares memory at data, kept alive by owner (devmux: used by the IR reader).
    Constant(const element::Type& type, const Shape& shape, std::shared_ptr<const void> owner, const void* data);

    template <typename T>
    static std::shared_ptr<Constant> create(const element::Type& type, const Shape& shape, const std::vector<T>& values) {
        return std::make_shared<Constant>(type, shape, values);
    }
    template <typename T>
    static std::shared_ptr<Constant> create(const element::Type& type, const Shape& shape, std::initializer_list<T> values) {
        return std::make_shared<Constant>(type, shape, std::vector<T>(values));
    }

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
    bool constant_fold(OutputVector&, const OutputVector&) override { return false; }

    const void* get_data_ptr() const { return m_data; }
    template <typename T>
    const T* get_data_ptr() const {
        OPENVINO_ASSERT(element::from<T>() == m_element_type, "Constant '", get_friendly_name(), "' holds ",
                        m_element_type, ", not ", element::from<T>());
        return static_cast<const T*>(m_data);
    }
    size_t get_byte_size() const { return shape_size(m_shape) * m_element_type.size(); }
    const Shape& get_shape() const { return m_shape; }
    const element::Type& get_element_type() const { return m_element_type; }
    /// @brief A tensor viewing the constant's data (read it, never write it).
    ov::Tensor get_tensor_view() const;

    /// @brief The values converted to T (integers to integers exactly, 64-bit ones included).
    template <typename T>
    std::vector<T> cast_vector() const {
        std::vector<T> out(shape_size(m_shape));
        const bool exact = std::is_integral<T>::value && !std::is_same<T, bool>::value &&
                           m_element_type.is_integral_number();
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = exact ? static_cast<T>(value_as_i64(i)) : static_cast<T>(value_as_double(i));
        return out;
    }
    template <typename T>
    std::vector<T> get_vector() const {
        const T* p = get_data_ptr<T>();
        return std::vector<T>(p, p + shape_size(m_shape));
    }

private:
    double value_as_double(size_t index) const;
    // 64-bit integers do not fit a double's 53 bits: integer values travel as integers (INT64_MAX, Slice's
    // "to the end", stays INT64_MAX).
    int64_t value_as_i64(size_t index) const;
    void set_from_double(size_t index, double value);
    void set_from_i64(size_t index, int64_t value);
    template <typename T>
    void fill_from(const std::vector<T>& values) {
        const size_t n = shape_size(m_shape);
        OPENVINO_ASSERT(values.size() == n || values.size() == 1, "Constant of shape ", m_shape, " needs ", n,
                        " values, got ", values.size());
        for (size_t i = 0; i < n; ++i) {
            const T& value = values[values.size() == 1 ? 0 : i];
            if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value)
                set_from_i64(i, static_cast<int64_t>(value));
            else
                set_from_double(i, static_cast<double>(value));
        }
    }

    element::Type m_element_type;
    Shape m_shape;
    std::shared_ptr<const void> m_owner;
    const void* m_data = nullptr;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
