// SPDX-License-Identifier: Apache-2.0
// Conformance cases of the data-movement / shape family: VariadicSplit, Tile, Range, Broadcast, Slice, Pad,
// DepthToSpace, SpaceToDepth, BatchToSpace, SpaceToBatch, ShuffleChannels, Reverse, ReverseSequence, Roll,
// Eye, OneHot and NonZero. Shape-determining inputs are Constants, so every output shape is static except
// NonZero's. Ops that only generate values (Range, Eye) are added to a parameter so the model has an input.
// NonZero has no case: its output shape depends on the data, and the devices compile static shapes only.
// Range-4 and Eye take their element type from an attribute; at f16 the CPU's f16 -> f32 widening
// (kit::convert_precision) retypes that attribute too, which their f16 cases check.
#include "case_builders.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/batch_to_space.hpp"
#include "openvino/op/broadcast.hpp"
#include "openvino/op/depth_to_space.hpp"
#include "openvino/op/eye.hpp"
#include "openvino/op/non_zero.hpp"
#include "openvino/op/one_hot.hpp"
#include "openvino/op/pad.hpp"
#include "openvino/op/range.hpp"
#include "openvino/op/reverse.hpp"
#include "openvino/op/reverse_sequence.hpp"
#include "openvino/op/roll.hpp"
#include "openvino/op/shuffle_channels.hpp"
#include "openvino/op/slice.hpp"
#include "openvino/op/space_to_batch.hpp"
#include "openvino/op/space_to_depth.hpp"
#include "openvino/op/tile.hpp"
#include "openvino/op/variadic_split.hpp"

namespace {

using namespace conformance;
using namespace conformance::case_builders;
namespace v4 = ov::op::v4;
namespace v9 = ov::op::v9;
namespace v12 = ov::op::v12;

// Element types of the ops whose output type is an attribute (see above).
const std::vector<Type> attribute_typed{f32, f16, i32};

std::shared_ptr<v0::Constant> scalar_of(const Type& type, double value) {
    return v0::Constant::create(type, ov::Shape{}, std::vector<double>{value});
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    // ---- VariadicSplit
    cases.push_back({"VariadicSplit_axis1_2_m1_1", "VariadicSplit", numbers, [](const Type& t) {
                         auto x = par(t, {2, 7, 3});
                         return model_of(std::make_shared<v1::VariadicSplit>(x, i64s({1}), i64s({2, -1, 1})), {x});
                     }});
    cases.push_back({"VariadicSplit_axis_m1_i32_lengths", "VariadicSplit", numbers, [](const Type& t) {
                         auto x = par(t, {3, 8});
                         auto lengths = v0::Constant::create(ov::element::i32, {3}, {5, 0, 3});
                         return model_of(std::make_shared<v1::VariadicSplit>(
                                             x, v0::Constant::create(ov::element::i32, {}, {-1}), lengths),
                                         {x});
                     }});

    // ---- Tile
    cases.push_back({"Tile_2x3_by_2_2", "Tile", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3});
                         return model_of(std::make_shared<v0::Tile>(x, i64s({2, 2})), {x});
                     }});
    cases.push_back({"Tile_repeats_longer_than_rank", "Tile", numbers, [](const Type& t) {
                         auto x = par(t, {3, 1});
                         return model_of(std::make_shared<v0::Tile>(x, i64s({2, 1, 4})), {x});
                     }});

    // ---- Range (added to an input of the same length)
    cases.push_back({"Range4_1_10_step3", "Range", attribute_typed, [](const Type& t) {
                         auto x = par(t, {3});
                         auto range = std::make_shared<v4::Range>(scalar_of(ov::element::i64, 1),
                                                                  scalar_of(ov::element::i64, 10),
                                                                  scalar_of(ov::element::i64, 3), t);
                         return model_of(std::make_shared<v1::Add>(x, range), {x});
                     }});
    cases.push_back({"Range4_negative_step", "Range", attribute_typed, [](const Type& t) {
                         auto x = par(t, {5});
                         auto range = std::make_shared<v4::Range>(scalar_of(ov::element::f32, 4),
                                                                  scalar_of(ov::element::f32, -6),
                                                                  scalar_of(ov::element::f32, -2), t);
                         return model_of(std::make_shared<v1::Add>(x, range), {x});
                     }});
    cases.push_back({"Range0_input_type", "Range", numbers, [](const Type& t) {
                         auto x = par(t, {4});
                         auto range = std::make_shared<v0::Range>(scalar_of(t, 2), scalar_of(t, 10), scalar_of(t, 2));
                         return model_of(std::make_shared<v1::Add>(x, range), {x});
                     }});

    // ---- Broadcast
    cases.push_back({"Broadcast3_numpy", "Broadcast", numbers, [](const Type& t) {
                         auto x = par(t, {3, 1});
                         return model_of(std::make_shared<v3::Broadcast>(x, i64s({2, 3, 4})), {x});
                     }});
    cases.push_back({"Broadcast3_bidirectional", "Broadcast", numbers, [](const Type& t) {
                         auto x = par(t, {3, 1});
                         return model_of(std::make_shared<v3::Broadcast>(x, i64s({2, 1, 5}),
                                                                         ov::op::BroadcastType::BIDIRECTIONAL),
                                         {x});
                     }});
    cases.push_back({"Broadcast3_explicit", "Broadcast", numbers, [](const Type& t) {
                         auto x = par(t, {4});
                         return model_of(std::make_shared<v3::Broadcast>(x, i64s({2, 4, 3}), i64s({1}),
                                                                         ov::op::BroadcastType::EXPLICIT),
                                         {x});
                     }});
    cases.push_back({"Broadcast1_explicit", "Broadcast", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3});
                         return model_of(std::make_shared<v1::Broadcast>(x, i64s({2, 4, 3}), i64s({0, 2})), {x});
                     }});
    cases.push_back({"Broadcast1_numpy", "Broadcast", numbers, [](const Type& t) {
                         auto x = par(t, {1, 3});
                         return model_of(std::make_shared<v1::Broadcast>(x, i64s({2, 2, 3}),
                                                                         ov::op::AutoBroadcastSpec(
                                                                             ov::op::AutoBroadcastType::NUMPY)),
                                         {x});
                     }});

    // ---- Slice
    cases.push_back({"Slice_negative_step_axes", "Slice", numbers, [](const Type& t) {
                         auto x = par(t, {4, 6, 3});
                         return model_of(std::make_shared<v8::Slice>(x, i64s({5, -1}), i64s({0, -5}), i64s({-2, -1}),
                                                                     i64s({1, 0})),
                                         {x});
                     }});
    cases.push_back({"Slice_clamped_no_axes", "Slice", numbers, [](const Type& t) {
                         auto x = par(t, {5, 4});
                         return model_of(std::make_shared<v8::Slice>(x, i64s({-100, 1}), i64s({100, 4}), i64s({2, 2})),
                                         {x});
                     }});

    // ---- Pad
    for (const auto& [name, mode] : std::vector<std::pair<std::string, ov::op::PadMode>>{
             {"constant", ov::op::PadMode::CONSTANT},
             {"edge", ov::op::PadMode::EDGE},
             {"reflect", ov::op::PadMode::REFLECT},
             {"symmetric", ov::op::PadMode::SYMMETRIC}}) {
        const auto pad_mode = mode;
        cases.push_back({"Pad1_" + name, "Pad", numbers, [pad_mode](const Type& t) {
                             auto x = par(t, {2, 3, 4});
                             return model_of(std::make_shared<v1::Pad>(x, i64s({0, 1, 2}), i64s({1, 2, 3}), pad_mode),
                                             {x});
                         }});
    }
    cases.push_back({"Pad1_constant_value", "Pad", numbers, [](const Type& t) {
                         auto x = par(t, {3, 3});
                         return model_of(std::make_shared<v1::Pad>(x, i64s({1, 0}), i64s({0, 2}), scalar_of(t, 5),
                                                                   ov::op::PadMode::CONSTANT),
                                         {x});
                     }});
    cases.push_back({"Pad12_negative_reflect", "Pad", numbers, [](const Type& t) {
                         auto x = par(t, {4, 5});
                         return model_of(std::make_shared<v12::Pad>(x, i64s({-1, 2}), i64s({2, -2}),
                                                                    ov::op::PadMode::REFLECT),
                                         {x});
                     }});

    // ---- DepthToSpace / SpaceToDepth
    for (const bool blocks_first : {true, false}) {
        const std::string mode = blocks_first ? "blocks_first" : "depth_first";
        cases.push_back({"DepthToSpace_" + mode + "_bs2", "DepthToSpace", numbers, [mode](const Type& t) {
                             auto x = par(t, {1, 8, 2, 3});
                             return model_of(std::make_shared<v0::DepthToSpace>(x, mode, 2), {x});
                         }});
        cases.push_back({"SpaceToDepth_" + mode + "_bs2", "SpaceToDepth", numbers, [mode](const Type& t) {
                             auto x = par(t, {2, 3, 4, 6});
                             return model_of(std::make_shared<v0::SpaceToDepth>(x, mode, 2), {x});
                         }});
    }
    cases.push_back({"DepthToSpace_5d_bs2", "DepthToSpace", numbers, [](const Type& t) {
                         auto x = par(t, {1, 16, 2, 1, 2});
                         return model_of(std::make_shared<v0::DepthToSpace>(x, "depth_first", 2), {x});
                     }});

    // ---- BatchToSpace / SpaceToBatch
    cases.push_back({"BatchToSpace_crops", "BatchToSpace", numbers, [](const Type& t) {
                         auto x = par(t, {8, 2, 3, 2});
                         return model_of(std::make_shared<v1::BatchToSpace>(x, i64s({1, 2, 2, 2}), i64s({0, 0, 1, 0}),
                                                                            i64s({0, 1, 0, 1})),
                                         {x});
                     }});
    cases.push_back({"SpaceToBatch_pads", "SpaceToBatch", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 4, 2});
                         return model_of(std::make_shared<v1::SpaceToBatch>(x, i64s({1, 2, 3, 2}), i64s({0, 1, 1, 0}),
                                                                            i64s({0, 0, 1, 2})),
                                         {x});
                     }});

    // ---- ShuffleChannels, Reverse, ReverseSequence, Roll
    cases.push_back({"ShuffleChannels_axis1_group3", "ShuffleChannels", numbers, [](const Type& t) {
                         auto x = par(t, {2, 6, 2, 2});
                         return model_of(std::make_shared<v0::ShuffleChannels>(x, 1, 3), {x});
                     }});
    cases.push_back({"ShuffleChannels_axis_m1_group2", "ShuffleChannels", numbers, [](const Type& t) {
                         auto x = par(t, {3, 8});
                         return model_of(std::make_shared<v0::ShuffleChannels>(x, -1, 2), {x});
                     }});
    cases.push_back({"Reverse_index_axes_0_2", "Reverse", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 4});
                         return model_of(std::make_shared<v1::Reverse>(x, i64s({0, 2}), "index"), {x});
                     }});
    cases.push_back({"Reverse_mask", "Reverse", numbers, [](const Type& t) {
                         auto x = par(t, {3, 4});
                         auto mask = v0::Constant::create(ov::element::boolean, {2}, std::vector<bool>{false, true});
                         return model_of(std::make_shared<v1::Reverse>(x, mask, v1::Reverse::Mode::MASK), {x});
                     }});
    cases.push_back({"ReverseSequence_batch0_seq1", "ReverseSequence", numbers, [](const Type& t) {
                         auto x = par(t, {3, 5, 2});
                         auto lengths = v0::Constant::create(ov::element::i32, {3}, {5, 1, 3});
                         return model_of(std::make_shared<v0::ReverseSequence>(x, lengths, 0, 1), {x});
                     }});
    cases.push_back({"ReverseSequence_batch2_seq0", "ReverseSequence", numbers, [](const Type& t) {
                         auto x = par(t, {4, 2, 3});
                         auto lengths = v0::Constant::create(ov::element::i64, {3}, {2, 4, 0});
                         return model_of(std::make_shared<v0::ReverseSequence>(x, lengths, -1, 0), {x});
                     }});
    cases.push_back({"Roll_two_axes", "Roll", numbers, [](const Type& t) {
                         auto x = par(t, {4, 3, 2});
                         return model_of(std::make_shared<v7::Roll>(x, i64s({1, -2}), i64s({0, 1})), {x});
                     }});
    cases.push_back({"Roll_scalar_shift_repeated_axis", "Roll", numbers, [](const Type& t) {
                         auto x = par(t, {5, 4});
                         auto shift = v0::Constant::create(ov::element::i32, {}, {7});
                         return model_of(std::make_shared<v7::Roll>(x, shift, i64s({-1, 1, 0})), {x});
                     }});

    // ---- Eye (added to an input of its shape), OneHot
    cases.push_back({"Eye_3x4_diag1", "Eye", attribute_typed, [](const Type& t) {
                         auto x = par(t, {3, 4});
                         auto eye = std::make_shared<v9::Eye>(scalar_of(ov::element::i64, 3),
                                                              scalar_of(ov::element::i64, 4),
                                                              scalar_of(ov::element::i64, 1), t);
                         return model_of(std::make_shared<v1::Add>(x, eye), {x});
                     }});
    cases.push_back({"Eye_batched_diag_m1", "Eye", attribute_typed, [](const Type& t) {
                         auto x = par(t, {2, 3, 3});
                         auto eye = std::make_shared<v9::Eye>(scalar_of(ov::element::i32, 3),
                                                              scalar_of(ov::element::i32, 3),
                                                              scalar_of(ov::element::i32, -1),
                                                              v0::Constant::create(ov::element::i32, {1}, {2}), t);
                         return model_of(std::make_shared<v1::Add>(x, eye), {x});
                     }});
    cases.push_back({"OneHot_axis_m1_depth4",
                     "OneHot",
                     numbers,
                     [](const Type& t) {
                         auto indices = par(ov::element::i32, {2, 3});
                         return model_of(std::make_shared<v1::OneHot>(indices, scalar_of(ov::element::i64, 4),
                                                                      scalar_of(t, 3), scalar_of(t, -1), -1),
                                         {indices});
                     },
                     {{-1, 4}}});
    cases.push_back({"OneHot_axis0_depth3",
                     "OneHot",
                     numbers,
                     [](const Type& t) {
                         auto indices = par(ov::element::i64, {4});
                         return model_of(std::make_shared<v1::OneHot>(indices, scalar_of(ov::element::i32, 3),
                                                                      scalar_of(t, 1), scalar_of(t, 0), 0),
                                         {indices});
                     },
                     {{0, 3}}});
}
