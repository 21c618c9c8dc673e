// SPDX-License-Identifier: Apache-2.0
// Conformance cases for the attribute combinations the OPENCL index-mapping kernels run that the family files
// leave out: Tile and Broadcast on 4-d activations, every Pad mode on an NCHW map (a pad value the model
// computes), Gather with indices the model computes (negative ones for Gather-8, batch_dims, a scalar index),
// StridedSlice with ellipsis / new-axis / shrink masks and reversal, Slice as YOLO's channel split and its
// space-to-depth "Focus" slices, comparisons read through Select and Convert. Inputs are seeded random values;
// index inputs draw from the valid range.
#include <limits>

#include "case_builders.hpp"
#include "openvino/op/broadcast.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/floor.hpp"
#include "openvino/op/gather.hpp"
#include "openvino/op/less.hpp"
#include "openvino/op/greater.hpp"
#include "openvino/op/pad.hpp"
#include "openvino/op/select.hpp"
#include "openvino/op/slice.hpp"
#include "openvino/op/strided_slice.hpp"
#include "openvino/op/tile.hpp"

namespace {

using namespace conformance;
using namespace conformance::case_builders;
namespace v12 = ov::op::v12;

std::shared_ptr<v0::Constant> ints(const Type& type, const ov::Shape& shape, const std::vector<int64_t>& values) {
    return v0::Constant::create(type, shape, values);
}

std::shared_ptr<ov::Node> strided_slice(const ov::Output<ov::Node>& x, const std::vector<int64_t>& begin,
                                        const std::vector<int64_t>& end, const std::vector<int64_t>& strides,
                                        const std::vector<int64_t>& begin_mask, const std::vector<int64_t>& end_mask,
                                        const std::vector<int64_t>& new_axis = {},
                                        const std::vector<int64_t>& shrink = {},
                                        const std::vector<int64_t>& ellipsis = {}) {
    return std::make_shared<v1::StridedSlice>(x, i64s(begin), i64s(end), i64s(strides), begin_mask, end_mask, new_axis,
                                              shrink, ellipsis);
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    // ---- Tile: a repeat on every axis of an NCHW map, and repeats of higher rank than the data.
    cases.push_back({"Tile_1x3x5x4_by_2x1x3x2", "Tile", numbers, [](const Type& t) {
                         auto x = par(t, {1, 3, 5, 4});
                         return model_of(std::make_shared<v0::Tile>(x, i64s({2, 1, 3, 2})), {x});
                     }});
    cases.push_back({"Tile_3x1_by_2x2x1x5", "Tile", numbers, [](const Type& t) {
                         auto x = par(t, {3, 1});
                         return model_of(std::make_shared<v0::Tile>(x, i64s({2, 2, 1, 5})), {x});
                     }});

    // ---- Broadcast
    cases.push_back({"Broadcast3_numpy_1x8x1x1_to_2x8x6x5", "Broadcast", numbers, [](const Type& t) {
                         auto x = par(t, {1, 8, 1, 1});
                         return model_of(std::make_shared<v3::Broadcast>(x, i64s({2, 8, 6, 5})), {x});
                     }});
    cases.push_back({"Broadcast3_bidirectional_4x1x6_by_3x1", "Broadcast", numbers, [](const Type& t) {
                         auto x = par(t, {4, 1, 6});
                         return model_of(std::make_shared<v3::Broadcast>(x, i64s({3, 1}),
                                                                         ov::op::BroadcastType::BIDIRECTIONAL),
                                         {x});
                     }});
    cases.push_back({"Broadcast3_explicit_axes_0_3", "Broadcast", numbers, [](const Type& t) {
                         auto x = par(t, {2, 5});
                         return model_of(std::make_shared<v3::Broadcast>(x, i64s({2, 3, 4, 5}), i64s({0, 3}),
                                                                         ov::op::BroadcastType::EXPLICIT),
                                         {x});
                     }});

    // ---- Pad on an NCHW map, every mode; Pad-12 with negative pads in two modes.
    for (const auto& [name, mode] : std::vector<std::pair<std::string, ov::op::PadMode>>{
             {"constant", ov::op::PadMode::CONSTANT},
             {"edge", ov::op::PadMode::EDGE},
             {"reflect", ov::op::PadMode::REFLECT},
             {"symmetric", ov::op::PadMode::SYMMETRIC}}) {
        const auto pad_mode = mode;
        cases.push_back({"Pad1_nchw_" + name, "Pad", numbers, [pad_mode](const Type& t) {
                             auto x = par(t, {1, 4, 7, 6});
                             return model_of(std::make_shared<v1::Pad>(x, i64s({0, 0, 2, 3}), i64s({0, 1, 3, 2}),
                                                                       pad_mode),
                                             {x});
                         }});
        cases.push_back({"Pad12_negative_both_ends_" + name, "Pad", numbers, [pad_mode](const Type& t) {
                             auto x = par(t, {3, 6, 5});
                             return model_of(std::make_shared<v12::Pad>(x, i64s({-1, 2, 0}), i64s({1, -3, -2}),
                                                                        pad_mode),
                                             {x});
                         }});
    }
    cases.push_back({"Pad1_constant_computed_value", "Pad", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 4}), value = par(t, {});
                         return model_of(std::make_shared<v1::Pad>(x, i64s({1, 0, 2}), i64s({0, 2, 1}), value,
                                                                   ov::op::PadMode::CONSTANT),
                                         {x, value});
                     }});

    // ---- Gather with indices the model computes (a Parameter), in range; Gather-8 also negative ones.
    cases.push_back({"Gather8_computed_negative_i32_indices_axis1", "Gather", numbers,
                     [](const Type& t) {
                         auto x = par(t, {2, 5, 3}), indices = par(ov::element::i32, {4});
                         return model_of(std::make_shared<v8::Gather>(x, indices, i64s({1})), {x, indices});
                     },
                     {{-3, 3}, {-5, 4}}});
    cases.push_back({"Gather8_computed_i64_indices_batch_dims1", "Gather", numbers,
                     [](const Type& t) {
                         auto x = par(t, {3, 4, 6}), indices = par(ov::element::i64, {3, 2, 2});
                         return model_of(std::make_shared<v8::Gather>(x, indices, i64s({2}), 1), {x, indices});
                     },
                     {{-3, 3}, {-6, 5}}});
    cases.push_back({"Gather7_computed_i32_indices_axis0", "Gather", numbers,
                     [](const Type& t) {
                         auto x = par(t, {6, 2, 3}), indices = par(ov::element::i32, {2, 3});
                         return model_of(std::make_shared<v7::Gather>(x, indices, i64s({0})), {x, indices});
                     },
                     {{-3, 3}, {0, 5}}});
    cases.push_back({"Gather8_scalar_index_axis_m1", "Gather", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 5});
                         return model_of(std::make_shared<v8::Gather>(x, ints(ov::element::i64, {}, {-2}),
                                                                      i64s({-1})),
                                         {x});
                     }});
    cases.push_back({"Gather7_axis2_batch_dims_m1", "Gather", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 4});
                         auto indices = ints(ov::element::i32, {2, 3, 2}, {3, 0, 1, 1, 2, 3, 0, 0, 3, 2, 1, 2});
                         return model_of(std::make_shared<v7::Gather>(x, indices, i64s({2}), -1), {x});
                     }});

    // ---- StridedSlice
    cases.push_back({"StridedSlice_focus_even_odd", "StridedSlice", numbers, [](const Type& t) {
                         auto x = par(t, {1, 3, 8, 6});
                         return model_of(strided_slice(x, {0, 0, 1, 0}, {0, 0, 0, 0}, {1, 1, 2, 2}, {1, 1, 0, 1},
                                                       {1, 1, 1, 1}),
                                         {x});
                     }});
    cases.push_back({"StridedSlice_ellipsis_new_axis_shrink", "StridedSlice", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 4, 5});
                         // x[..., None, -2, 4:0:-2]
                         return model_of(strided_slice(x, {0, 0, -2, 4}, {0, 0, 0, 0}, {1, 1, 1, -2}, {0, 0, 0, 0},
                                                       {0, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 0}),
                                         {x});
                     }});
    cases.push_back({"StridedSlice_reverse_all_masks_end", "StridedSlice", numbers, [](const Type& t) {
                         auto x = par(t, {3, 4, 5});
                         // x[::-1, 1:, -1:-6:-3]
                         return model_of(strided_slice(x, {0, 1, -1}, {0, 0, -6}, {-1, 1, -3}, {1, 0, 0},
                                                       {1, 1, 0}),
                                         {x});
                     }});
    cases.push_back({"StridedSlice_fewer_entries_than_rank", "StridedSlice", numbers, [](const Type& t) {
                         auto x = par(t, {4, 3, 2, 5});
                         return model_of(strided_slice(x, {1, -2}, {100, 3}, {2, 1}, {0, 0}, {0, 0}), {x});
                     }});

    // ---- Slice: YOLO's channel split (stop "to the end") and a reversed spatial axis.
    cases.push_back({"Slice_channels_to_end", "Slice", numbers, [](const Type& t) {
                         auto x = par(t, {1, 8, 5, 4});
                         return model_of(std::make_shared<v8::Slice>(x, i64s({3}),
                                                                     i64s({std::numeric_limits<int64_t>::max()}),
                                                                     i64s({1}), i64s({1})),
                                         {x});
                     }});
    cases.push_back({"Slice_reverse_w_every_second_h", "Slice", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 7, 6});
                         return model_of(std::make_shared<v8::Slice>(x, i64s({-1, 1}),
                                                                     i64s({std::numeric_limits<int64_t>::min(), 7}),
                                                                     i64s({-1, 2}), i64s({-1, -2})),
                                         {x});
                     }});

    // ---- Comparisons read by Select (broadcast condition) and by Convert.
    cases.push_back({"Select_of_Greater_broadcast_1x3x1x4", "Select", numbers, [](const Type& t) {
                         auto a = par(t, {1, 3, 1, 4}), b = par(t, {2, 3, 5, 1}), c = par(t, {5, 4});
                         auto condition = std::make_shared<v1::Greater>(a, v0::Constant::create(t, {}, {0}));
                         return model_of(std::make_shared<v1::Select>(condition, b, c), {a, b, c});
                     }});
    cases.push_back({"Less_2x1x5_by_3x1_as_numbers", "Less", numbers, [](const Type& t) {
                         auto a = par(t, {2, 1, 5}), b = par(t, {3, 1});
                         auto less = std::make_shared<v1::Less>(std::make_shared<v0::Floor>(a),
                                                                std::make_shared<v0::Floor>(b));
                         return model_of(std::make_shared<v0::Convert>(less, t), {a, b});
                     }});
}
