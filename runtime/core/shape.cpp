// SPDX-License-Identifier: Apache-2.0
#include <algorithm>
#include <sstream>

#include "openvino/core/dimension.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/core/shape.hpp"
#include "core/text.hpp"

namespace ov {
namespace {
template <typename V>
std::ostream& print_list(std::ostream& os, const V& v) {
    os << '[';
    for (size_t i = 0; i < v.size(); ++i)
        os << (i ? "," : "") << v[i];
    return os << ']';
}

}  // namespace

std::string Shape::to_string() const {
    std::ostringstream os;
    os << *this;
    return os.str();
}

std::vector<size_t> row_major_strides(const Shape& shape) {
    std::vector<size_t> strides(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;)
        strides[i - 1] = strides[i] * shape[i];
    return strides;
}

std::ostream& operator<<(std::ostream& os, const Shape& shape) { return print_list(os, shape); }
std::ostream& operator<<(std::ostream& os, const Strides& strides) { return print_list(os, strides); }
std::ostream& operator<<(std::ostream& os, const Coordinate& c) { return print_list(os, c); }
std::ostream& operator<<(std::ostream& os, const CoordinateDiff& c) { return print_list(os, c); }

Dimension::value_type Dimension::get_length() const {
    OPENVINO_ASSERT(is_static(), "Cannot get the length of dynamic dimension ", *this);
    return m_min;
}

bool Dimension::compatible(const Dimension& d) const {
    const bool this_unbounded = m_max < 0, other_unbounded = d.m_max < 0;
    const value_type lo = std::max(m_min, d.m_min);
    if (this_unbounded && other_unbounded)
        return true;
    const value_type hi = this_unbounded ? d.m_max : other_unbounded ? m_max : std::min(m_max, d.m_max);
    return lo <= hi;
}

bool Dimension::merge(Dimension& dst, const Dimension& d1, const Dimension& d2) {
    if (!d1.compatible(d2))
        return false;
    const value_type lo = std::max(d1.m_min, d2.m_min);
    value_type hi;
    if (d1.m_max < 0)
        hi = d2.m_max;
    else if (d2.m_max < 0)
        hi = d1.m_max;
    else
        hi = std::min(d1.m_max, d2.m_max);
    dst = Dimension(lo, hi);
    return true;
}

std::ostream& operator<<(std::ostream& os, const Dimension& d) {
    if (d.is_static())
        return os << d.get_length();
    if (d.get_min_length() == 0 && d.get_max_length() < 0)
        return os << '?';
    os << d.get_min_length() << "..";
    if (d.get_max_length() >= 0)
        os << d.get_max_length();
    return os;
}

PartialShape::PartialShape(const std::vector<Dimension::value_type>& dims) {
    for (auto d : dims)
        m_dims.emplace_back(d);
}

PartialShape::PartialShape(const Shape& shape) {
    for (auto d : shape)
        m_dims.emplace_back(static_cast<Dimension::value_type>(d));
}

PartialShape::PartialShape(const std::string& text) {
    std::string body = devmux::text::trim(text);
    if (body == "..." || body == "[...]") {
        m_rank_dynamic = true;
        return;
    }
    if (!body.empty() && body.front() == '[') {
        OPENVINO_ASSERT(body.back() == ']', "Cannot parse shape '", text, "'");
        body = devmux::text::trim(body.substr(1, body.size() - 2));
    }
    if (body.empty())
        return;
    std::istringstream is(body);
    std::string item;
    while (std::getline(is, item, ',')) {
        item = devmux::text::trim(item);
        if (item == "?" || item == "-1") {
            m_dims.emplace_back();
            continue;
        }
        const auto range = item.find("..");
        try {
            size_t used = 0;
            if (range != std::string::npos) {
                const std::string lo = item.substr(0, range), hi = item.substr(range + 2);
                m_dims.emplace_back(lo.empty() ? 0 : std::stoll(lo), hi.empty() ? -1 : std::stoll(hi));
                continue;
            }
            const long long v = std::stoll(item, &used);
            OPENVINO_ASSERT(used == item.size() && v >= 0, "");
            m_dims.emplace_back(v);
        } catch (const std::exception&) {
            OPENVINO_THROW("Cannot parse shape '", text, "': bad dimension '", item, "'");
        }
    }
}

PartialShape PartialShape::dynamic() {
    PartialShape p;
    p.m_rank_dynamic = true;
    return p;
}

bool PartialShape::is_static() const {
    if (m_rank_dynamic)
        return false;
    for (const auto& d : m_dims)
        if (d.is_dynamic())
            return false;
    return true;
}

Shape PartialShape::to_shape() const {
    OPENVINO_ASSERT(is_static(), "Shape ", *this, " is dynamic; a static shape was expected");
    Shape s;
    for (const auto& d : m_dims)
        s.push_back(static_cast<size_t>(d.get_length()));
    return s;
}

bool PartialShape::compatible(const PartialShape& other) const {
    if (m_rank_dynamic || other.m_rank_dynamic)
        return true;
    if (m_dims.size() != other.m_dims.size())
        return false;
    for (size_t i = 0; i < m_dims.size(); ++i)
        if (!m_dims[i].compatible(other.m_dims[i]))
            return false;
    return true;
}

std::string PartialShape::to_string() const {
    std::ostringstream os;
    os << *this;
    return os.str();
}

std::ostream& operator<<(std::ostream& os, const PartialShape& shape) {
    if (!shape.rank_is_static())
        return os << "[...]";
    os << '[';
    for (size_t i = 0; i < shape.size(); ++i)
        os << (i ? "," : "") << shape[i];
    return os << ']';
}

}  // namespace ov
