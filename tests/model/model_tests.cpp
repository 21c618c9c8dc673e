// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "openvino/core/model.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"

namespace {

// A test-only op: y = 2 * x for f32, so the graph machinery can be exercised on its own.
class Twice : public ov::op::Op {
public:
    OPENVINO_OP("Twice", "test", ov::op::Op);
    Twice() = default;
    explicit Twice(const ov::Output<ov::Node>& x) : Op({x}) { constructor_validate_and_infer_types(); }
    void validate_and_infer_types() override {
        OPENVINO_ASSERT(get_input_element_type(0) == ov::element::f32, "Twice '", get_friendly_name(), "' takes f32");
        set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
    }
    std::shared_ptr<ov::Node> clone_with_new_inputs(const ov::OutputVector& args) const override {
        return std::make_shared<Twice>(args.at(0));
    }
    bool evaluate(ov::TensorVector& outputs, const ov::TensorVector& inputs) const override {
        const float* in = inputs[0].data<float>();
        float* out = outputs[0].data<float>();
        for (size_t i = 0; i < inputs[0].get_size(); ++i)
            out[i] = 2 * in[i];
        return true;
    }
    bool has_evaluate() const override { return true; }
};

std::shared_ptr<ov::Model> chain(std::shared_ptr<ov::op::v0::Parameter>& param) {
    param = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2, 3});
    param->set_friendly_name("x");
    param->output(0).set_names({"x", "input"});
    auto a = std::make_shared<Twice>(param);
    a->set_friendly_name("a");
    auto b = std::make_shared<Twice>(a);
    b->set_friendly_name("b");
    b->output(0).set_names({"y"});
    auto result = std::make_shared<ov::op::v0::Result>(b);
    return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{param}, "chain");
}

TEST(Node, InfersTypesAndTracksUsers) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{4});
    auto t1 = std::make_shared<Twice>(p);
    auto t2 = std::make_shared<Twice>(p);
    EXPECT_EQ(t1->get_output_shape(0), ov::Shape({4}));
    EXPECT_EQ(t1->get_element_type(), ov::element::f32);
    EXPECT_EQ(p->get_users().size(), 2u);
    EXPECT_EQ(p->output(0).get_target_inputs().size(), 2u);
    t2.reset();  // a destroyed consumer unregisters itself
    EXPECT_EQ(p->get_users().size(), 1u);
    EXPECT_EQ(std::string(t1->get_type_name()), "Twice");
    EXPECT_TRUE(ov::is_type<ov::op::Op>(t1));
    EXPECT_FALSE(ov::is_type<ov::op::v0::Parameter>(t1));
    EXPECT_EQ(ov::as_type_ptr<ov::op::v0::Parameter>(t1->get_input_node_shared_ptr(0)), p);
}

TEST(Node, ValidationErrorsNameTheNode) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::i32, ov::PartialShape{4});
    try {
        std::make_shared<Twice>(p);
        FAIL() << "an i32 input must be refused";
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find("takes f32"), std::string::npos) << e.what();
    }
}

TEST(Node, GeneratedAndFriendlyNames) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1});
    EXPECT_EQ(p->get_friendly_name(), p->get_name());
    EXPECT_EQ(p->get_name().rfind("Parameter_", 0), 0u);
    p->set_friendly_name("input");
    EXPECT_EQ(p->get_friendly_name(), "input");
}

TEST(Node, ReplaceRewiresConsumers) {
    std::shared_ptr<ov::op::v0::Parameter> param;
    auto model = chain(param);
    auto ops = model->get_ordered_ops();
    auto a = ops[1];
    auto other = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2, 3});
    a->output(0).replace(other->output(0));
    EXPECT_TRUE(a->get_users().empty());
    EXPECT_EQ(other->get_users().size(), 1u);
}

TEST(Model, OrdersOpsTopologically) {
    std::shared_ptr<ov::op::v0::Parameter> param;
    auto model = chain(param);
    auto ops = model->get_ordered_ops();
    ASSERT_EQ(ops.size(), 4u);
    EXPECT_EQ(ops[0], param);
    EXPECT_EQ(ops[1]->get_friendly_name(), "a");
    EXPECT_EQ(ops[2]->get_friendly_name(), "b");
    EXPECT_TRUE(ov::is_type<ov::op::v0::Result>(ops[3]));
}

TEST(Model, FindsPortsByTensorName) {
    std::shared_ptr<ov::op::v0::Parameter> param;
    auto model = chain(param);
    EXPECT_EQ(model->input("input").get_node(), param.get());
    EXPECT_EQ(model->input().get_any_name(), "input");  // smallest name in lexical order
    EXPECT_EQ(model->output("y").get_node(), model->get_results()[0].get());
    EXPECT_EQ(model->output().get_names(), std::unordered_set<std::string>({"y"}));
    try {
        model->input("nope");
        FAIL();
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find("'nope'"), std::string::npos);
    }
    EXPECT_THROW(model->output(3), ov::Exception);
    EXPECT_EQ(model->get_friendly_name(), "chain");
}

TEST(Model, RefusesParametersMissingFromItsList) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1});
    p->set_friendly_name("stray");
    auto r = std::make_shared<ov::op::v0::Result>(std::make_shared<Twice>(p));
    try {
        ov::Model(ov::ResultVector{r}, ov::ParameterVector{});
        FAIL();
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find("stray"), std::string::npos);
    }
}

TEST(Model, DetectsCycles) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1});
    auto a = std::make_shared<Twice>(p);
    auto b = std::make_shared<Twice>(a);
    a->set_argument(0, b);  // a <- b <- a
    auto r = std::make_shared<ov::op::v0::Result>(b);
    EXPECT_THROW(ov::Model(ov::ResultVector{r}, ov::ParameterVector{p}), ov::Exception);
    a->set_argument(0, p);  // break the cycle so the nodes can be freed
}

TEST(Model, CloneIsDeepAndKeepsNames) {
    std::shared_ptr<ov::op::v0::Parameter> param;
    auto model = chain(param);
    model->get_rt_info()["author"] = std::string("test");
    auto copy = model->clone();
    auto original_ops = model->get_ordered_ops();
    auto copied_ops = copy->get_ordered_ops();
    ASSERT_EQ(original_ops.size(), copied_ops.size());
    for (size_t i = 0; i < original_ops.size(); ++i) {
        EXPECT_NE(original_ops[i], copied_ops[i]);
        EXPECT_EQ(original_ops[i]->get_friendly_name(), copied_ops[i]->get_friendly_name());
        EXPECT_EQ(original_ops[i]->get_type_info(), copied_ops[i]->get_type_info());
    }
    EXPECT_EQ(copy->output().get_names(), model->output().get_names());
    EXPECT_EQ(copy->input().get_names(), model->input().get_names());
    EXPECT_EQ(copy->get_rt_info().at("author").as<std::string>(), "test");
}

TEST(Node, ConstantFoldEvaluatesIntoAConstant) {
    auto c = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{3}, {1.f, -2.f, 3.5f});
    auto t = std::make_shared<Twice>(c);
    ov::OutputVector folded;
    ASSERT_TRUE(t->constant_fold(folded, t->input_values()));
    auto result = ov::as_type_ptr<ov::op::v0::Constant>(folded.at(0).get_node_shared_ptr());
    ASSERT_TRUE(result);
    EXPECT_EQ(result->cast_vector<float>(), std::vector<float>({2.f, -4.f, 7.f}));
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{3});
    auto t2 = std::make_shared<Twice>(p);
    EXPECT_FALSE(t2->constant_fold(folded, t2->input_values()));
}

TEST(Constant, KeepsSixtyFourBitIntegersExact) {
    // Beyond 2^53 a double cannot hold every integer: Slice's "to the end" (INT64_MAX) must stay itself.
    const int64_t big = std::numeric_limits<int64_t>::max(), small = std::numeric_limits<int64_t>::min();
    auto c = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{3}, std::vector<int64_t>{big, small, big - 1});
    EXPECT_EQ(c->get_vector<int64_t>(), (std::vector<int64_t>{big, small, big - 1}));
    EXPECT_EQ(c->cast_vector<int64_t>(), (std::vector<int64_t>{big, small, big - 1}));
    const uint64_t huge = std::numeric_limits<uint64_t>::max();
    auto u = ov::op::v0::Constant::create(ov::element::u64, ov::Shape{2}, std::vector<uint64_t>{huge, huge - 1});
    EXPECT_EQ(u->get_vector<uint64_t>(), (std::vector<uint64_t>{huge, huge - 1}));
    EXPECT_EQ(u->cast_vector<uint64_t>(), (std::vector<uint64_t>{huge, huge - 1}));
    // Other conversions keep their rules: reals truncate into integers, integers into reals round.
    auto f = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2}, std::vector<float>{2.75f, -1.5f});
    EXPECT_EQ(f->cast_vector<int64_t>(), (std::vector<int64_t>{2, -1}));
    auto i = ov::op::v0::Constant::create(ov::element::i32, ov::Shape{2}, std::vector<int64_t>{7, -9});
    EXPECT_EQ(i->get_vector<int32_t>(), (std::vector<int32_t>{7, -9}));
}

TEST(Constant, ConvertsValuesAndChecksCounts) {
    auto c = ov::op::v0::Constant::create(ov::element::f16, ov::Shape{2}, {0.5f, -1.25f});
    EXPECT_EQ(c->cast_vector<float>(), std::vector<float>({0.5f, -1.25f}));
    EXPECT_EQ(c->get_byte_size(), 4u);
    auto splat = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2, 2}, {7});
    EXPECT_EQ(splat->cast_vector<int64_t>(), std::vector<int64_t>(4, 7));
    EXPECT_THROW(ov::op::v0::Constant::create(ov::element::f32, ov::Shape{3}, {1.f, 2.f}), ov::Exception);
    EXPECT_THROW(c->get_data_ptr<float>(), ov::Exception);
}

}  // namespace
