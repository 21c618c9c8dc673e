// SPDX-License-Identifier: Apache-2.0
// Reads every real IR in the shared models folder and checks the graph against what the XML declares,
// parsed here independently with pugixml.

#include <gtest/gtest.h>

#include <map>
#include <pugixml.hpp>
#include <set>

#include "ir/ir_reader.hpp"
#include "ir_test_utils.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/variable_extension.hpp"

namespace {

using namespace devmux_ir_test;

// The class type name OpenVINO gives each IR layer type (the IR keeps a few older spellings).
std::string class_type(const std::string& ir_type) {
    static const std::map<std::string, std::string> renamed = {
        {"Const", "Constant"}, {"ReLU", "Relu"}, {"SoftMax", "Softmax"}, {"PReLU", "PRelu"}};
    const auto found = renamed.find(ir_type);
    return found == renamed.end() ? ir_type : found->second;
}

int opset_of(const std::string& version) { return std::stoi(version.substr(5)); }

struct XmlPort {
    std::string id;
    std::string precision;
    std::vector<int64_t> dims;
    std::set<std::string> names;
};

struct XmlLayer {
    std::string id, name, type, version;
    pugi::xml_node node;
    std::vector<XmlPort> inputs, outputs;
};

// The test's own reading of an IR: its layers in file order.
class XmlModel {
public:
    explicit XmlModel(const std::string& path) {
        const auto parsed = m_doc.load_file(path.c_str());
        EXPECT_TRUE(parsed) << path << ": " << parsed.description();
        for (const auto& layer : m_doc.child("net").child("layers").children("layer")) {
            XmlLayer l{layer.attribute("id").value(), layer.attribute("name").value(), layer.attribute("type").value(),
                       layer.attribute("version").value(), layer, {}, {}};
            for (const auto& p : layer.child("input").children("port"))
                l.inputs.push_back(port(p));
            for (const auto& p : layer.child("output").children("port"))
                l.outputs.push_back(port(p));
            layers.push_back(l);
        }
    }
    std::vector<const XmlLayer*> of_type(const std::string& type) const {
        std::vector<const XmlLayer*> out;
        for (const auto& l : layers)
            if (l.type == type)
                out.push_back(&l);
        return out;
    }
    int version() const { return m_doc.child("net").attribute("version").as_int(); }
    std::vector<XmlLayer> layers;

private:
    static XmlPort port(const pugi::xml_node& p) {
        XmlPort out;
        out.id = p.attribute("id").value();
        out.precision = p.attribute("precision").value();
        for (const auto& d : p.children("dim"))
            out.dims.push_back(std::stoll(d.child_value()));
        // names="a,b\,c": the test splits them its own way, by hand.
        std::string names = p.attribute("names").value(), current;
        for (size_t i = 0; i < names.size(); ++i) {
            if (names[i] == '\\' && i + 1 < names.size() && names[i + 1] == ',') {
                current += ',';
                ++i;
            } else if (names[i] == ',') {
                out.names.insert(current);
                current.clear();
            } else {
                current += names[i];
            }
        }
        if (!current.empty())
            out.names.insert(current);
        return out;
    }
    pugi::xml_document m_doc;
};

ov::PartialShape declared_shape(const std::vector<int64_t>& dims) {
    std::vector<ov::Dimension> out;
    for (auto d : dims)
        out.push_back(d < 0 ? ov::Dimension() : ov::Dimension(d));
    return ov::PartialShape(out);
}

class RealModel : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        xml = std::make_unique<XmlModel>(GetParam());
        ASSERT_NO_THROW(model = devmux::ir::read_model(GetParam(), "")) << GetParam();
        ASSERT_TRUE(model);
    }
    std::unique_ptr<XmlModel> xml;
    std::shared_ptr<ov::Model> model;
};

TEST_P(RealModel, OpCountsByTypeMatchTheXmlLayers) {
    std::map<std::string, size_t> expected, actual;
    for (const auto& l : xml->layers)
        ++expected[class_type(l.type)];
    for (const auto& op : model->get_ordered_ops())
        ++actual[op->get_type_name()];
    EXPECT_EQ(expected, actual);
}

TEST_P(RealModel, EveryLayerBecomesAnOpOfItsNameTypeAndOpset) {
    std::multiset<std::pair<std::string, std::string>> expected, actual;
    std::map<std::string, int> opset_of_layer;
    for (const auto& l : xml->layers) {
        expected.insert({class_type(l.type), l.name});
        opset_of_layer[l.name] = opset_of(l.version);
    }
    for (const auto& op : model->get_ordered_ops()) {
        actual.insert({op->get_type_name(), op->get_friendly_name()});
        const std::string version = op->get_type_info().get_version();
        ASSERT_EQ(version.rfind("opset", 0), 0u) << where(*op);
        // The layer's opset holds the newest version introduced up to it.
        EXPECT_LE(opset_of(version), opset_of_layer[op->get_friendly_name()]) << where(*op);
    }
    EXPECT_EQ(expected, actual);
}

TEST_P(RealModel, ParametersKeepFileOrderNamesTypesAndShapes) {
    const auto layers = xml->of_type("Parameter");
    const auto& parameters = model->get_parameters();
    ASSERT_EQ(layers.size(), parameters.size());
    for (size_t i = 0; i < layers.size(); ++i) {
        const auto data = layers[i]->node.child("data");
        EXPECT_EQ(parameters[i]->get_friendly_name(), layers[i]->name);
        EXPECT_EQ(parameters[i]->get_element_type(), ov::element::Type(data.attribute("element_type").value()));
        EXPECT_EQ(parameters[i]->get_output_partial_shape(0), declared_shape(layers[i]->outputs.at(0).dims));
        EXPECT_EQ(parameters[i]->get_output_element_type(0), ov::element::Type(layers[i]->outputs.at(0).precision));
    }
}

TEST_P(RealModel, ResultsKeepFileOrderAndDeclaredShapes) {
    const auto layers = xml->of_type("Result");
    const auto& results = model->get_results();
    ASSERT_EQ(layers.size(), results.size());
    for (size_t i = 0; i < layers.size(); ++i) {
        EXPECT_EQ(results[i]->get_friendly_name(), layers[i]->name);
        EXPECT_EQ(results[i]->get_input_partial_shape(0), declared_shape(layers[i]->inputs.at(0).dims));
    }
}

TEST_P(RealModel, OutputPortsHaveTheDeclaredTypesShapesAndTensorNames) {
    for (const auto& op : model->get_ordered_ops()) {
        if (ov::is_type<ov::op::v0::Result>(op))
            continue;
        const XmlLayer* layer = nullptr;
        for (const auto& l : xml->layers)
            if (l.name == op->get_friendly_name() && class_type(l.type) == op->get_type_name())
                layer = &l;
        ASSERT_TRUE(layer) << where(*op);
        ASSERT_LE(layer->outputs.size(), op->get_output_size()) << where(*op);
        for (size_t i = 0; i < layer->outputs.size(); ++i) {
            const auto& port = layer->outputs[i];
            EXPECT_EQ(op->get_output_element_type(i), ov::element::Type(port.precision)) << where(*op) << " port " << port.id;
            EXPECT_EQ(op->get_output_partial_shape(i), declared_shape(port.dims)) << where(*op) << " port " << port.id;
            const auto& names = op->output(i).get_names();
            EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), port.names) << where(*op) << " port " << port.id;
        }
    }
}

TEST_P(RealModel, ConstantsHoldTheirBytesFromTheBin) {
    const auto bin_path = GetParam().substr(0, GetParam().size() - 4) + ".bin";
    const auto bin = read_bytes(bin_path);
    std::map<std::string, std::shared_ptr<ov::op::v0::Constant>> constants;
    for (const auto& op : model->get_ordered_ops())
        if (auto c = ov::as_type_ptr<ov::op::v0::Constant>(op))
            constants[c->get_friendly_name()] = c;
    for (const auto* layer : xml->of_type("Const")) {
        SCOPED_TRACE(layer->name);
        const auto data = layer->node.child("data");
        const size_t offset = data.attribute("offset").as_ullong();
        const size_t size = data.attribute("size").as_ullong();
        ASSERT_TRUE(constants.count(layer->name));
        const auto& c = constants[layer->name];
        EXPECT_EQ(c->get_element_type(), ov::element::Type(data.attribute("element_type").value()));
        ASSERT_EQ(c->get_byte_size(), size);
        ASSERT_LE(offset + size, bin.size());
        EXPECT_EQ(0, std::memcmp(c->get_data_ptr(), bin.data() + offset, size));
    }
}

TEST_P(RealModel, RecordsTheIrVersionInRtInfo) {
    ASSERT_TRUE(model->get_rt_info().count("version"));
    EXPECT_EQ(model->get_rt_info().at("version").as<int64_t>(), xml->version());
}

INSTANTIATE_TEST_SUITE_P(SharedModels, RealModel, ::testing::ValuesIn(all_model_xmls()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return model_test_name(info.param); });

TEST(RealModels, AllSharedModelsAreFound) {
    // The parameterised suite above is silently empty when the folder moves; this catches that.
    EXPECT_GE(all_model_xmls().size(), 17u) << "models folder: " << models_dir();
}

std::string model_path(const std::string& relative) { return (models_dir() / relative).string(); }

TEST(RealModels, SqueezeNetV10KeepsItsF16InputAndLegacyMetadata) {
    auto model = devmux::ir::read_model(model_path("squeezenet1.1-ir10/squeezenet1.1.xml"), "");
    ASSERT_EQ(model->get_parameters().size(), 1u);
    EXPECT_EQ(model->get_parameters()[0]->get_element_type(), ov::element::f16);
    EXPECT_EQ(model->get_parameters()[0]->get_partial_shape(), ov::PartialShape({1, 3, 227, 227}));
    ASSERT_EQ(model->get_results().size(), 1u);
    EXPECT_EQ(model->get_results()[0]->get_input_partial_shape(0), ov::PartialShape({1, 1000, 1, 1}));
    const auto& rt = model->get_rt_info();
    EXPECT_EQ(rt.at("version").as<int64_t>(), 10);
    // <meta_data><cli_parameters> is presented as conversion_parameters, as OpenVINO does.
    const auto& conversion = rt.at("conversion_parameters").as<ov::AnyMap>();
    EXPECT_EQ(conversion.at("data_type").as<std::string>(), "FP16");
    EXPECT_EQ(conversion.at("mean_values").as<std::string>(), "data[104.0,117.0,123.0]");
    EXPECT_EQ(rt.at("MO_version").as<std::string>(), "");
}

TEST(RealModels, SqueezeNetV11KeepsLayerRtInfoAndTensorNames) {
    auto model = devmux::ir::read_model(model_path("squeezenet1.1-ir11/squeezenet1.1.xml"), "");
    const auto& input = model->get_parameters().at(0);
    EXPECT_EQ(input->get_rt_info().at("old_api_map_element_type").as<std::string>(), "f16");
    EXPECT_EQ(input->output(0).get_names(), std::unordered_set<std::string>{"data"});
    size_t decompressions = 0;
    for (const auto& op : model->get_ordered_ops())
        decompressions += op->get_rt_info().count("decompression");
    EXPECT_EQ(decompressions, 52u);  // every Convert of the f16 weights
    EXPECT_EQ(model->get_rt_info().at("conversion_parameters").as<ov::AnyMap>().at("framework").as<std::string>(),
              "caffe");
    EXPECT_EQ(model->get_rt_info().at("legacy_frontend").as<std::string>(), "True");
}

TEST(RealModels, VehicleAttributesKeepsPortLayoutRtInfo) {
    auto model = devmux::ir::read_model(
        model_path("vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml"), "");
    const auto& input = model->get_parameters().at(0);
    EXPECT_EQ(input->output(0).get_rt_info().at("layout").as<std::string>(), "[N,C,H,W]");
    EXPECT_EQ(input->get_rt_info().at("fused_names").as<std::string>(), "input");
    EXPECT_EQ(model->get_results().size(), 2u);
}

TEST(RealModels, HeadPoseInt8PresentsQuantizationParametersAsOptimization) {
    auto model = devmux::ir::read_model(
        model_path("head-pose-estimation-adas-0001/FP16-INT8/head-pose-estimation-adas-0001.xml"), "");
    const auto& optimization = model->get_rt_info().at("optimization").as<ov::AnyMap>();
    ASSERT_TRUE(optimization.count("config"));
    const std::string config = optimization.at("config").as<std::string>();
    EXPECT_EQ(config.find('\n'), std::string::npos);
    EXPECT_NE(config.find("'name': 'AccuracyAwareQuantization'"), std::string::npos);
    EXPECT_EQ(model->get_results().size(), 3u);
}

TEST(RealModels, GazeEstimationHasThreeInputsInFileOrder) {
    XmlModel xml(model_path("gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml"));
    auto model = devmux::ir::read_model(model_path("gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml"), "");
    const auto layers = xml.of_type("Parameter");
    ASSERT_EQ(model->get_parameters().size(), 3u);
    for (size_t i = 0; i < 3; ++i)
        EXPECT_EQ(model->get_parameters()[i]->get_friendly_name(), layers[i]->name);
}

TEST(RealModels, DummyKeepsNestedModelRtInfo) {
    auto model = devmux::ir::read_model(model_path("tiny/dummy/1/dummy.xml"), "");
    const auto& rt = model->get_rt_info();
    EXPECT_EQ(rt.at("MO_version").as<std::string>(), "2020.1.0-61-gd349c3ba4a");
    const auto& info = rt.at("model_info").as<ov::AnyMap>();
    EXPECT_EQ(info.at("precision").as<std::string>(), "FP16");
    EXPECT_EQ(info.at("resolution").as<ov::AnyMap>().at("height").as<std::string>(), "200");
    EXPECT_EQ(info.at("resolution").as<ov::AnyMap>().at("width").as<std::string>(), "300");
    EXPECT_TRUE(rt.at("optimization").as<ov::AnyMap>().empty());
    // With an <rt_info> section the legacy <meta_data> is not read, as in OpenVINO.
    EXPECT_EQ(rt.count("cli_parameters"), 0u);
}

TEST(RealModels, DummyConstantValueComesFromTheBin) {
    auto model = devmux::ir::read_model(model_path("tiny/dummy/1/dummy.xml"), "");
    const auto bin = read_bytes(model_path("tiny/dummy/1/dummy.bin"));
    float expected = 0;
    std::memcpy(&expected, bin.data(), sizeof expected);
    for (const auto& op : model->get_ordered_ops()) {
        if (auto c = ov::as_type_ptr<ov::op::v0::Constant>(op)) {
            EXPECT_EQ(c->cast_vector<float>(), std::vector<float>{expected});
        }
    }
}

TEST(RealModels, PassthroughKeepsDynamicShapeAndEveryTensorName) {
    auto model = devmux::ir::read_model(model_path("tiny/passthrough/1/passthrough.xml"), "");
    const auto& input = model->get_parameters().at(0);
    EXPECT_EQ(input->get_element_type(), ov::element::u8);
    EXPECT_EQ(input->get_partial_shape(), ov::PartialShape({ov::Dimension(), ov::Dimension()}));
    EXPECT_EQ(input->output(0).get_names(), (std::unordered_set<std::string>{"input", "input:0"}));
    EXPECT_EQ(model->output(0).get_names(), std::unordered_set<std::string>{"copy:0"});
}

TEST(RealModels, ScalarModelHasRankZeroShapes) {
    auto model = devmux::ir::read_model(model_path("tiny/scalar/1/saved_model.xml"), "");
    EXPECT_EQ(model->get_parameters().at(0)->get_partial_shape(), ov::PartialShape(ov::Shape{}));
    EXPECT_EQ(model->get_output_partial_shape(0), ov::PartialShape(ov::Shape{}));
    EXPECT_EQ(model->get_friendly_name(), "TensorFlow_Frontend_IR");
}

TEST(RealModels, AddModelWithEmptyBinNeedsNoWeights) {
    auto model = devmux::ir::read_model(model_path("tiny/add_two_inputs_model/1/add.xml"), "");
    ASSERT_EQ(model->get_parameters().size(), 2u);
    EXPECT_EQ(model->get_parameters()[0]->get_friendly_name(), "input1");
    EXPECT_EQ(model->get_parameters()[1]->get_friendly_name(), "input2");
    EXPECT_EQ(model->get_output_partial_shape(0), ov::PartialShape({1, 10}));
}

TEST(RealModels, SummatorSharesOneVariableBetweenReadValueAndAssign) {
    auto model = devmux::ir::read_model(model_path("tiny/summator/1/summator.xml"), "");
    ASSERT_EQ(model->get_sinks().size(), 1u);
    ASSERT_EQ(model->get_variables().size(), 1u);
    EXPECT_EQ(model->get_variables()[0]->get_info().variable_id, "state");
    std::vector<std::shared_ptr<ov::op::util::Variable>> seen;
    for (const auto& op : model->get_ordered_ops())
        if (auto* ext = dynamic_cast<ov::op::util::VariableExtension*>(op.get()))
            seen.push_back(ext->get_variable());
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[0], seen[1]);
    EXPECT_EQ(seen[0], model->get_variables()[0]);
    // The ReadValue's initial value fixes the variable's type and shape.
    EXPECT_EQ(seen[0]->get_info().data_type, ov::element::f32);
    EXPECT_EQ(seen[0]->get_info().data_shape, ov::PartialShape({1, 1}));
}

TEST(RealModels, ReadFromMemorySharesTheGivenWeights) {
    const std::string xml = read_text(model_path("tiny/increment_1x3x4x5/1/increment_1x3x4x5.xml"));
    auto weights = std::make_shared<const std::vector<uint8_t>>(read_bytes(model_path("tiny/increment_1x3x4x5/1/increment_1x3x4x5.bin")));
    auto model = devmux::ir::read_model_from_memory(xml, weights, "increment in memory");
    bool found = false;
    for (const auto& op : model->get_ordered_ops()) {
        if (auto c = ov::as_type_ptr<ov::op::v0::Constant>(op)) {
            found = true;
            EXPECT_EQ(c->get_data_ptr(), static_cast<const void*>(weights->data()));
        }
    }
    EXPECT_TRUE(found);
}

}  // namespace
