// SPDX-License-Identifier: Apache-2.0
// Select and ConvertLike, and the IR round trip of the family's attributes (written by the IR writer, read
// back by the IR reader).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <fstream>
#include <iterator>
#include <map>

#include "activation_test_util.hpp"
#include "ir/ir_reader.hpp"
#include "ir/ir_writer.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/convert_like.hpp"
#include "openvino/op/elu.hpp"
#include "openvino/op/equal.hpp"
#include "openvino/op/gelu.hpp"
#include "openvino/op/greater.hpp"
#include "openvino/op/is_inf.hpp"
#include "openvino/op/logical_and.hpp"
#include "openvino/op/power.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/round.hpp"
#include "openvino/op/select.hpp"
#include "openvino/op/swish.hpp"

using namespace ov;
using acttest::eval;
using acttest::expect_error;
using acttest::param;

namespace {

TEST(Select, NumpyBroadcastOfAllThreeInputs) {
    for (auto type : {element::f32, element::f16, element::i32, element::boolean}) {
        SCOPED_TRACE(type.get_type_name());
        const Shape c_shape{2, 1, 3}, t_shape{4, 1}, e_shape{3};
        const Shape out_shape{2, 4, 3};
        const Tensor c = acttest::random_integers(element::boolean, c_shape, 70, 0, 1);
        const Tensor t = acttest::random_integers(type, t_shape, 71, 0, type == element::boolean ? 1 : 50);
        const Tensor e = acttest::random_integers(type, e_shape, 72, type == element::boolean ? 0 : -50, 0);
        auto op = std::make_shared<op::v1::Select>(param(element::boolean, c_shape), param(type, t_shape),
                                                   param(type, e_shape));
        ASSERT_EQ(op->get_output_partial_shape(0), PartialShape(out_shape));
        ASSERT_EQ(op->get_output_element_type(0), type);
        const auto ys = acttest::as_doubles(eval(op, {c, t, e}));
        const auto cs = acttest::as_doubles(c), ts = acttest::as_doubles(t), es = acttest::as_doubles(e);
        size_t taken = 0;
        for (size_t o = 0; o < ys.size(); ++o) {
            const bool cond = cs[acttest::numpy_source(o, out_shape, c_shape)] != 0;
            taken += cond;
            const double want = cond ? ts[acttest::numpy_source(o, out_shape, t_shape)]
                                     : es[acttest::numpy_source(o, out_shape, e_shape)];
            ASSERT_EQ(ys[o], want) << o;
        }
        EXPECT_GT(taken, 0u);
        EXPECT_LT(taken, ys.size());
    }
}

TEST(Select, PdpdAndNoneBroadcast) {
    // PDPD (axis -1, both steps): else {3} fits then {2, 3} at the end; the condition {1, 3} fits the result.
    const Tensor c = acttest::tensor_of(element::boolean, {1, 3}, {1, 0, 1});
    const Tensor t = acttest::tensor_of(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
    const Tensor e = acttest::tensor_of(element::f32, {3}, {-1, -2, -3});
    auto pdpd = std::make_shared<op::v1::Select>(param(element::boolean, {1, 3}), param(element::f32, {2, 3}),
                                                 param(element::f32, {3}),
                                                 op::AutoBroadcastSpec(op::AutoBroadcastType::PDPD, -1));
    EXPECT_EQ(pdpd->get_output_partial_shape(0), (PartialShape{2, 3}));
    EXPECT_EQ(acttest::as_doubles(eval(pdpd, {c, t, e})), (std::vector<double>{1, -2, 3, 4, -2, 6}));
    // With axis 0 the else values {3} would have to match the then values' first axis (2).
    expect_error(
        [&] {
            std::make_shared<op::v1::Select>(param(element::boolean, {1, 3}), param(element::f32, {2, 3}),
                                             param(element::f32, {3}),
                                             op::AutoBroadcastSpec(op::AutoBroadcastType::PDPD, 0));
        },
        {"Select", "pdpd"});

    auto none = std::make_shared<op::v1::Select>(param(element::boolean, {-1, 3}), param(element::f32, {2, 3}),
                                                 param(element::f32, {2, -1}),
                                                 op::AutoBroadcastSpec(op::AutoBroadcastType::NONE));
    EXPECT_EQ(none->get_output_partial_shape(0), (PartialShape{2, 3}));
    expect_error(
        [&] {
            std::make_shared<op::v1::Select>(param(element::boolean, {2, 3}), param(element::f32, {2, 3}),
                                             param(element::f32, {3}),
                                             op::AutoBroadcastSpec(op::AutoBroadcastType::NONE));
        },
        {"Select", "none"});
}

TEST(Select, BadInputsAreRejectedNamingTheOp) {
    expect_error(
        [&] {
            std::make_shared<op::v1::Select>(param(element::f32, {2}), param(element::f32, {2}),
                                             param(element::f32, {2}));
        },
        {"Select", "condition", "boolean", "f32"});
    expect_error(
        [&] {
            std::make_shared<op::v1::Select>(param(element::boolean, {2}), param(element::f32, {2}),
                                             param(element::i32, {2}));
        },
        {"Select", "f32", "i32"});
    expect_error(
        [&] {
            std::make_shared<op::v1::Select>(param(element::boolean, {5}), param(element::f32, {2}),
                                             param(element::f32, {2}));
        },
        {"Select", "broadcast"});
    auto dyn = std::make_shared<op::v1::Select>(param(element::boolean, {-1, 1}), param(element::f32, {1, 4}),
                                                param(element::f32, {4}));
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, 4}));
}

TEST(ConvertLike, TakesTheElementTypeOfTheSecondInput) {
    const Tensor x = acttest::tensor_of(element::f32, {4}, {2.7, -2.7, 0.5, 100.25});
    const Tensor like_i32 = acttest::tensor_of(element::i32, {1}, {0});
    auto to_int = std::make_shared<op::v1::ConvertLike>(param(element::f32, {4}), param(element::i32, {1}));
    EXPECT_EQ(to_int->get_output_element_type(0), element::i32);
    EXPECT_EQ(to_int->get_output_partial_shape(0), (PartialShape{4}));
    // Real to integer truncates towards zero (Convert's rule).
    EXPECT_EQ(acttest::as_doubles(eval(to_int, {x, like_i32})), (std::vector<double>{2, -2, 0, 100}));
    const Tensor like_f16 = acttest::tensor_of(element::f16, {2, 2}, {0, 0, 0, 0});
    auto to_half = std::make_shared<op::v1::ConvertLike>(param(element::f32, {4}), param(element::f16, {2, 2}));
    // 2.7 is not an f16 value: the nearest one (spacing 2^-9 in [2, 4)) is 2.69921875.
    EXPECT_EQ(acttest::as_doubles(eval(to_half, {x, like_f16})),
              (std::vector<double>{2.69921875, -2.69921875, 0.5, 100.25}));
    const Tensor like_bool = acttest::tensor_of(element::boolean, {}, {0});
    auto to_bool = std::make_shared<op::v1::ConvertLike>(param(element::f32, {-1}), param(element::boolean, {}));
    EXPECT_EQ(to_bool->get_output_partial_shape(0), (PartialShape{-1}));
    EXPECT_EQ(acttest::as_doubles(eval(to_bool, {acttest::tensor_of(element::f32, {3}, {0, -0.5, 3}), like_bool})),
              (std::vector<double>{0, 1, 1}));
}

// ConvertLike converts exactly as Convert does, edge values included (NaN, infinities, out of range, negative to
// unsigned, fractions, booleans).
TEST(ConvertLike, AgreesWithConvertForEveryTypePair) {
    const double inf = std::numeric_limits<double>::infinity();
    const std::vector<double> reals{std::numeric_limits<double>::quiet_NaN(), inf, -inf, 3e9, -3e9, 300.7, -300.7,
                                    -1.5, -0.4, 0.0, 0.6, 1.0, 2.5, 127.9, 255.5};
    const std::vector<element::Type> types{element::f32, element::f16, element::i32, element::i64,
                                           element::i8,  element::u8,  element::boolean};
    for (auto from : types) {
        std::vector<double> values = reals;
        if (from == element::boolean)
            values = {0, 1, 1, 0};
        else if (from == element::u8)
            values = {0, 1, 100, 127, 128, 200, 255, 7};
        else if (!from.is_real())
            values = {0, 1, -1, 100, -100, 127, -128, 7};
        const Tensor x = acttest::tensor_of(from, {values.size()}, values);
        const PartialShape shape{static_cast<int64_t>(values.size())};
        for (auto to : types) {
            SCOPED_TRACE(std::string(from.get_type_name()) + " -> " + to.get_type_name());
            auto like = std::make_shared<op::v1::ConvertLike>(param(from, shape), param(to, {1}));
            auto convert = std::make_shared<op::v0::Convert>(param(from, shape), to);
            const Tensor got = eval(like, {x, Tensor(to, {1})});
            const Tensor want = eval(convert, {x});
            ASSERT_EQ(got.get_element_type(), to);
            ASSERT_EQ(got.get_byte_size(), want.get_byte_size());
            EXPECT_EQ(std::memcmp(got.data(), want.data(), got.get_byte_size()), 0);
        }
    }
}

// The family's attributes survive the IR writer and reader with OpenVINO's names and texts.
TEST(ElementwiseIr, AttributesRoundTrip) {
    auto x = param(element::f32, {2, 3}, "x");
    auto y = param(element::f32, {3}, "y");
    auto elu = std::make_shared<op::v0::Elu>(x, 0.375);
    auto gelu = std::make_shared<op::v7::Gelu>(elu, op::GeluApproximationMode::TANH);
    auto round = std::make_shared<op::v5::Round>(gelu, op::v5::Round::RoundMode::HALF_AWAY_FROM_ZERO);
    auto is_inf = std::make_shared<op::v10::IsInf>(round, op::v10::IsInf::Attributes(true, false));
    auto power = std::make_shared<op::v1::Power>(x, y, op::AutoBroadcastSpec(op::AutoBroadcastType::PDPD, -1));
    auto greater = std::make_shared<op::v1::Greater>(power, y);
    auto equal = std::make_shared<op::v1::Equal>(x, x, op::AutoBroadcastSpec(op::AutoBroadcastType::NONE));
    auto both = std::make_shared<op::v1::LogicalAnd>(greater, equal);
    auto swish = std::make_shared<op::v4::Swish>(x);
    auto select = std::make_shared<op::v1::Select>(both, swish, y);
    auto model = std::make_shared<Model>(
        ResultVector{std::make_shared<op::v0::Result>(is_inf), std::make_shared<op::v0::Result>(select)},
        ParameterVector{x, y}, "elementwise_family");

    devmux_test::TempDir dir;
    const auto xml = dir.file("model.xml");
    devmux::ir::write_model(*model, xml, "");
    auto read = devmux::ir::read_model(xml, "");
    ASSERT_TRUE(read);

    std::map<std::string, std::shared_ptr<Node>> by_type;
    for (const auto& node : read->get_ordered_ops())
        by_type[node->get_type_name()] = node;
    auto read_elu = as_type_ptr<op::v0::Elu>(by_type["Elu"]);
    ASSERT_TRUE(read_elu);
    EXPECT_EQ(read_elu->get_alpha(), 0.375);
    auto read_gelu = as_type_ptr<op::v7::Gelu>(by_type["Gelu"]);
    ASSERT_TRUE(read_gelu);
    EXPECT_EQ(read_gelu->get_approximation_mode(), op::GeluApproximationMode::TANH);
    auto read_round = as_type_ptr<op::v5::Round>(by_type["Round"]);
    ASSERT_TRUE(read_round);
    EXPECT_EQ(read_round->get_mode(), op::v5::Round::RoundMode::HALF_AWAY_FROM_ZERO);
    auto read_inf = as_type_ptr<op::v10::IsInf>(by_type["IsInf"]);
    ASSERT_TRUE(read_inf);
    EXPECT_TRUE(read_inf->get_attributes().detect_negative);
    EXPECT_FALSE(read_inf->get_attributes().detect_positive);
    EXPECT_EQ(read_inf->get_output_element_type(0), element::boolean);
    auto read_power = as_type_ptr<op::v1::Power>(by_type["Power"]);
    ASSERT_TRUE(read_power);
    EXPECT_EQ(read_power->get_autob().m_type, op::AutoBroadcastType::PDPD);
    EXPECT_EQ(read_power->get_autob().m_axis, -1);  // OpenVINO's default axis of a PDPD rule read from IR
    auto read_equal = as_type_ptr<op::v1::Equal>(by_type["Equal"]);
    ASSERT_TRUE(read_equal);
    EXPECT_EQ(read_equal->get_autob().m_type, op::AutoBroadcastType::NONE);
    auto read_select = as_type_ptr<op::v1::Select>(by_type["Select"]);
    ASSERT_TRUE(read_select);
    EXPECT_EQ(read_select->get_auto_broadcast().m_type, op::AutoBroadcastType::NUMPY);
    EXPECT_EQ(read_select->get_output_partial_shape(0), (PartialShape{2, 3}));
    ASSERT_TRUE(as_type_ptr<op::v4::Swish>(by_type["Swish"]));
    ASSERT_TRUE(as_type_ptr<op::v1::LogicalAnd>(by_type["LogicalAnd"]));
    ASSERT_TRUE(as_type_ptr<op::v1::Greater>(by_type["Greater"]));

    // The written text uses OpenVINO's attribute names and values.
    std::ifstream in(xml);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const char* expected : {"approximation_mode=\"TANH\"", "mode=\"half_away_from_zero\"",
                                 "detect_negative=\"true\"", "detect_positive=\"false\"", "auto_broadcast=\"pdpd\"",
                                 "version=\"opset7\"", "version=\"opset10\""})
        EXPECT_NE(text.find(expected), std::string::npos) << expected;
}

}  // namespace

namespace {

// A plan calls evaluate() with the output already bound at the validated shape; the broadcast then reuses the
// inputs' shapes. The result must equal that of a call that works the shapes out itself.
TEST(ElementwisePlannedShapes, BoundOutputGivesTheSameResult) {
    const Tensor c = acttest::random_integers(element::boolean, {2, 1, 3}, 90, 0, 1);
    const Tensor t = acttest::random_reals(element::f32, {4, 1}, 91, -5, 5);
    const Tensor e = acttest::random_reals(element::f32, {3}, 92, -5, 5);
    auto select = std::make_shared<op::v1::Select>(param(element::boolean, {2, 1, 3}), param(element::f32, {4, 1}),
                                                   param(element::f32, {3}));
    TensorVector bound{Tensor(element::f32, {2, 4, 3})};
    ASSERT_TRUE(select->evaluate(bound, {c, t, e}));
    EXPECT_EQ(acttest::as_doubles(bound[0]), acttest::as_doubles(eval(select, {c, t, e})));

    auto greater = std::make_shared<op::v1::Greater>(param(element::f32, {4, 1}), param(element::f32, {3}));
    TensorVector bound_bool{Tensor(element::boolean, {4, 3})};
    ASSERT_TRUE(greater->evaluate(bound_bool, {t, e}));
    EXPECT_EQ(acttest::as_doubles(bound_bool[0]), acttest::as_doubles(eval(greater, {t, e})));
    const auto ts = acttest::as_doubles(t), es = acttest::as_doubles(e), gs = acttest::as_doubles(bound_bool[0]);
    for (size_t o = 0; o < gs.size(); ++o)
        EXPECT_EQ(gs[o], ts[o / 3] > es[o % 3] ? 1.0 : 0.0);
}

}  // namespace

namespace {

// One IR layer as OpenVINO writes it: 2x3 f32 (or boolean) ports.
std::string layer(int id, const std::string& type, const std::string& version, const std::string& data,
                  int inputs, const std::string& out_precision = "FP32", bool scalar_second_input = false) {
    const std::string dims = "<dim>2</dim><dim>3</dim>";
    std::string text = "<layer id=\"" + std::to_string(id) + "\" name=\"l" + std::to_string(id) + "\" type=\"" + type +
                       "\" version=\"" + version + "\">";
    if (!data.empty())
        text += "<data " + data + "/>";
    if (inputs > 0) {
        text += "<input>";
        for (int i = 0; i < inputs; ++i)
            text += "<port id=\"" + std::to_string(i) + "\">" + (scalar_second_input && i == 1 ? "" : dims) + "</port>";
        text += "</input>";
    }
    if (type != "Result")
        text += "<output><port id=\"" + std::to_string(inputs) + "\" precision=\"" + out_precision + "\">" +
                (type == "Parameter" && data.find("shape=\"\"") != std::string::npos ? "" : dims) + "</port></output>";
    return text + "</layer>";
}

std::string edge(int from, int from_port, int to, int to_port) {
    return "<edge from-layer=\"" + std::to_string(from) + "\" from-port=\"" + std::to_string(from_port) +
           "\" to-layer=\"" + std::to_string(to) + "\" to-port=\"" + std::to_string(to_port) + "\"/>";
}

// An IR as OpenVINO's tools write it (lower-case "tanh" read case-insensitively, Gelu of opset2, Swish with its
// optional beta, IsInf flags) reads into the ops with those attributes, and they compute the right values.
TEST(ElementwiseIr, ReadsOpenVINOStyleLayers) {
    const std::string xml =
        "<?xml version=\"1.0\"?><net name=\"m\" version=\"11\"><layers>" +
        layer(0, "Parameter", "opset1", "element_type=\"f32\" shape=\"2,3\"", 0) +
        layer(1, "Parameter", "opset1", "element_type=\"f32\" shape=\"\"", 0) +
        layer(2, "Elu", "opset1", "alpha=\"0.5\"", 1) + layer(3, "Gelu", "opset2", "", 1) +
        layer(4, "Gelu", "opset7", "approximation_mode=\"tanh\"", 1) +
        layer(5, "Swish", "opset4", "", 2, "FP32", true) +
        layer(6, "IsInf", "opset10", "detect_negative=\"false\" detect_positive=\"true\"", 1, "BOOL") +
        layer(7, "Result", "opset1", "", 1) + layer(8, "Result", "opset1", "", 1) +
        layer(9, "Result", "opset1", "", 1) +
        "</layers><edges>" + edge(0, 0, 2, 0) + edge(2, 1, 3, 0) + edge(3, 1, 4, 0) + edge(4, 1, 5, 0) +
        edge(1, 0, 5, 1) + edge(0, 0, 6, 0) + edge(5, 2, 7, 0) + edge(6, 1, 8, 0) + edge(2, 1, 9, 0) +
        "</edges></net>";
    auto model = devmux::ir::read_model_from_memory(xml, nullptr, "elementwise text");
    ASSERT_TRUE(model);
    std::map<std::string, std::shared_ptr<Node>> by_name;
    for (const auto& node : model->get_ordered_ops())
        by_name[node->get_friendly_name()] = node;
    auto elu = as_type_ptr<op::v0::Elu>(by_name["l2"]);
    ASSERT_TRUE(elu);
    EXPECT_EQ(elu->get_alpha(), 0.5);
    EXPECT_TRUE(as_type_ptr<op::v0::Gelu>(by_name["l3"]));
    auto gelu = as_type_ptr<op::v7::Gelu>(by_name["l4"]);
    ASSERT_TRUE(gelu);
    EXPECT_EQ(gelu->get_approximation_mode(), op::GeluApproximationMode::TANH);
    auto swish = as_type_ptr<op::v4::Swish>(by_name["l5"]);
    ASSERT_TRUE(swish);
    EXPECT_EQ(swish->get_input_size(), 2u);
    auto is_inf = as_type_ptr<op::v10::IsInf>(by_name["l6"]);
    ASSERT_TRUE(is_inf);
    EXPECT_FALSE(is_inf->get_attributes().detect_negative);
    EXPECT_TRUE(is_inf->get_attributes().detect_positive);
    EXPECT_EQ(is_inf->get_output_element_type(0), element::boolean);

    // Evaluated op by op: Elu(x) then Swish(x, beta) on Gelu values.
    const Tensor x = acttest::tensor_of(element::f32, {2, 3}, {-2, -0.5, 0, 0.5, 1, 3});
    const auto elu_out = acttest::as_doubles(eval(elu, {x}));
    const auto xs = acttest::as_doubles(x);
    for (size_t i = 0; i < xs.size(); ++i)
        EXPECT_NEAR(elu_out[i], xs[i] > 0 ? xs[i] : 0.5 * (std::exp(xs[i]) - 1), 1e-6);
    const Tensor beta = acttest::tensor_of(element::f32, {}, {2.0});
    const auto swish_out = acttest::as_doubles(eval(swish, {x, beta}));
    for (size_t i = 0; i < xs.size(); ++i)
        EXPECT_NEAR(swish_out[i], xs[i] / (1 + std::exp(-2 * xs[i])), 1e-6);
}

}  // namespace
