// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/node_output.hpp"

namespace ov {

class Node;
struct LayoutNames;

/// @brief Names the dimensions of a tensor: "NCHW", "NC?", "[N,C,H,W]", "N...C", "...".
///
/// Each letter of the short form names one dimension ('?' an unnamed one); the bracketed form takes
/// names of several letters separated by commas. "..." stands for any number of unnamed dimensions,
/// after which names count from the end. Names are case-insensitive. The standard names are N (batch),
/// C (channels), D (depth), H (height) and W (width).
class Layout {
public:
    /// @brief The empty layout: nothing is known about the dimensions.
    Layout() = default;
    Layout(const std::string& layout);
    Layout(const char* layout) : Layout(std::string(layout)) {}

    /// @brief A layout of rank 0.
    static Layout scalar();

    bool operator==(const Layout& other) const;
    bool operator!=(const Layout& other) const { return !(*this == other); }

    /// @brief Whether a dimension has this name.
    bool has_name(const std::string& dimension_name) const;
    /// @brief The index of the named dimension; negative (from the end) for one after "...". Throws
    /// ov::Exception naming the layout when absent.
    std::int64_t get_index_by_name(const std::string& dimension_name) const;
    /// @brief The bracketed form, "[N,C,H,W]", or "" for the empty layout.
    std::string to_string() const;
    bool empty() const { return m_left.empty() && m_right.empty() && m_dynamic; }
    /// @brief Whether the layout has "..." (its rank is not fixed).
    bool is_dynamic_rank() const { return m_dynamic; }
    /// @brief Rank of a layout without "...". Throws for a dynamic one.
    std::int64_t rank() const;

private:
    friend struct LayoutNames;
    std::vector<std::string> m_left;   // names before "..." ("?" for unnamed), or all names
    std::vector<std::string> m_right;  // names after "..."
    bool m_dynamic = true;             // "..." present (the empty layout is "...")
};

std::ostream& operator<<(std::ostream& out, const Layout& layout);

namespace layout {
bool has_batch(const Layout& layout);
std::int64_t batch_idx(const Layout& layout);
bool has_channels(const Layout& layout);
std::int64_t channels_idx(const Layout& layout);
bool has_depth(const Layout& layout);
std::int64_t depth_idx(const Layout& layout);
bool has_height(const Layout& layout);
std::int64_t height_idx(const Layout& layout);
bool has_width(const Layout& layout);
std::int64_t width_idx(const Layout& layout);

/// @brief The layout set on a model input or output (empty when none).
Layout get_layout(const Output<Node>& output);
Layout get_layout(const Output<const Node>& output);
/// @brief Sets the layout of a model input (a Parameter) or output (a Result); an empty layout clears it.
void set_layout(Output<Node> output, const Layout& layout);
}  // namespace layout

}  // namespace ov
