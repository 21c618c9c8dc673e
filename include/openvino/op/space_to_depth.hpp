// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Moves spatial blocks into the channel axis: [N, C, D1 * bs, ..., DK * bs] becomes
/// [N, C * bs^K, D1, ..., DK] (the inverse of DepthToSpace with the same mode).
///
/// BLOCKS_FIRST writes the channel axis as [bs, ..., bs, C], DEPTH_FIRST as [C, bs, ..., bs].
class SpaceToDepth : public Op {
public:
    OPENVINO_OP("SpaceToDepth", "opset1", Op);
    /// @brief IR text: "blocks_first", "depth_first".
    enum class SpaceToDepthMode { BLOCKS_FIRST, DEPTH_FIRST };

    SpaceToDepth() = default;
    SpaceToDepth(const Output<Node>& data, const SpaceToDepthMode& mode, std::size_t block_size = 1);
    /// @brief mode given as its IR text.
    SpaceToDepth(const Output<Node>& data, const std::string& mode, std::size_t block_size = 1);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const std::size_t& get_block_size() const { return m_blocksize; }
    void set_block_size(std::size_t block_size) { m_blocksize = block_size; }
    SpaceToDepthMode get_mode() const { return m_mode; }
    void set_mode(SpaceToDepthMode mode) { m_mode = mode; }

private:
    std::size_t m_blocksize = 1;
    SpaceToDepthMode m_mode = SpaceToDepthMode::BLOCKS_FIRST;
};

std::ostream& operator<<(std::ostream& os, SpaceToDepth::SpaceToDepthMode mode);
std::istream& operator>>(std::istream& is, SpaceToDepth::SpaceToDepthMode& mode);

}  // namespace v0
}  // namespace op
}  // namespace ov
