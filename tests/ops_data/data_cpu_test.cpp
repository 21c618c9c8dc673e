// SPDX-License-Identifier: Apache-2.0
// The data-movement ops compiled on CPU (through the public API, so this test loads plugins and is not
// INTERNAL): a chain the way real models use them, against each op's own evaluate().
#include <gtest/gtest.h>

#include <iostream>

#include "openvino/op/broadcast.hpp"
#include "openvino/op/non_zero.hpp"
#include "openvino/op/pad.hpp"
#include "openvino/op/range.hpp"
#include "openvino/op/tile.hpp"
#include "openvino/op/variadic_split.hpp"
#include "openvino/openvino.hpp"
#include "test_util.hpp"

using namespace ops_data_test;
using ov::Shape;

TEST(DataOpsCpu, ChainCompiledOnCpuMatchesEvaluate) {
    // A small chain the way real models use these ops: split, tile one part, broadcast another, pad.
    const Shape shape{2, 6, 3};
    auto x = param(ov::element::f32, shape);
    auto split = std::make_shared<ov::op::v1::VariadicSplit>(x, i64_scalar(1), i64s({2, -1}));
    auto tile = std::make_shared<ov::op::v0::Tile>(split->output(0), i64s({1, 2, 1}));
    auto bcast = std::make_shared<ov::op::v3::Broadcast>(split->output(1), i64s({2, 1, 4, 3}),
                                                         ov::op::BroadcastType::BIDIRECTIONAL);
    auto pad = std::make_shared<ov::op::v1::Pad>(tile, i64s({0, 1, 0}), i64s({1, 0, 2}), ov::op::PadMode::EDGE);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{pad, bcast}, ov::ParameterVector{x}, "data_chain");
    const auto input = random_f32(shape, 101);

    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    request.set_input_tensor(input);
    request.infer();

    const auto split_out = run(split, {input, i64_tensor({}, {1}), i64_tensor({2}, {2, -1})});
    const auto tile_out = run(tile, {split_out[0], i64_tensor({3}, {1, 2, 1})});
    const auto pad_out = run(pad, {tile_out[0], i64_tensor({3}, {0, 1, 0}), i64_tensor({3}, {1, 0, 2})});
    const auto bcast_out = run(bcast, {split_out[1], i64_tensor({4}, {2, 1, 4, 3})});
    const auto got_pad = request.get_output_tensor(0);
    const auto got_bcast = request.get_output_tensor(1);
    ASSERT_EQ(got_pad.get_shape(), pad_out[0].get_shape());
    ASSERT_EQ(got_bcast.get_shape(), bcast_out[0].get_shape());
    EXPECT_EQ(values<float>(got_pad), values<float>(pad_out[0]));
    EXPECT_EQ(values<float>(got_bcast), values<float>(bcast_out[0]));
}

TEST(DataOpsCpu, DataDependentOutputShapes) {
    // NonZero's output shape depends on the data; Range's on its input values. A CPU that compiles only
    // static shapes must refuse such a model by naming the op; one that compiles it must give these values.
    auto x = param(ov::element::f32, {2, 3});
    auto nonzero = std::make_shared<ov::op::v3::NonZero>(x);
    auto stop = param(ov::element::i64, {});
    auto range = std::make_shared<ov::op::v4::Range>(i64_scalar(0), stop, i64_scalar(2), ov::element::i32);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{nonzero, range}, ov::ParameterVector{x, stop}, "dynamic");
    ov::Core core;
    ov::CompiledModel compiled;
    try {
        compiled = core.compile_model(model, "CPU");
    } catch (const ov::Exception& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("NonZero"), std::string::npos) << what;
        EXPECT_NE(what.find("dynamic"), std::string::npos) << what;
        // The CPU compiles static shapes only (docs/ops.md): refusing by naming the op is the behaviour checked
        // until it compiles dynamic shapes, when the values below are.
        std::cout << "[ refused  ] " << what << std::endl;
        return;
    }
    auto request = compiled.create_infer_request();
    request.set_input_tensor(0, f32_tensor({2, 3}, {0, 1.5f, 0, -2, 0, 3}));
    request.set_input_tensor(1, i64_tensor({}, {7}));
    request.infer();
    const auto coords = request.get_output_tensor(0);
    ASSERT_EQ(coords.get_shape(), (Shape{2, 3}));
    EXPECT_EQ(values<int64_t>(coords), (std::vector<int64_t>{0, 1, 1, 1, 0, 2}));
    const auto seq = request.get_output_tensor(1);
    EXPECT_EQ(values<int32_t>(seq), (std::vector<int32_t>{0, 2, 4, 6}));
}
