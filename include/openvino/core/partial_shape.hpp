// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/dimension.hpp"
#include "openvino/core/shape.hpp"

namespace ov {

/// @brief A shape whose rank and dimensions may be dynamic.
class PartialShape {
public:
    PartialShape() : m_rank_dynamic(false) {}  // a scalar
    PartialShape(std::initializer_list<Dimension> dims) : m_dims(dims) {}
    PartialShape(const std::vector<Dimension>& dims) : m_dims(dims) {}
    PartialShape(const std::vector<Dimension::value_type>& dims);
    PartialShape(const Shape& shape);
    /// @brief Parses "[1,3,?,224]", "1,3,-1,224" or "..." (dynamic rank).
    explicit PartialShape(const std::string& text);
    static PartialShape dynamic();

    bool rank_is_static() const { return !m_rank_dynamic; }
    bool is_static() const;
    bool is_dynamic() const { return !is_static(); }
    /// @brief Rank as a Dimension (dynamic when unknown).
    Dimension rank() const { return m_rank_dynamic ? Dimension() : Dimension(static_cast<int64_t>(m_dims.size())); }
    size_t size() const { return m_dims.size(); }
    /// @brief The static shape; throws ov::Exception when dynamic.
    Shape to_shape() const;
    Shape get_shape() const { return to_shape(); }
    bool compatible(const PartialShape& other) const;
    const Dimension& operator[](size_t i) const { return m_dims[i]; }
    Dimension& operator[](size_t i) { return m_dims[i]; }
    std::vector<Dimension>::const_iterator begin() const { return m_dims.begin(); }
    std::vector<Dimension>::const_iterator end() const { return m_dims.end(); }
    bool operator==(const PartialShape& o) const { return m_rank_dynamic == o.m_rank_dynamic && m_dims == o.m_dims; }
    bool operator!=(const PartialShape& o) const { return !(*this == o); }
    std::string to_string() const;

private:
    std::vector<Dimension> m_dims;
    bool m_rank_dynamic = false;
};

std::ostream& operator<<(std::ostream& os, const PartialShape& shape);

}  // namespace ov
