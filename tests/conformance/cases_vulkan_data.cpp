// SPDX-License-Identifier: Apache-2.0
// Conformance cases for the VULKAN data-movement, gather, comparison and Select shaders (backends/vulkan/ops:
// slice, broadcast, pad (and Tile), gather, variadic_split, comparison), in the attribute combinations the shared
// cases leave out and in the shapes real models use: 4-D pads in every mode, Pad-12's crops, Gather with
// runtime i32/i64 indices, batch_dims and constant index runs, StridedSlice with every mask (YOLO's Focus
// slices), Slice with axes and negative steps, 4-D Broadcast and Tile (both of Tile's VULKAN paths), channel
// VariadicSplits, and every comparison feeding a Select. They run on every device like the others. Also: the
// same cases on VULKAN at the f16 inference precision (the shaders' f16 variants), and the comparisons' boolean
// outputs read directly.
#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <utility>

#include "case_builders.hpp"
#include "openvino/core/type/float16.hpp"
#include "openvino/op/broadcast.hpp"
#include "openvino/op/equal.hpp"
#include "openvino/op/floor.hpp"
#include "openvino/op/gather.hpp"
#include "openvino/op/greater.hpp"
#include "openvino/op/greater_eq.hpp"
#include "openvino/op/less.hpp"
#include "openvino/op/less_eq.hpp"
#include "openvino/op/not_equal.hpp"
#include "openvino/op/pad.hpp"
#include "openvino/op/select.hpp"
#include "openvino/op/slice.hpp"
#include "openvino/op/strided_slice.hpp"
#include "openvino/op/tile.hpp"
#include "openvino/op/variadic_split.hpp"

namespace {

using namespace conformance;
using namespace conformance::case_builders;
namespace v12 = ov::op::v12;
using Masks = std::vector<int64_t>;

std::shared_ptr<v0::Constant> i32s(const ov::Shape& shape, const std::vector<int32_t>& values) {
    return v0::Constant::create(ov::element::i32, shape, values);
}

std::shared_ptr<v0::Constant> scalar_of(const Type& type, double value) {
    return v0::Constant::create(type, ov::Shape{}, std::vector<double>{value});
}

OpCase pad_case(const std::string& name, const ov::Shape& shape, const std::vector<int64_t>& begin,
                const std::vector<int64_t>& end, ov::op::PadMode mode, bool version12, double value = 0) {
    return {name, "Pad", reals, [=](const Type& t) {
                auto x = par(t, shape);
                std::shared_ptr<ov::Node> pad;
                if (version12)
                    pad = std::make_shared<v12::Pad>(x, i64s(begin), i64s(end), scalar_of(t, value), mode);
                else
                    pad = std::make_shared<v1::Pad>(x, i64s(begin), i64s(end), scalar_of(t, value), mode);
                return model_of(pad, {x});
            }};
}

std::string dims_text(const ov::Shape& shape) {
    std::string text;
    for (size_t d = 0; d < shape.size(); ++d)
        text += (d ? "x" : "") + std::to_string(shape[d]);
    return text;
}

// Select(comparison(floor(a), floor(b)), a, b): the floors make ties frequent and exact in every type.
template <typename Compare>
OpCase comparison_select(const std::string& name, const ov::Shape& a, const ov::Shape& b) {
    return {name + "_select_" + dims_text(a) + "_by_" + dims_text(b), name, reals,
            [a, b](const Type& t) {
                auto x = par(t, a), y = par(t, b);
                auto condition =
                    std::make_shared<Compare>(std::make_shared<v0::Floor>(x), std::make_shared<v0::Floor>(y));
                return model_of(std::make_shared<v1::Select>(condition, x, y), {x, y});
            }};
}

std::vector<OpCase> vulkan_data_cases() {
    std::vector<OpCase> cases;
    // ---- Pad: each mode on 4-D images, Pad-12's negative pads (crops) with a pad value.
    cases.push_back(pad_case("Pad1_reflect_1x8x20x20", {1, 8, 20, 20}, {0, 0, 2, 3}, {0, 0, 3, 2},
                             ov::op::PadMode::REFLECT, false));
    cases.push_back(pad_case("Pad1_symmetric_2x3x5x4", {2, 3, 5, 4}, {0, 1, 1, 0}, {0, 2, 0, 4},
                             ov::op::PadMode::SYMMETRIC, false));
    cases.push_back(pad_case("Pad1_edge_1x4x6x7", {1, 4, 6, 7}, {0, 0, 3, 1}, {1, 0, 2, 5}, ov::op::PadMode::EDGE,
                             false));
    cases.push_back(pad_case("Pad12_constant_crops_1x4x6x6", {1, 4, 6, 6}, {0, -1, 2, -2}, {0, 1, -1, 3},
                             ov::op::PadMode::CONSTANT, true, 1.5));
    cases.push_back(pad_case("Pad12_reflect_crops_2x5x6", {2, 5, 6}, {1, -2, 3}, {0, 2, -1},
                             ov::op::PadMode::REFLECT, true));

    // ---- Gather: runtime indices (i32, i64; Gather-8's negative and out-of-range ones give zeros there).
    cases.push_back({"Gather8_runtime_i32_indices_axis1", "Gather", reals,
                     [](const Type& t) {
                         auto x = par(t, {2, 6, 5});
                         auto indices = par(ov::element::i32, {3, 2});
                         return model_of(std::make_shared<v8::Gather>(x, indices, i64s({1})), {x, indices});
                     },
                     {{-3, 3}, {-8, 7}}});
    cases.push_back({"Gather7_runtime_i64_indices_axis2_batch_dims1", "Gather", reals,
                     [](const Type& t) {
                         auto x = par(t, {3, 4, 5, 2});
                         auto indices = par(ov::element::i64, {3, 4});
                         return model_of(std::make_shared<v7::Gather>(x, indices, i64s({2}), 1), {x, indices});
                     },
                     {{-3, 3}, {0, 4}}});
    cases.push_back({"Gather1_runtime_i32_indices_axis0", "Gather", reals,
                     [](const Type& t) {
                         auto x = par(t, {4, 3, 2});
                         auto indices = par(ov::element::i32, {5});
                         return model_of(std::make_shared<v1::Gather>(x, indices, i64s({0})), {x, indices});
                     },
                     {{-3, 3}, {0, 3}}});
    // Constant indices: a channel picked by a scalar, runs stepping by -1, 0 and 5, batch_dims, and indices
    // too scattered for VULKAN's copies (VULKAN refuses that one: query and compile must agree).
    cases.push_back({"Gather8_constant_scalar_axis1_1x8x4x4", "Gather", reals, [](const Type& t) {
                         auto x = par(t, {1, 8, 4, 4});
                         auto index = v0::Constant::create(ov::element::i64, ov::Shape{}, std::vector<int64_t>{5});
                         return model_of(std::make_shared<v8::Gather>(x, index, i64s({1})), {x});
                     }});
    cases.push_back({"Gather8_constant_runs_axis1", "Gather", reals, [](const Type& t) {
                         auto x = par(t, {2, 8, 3});
                         auto indices = i32s({2, 4}, {5, 4, 3, 0, 0, -8, 2, 7});
                         return model_of(std::make_shared<v8::Gather>(x, indices, i64s({1})), {x});
                     }});
    cases.push_back({"Gather7_constant_batch_dims1_axis2", "Gather", reals, [](const Type& t) {
                         auto x = par(t, {2, 3, 6});
                         auto indices = i32s({2, 3}, {1, 2, 3, 5, 0, 5});
                         return model_of(std::make_shared<v7::Gather>(x, indices, i64s({-1}), 1), {x});
                     }});
    cases.push_back({"Gather8_constant_scattered_axis0", "Gather", reals, [](const Type& t) {
                         // 0, 1, 0, 2, 0, 3, ...: twenty runs of two.
                         std::vector<int32_t> values;
                         for (int32_t k = 1; k <= 20; ++k) {
                             values.push_back(0);
                             values.push_back(k);
                         }
                         auto x = par(t, {21, 3});
                         return model_of(std::make_shared<v8::Gather>(x, i32s({40}, values), i64s({0})), {x});
                     }});

    // ---- StridedSlice: YOLO's Focus slices (begin and end masks, step 2), an ellipsis with a new axis and a
    // backwards step, a shrunk axis.
    cases.push_back({"StridedSlice_focus_1x3x8x8", "StridedSlice", reals, [](const Type& t) {
                         auto x = par(t, {1, 3, 8, 8});
                         auto op = std::make_shared<v1::StridedSlice>(x, i64s({0, 0, 0, 1}), i64s({0, 0, 0, 0}),
                                                                      i64s({1, 1, 2, 2}), Masks{1, 1, 1, 0},
                                                                      Masks{1, 1, 1, 1});
                         return model_of(op, {x});
                     }});
    cases.push_back({"StridedSlice_ellipsis_new_axis_backwards", "StridedSlice", reals, [](const Type& t) {
                         auto x = par(t, {2, 3, 4, 5});
                         auto op = std::make_shared<v1::StridedSlice>(
                             x, i64s({0, 0, -1}), i64s({0, 0, 0}), i64s({1, 1, -2}), Masks{0, 0, 0}, Masks{0, 0, 1},
                             Masks{0, 1, 0}, Masks{0, 0, 0}, Masks{1, 0, 0});
                         return model_of(op, {x});
                     }});
    cases.push_back({"StridedSlice_shrink_last_axis", "StridedSlice", reals, [](const Type& t) {
                         auto x = par(t, {2, 4, 6});
                         auto op = std::make_shared<v1::StridedSlice>(x, i64s({0, 1, -3}), i64s({0, 3, 4}),
                                                                      i64s({1, 1, 1}), Masks{1, 0, 0},
                                                                      Masks{1, 0, 0}, Masks{0, 0, 0}, Masks{0, 0, 1});
                         return model_of(op, {x});
                     }});

    // ---- Slice: axes in any order with a backwards walk over a whole axis, and "to the end" as INT64_MAX.
    cases.push_back({"Slice_axes_3_1_backwards_1x6x4x5", "Slice", reals, [](const Type& t) {
                         auto x = par(t, {1, 6, 4, 5});
                         return model_of(std::make_shared<v8::Slice>(x, i64s({-1, 1}), i64s({-100, 6}),
                                                                     i64s({-1, 2}), i64s({3, 1})),
                                         {x});
                     }});
    cases.push_back({"Slice_to_int64_max_step2", "Slice", reals, [](const Type& t) {
                         auto x = par(t, {2, 3, 7});
                         return model_of(std::make_shared<v8::Slice>(x, i64s({1}),
                                                                     i64s({std::numeric_limits<int64_t>::max()}),
                                                                     i64s({2}), i64s({-1})),
                                         {x});
                     }});

    // ---- Broadcast on 4-D images.
    cases.push_back({"Broadcast3_numpy_1x4x1x1_to_2x4x3x5", "Broadcast", reals, [](const Type& t) {
                         auto x = par(t, {1, 4, 1, 1});
                         return model_of(std::make_shared<v3::Broadcast>(x, i64s({2, 4, 3, 5})), {x});
                     }});
    cases.push_back({"Broadcast3_bidirectional_4x1x5_by_2x1x1x1", "Broadcast", reals, [](const Type& t) {
                         auto x = par(t, {4, 1, 5});
                         return model_of(std::make_shared<v3::Broadcast>(x, i64s({2, 1, 1, 1}),
                                                                         ov::op::BroadcastType::BIDIRECTIONAL),
                                         {x});
                     }});
    cases.push_back({"Broadcast1_explicit_4x5_to_2x4x3x5", "Broadcast", reals, [](const Type& t) {
                         auto x = par(t, {4, 5});
                         return model_of(std::make_shared<v1::Broadcast>(x, i64s({2, 4, 3, 5}), i64s({1, 3})), {x});
                     }});

    // ---- Tile: a 4-D image doubled in both planes (a box copy on VULKAN), and every axis of a 4-D input
    // tiled (more axes than the copy has: the modulo path).
    cases.push_back({"Tile_1x16x4x4_by_1x1x2x2", "Tile", reals, [](const Type& t) {
                         auto x = par(t, {1, 16, 4, 4});
                         return model_of(std::make_shared<v0::Tile>(x, i64s({1, 1, 2, 2})), {x});
                     }});
    cases.push_back({"Tile_2x3x2x3_by_2x2x2x2", "Tile", reals, [](const Type& t) {
                         auto x = par(t, {2, 3, 2, 3});
                         return model_of(std::make_shared<v0::Tile>(x, i64s({2, 2, 2, 2})), {x});
                     }});

    // ---- VariadicSplit along channels and along the last axis.
    cases.push_back({"VariadicSplit_channels_1x10x4x4", "VariadicSplit", reals, [](const Type& t) {
                         auto x = par(t, {1, 10, 4, 4});
                         return model_of(std::make_shared<v1::VariadicSplit>(x, i64s({1}), i64s({2, -1, 3})), {x});
                     }});
    cases.push_back({"VariadicSplit_last_axis_2x3x10", "VariadicSplit", reals, [](const Type& t) {
                         auto x = par(t, {2, 3, 10});
                         return model_of(std::make_shared<v1::VariadicSplit>(x, i64s({-1}), i64s({4, 4, 2})), {x});
                     }});

    // ---- Comparisons feeding a Select, with numpy broadcasting; a condition of 6 booleans (VULKAN moves
    // booleans four to a word and refuses it).
    cases.push_back(comparison_select<v1::Equal>("Equal", {2, 3, 4}, {3, 1}));
    cases.push_back(comparison_select<v1::NotEqual>("NotEqual", {2, 1, 4}, {1, 3, 1}));
    cases.push_back(comparison_select<v1::Less>("Less", {2, 3, 4}, {2, 3, 4}));
    cases.push_back(comparison_select<v1::LessEqual>("LessEqual", {4, 1, 2}, {3, 1}));
    cases.push_back(comparison_select<v1::Greater>("Greater", {1, 8, 3, 3}, {8, 1, 1}));
    cases.push_back(comparison_select<v1::GreaterEqual>("GreaterEqual", {2, 3, 4}, {4}));
    cases.push_back(comparison_select<v1::Less>("Less", {2, 3}, {2, 3}));
    cases.push_back({"Select_condition_2x1x4_then_3x1_else_4", "Select", reals, [](const Type& t) {
                         auto c = par(t, {2, 1, 4}), d = par(t, {4}), x = par(t, {3, 1}), y = par(t, {2, 3, 4});
                         auto condition = std::make_shared<v1::GreaterEqual>(c, d);
                         return model_of(std::make_shared<v1::Select>(condition, x, y), {c, d, x, y});
                     }});
    return cases;
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    for (auto& c : vulkan_data_cases())
        cases.push_back(std::move(c));
}

namespace conformance {
namespace {

const Device* vulkan_device() {
    for (const auto& device : devices())
        if (device.label == "VULKAN")
            return &device;
    return nullptr;
}

bool has_f16_storage() {
    const auto capabilities = core().get_property("VULKAN", ov::device::capabilities);
    return std::find(capabilities.begin(), capabilities.end(), ov::device::capability::FP16) != capabilities.end();
}

// The inputs of a case built at f32, seeded as the op test seeds them.
std::vector<ov::Tensor> case_inputs(const OpCase& c, const ov::Model& model) {
    std::vector<ov::Tensor> inputs;
    const auto& parameters = model.get_parameters();
    for (size_t i = 0; i < parameters.size(); ++i) {
        const auto type = parameters[i]->get_element_type();
        const Range r = i < c.ranges.size() ? c.ranges[i] : (type.is_real() ? Range{-3, 3} : Range{-20, 20});
        inputs.push_back(random_tensor(type, parameters[i]->get_shape(), 1000u + static_cast<uint32_t>(i), r.lo, r.hi));
    }
    return inputs;
}

// f32 values rounded to f16 (what VULKAN stores at the f16 precision); other types as they are.
ov::Tensor rounded_to_f16(const ov::Tensor& tensor) {
    if (tensor.get_element_type() != ov::element::f32)
        return tensor;
    ov::Tensor rounded(ov::element::f32, tensor.get_shape());
    for (size_t i = 0; i < tensor.get_size(); ++i)
        rounded.data<float>()[i] = static_cast<float>(ov::float16(tensor.data<float>()[i]));
    return rounded;
}

class VulkanDataF16 : public ::testing::TestWithParam<OpCase> {};

// The case at the f16 inference precision, where VULKAN stores every value in f16 (the shaders' f16 variants):
// every step runs a variant other than f32, and the outputs match the reference of the inputs rounded to f16
// (these ops move, pick and compare values, so only the output's own rounding differs). A case VULKAN refuses
// is refused at f16 too.
TEST_P(VulkanDataF16, MatchesTheReferenceInF16) {
    const Device* device = vulkan_device();
    ASSERT_NE(device, nullptr);
    run(*device, [&] {
        if (!has_f16_storage())
            GTEST_SKIP() << "VULKAN.0 has no f16 storage (FP16 capability); lavapipe has it";
        const OpCase& c = GetParam();
        const auto model = c.build(ov::element::f32);
        const ov::AnyMap f16{ov::hint::inference_precision(ov::element::f16), ov::enable_profiling(true)};
        const auto supported = core().query_model(model, "VULKAN", f16);
        bool claimed = true;
        for (const auto& node : model->get_ordered_ops()) {
            const std::string type = node->get_type_name();
            const bool operation = type != "Parameter" && type != "Result" && type != "Constant";
            claimed = claimed && (!operation || supported.count(node->get_friendly_name()));
        }
        if (!claimed) {
            EXPECT_THROW(core().compile_model(model, "VULKAN", f16), ov::Exception);
            return;
        }
        auto compiled = core().compile_model(model, "VULKAN", f16);
        std::vector<ov::Tensor> inputs, rounded;
        auto request = compiled.create_infer_request();
        for (const auto& input : case_inputs(c, *model)) {
            request.set_input_tensor(inputs.size(), input);
            inputs.push_back(input);
            rounded.push_back(rounded_to_f16(input));
        }
        request.infer();
        bool half = false;
        for (const auto& info : request.get_profiling_info()) {
            EXPECT_EQ(info.exec_type.find("_f32"), std::string::npos) << info.node_name << " ran in f32";
            half = half || info.exec_type.find("_f16") != std::string::npos;
        }
        EXPECT_TRUE(half) << "no step ran a shader's f16 variant";
        const auto expected = reference_outputs(*model, rounded);
        ASSERT_EQ(compiled.outputs().size(), expected.size());
        for (size_t o = 0; o < expected.size(); ++o)
            EXPECT_LE(normalised_error(request.get_output_tensor(o), expected[o]), 1e-3) << "output " << o;
    });
}

INSTANTIATE_TEST_SUITE_P(Conformance, VulkanDataF16, ::testing::ValuesIn(vulkan_data_cases()),
                         [](const ::testing::TestParamInfo<OpCase>& info) {
                             return test_name("VULKAN", info.param.name);
                         });

// A comparison of floor(a) and floor(b) with its booleans as the model's output.
using ComparisonMaker =
    std::function<std::shared_ptr<ov::Node>(const ov::Output<ov::Node>&, const ov::Output<ov::Node>&)>;

template <typename Compare>
std::pair<std::string, ComparisonMaker> comparison_maker(const std::string& name) {
    return {name, [](const ov::Output<ov::Node>& a, const ov::Output<ov::Node>& b) {
                return std::make_shared<Compare>(a, b);
            }};
}

const std::vector<std::pair<std::string, ComparisonMaker>>& comparison_makers() {
    static const std::vector<std::pair<std::string, ComparisonMaker>> makers{
        comparison_maker<v1::Equal>("Equal"),         comparison_maker<v1::NotEqual>("NotEqual"),
        comparison_maker<v1::Less>("Less"),           comparison_maker<v1::LessEqual>("LessEqual"),
        comparison_maker<v1::Greater>("Greater"),     comparison_maker<v1::GreaterEqual>("GreaterEqual")};
    return makers;
}

class VulkanComparisonBooleans : public ::testing::TestWithParam<size_t> {};

// The comparison's booleans as the output, byte for byte against the reference, at f32 and at f16 (the op
// cases convert or select them: the harness reads numbers only).
TEST_P(VulkanComparisonBooleans, MatchTheReference) {
    const Device* device = vulkan_device();
    ASSERT_NE(device, nullptr);
    run(*device, [&] {
        const auto& [name, compare] = comparison_makers().at(GetParam());
        std::vector<ov::AnyMap> precisions{{}};
        if (has_f16_storage())
            precisions.push_back({ov::hint::inference_precision(ov::element::f16)});
        for (const auto& config : precisions) {
            auto x = par(f32, {2, 3, 4}), y = par(f32, {3, 1});
            auto op = compare(std::make_shared<v0::Floor>(x), std::make_shared<v0::Floor>(y));
            const auto model = model_of(op, {x, y});
            // Values f16 holds exactly, so that both precisions compare the same numbers.
            const std::vector<ov::Tensor> inputs{rounded_to_f16(random_tensor(f32, {2, 3, 4}, 7, -3, 3)),
                                                 rounded_to_f16(random_tensor(f32, {3, 1}, 8, -3, 3))};
            auto request = core().compile_model(model, "VULKAN", config).create_infer_request();
            request.set_input_tensor(0, inputs[0]);
            request.set_input_tensor(1, inputs[1]);
            request.infer();
            const ov::Tensor actual = request.get_output_tensor(0);
            const auto expected = reference_outputs(*model, inputs);
            const char* precision = config.empty() ? " at f32" : " at f16";
            ASSERT_EQ(actual.get_element_type(), ov::element::boolean) << name << precision;
            ASSERT_EQ(actual.get_byte_size(), expected[0].get_byte_size()) << name << precision;
            EXPECT_EQ(std::memcmp(actual.data(), expected[0].data(), expected[0].get_byte_size()), 0)
                << name << precision;
        }
    });
}

INSTANTIATE_TEST_SUITE_P(Conformance, VulkanComparisonBooleans,
                         ::testing::Range(size_t(0), comparison_makers().size()),
                         [](const ::testing::TestParamInfo<size_t>& info) {
                             return test_name("VULKAN", comparison_makers().at(info.param).first + "_boolean_output");
                         });

}  // namespace
}  // namespace conformance
