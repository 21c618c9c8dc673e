// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "openvino/core/except.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/core/shape.hpp"
#include "openvino/core/type/element_type.hpp"

namespace ov {

/// @brief Visits the attributes of an op as IR text.
///
/// Every op lists its attributes once, in visit_attributes(); the IR reader, the IR writer and
/// cloning are all visitors. An attribute travels as the text the IR uses ("1,1" for a vector,
/// "true" for a bool, "f32" for a type).
class AttributeVisitor {
public:
    virtual ~AttributeVisitor() = default;

    /// @brief Receives the attribute's current text; returns true when it replaced the text with a new
    /// value that the attribute must take (a reading visitor).
    virtual bool on_text(const std::string& name, std::string& text) = 0;

    template <typename T>
    void on_attribute(const std::string& name, T& value) {
        std::string text = attribute_to_text(value);
        if (on_text(name, text)) {
            try {
                attribute_from_text(text, value);
            } catch (const ov::Exception& e) {
                OPENVINO_THROW("attribute '", name, "' has invalid value '", text, "': ", e.what());
            }
        }
    }

    // Text conversions, one overload per attribute kind.
    static std::string attribute_to_text(const std::string& v) { return v; }
    static void attribute_from_text(const std::string& t, std::string& v) { v = t; }
    static std::string attribute_to_text(bool v) { return v ? "true" : "false"; }
    static void attribute_from_text(const std::string& t, bool& v);
    static std::string attribute_to_text(const element::Type& v) { return v.get_type_name(); }
    static void attribute_from_text(const std::string& t, element::Type& v) { v = element::Type(t); }
    static std::string attribute_to_text(const PartialShape& v);
    static void attribute_from_text(const std::string& t, PartialShape& v) { v = PartialShape(t); }

    template <typename T, typename std::enable_if<std::is_arithmetic<T>::value, int>::type = 0>
    static std::string attribute_to_text(T v) {
        std::ostringstream os;
        os.precision(std::is_floating_point<T>::value ? 17 : 6);
        os << v;
        return os.str();
    }
    template <typename T, typename std::enable_if<std::is_arithmetic<T>::value, int>::type = 0>
    static void attribute_from_text(const std::string& t, T& v) {
        std::istringstream is(t);
        long double wide = 0;
        if (std::is_floating_point<T>::value) {
            OPENVINO_ASSERT(static_cast<bool>(is >> wide) && is.eof(), "'", t, "' is not a number");
            v = static_cast<T>(wide);
        } else {
            long long integer = 0;
            OPENVINO_ASSERT(static_cast<bool>(is >> integer) && is.eof(), "'", t, "' is not an integer");
            v = static_cast<T>(integer);
        }
    }

    /// Vectors (Shape, Strides, CoordinateDiff, std::vector<int64_t>, ...) are comma separated.
    template <typename V, typename E = typename V::value_type,
              typename std::enable_if<std::is_arithmetic<E>::value && !std::is_same<V, std::string>::value, int>::type = 0>
    static std::string attribute_to_text(const V& v) {
        std::string out;
        for (size_t i = 0; i < v.size(); ++i)
            out += (i ? "," : "") + attribute_to_text(static_cast<E>(v[i]));
        return out;
    }
    template <typename V, typename E = typename V::value_type,
              typename std::enable_if<std::is_arithmetic<E>::value && !std::is_same<V, std::string>::value, int>::type = 0>
    static void attribute_from_text(const std::string& t, V& v) {
        v.clear();
        std::string item;
        std::istringstream is(t);
        while (std::getline(is, item, ',')) {
            const auto first = item.find_first_not_of(" \t");
            if (first == std::string::npos)
                continue;
            E e{};
            attribute_from_text(item.substr(first), e);
            v.push_back(e);
        }
    }

    /// Enums and other types with operator<< / operator>> (op::PadType, op::RoundingType, ...).
    template <typename T, typename std::enable_if<std::is_enum<T>::value, int>::type = 0>
    static std::string attribute_to_text(const T& v) {
        std::ostringstream os;
        os << v;
        return os.str();
    }
    template <typename T, typename std::enable_if<std::is_enum<T>::value, int>::type = 0>
    static void attribute_from_text(const std::string& t, T& v) {
        std::istringstream is(t);
        is >> v;
    }
};

}  // namespace ov
