// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {

/// @brief Which elements TopK keeps. IR text: "max", "min".
enum class TopKMode { MAX = 0, MIN };

/// @brief Order of TopK's outputs along the axis. IR text: "none", "index", "value".
enum class TopKSortType { NONE = 0, SORT_INDICES = 1, SORT_VALUES = 2 };

std::ostream& operator<<(std::ostream& os, TopKMode mode);
std::istream& operator>>(std::istream& is, TopKMode& mode);
std::ostream& operator<<(std::ostream& os, TopKSortType sort);
std::istream& operator>>(std::istream& is, TopKSortType& sort);

namespace util {

/// @brief Common base of TopK v1, v3 and v11: the k largest or smallest elements of each slice along an
/// axis, as values (output 0) and their indices along that axis (output 1).
class TopKBase : public Op {
public:
    OPENVINO_OP("TopKBase", "util", Op);
    using Mode = TopKMode;
    using SortType = TopKSortType;

    TopKBase() = default;
    /// @param data The input tensor
    /// @param k Integer scalar: how many elements to keep per slice
    /// @param axis The axis along which to select (negative counts from the end)
    /// @param mode "max" or "min"
    /// @param sort "value", "index" or "none"
    /// @param index_element_type i32 or i64: the type of output 1
    TopKBase(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const std::string& mode,
             const std::string& sort, const element::Type& index_element_type = element::i32);
    TopKBase(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const TopKMode mode,
             const TopKSortType sort, const element::Type& index_element_type = element::i32);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    /// @brief The axis, normalised when the data rank is known.
    uint64_t get_axis() const;
    /// @brief The axis as given (possibly negative).
    int64_t get_provided_axis() const { return m_axis; }
    void set_axis(const int64_t axis);
    TopKMode get_mode() const { return m_mode; }
    void set_mode(const TopKMode mode) { m_mode = mode; }
    TopKSortType get_sort_type() const { return m_sort; }
    void set_sort_type(const TopKSortType sort) { m_sort = sort; }
    element::Type get_index_element_type() const { return m_index_element_type; }
    void set_index_element_type(const element::Type& type) { m_index_element_type = type; }
    /// @brief k when the k input is known before run time, 0 otherwise.
    size_t get_k() const;
    /// @brief Replaces the k input with an i64 Constant holding k.
    void set_k(size_t k);

protected:
    int64_t m_axis = 0;
    uint64_t m_normalized_axis = 0;
    TopKMode m_mode = TopKMode::MAX;
    TopKSortType m_sort = TopKSortType::NONE;
    element::Type m_index_element_type = element::i32;
};

}  // namespace util
}  // namespace op
}  // namespace ov
