// SPDX-License-Identifier: Apache-2.0
// The CPU's kernel table (backends/cpu/kernels/table.inc): query_model answers from its statement and
// compile_model plans every op on the entry that statement accepted, so the two agree op by op.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "compiled_model.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/floor.hpp"
#include "openvino/op/matmul.hpp"
#include "openvino/op/max_pool.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/reduce_sum.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/softmax.hpp"
#include "openvino/op/tanh.hpp"
#include "test_utils.hpp"

namespace {

using namespace cpu_test;

template <typename Op, typename... Args>
std::shared_ptr<Op> named(const std::string& name, Args&&... args) {
    auto op = std::make_shared<Op>(std::forward<Args>(args)...);
    op->set_friendly_name(name);
    return op;
}

// Ops of several entries (a convolution large enough for oneDNN where the build has it, MaxPool, MatMul,
// Tanh, Softmax, Concat, ReduceSum) and one that only the reference runs (Floor).
std::shared_ptr<ov::Model> model_of_several_entries() {
    auto image = named<ov::op::v0::Parameter>("image", ov::element::f32, ov::Shape{1, 8, 16, 16});
    auto rows = named<ov::op::v0::Parameter>("rows", ov::element::f32, ov::Shape{4, 8});
    auto filters = ov::op::v0::Constant::create(ov::element::f32, {16, 8, 3, 3}, std::vector<float>(16 * 8 * 9, 0.01f));
    auto conv = named<ov::op::v1::Convolution>("conv", image, filters, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                               ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto pool = named<ov::op::v1::MaxPool>("pool", conv, ov::Strides{2, 2}, ov::Shape{0, 0}, ov::Shape{0, 0},
                                           ov::Shape{2, 2});
    auto weights = ov::op::v0::Constant::create(ov::element::f32, {8, 6}, std::vector<float>(48, 0.5f));
    auto matmul = named<ov::op::v0::MatMul>("matmul", rows, weights);
    auto tanh = named<ov::op::v0::Tanh>("tanh", matmul);
    auto softmax = named<ov::op::v8::Softmax>("softmax", tanh, 1);
    auto floor = named<ov::op::v0::Floor>("floor", softmax);
    auto concat = named<ov::op::v0::Concat>("concat", ov::OutputVector{rows, rows}, 0);
    auto axes = ov::op::v0::Constant::create(ov::element::i64, {1}, {1});
    auto sum = named<ov::op::v1::ReduceSum>("sum", concat, axes);
    ov::ResultVector results{named<ov::op::v0::Result>("pooled", pool), named<ov::op::v0::Result>("floored", floor),
                             named<ov::op::v0::Result>("summed", sum)};
    return std::make_shared<ov::Model>(results, ov::ParameterVector{image, rows}, "several_entries");
}

TEST(CpuKernelTable, QueryAndCompileAgreeOnEveryEntry) {
    auto model = model_of_several_entries();
    auto plugin = make_plugin();
    const auto supported = plugin->query_model(model, {});
    for (const auto& node : model->get_ordered_ops())
        EXPECT_EQ(supported.count(node->get_friendly_name()), 1u) << *node;

    auto compiled = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(plugin->compile_model(model, {}));
    ASSERT_TRUE(compiled);
    const auto& table = devmux::cpu::cpu_kernel_table();
    const size_t reference = table.entries().size() - 1;
    std::set<size_t> entries_used;
    for (const auto& step : compiled->plan().steps) {
        if (!step.node || !step.kernel || ov::is_type<ov::op::v0::Parameter>(step.node) ||
            ov::is_type<ov::op::v0::Result>(step.node))
            continue;
        // The planned node is one the statement accepts, and its kernel is that entry's.
        EXPECT_EQ(table.support().unsupported_reason(*step.node), "") << step.node_name;
        const auto rule = table.support().accepting_rule(*step.node);
        ASSERT_NE(rule, nullptr) << step.node_name;
        const auto entry = static_cast<size_t>(rule->entry);
        entries_used.insert(entry);
        const bool reference_kernel = step.kernel->name().rfind("ref_", 0) == 0;
        EXPECT_EQ(reference_kernel, entry == reference) << step.node_name << " ran " << step.kernel->name();
        if (step.node_name == "floor")
            EXPECT_EQ(entry, reference);
    }
    EXPECT_TRUE(entries_used.count(reference));
    // conv, pool, matmul, tanh, softmax, concat and sum each on an entry of their own.
    EXPECT_GE(entries_used.size(), 8u);
}

TEST(CpuKernelTable, DynamicShapesGoToTheReferenceEntry) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{4});
    auto tanh = std::make_shared<ov::op::v0::Tanh>(input);
    const auto& support = devmux::cpu::cpu_kernel_table().support();
    EXPECT_EQ(support.unsupported_reason(*tanh), "");
    // Dynamic shapes are stated too: such a model runs the reference evaluate() of each op.
    auto dynamic = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{-1, 4});
    auto dynamic_tanh = std::make_shared<ov::op::v0::Tanh>(dynamic);
    const auto rule = support.accepting_rule(*dynamic_tanh);
    ASSERT_NE(rule, nullptr);
    EXPECT_EQ(static_cast<size_t>(rule->entry), devmux::cpu::cpu_kernel_table().entries().size() - 1);
}

}  // namespace
