// SPDX-License-Identifier: Apache-2.0
// The writer's output read back by the reader gives the same graph, for every real model and for models
// built in C++ that exercise what the real ones do not (every element type, odd names, rt_info, state).

#include <gtest/gtest.h>

#include <pugixml.hpp>
#include <random>
#include <sstream>

#include "ir/ir_reader.hpp"
#include "ir/ir_writer.hpp"
#include "ir_test_utils.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/prelu.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/softmax.hpp"

namespace {

using namespace devmux_ir_test;

std::shared_ptr<ov::Model> write_and_read(const ov::Model& model, const TempDir& dir) {
    const auto xml = dir.file("model.xml");
    devmux::ir::write_model(model, xml, "");
    return devmux::ir::read_model(xml, "");
}

class RealModelRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(RealModelRoundTrip, WrittenModelReadsBackToTheSameGraph) {
    auto original = devmux::ir::read_model(GetParam(), "");
    TempDir dir;
    auto copy = write_and_read(*original, dir);
    expect_same_graph(*original, *copy);
}

TEST_P(RealModelRoundTrip, WritingIsDeterministic) {
    auto model = devmux::ir::read_model(GetParam(), "");
    std::ostringstream xml1, bin1, xml2, bin2;
    devmux::ir::write_model_to_streams(*model, xml1, bin1);
    devmux::ir::write_model_to_streams(*model, xml2, bin2);
    EXPECT_EQ(xml1.str(), xml2.str());
    EXPECT_EQ(bin1.str(), bin2.str());
}

TEST_P(RealModelRoundTrip, SecondGenerationFileIsIdenticalToTheFirst) {
    // Write, read, write again: a fixed point shows nothing drifts (names, attributes, order, offsets).
    auto model = devmux::ir::read_model(GetParam(), "");
    std::ostringstream xml1, bin1, xml2, bin2;
    devmux::ir::write_model_to_streams(*model, xml1, bin1);
    const std::string bytes = bin1.str();
    auto weights = std::make_shared<const std::vector<uint8_t>>(bytes.begin(), bytes.end());
    auto again = devmux::ir::read_model_from_memory(xml1.str(), weights, "first generation");
    devmux::ir::write_model_to_streams(*again, xml2, bin2);
    EXPECT_EQ(xml1.str(), xml2.str());
    EXPECT_EQ(bin1.str(), bin2.str());
}

INSTANTIATE_TEST_SUITE_P(SharedModels, RealModelRoundTrip, ::testing::ValuesIn(all_model_xmls()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return model_test_name(info.param); });
INSTANTIATE_TEST_SUITE_P(RealIrModels, RealModelRoundTrip, ::testing::ValuesIn(real_ir_model_xmls()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return model_test_name(info.param); });

// Seeded, never all-zero bytes for a constant of this type (booleans 0/1, floats finite).
std::vector<uint8_t> random_bytes(const ov::element::Type& type, size_t count, std::mt19937& rng) {
    std::vector<uint8_t> bytes(count * type.size());
    std::uniform_int_distribution<int> byte(0, 255);
    for (size_t i = 0; i < count; ++i) {
        uint8_t* element = bytes.data() + i * type.size();
        if (type == ov::element::boolean) {
            element[0] = static_cast<uint8_t>((i + byte(rng)) % 2);
        } else if (type == ov::element::f32) {
            const float v = std::uniform_real_distribution<float>(-10.f, 10.f)(rng);
            std::memcpy(element, &v, sizeof v);
        } else if (type == ov::element::f64) {
            const double v = std::uniform_real_distribution<double>(-10., 10.)(rng);
            std::memcpy(element, &v, sizeof v);
        } else if (type == ov::element::f16) {
            const ov::float16 v(std::uniform_real_distribution<float>(-10.f, 10.f)(rng));
            std::memcpy(element, &v, sizeof v);
        } else if (type == ov::element::bf16) {
            const ov::bfloat16 v(std::uniform_real_distribution<float>(-10.f, 10.f)(rng));
            std::memcpy(element, &v, sizeof v);
        } else {
            for (size_t b = 0; b < type.size(); ++b)
                element[b] = static_cast<uint8_t>(byte(rng) | (b == 0 ? 1 : 0));
        }
    }
    return bytes;
}

const ov::element::Type all_types[] = {ov::element::boolean, ov::element::bf16, ov::element::f16, ov::element::f32,
                                       ov::element::f64,     ov::element::i8,   ov::element::i16, ov::element::i32,
                                       ov::element::i64,     ov::element::u8,   ov::element::u16, ov::element::u32,
                                       ov::element::u64};

TEST(RoundTrip, ConstantsOfEveryElementTypeKeepTheirBytes) {
    std::mt19937 rng(20240611);
    ov::ResultVector results;
    std::vector<std::vector<uint8_t>> expected;
    for (const auto& type : all_types) {
        const ov::Shape shape{2, 3};
        expected.push_back(random_bytes(type, ov::shape_size(shape), rng));
        auto constant = std::make_shared<ov::op::v0::Constant>(type, shape, expected.back().data());
        constant->set_friendly_name("const_" + type.get_type_name());
        results.push_back(std::make_shared<ov::op::v0::Result>(constant));
    }
    ov::Model model(results, ov::ParameterVector{}, "all types");
    TempDir dir;
    auto copy = write_and_read(model, dir);
    expect_same_graph(model, *copy);
    ASSERT_EQ(copy->get_results().size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        auto c = ov::as_type_ptr<ov::op::v0::Constant>(copy->get_results()[i]->get_input_node_shared_ptr(0));
        ASSERT_TRUE(c);
        EXPECT_EQ(c->get_element_type(), all_types[i]);
        ASSERT_EQ(c->get_byte_size(), expected[i].size());
        EXPECT_EQ(0, std::memcmp(c->get_data_ptr(), expected[i].data(), expected[i].size()));
    }
}

TEST(RoundTrip, ScalarAndEmptyConstantsSurvive) {
    auto scalar = ov::op::v0::Constant::create(ov::element::i32, ov::Shape{}, std::vector<int32_t>{-7});
    auto empty = std::make_shared<ov::op::v0::Constant>(ov::element::f32, ov::Shape{0, 4});
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(scalar),
                                     std::make_shared<ov::op::v0::Result>(empty)},
                    ov::ParameterVector{});
    TempDir dir;
    auto copy = write_and_read(model, dir);
    expect_same_graph(model, *copy);
}

TEST(RoundTrip, DynamicBoundedAndDynamicRankParametersKeepTheirShapes) {
    auto a = std::make_shared<ov::op::v0::Parameter>(ov::element::f32,
                                                     ov::PartialShape{ov::Dimension(), ov::Dimension(2, 8), 4});
    auto b = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape::dynamic());
    auto c = std::make_shared<ov::op::v0::Parameter>(ov::element::i64, ov::PartialShape{ov::Dimension(3, -1)});
    auto sum = std::make_shared<ov::op::v1::Add>(a, b);
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(sum), std::make_shared<ov::op::v0::Result>(c)},
                    ov::ParameterVector{a, b, c});
    TempDir dir;
    auto copy = write_and_read(model, dir);
    expect_same_graph(model, *copy);
    EXPECT_EQ(copy->get_parameters()[0]->get_partial_shape(), a->get_partial_shape());
    EXPECT_EQ(copy->get_parameters()[1]->get_partial_shape(), ov::PartialShape::dynamic());
    EXPECT_EQ(copy->get_parameters()[2]->get_partial_shape(), c->get_partial_shape());
}

TEST(RoundTrip, ParameterAndResultOrderIsKeptEvenAgainstTheGraphOrder) {
    auto p0 = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{3});
    auto p1 = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{3});
    auto p2 = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{3});
    // Results reference the Parameters in reverse, so a plain topological walk would reorder them.
    auto r0 = std::make_shared<ov::op::v0::Result>(std::make_shared<ov::op::v1::Add>(p2, p1));
    auto r1 = std::make_shared<ov::op::v0::Result>(p0);
    ov::Model model(ov::ResultVector{r0, r1}, ov::ParameterVector{p1, p2, p0});
    p0->set_friendly_name("p0");
    p1->set_friendly_name("p1");
    p2->set_friendly_name("p2");
    TempDir dir;
    auto copy = write_and_read(model, dir);
    expect_same_graph(model, *copy);
    ASSERT_EQ(copy->get_parameters().size(), 3u);
    EXPECT_EQ(copy->get_parameters()[0]->get_friendly_name(), "p1");
    EXPECT_EQ(copy->get_parameters()[1]->get_friendly_name(), "p2");
    EXPECT_EQ(copy->get_parameters()[2]->get_friendly_name(), "p0");
}

TEST(RoundTrip, AwkwardNamesSurviveXmlAndTensorNameEscaping) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2});
    p->set_friendly_name("in <&> \"quoted\" 'single' ünïcödé");
    p->output(0).set_names({"plain", "with,comma", "two,,commas", "with space", "back\\slash"});
    auto relu = std::make_shared<ov::op::v0::Relu>(p);
    relu->set_friendly_name("relu/1:0");
    relu->output(0).set_names({"out,put"});
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(relu)}, ov::ParameterVector{p},
                    "model & <name>");
    TempDir dir;
    auto copy = write_and_read(model, dir);
    expect_same_graph(model, *copy);
    EXPECT_EQ(copy->input(0).get_names(),
              (std::unordered_set<std::string>{"plain", "with,comma", "two,,commas", "with space", "back\\slash"}));
    EXPECT_EQ(copy->get_friendly_name(), "model & <name>");
}

TEST(RoundTrip, RtInfoOfNodesPortsAndModelSurvivesAsText) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1, 3, 4, 4});
    p->get_rt_info()["fused_names"] = std::string("a,b");
    p->get_rt_info()["count"] = int64_t(5);  // non-string values travel as their text
    p->output(0).get_rt_info()["layout"] = std::string("[N,C,H,W]");
    auto relu = std::make_shared<ov::op::v0::Relu>(p);
    relu->input(0).get_rt_info()["note"] = std::string("input side");
    relu->get_rt_info()["decompression"] = std::string();
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(relu)}, ov::ParameterVector{p});
    model.get_rt_info()["framework"] = ov::AnyMap{{"batch", std::string("1")}, {"chunk_size", int64_t(16)}};
    model.get_rt_info()["MO_version"] = std::string("devmux");
    model.get_rt_info()["key with spaces/and:colons"] = std::string("v");
    model.get_rt_info()["empty"] = ov::AnyMap{};
    TempDir dir;
    auto copy = write_and_read(model, dir);
    expect_same_graph(model, *copy);
    const auto& rt = copy->get_rt_info();
    EXPECT_EQ(rt.at("framework").as<ov::AnyMap>().at("chunk_size").as<std::string>(), "16");
    EXPECT_EQ(rt.at("key with spaces/and:colons").as<std::string>(), "v");
    EXPECT_TRUE(rt.at("empty").as<ov::AnyMap>().empty());
    EXPECT_EQ(copy->get_parameters()[0]->get_rt_info().at("count").as<std::string>(), "5");
    EXPECT_EQ(copy->get_parameters()[0]->output(0).get_rt_info().at("layout").as<std::string>(), "[N,C,H,W]");
}

TEST(RoundTrip, StatefulModelKeepsSinksAndOneSharedVariable) {
    auto variable = std::make_shared<ov::op::util::Variable>(
        ov::op::util::VariableInfo{ov::PartialShape{1, 2}, ov::element::f32, "acc"});
    auto init = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, 2}, {0.5f, -1.5f});
    auto read = std::make_shared<ov::op::v6::ReadValue>(init, variable);
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1, 2});
    auto sum = std::make_shared<ov::op::v1::Add>(read, input);
    auto assign = std::make_shared<ov::op::v6::Assign>(sum, variable);
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(sum)}, ov::SinkVector{assign},
                    ov::ParameterVector{input}, ov::op::util::VariableVector{variable});
    TempDir dir;
    auto copy = write_and_read(model, dir);
    expect_same_graph(model, *copy);
    ASSERT_EQ(copy->get_variables().size(), 1u);
    EXPECT_EQ(copy->get_variables()[0]->get_info(), variable->get_info());
    ASSERT_EQ(copy->get_sinks().size(), 1u);
    auto copied_assign = ov::as_type_ptr<ov::op::v6::Assign>(std::shared_ptr<ov::Node>(copy->get_sinks()[0]));
    ASSERT_TRUE(copied_assign);
    EXPECT_EQ(copied_assign->get_variable(), copy->get_variables()[0]);
}

TEST(RoundTrip, WriterUsesOpenVinoLegacyTypeNames) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1, 4});
    auto slope = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1}, {0.25f});
    auto prelu = std::make_shared<ov::op::v0::PRelu>(p, slope);
    auto relu = std::make_shared<ov::op::v0::Relu>(prelu);
    auto soft1 = std::make_shared<ov::op::v1::Softmax>(relu, 1);
    auto soft8 = std::make_shared<ov::op::v8::Softmax>(soft1, -1);
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(soft8)}, ov::ParameterVector{p});
    std::ostringstream xml, bin;
    devmux::ir::write_model_to_streams(model, xml, bin);
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(xml.str().c_str()));
    EXPECT_EQ(doc.child("net").attribute("version").as_int(), 11);
    std::multiset<std::string> types;
    for (const auto& layer : doc.child("net").child("layers").children("layer"))
        types.insert(std::string(layer.attribute("type").value()) + "-" + layer.attribute("version").value());
    EXPECT_EQ(types, (std::multiset<std::string>{"Parameter-opset1", "Const-opset1", "PReLU-opset1", "ReLU-opset1",
                                                 "SoftMax-opset1", "SoftMax-opset8", "Result-opset1"}));
    TempDir dir;
    expect_same_graph(model, *write_and_read(model, dir));
}

TEST(RoundTrip, IdenticalConstantsShareOneBlob) {
    const std::vector<float> values{1.f, 2.f, 3.f, 4.f};
    auto c1 = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{4}, values);
    auto c2 = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2, 2}, values);
    auto c3 = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{4}, {4.f, 3.f, 2.f, 1.f});
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(c1), std::make_shared<ov::op::v0::Result>(c2),
                                     std::make_shared<ov::op::v0::Result>(c3)},
                    ov::ParameterVector{});
    std::ostringstream xml, bin;
    devmux::ir::write_model_to_streams(model, xml, bin);
    const std::string bytes = bin.str();
    EXPECT_EQ(bytes.size(), 2 * values.size() * sizeof(float));
    auto weights = std::make_shared<const std::vector<uint8_t>>(bytes.begin(), bytes.end());
    expect_same_graph(model, *devmux::ir::read_model_from_memory(xml.str(), weights, "dedupe"));
}

TEST(RoundTrip, WriteModelDerivesTheBinPathFromTheXmlPath) {
    auto c = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, {1, 2});
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(c)}, ov::ParameterVector{});
    TempDir dir;
    devmux::ir::write_model(model, dir.file("net.xml"), "");
    EXPECT_TRUE(fs::exists(dir.file("net.bin")));
    EXPECT_EQ(fs::file_size(dir.file("net.bin")), 16u);
    devmux::ir::write_model(model, dir.file("other.xml"), dir.file("weights.data"));
    EXPECT_TRUE(fs::exists(dir.file("weights.data")));
    expect_same_graph(model, *devmux::ir::read_model(dir.file("other.xml"), dir.file("weights.data")));
}

TEST(RoundTrip, WriteModelIntoMissingDirectoryNamesThePath) {
    auto c = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, {1, 2});
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(c)}, ov::ParameterVector{});
    TempDir dir;
    const std::string xml = dir.file("no/such/dir/model.xml");
    try {
        devmux::ir::write_model(model, xml, "");
        FAIL() << "expected ov::Exception";
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find("no/such/dir/model"), std::string::npos) << e.what();
    }
}

}  // namespace
