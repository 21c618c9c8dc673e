// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

namespace ov {

/// @brief A static shape: one extent per axis.
class Shape : public std::vector<size_t> {
public:
    using std::vector<size_t>::vector;
    Shape() = default;
    Shape(const std::vector<size_t>& v) : std::vector<size_t>(v) {}
    /// @brief "[1,3,224,224]"
    std::string to_string() const;
};

/// @brief Strides, in elements or bytes depending on the context.
class Strides : public std::vector<size_t> {
public:
    using std::vector<size_t>::vector;
    Strides() = default;
    Strides(const std::vector<size_t>& v) : std::vector<size_t>(v) {}
};

/// @brief A position in a tensor.
class Coordinate : public std::vector<size_t> {
public:
    using std::vector<size_t>::vector;
    Coordinate() = default;
    Coordinate(const std::vector<size_t>& v) : std::vector<size_t>(v) {}
};

/// @brief Signed per-axis offsets (paddings).
class CoordinateDiff : public std::vector<std::ptrdiff_t> {
public:
    using std::vector<std::ptrdiff_t>::vector;
    CoordinateDiff() = default;
    CoordinateDiff(const std::vector<std::ptrdiff_t>& v) : std::vector<std::ptrdiff_t>(v) {}
};

/// @brief A set of axes.
using AxisVector = std::vector<size_t>;

/// @brief Number of elements of a shape (1 for a scalar).
template <typename S>
size_t shape_size(const S& shape) {
    size_t n = 1;
    for (auto d : shape)
        n *= static_cast<size_t>(d);
    return n;
}

/// @brief Row-major strides, in elements, of a shape.
std::vector<size_t> row_major_strides(const Shape& shape);

std::ostream& operator<<(std::ostream& os, const Shape& shape);
std::ostream& operator<<(std::ostream& os, const Strides& strides);
std::ostream& operator<<(std::ostream& os, const Coordinate& c);
std::ostream& operator<<(std::ostream& os, const CoordinateDiff& c);

}  // namespace ov
