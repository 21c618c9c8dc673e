// SPDX-License-Identifier: Apache-2.0
// The shared numpy broadcasting helpers (runtime/ops/reference/broadcast.hpp).
#include <gtest/gtest.h>

#include "openvino/op/add.hpp"
#include "ops/reference/broadcast.hpp"
#include "test_util.hpp"

using devmux::ref::numpy_broadcast_shape;
using ov::PartialShape;
using ov::Shape;

namespace {

Shape broadcast(const Shape& a, const Shape& b) {
    Shape out;
    EXPECT_TRUE(numpy_broadcast_shape(a, b, out)) << a << " and " << b;
    return out;
}

PartialShape broadcast(const PartialShape& a, const PartialShape& b) {
    PartialShape out;
    EXPECT_TRUE(numpy_broadcast_shape(a, b, out)) << a << " and " << b;
    return out;
}

TEST(Broadcast, StaticShapesAlignFromTheRight) {
    EXPECT_EQ(broadcast(Shape{2, 3}, Shape{3}), (Shape{2, 3}));
    EXPECT_EQ(broadcast(Shape{4, 1, 5}, Shape{3, 1}), (Shape{4, 3, 5}));
    EXPECT_EQ(broadcast(Shape{}, Shape{2, 2}), (Shape{2, 2}));
    EXPECT_EQ(broadcast(Shape{1, 16, 48, 48}, Shape{1}), (Shape{1, 16, 48, 48}));
}

TEST(Broadcast, ZeroExtentStretchesOnlyFromOne) {
    EXPECT_EQ(broadcast(Shape{0, 3}, Shape{1, 3}), (Shape{0, 3}));
    Shape out;
    EXPECT_FALSE(numpy_broadcast_shape(Shape{0, 3}, Shape{2, 3}, out));
}

TEST(Broadcast, StaticMismatchIsRejected) {
    Shape out;
    EXPECT_FALSE(numpy_broadcast_shape(Shape{2, 3}, Shape{4}, out));
    EXPECT_FALSE(numpy_broadcast_shape(Shape{2, 3, 4}, Shape{3, 3, 1}, out));
}

TEST(Broadcast, DynamicDimensionTakesTheStaticExtent) {
    EXPECT_EQ(broadcast(PartialShape{-1, 3}, PartialShape{4, 1}), (PartialShape{4, 3}));
    EXPECT_EQ(broadcast(PartialShape{-1}, PartialShape{1}), (PartialShape{-1}));
    EXPECT_EQ(broadcast(PartialShape{ov::Dimension(2, 5)}, PartialShape{3}), (PartialShape{3}));
}

TEST(Broadcast, TwoDynamicDimensionsStayDynamic) {
    const auto out = broadcast(PartialShape{-1, 2}, PartialShape{-1, 2});
    ASSERT_EQ(out.size(), 2u);
    EXPECT_TRUE(out[0].is_dynamic());
    EXPECT_EQ(out[1], ov::Dimension(2));
}

TEST(Broadcast, DynamicRankGivesDynamicRank) {
    EXPECT_FALSE(broadcast(PartialShape::dynamic(), PartialShape{2, 3}).rank_is_static());
}

TEST(Broadcast, IntervalThatCannotFitIsRejected) {
    PartialShape out;
    EXPECT_FALSE(numpy_broadcast_shape(PartialShape{ov::Dimension(4, 6)}, PartialShape{3}, out));
}

TEST(Broadcast, InferShapeErrorNamesOpShapesAndRule) {
    auto add =
        std::make_shared<ov::op::v1::Add>(eltest::param(ov::element::f32, {2}), eltest::param(ov::element::f32, {2}));
    add->set_friendly_name("my_add");
    eltest::expect_error(
        [&] {
            devmux::ref::infer_broadcast_shape(*add, PartialShape{2, 3}, PartialShape{4},
                                               ov::op::AutoBroadcastSpec::NUMPY);
        },
        {"Add", "my_add", "[2,3]", "[4]", "numpy"});
    eltest::expect_error(
        [&] {
            devmux::ref::infer_broadcast_shape(*add, PartialShape{2, 3}, PartialShape{3},
                                               ov::op::AutoBroadcastSpec::NONE);
        },
        {"my_add", "none"});
    eltest::expect_error(
        [&] {
            devmux::ref::infer_broadcast_shape(*add, PartialShape{2, 3}, PartialShape{3},
                                               ov::op::AutoBroadcastSpec(ov::op::AutoBroadcastType::PDPD));
        },
        {"my_add", "pdpd", "not supported"});
}

TEST(Broadcast, NoneRuleAcceptsEqualShapes) {
    auto add =
        std::make_shared<ov::op::v1::Add>(eltest::param(ov::element::f32, {2}), eltest::param(ov::element::f32, {2}));
    EXPECT_EQ(devmux::ref::infer_broadcast_shape(*add, PartialShape{2, -1}, PartialShape{-1, 3},
                                                 ov::op::AutoBroadcastSpec::NONE),
              (PartialShape{2, 3}));
}

TEST(Broadcast, StridesAreZeroOnStretchedAndMissingAxes) {
    EXPECT_EQ(devmux::ref::broadcast_strides(Shape{3, 1}, Shape{2, 3, 4}), (std::vector<size_t>{0, 1, 0}));
    EXPECT_EQ(devmux::ref::broadcast_strides(Shape{2, 3, 4}, Shape{2, 3, 4}), (std::vector<size_t>{12, 4, 1}));
    EXPECT_THROW(devmux::ref::broadcast_strides(Shape{2}, Shape{3}), ov::Exception);
    EXPECT_THROW(devmux::ref::broadcast_strides(Shape{1, 2}, Shape{2}), ov::Exception);
}

// The walk must visit each output element once, in order, with the input indices that coordinate
// arithmetic gives.
TEST(Broadcast, WalkMatchesCoordinateArithmetic) {
    const std::vector<std::array<Shape, 3>> cases = {
        {Shape{2, 3, 4}, Shape{3, 1}, Shape{}},
        {Shape{1, 5}, Shape{4, 1}, Shape{4, 5}},
        {Shape{2, 1, 3, 1}, Shape{1, 4, 1, 5}, Shape{5}},
        {Shape{7}, Shape{1}, Shape{7}},
    };
    for (const auto& shapes : cases) {
        Shape out = broadcast(broadcast(shapes[0], shapes[1]), shapes[2]);
        size_t expected_flat = 0;
        devmux::ref::for_each_broadcast<3>(out, shapes, [&](size_t o, const std::array<size_t, 3>& in) {
            ASSERT_EQ(o, expected_flat);
            const auto coord = eltest::unravel(o, out);
            for (size_t k = 0; k < 3; ++k)
                ASSERT_EQ(in[k], eltest::broadcast_source(coord, shapes[k])) << "input " << k << " at " << o;
            ++expected_flat;
        });
        EXPECT_EQ(expected_flat, ov::shape_size(out));
    }
}

TEST(Broadcast, WalkOverEmptyOutputCallsNothing) {
    size_t calls = 0;
    devmux::ref::for_each_broadcast<2>(Shape{0, 3}, {Shape{0, 3}, Shape{3}},
                                       [&](size_t, const std::array<size_t, 2>&) { ++calls; });
    EXPECT_EQ(calls, 0u);
}

TEST(Broadcast, WalkOverScalarCallsOnce) {
    size_t calls = 0;
    devmux::ref::for_each_broadcast<1>(Shape{}, {Shape{}}, [&](size_t o, const std::array<size_t, 1>& i) {
        EXPECT_EQ(o, 0u);
        EXPECT_EQ(i[0], 0u);
        ++calls;
    });
    EXPECT_EQ(calls, 1u);
}

}  // namespace
