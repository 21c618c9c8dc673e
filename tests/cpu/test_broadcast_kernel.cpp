// SPDX-License-Identifier: Apache-2.0
// The CPU's Broadcast-3 kernel (kernels/broadcast.cpp) against the op's own evaluate() on seeded random bytes,
// in the calling thread and on a team of 3: a gather, so the result must be bit-identical. Also the nodes it
// must leave to the reference (EXPLICIT mode, a target only known at run time).
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "kernels/kernel.hpp"
#include "openvino/op/broadcast.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "test_utils.hpp"
#include "thread_pool.hpp"

namespace {

using devmux::cpu::ThreadPool;

using cpu_test::random_bytes;

std::shared_ptr<ov::op::v3::Broadcast> broadcast(ov::element::Type type, const ov::Shape& in, const ov::Shape& target,
                                                 ov::op::BroadcastType mode) {
    return std::make_shared<ov::op::v3::Broadcast>(
        std::make_shared<ov::op::v0::Parameter>(type, in),
        ov::op::v0::Constant::create(ov::element::i64, {target.size()}, std::vector<int64_t>(target.begin(), target.end())),
        mode);
}

TEST(CpuBroadcastKernel, IsBitIdenticalToReference) {
    ThreadPool pool(3);
    struct Case {
        ov::Shape in, target;
        ov::op::BroadcastType mode;
    };
    using BT = ov::op::BroadcastType;
    const Case cases[] = {
        {{1, 1, 1, 128}, {1, 12, 128, 128}, BT::BIDIRECTIONAL},  // a BERT attention mask (1 MB+ as i64: threaded)
        {{2, 1, 1, 7}, {2, 3, 5, 7}, BT::NUMPY},
        {{3, 1}, {3, 4}, BT::NUMPY},                             // a repeated last axis: fills
        {{4}, {2, 3, 4}, BT::NUMPY},                             // new leading axes
        {{2, 1, 5}, {1, 3, 1}, BT::BIDIRECTIONAL},               // both sides stretch: [2, 3, 5]
        {{5, 1, 3}, {2, 1, 5, 4, 3}, BT::NUMPY},
        {{1, 6, 1, 2}, {3, 6, 4, 2}, BT::NUMPY},
        {{2, 3}, {2, 3}, BT::NUMPY},                             // a plain copy
        {{1}, {1, 1, 1}, BT::NUMPY},                             // every axis of length 1
        {{7, 1, 1}, {1}, BT::BIDIRECTIONAL},                     // a target of lower rank
        {{1, 300}, {600, 300}, BT::NUMPY},                       // large: threaded
    };
    unsigned seed = 900;
    for (const auto& c : cases) {
        for (auto type : {ov::element::f32, ov::element::i64, ov::element::u8, ov::element::boolean, ov::element::f16}) {
            const auto node = broadcast(type, c.in, c.target, c.mode);
            const auto kernel = devmux::cpu::make_optimized_kernel(node);
            ASSERT_TRUE(kernel) << "no kernel for " << *node;
            EXPECT_EQ(kernel->name(), "broadcast");
            const auto target_constant =
                ov::as_type_ptr<ov::op::v0::Constant>(node->get_input_node_shared_ptr(1))->get_tensor_view();
            const ov::TensorVector inputs{random_bytes(type, c.in, ++seed), target_constant};
            const ov::Shape out_shape = node->get_output_shape(0);
            ov::TensorVector expected{ov::Tensor(type, out_shape)};
            ASSERT_TRUE(node->evaluate(expected, inputs)) << *node;
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                ov::Tensor actual(type, out_shape);
                std::memset(actual.data(), 0x5a, actual.get_byte_size());  // garbage must not matter
                ov::TensorVector outputs{actual};
                std::vector<char> scratch(kernel->scratch_bytes() + 64);
                devmux::cpu::ExecContext ctx;
                ctx.pool = p;
                kernel->execute(inputs, outputs, scratch.data(), ctx);
                EXPECT_EQ(std::memcmp(actual.data(), expected[0].data(), actual.get_byte_size()), 0)
                    << type << " " << c.in << " -> " << c.target << (p ? " on 3 threads" : " in the caller");
            }
        }
    }
}

TEST(CpuBroadcastKernel, LeavesExplicitModeAndRunTimeTargetsToReference) {
    const auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{3});
    const auto explicit_mode = std::make_shared<ov::op::v3::Broadcast>(
        data, ov::op::v0::Constant::create(ov::element::i64, {2}, std::vector<int64_t>{3, 4}),
        ov::op::v0::Constant::create(ov::element::i64, {1}, std::vector<int64_t>{0}), ov::op::BroadcastType::EXPLICIT);
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(explicit_mode), nullptr);
    const auto run_time_target = std::make_shared<ov::op::v3::Broadcast>(
        data, std::make_shared<ov::op::v0::Parameter>(ov::element::i64, ov::Shape{2}), ov::op::BroadcastType::NUMPY);
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(run_time_target), nullptr);
}

}  // namespace
