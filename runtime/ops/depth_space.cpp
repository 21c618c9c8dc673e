// SPDX-License-Identifier: Apache-2.0
// DepthToSpace and SpaceToDepth: one is the other's inverse, so they share the channel <-> block arithmetic.
#include <algorithm>
#include <sstream>
#include <string>

#include "openvino/op/depth_to_space.hpp"
#include "openvino/op/space_to_depth.hpp"
#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {

bool read_blocks_first(std::istream& is) {
    std::string text;
    is >> text;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    if (text == "blocks_first")
        return true;
    if (text == "depth_first")
        return false;
    OPENVINO_THROW("'", text, "' is not a valid mode (blocks_first, depth_first)");
}

int64_t power(int64_t base, size_t exponent) {
    int64_t p = 1;
    for (size_t i = 0; i < exponent; ++i)
        p *= base;
    return p;
}

void check_common(const Node& node, size_t block_size) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(node.get_input_size() == 1, name, ": expects 1 input, got ", node.get_input_size());
    OPENVINO_ASSERT(block_size > 0, name, ": block_size must be positive");
    const auto& data = node.get_input_partial_shape(0);
    OPENVINO_ASSERT(!data.rank_is_static() || data.size() >= 3, name,
                    ": data must have rank 3 or more ([N, C, D1, ...]), got ", data);
}

// The flat input index of each output element. to_space: DepthToSpace (else SpaceToDepth).
void move_blocks(const Tensor& in, Tensor& out, size_t bs, bool blocks_first, bool to_space) {
    const Shape& in_shape = in.get_shape();
    const Shape& out_shape = out.get_shape();
    const size_t k = in_shape.size() - 2;
    const size_t blocks = static_cast<size_t>(power(static_cast<int64_t>(bs), k));
    const auto in_strides = row_major_strides(in_shape);
    const size_t elem = in.get_element_type().size();
    const void* src = in.data();
    void* dst = out.data();
    // The channel extent without blocks: C of [N, C, ...] on the space side.
    const size_t depth = to_space ? out_shape[1] : in_shape[1];
    std::vector<size_t> block_digits(k);
    devmux::ref::for_each_coordinate(out_shape, [&](size_t flat, const std::vector<size_t>& coord) {
        size_t from = coord[0] * in_strides[0];
        if (to_space) {
            size_t block = 0;
            for (size_t i = 0; i < k; ++i) {
                block = block * bs + coord[2 + i] % bs;
                from += (coord[2 + i] / bs) * in_strides[2 + i];
            }
            const size_t c = blocks_first ? block * depth + coord[1] : coord[1] * blocks + block;
            from += c * in_strides[1];
        } else {
            const size_t block = blocks_first ? coord[1] / depth : coord[1] % blocks;
            const size_t c = blocks_first ? coord[1] % depth : coord[1] / blocks;
            from += c * in_strides[1];
            size_t rest = block;
            for (size_t i = k; i-- > 0;) {
                block_digits[i] = rest % bs;
                rest /= bs;
            }
            for (size_t i = 0; i < k; ++i)
                from += (coord[2 + i] * bs + block_digits[i]) * in_strides[2 + i];
        }
        devmux::ref::copy_element(dst, flat, src, from, elem);
    });
}

}  // namespace

std::ostream& operator<<(std::ostream& os, DepthToSpace::DepthToSpaceMode mode) {
    return os << (mode == DepthToSpace::DepthToSpaceMode::BLOCKS_FIRST ? "blocks_first" : "depth_first");
}
std::istream& operator>>(std::istream& is, DepthToSpace::DepthToSpaceMode& mode) {
    mode = read_blocks_first(is) ? DepthToSpace::DepthToSpaceMode::BLOCKS_FIRST
                                 : DepthToSpace::DepthToSpaceMode::DEPTH_FIRST;
    return is;
}
std::ostream& operator<<(std::ostream& os, SpaceToDepth::SpaceToDepthMode mode) {
    return os << (mode == SpaceToDepth::SpaceToDepthMode::BLOCKS_FIRST ? "blocks_first" : "depth_first");
}
std::istream& operator>>(std::istream& is, SpaceToDepth::SpaceToDepthMode& mode) {
    mode = read_blocks_first(is) ? SpaceToDepth::SpaceToDepthMode::BLOCKS_FIRST
                                 : SpaceToDepth::SpaceToDepthMode::DEPTH_FIRST;
    return is;
}

// ---- DepthToSpace ----

DepthToSpace::DepthToSpace(const Output<Node>& data, const DepthToSpaceMode& mode, std::size_t block_size)
    : Op({data}), m_blocksize(block_size), m_mode(mode) {
    constructor_validate_and_infer_types();
}

DepthToSpace::DepthToSpace(const Output<Node>& data, const std::string& mode, std::size_t block_size)
    : Op({data}), m_blocksize(block_size) {
    std::istringstream is(mode);
    is >> m_mode;
    constructor_validate_and_infer_types();
}

bool DepthToSpace::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("block_size", m_blocksize);
    visitor.on_attribute("mode", m_mode);
    return true;
}

void DepthToSpace::validate_and_infer_types() {
    check_common(*this, m_blocksize);
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    if (!data.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const int64_t bs = static_cast<int64_t>(m_blocksize);
    const int64_t blocks = power(bs, data.size() - 2);
    std::vector<Dimension> dims(data.begin(), data.end());
    if (data[1].is_static()) {
        OPENVINO_ASSERT(data[1].get_length() % blocks == 0, devmux::ref::describe(*this), ": channels (",
                        data[1].get_length(), ") of shape ", data, " are not divisible by block_size^", data.size() - 2,
                        " = ", blocks);
        dims[1] = Dimension(data[1].get_length() / blocks);
    } else {
        dims[1] = Dimension::dynamic();
    }
    for (size_t i = 2; i < dims.size(); ++i)
        dims[i] = devmux::ref::scale_dim(data[i], bs);
    set_output_type(0, type, PartialShape(dims));
}

std::shared_ptr<Node> DepthToSpace::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<DepthToSpace>(new_args[0], m_mode, m_blocksize);
}

bool DepthToSpace::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 1, name, ": evaluate() expects 1 input, got ", inputs.size());
    const Shape& in_shape = inputs[0].get_shape();
    OPENVINO_ASSERT(in_shape.size() >= 3, name, ": data must have rank 3 or more, got ", in_shape);
    const size_t blocks = static_cast<size_t>(power(static_cast<int64_t>(m_blocksize), in_shape.size() - 2));
    OPENVINO_ASSERT(in_shape[1] % blocks == 0, name, ": channels of shape ", in_shape,
                    " are not divisible by block_size^rank = ", blocks);
    Shape out_shape = in_shape;
    out_shape[1] /= blocks;
    for (size_t i = 2; i < out_shape.size(); ++i)
        out_shape[i] *= m_blocksize;
    auto& out = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), out_shape);
    move_blocks(inputs[0], out, m_blocksize, m_mode == DepthToSpaceMode::BLOCKS_FIRST, true);
    return true;
}

// ---- SpaceToDepth ----

SpaceToDepth::SpaceToDepth(const Output<Node>& data, const SpaceToDepthMode& mode, std::size_t block_size)
    : Op({data}), m_blocksize(block_size), m_mode(mode) {
    constructor_validate_and_infer_types();
}

SpaceToDepth::SpaceToDepth(const Output<Node>& data, const std::string& mode, std::size_t block_size)
    : Op({data}), m_blocksize(block_size) {
    std::istringstream is(mode);
    is >> m_mode;
    constructor_validate_and_infer_types();
}

bool SpaceToDepth::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("block_size", m_blocksize);
    visitor.on_attribute("mode", m_mode);
    return true;
}

void SpaceToDepth::validate_and_infer_types() {
    check_common(*this, m_blocksize);
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    if (!data.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const int64_t bs = static_cast<int64_t>(m_blocksize);
    std::vector<Dimension> dims(data.begin(), data.end());
    dims[1] = devmux::ref::scale_dim(data[1], power(bs, data.size() - 2));
    for (size_t i = 2; i < dims.size(); ++i) {
        if (!data[i].is_static()) {
            dims[i] = Dimension::dynamic();
            continue;
        }
        OPENVINO_ASSERT(data[i].get_length() % bs == 0, devmux::ref::describe(*this), ": axis ", i, " of shape ", data,
                        " (", data[i].get_length(), ") is not divisible by block_size ", bs);
        dims[i] = Dimension(data[i].get_length() / bs);
    }
    set_output_type(0, type, PartialShape(dims));
}

std::shared_ptr<Node> SpaceToDepth::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<SpaceToDepth>(new_args[0], m_mode, m_blocksize);
}

bool SpaceToDepth::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 1, name, ": evaluate() expects 1 input, got ", inputs.size());
    const Shape& in_shape = inputs[0].get_shape();
    OPENVINO_ASSERT(in_shape.size() >= 3, name, ": data must have rank 3 or more, got ", in_shape);
    Shape out_shape = in_shape;
    out_shape[1] *= static_cast<size_t>(power(static_cast<int64_t>(m_blocksize), in_shape.size() - 2));
    for (size_t i = 2; i < out_shape.size(); ++i) {
        OPENVINO_ASSERT(in_shape[i] % m_blocksize == 0, name, ": axis ", i, " of shape ", in_shape,
                        " is not divisible by block_size ", m_blocksize);
        out_shape[i] /= m_blocksize;
    }
    auto& out = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), out_shape);
    move_blocks(inputs[0], out, m_blocksize, m_mode == SpaceToDepthMode::BLOCKS_FIRST, false);
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov
