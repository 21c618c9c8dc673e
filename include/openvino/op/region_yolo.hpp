// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief YOLO region layer: per anchor region, the logistic function on the box centre (x, y) and the
/// objectness, and softmax (do_softmax, YOLO v2) or the logistic function (YOLO v3, selected regions in
/// mask) on the class scores. Input [N, C, H, W] with C = regions * (coords + classes + 1); output the
/// same data with axes axis..end_axis flattened (do_softmax) or [N, mask.size() * (coords + classes + 1),
/// H, W].
class RegionYolo : public Op {
public:
    OPENVINO_OP("RegionYolo", "opset1", Op);

    RegionYolo() = default;
    RegionYolo(const Output<Node>& input, const size_t coords, const size_t classes, const size_t regions,
               const bool do_softmax, const std::vector<int64_t>& mask, const int axis, const int end_axis,
               const std::vector<float>& anchors = std::vector<float>{});

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    size_t get_num_coords() const { return m_num_coords; }
    void set_num_coords(const size_t num_coords) { m_num_coords = num_coords; }
    size_t get_num_classes() const { return m_num_classes; }
    void set_num_classes(const size_t num_classes) { m_num_classes = num_classes; }
    size_t get_num_regions() const { return m_num_regions; }
    void set_num_regions(const size_t num_regions) { m_num_regions = num_regions; }
    bool get_do_softmax() const { return m_do_softmax; }
    void set_do_softmax(const bool do_softmax) { m_do_softmax = do_softmax; }
    const std::vector<int64_t>& get_mask() const { return m_mask; }
    void set_mask(const std::vector<int64_t>& mask) { m_mask = mask; }
    const std::vector<float>& get_anchors() const { return m_anchors; }
    void set_anchors(const std::vector<float>& anchors) { m_anchors = anchors; }
    int get_axis() const { return m_axis; }
    void set_axis(const int axis) { m_axis = axis; }
    int get_end_axis() const { return m_end_axis; }
    void set_end_axis(const int end_axis) { m_end_axis = end_axis; }

private:
    size_t m_num_coords = 0;
    size_t m_num_classes = 0;
    size_t m_num_regions = 0;
    bool m_do_softmax = false;
    std::vector<int64_t> m_mask;
    std::vector<float> m_anchors;
    int m_axis = 1;
    int m_end_axis = 3;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
