// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "openvino/op/util/topk_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief The k largest or smallest elements along an axis and their indices (TopK-1; k is an integer
/// scalar).
class TopK : public util::TopKBase {
public:
    OPENVINO_OP("TopK", "opset1", util::TopKBase);
    using SortType = TopKSortType;
    using Mode = TopKMode;

    TopK() = default;
    /// @param data The input tensor
    /// @param k Integer scalar: how many elements to keep per slice
    /// @param axis The axis along which to select (negative counts from the end)
    /// @param mode "max" or "min"
    /// @param sort "value", "index" or "none"
    /// @param index_element_type i32 or i64: the type of the indices output
    TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const std::string& mode,
         const std::string& sort, const element::Type& index_element_type = element::i32);
    TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const Mode mode, const SortType sort,
         const element::Type& index_element_type = element::i32);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v1

namespace v3 {

/// @brief TopK-3: TopK-1 with k of any integer element type.
class TopK : public util::TopKBase {
public:
    OPENVINO_OP("TopK", "opset3", util::TopKBase);

    TopK() = default;
    TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const std::string& mode,
         const std::string& sort, const element::Type& index_element_type = element::i32);
    TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const TopKMode mode,
         const TopKSortType sort, const element::Type& index_element_type = element::i32);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v3

namespace v11 {

/// @brief TopK-11: TopK-3 plus the "stable" attribute: with stable, equal values keep their input order.
class TopK : public util::TopKBase {
public:
    OPENVINO_OP("TopK", "opset11", util::TopKBase);

    TopK() = default;
    /// @param stable Equal values appear in the order of their indices
    TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const std::string& mode,
         const std::string& sort, const element::Type& index_element_type = element::i32, const bool stable = false);
    TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const TopKMode mode,
         const TopKSortType sort, const element::Type& index_element_type = element::i32, const bool stable = false);

    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;

    bool get_stable() const { return m_stable; }
    void set_stable(const bool stable) { m_stable = stable; }

private:
    bool m_stable = false;
};

}  // namespace v11
}  // namespace op
}  // namespace ov
