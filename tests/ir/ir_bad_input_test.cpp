// SPDX-License-Identifier: Apache-2.0
// Faulty IRs: each must raise an ov::Exception that names the file and the fault; garbage must never crash.

#include <gtest/gtest.h>

#include <random>

#include "ir/ir_reader.hpp"
#include "ir/legacy_v10.hpp"
#include "ir_test_utils.hpp"
#include "openvino/op/constant.hpp"

namespace {

using namespace devmux_ir_test;

// input[1,4] + bias[1,4] (a Const of 16 bytes at offset 0) -> out.
const std::string base_ir = R"(<?xml version="1.0"?>
<net name="tiny" version="11">
	<layers>
		<layer id="0" name="input" type="Parameter" version="opset1">
			<data shape="1,4" element_type="f32"/>
			<output>
				<port id="0" precision="FP32" names="input"><dim>1</dim><dim>4</dim></port>
			</output>
		</layer>
		<layer id="1" name="bias" type="Const" version="opset1">
			<data element_type="f32" shape="1,4" offset="0" size="16"/>
			<output>
				<port id="0" precision="FP32"><dim>1</dim><dim>4</dim></port>
			</output>
		</layer>
		<layer id="2" name="sum" type="Add" version="opset1">
			<data auto_broadcast="numpy"/>
			<input>
				<port id="0" precision="FP32"><dim>1</dim><dim>4</dim></port>
				<port id="1" precision="FP32"><dim>1</dim><dim>4</dim></port>
			</input>
			<output>
				<port id="2" precision="FP32" names="sum"><dim>1</dim><dim>4</dim></port>
			</output>
		</layer>
		<layer id="3" name="out" type="Result" version="opset1">
			<input>
				<port id="0" precision="FP32"><dim>1</dim><dim>4</dim></port>
			</input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>
		<edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>
		<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/>
	</edges>
</net>
)";

std::vector<uint8_t> base_weights() {
    const float values[4] = {0.5f, -1.25f, 3.0f, 7.5f};
    std::vector<uint8_t> bytes(sizeof values);
    std::memcpy(bytes.data(), values, sizeof values);
    return bytes;
}

std::string replaced(const std::string& text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << "test setup: '" << from << "' not in the IR";
    if (at == std::string::npos)
        return text;
    return text.substr(0, at) + to + text.substr(at + from.size());
}

class BadIr : public ::testing::Test {
protected:
    // Writes model.xml (and model.bin unless bin is null) and returns what read_model throws.
    std::string error_of(const std::string& xml, const std::vector<uint8_t>* bin, const std::string& bin_arg = "") {
        write_text(xml_path(), xml);
        if (bin)
            write_bytes(dir.file("model.bin"), *bin);
        try {
            devmux::ir::read_model(xml_path(), bin_arg);
        } catch (const ov::Exception& e) {
            return e.what();
        }
        ADD_FAILURE() << "reading did not fail";
        return "";
    }
    std::string error_of(const std::string& xml) {
        const auto bin = base_weights();
        return error_of(xml, &bin);
    }
    std::string xml_path() const { return dir.file("model.xml"); }

    // Asserts that message names the file and contains every fragment.
    void expect_names(const std::string& message, const std::vector<std::string>& fragments) {
        EXPECT_NE(message.find(xml_path()), std::string::npos) << "message does not name the file: " << message;
        for (const auto& fragment : fragments)
            EXPECT_NE(message.find(fragment), std::string::npos) << "'" << fragment << "' missing in: " << message;
    }

    TempDir dir;
};

TEST_F(BadIr, BaseIrReadsAndItsConstantComesFromTheBin) {
    // The faults below are all made from this IR: it must itself be fine.
    const auto bin = base_weights();
    write_text(xml_path(), base_ir);
    write_bytes(dir.file("model.bin"), bin);
    auto model = devmux::ir::read_model(xml_path(), "");
    auto constant = ov::as_type_ptr<ov::op::v0::Constant>(
        model->get_results()[0]->get_input_node_shared_ptr(0)->get_input_node_shared_ptr(1));
    ASSERT_TRUE(constant);
    EXPECT_EQ(constant->cast_vector<float>(), (std::vector<float>{0.5f, -1.25f, 3.0f, 7.5f}));
}

TEST_F(BadIr, MalformedXmlNamesTheOffset) {
    const std::string message = error_of(base_ir.substr(0, base_ir.size() / 2));
    expect_names(message, {"malformed XML", "offset", "line"});
}

TEST_F(BadIr, RootOtherThanNetIsRejected) {
    expect_names(error_of("<model version=\"11\"/>"), {"<model>", "expected <net>"});
}

TEST_F(BadIr, UnsupportedIrVersionIsNamed) {
    expect_names(error_of(replaced(base_ir, "version=\"11\"", "version=\"7\"")), {"unsupported IR version '7'"});
    expect_names(error_of(replaced(base_ir, "version=\"11\"", "version=\"eleven\"")),
                 {"unsupported IR version 'eleven'"});
    expect_names(error_of(replaced(base_ir, "<net name=\"tiny\" version=\"11\">", "<net name=\"tiny\">")),
                 {"no version"});
}

TEST_F(BadIr, MissingXmlFileIsNamed) {
    const std::string path = dir.file("absent.xml");
    try {
        devmux::ir::read_model(path, "");
        FAIL() << "expected ov::Exception";
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("cannot be opened"), std::string::npos) << e.what();
    }
}

TEST_F(BadIr, DirectoryInsteadOfXmlIsRejected) {
    try {
        devmux::ir::read_model(dir.path(), "");
        FAIL() << "expected ov::Exception";
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find(dir.path()), std::string::npos) << e.what();
    }
}

TEST_F(BadIr, MissingImpliedBinIsNamedWhenAConstNeedsIt) {
    const std::string message = error_of(base_ir, nullptr);
    expect_names(message, {dir.file("model.bin"), "id=1", "'bias'", "does not exist"});
}

TEST_F(BadIr, MissingExplicitBinIsNamed) {
    const std::string bin = dir.file("weights_elsewhere.bin");
    expect_names(error_of(base_ir, nullptr, bin), {bin});
}

TEST_F(BadIr, ConstOutsideTheBinNamesLayerOffsetSizeAndBinSize) {
    const std::vector<uint8_t> short_bin(8, 1);
    expect_names(error_of(base_ir, &short_bin), {"id=1", "'bias'", "offset 0", "size 16", "8 bytes"});
    expect_names(error_of(replaced(base_ir, "offset=\"0\"", "offset=\"18446744073709551610\"")),
                 {"id=1", "offset 18446744073709551610", "size 16", "16 bytes"});
}

TEST_F(BadIr, ConstSizeThatDoesNotMatchItsShapeIsRejected) {
    expect_names(error_of(replaced(base_ir, "size=\"16\"", "size=\"12\"")), {"id=1", "'bias'", "size 12", "16 bytes"});
}

TEST_F(BadIr, ConstWithUnknownOrDynamicElementTypeIsRejected) {
    expect_names(error_of(replaced(base_ir, "element_type=\"f32\" shape=\"1,4\" offset", "element_type=\"f17\" shape=\"1,4\" offset")),
                 {"id=1", "'f17'"});
    expect_names(error_of(replaced(base_ir, "element_type=\"f32\" shape=\"1,4\" offset", "element_type=\"dynamic\" shape=\"1,4\" offset")),
                 {"id=1", "'dynamic'"});
}

TEST_F(BadIr, ConstWithInvalidShapeIsRejected) {
    expect_names(error_of(replaced(base_ir, "shape=\"1,4\" offset", "shape=\"1,-4\" offset")), {"id=1", "'1,-4'"});
}

TEST_F(BadIr, UnknownOpTypeNamesTheLayer) {
    expect_names(error_of(replaced(base_ir, "type=\"Add\"", "type=\"FooBar\"")),
                 {"id=2", "'sum'", "unknown operation type 'FooBar'"});
}

TEST_F(BadIr, UnknownOpVersionNamesTheLayerAndVersion) {
    expect_names(error_of(replaced(base_ir, "type=\"Add\" version=\"opset1\"", "type=\"Add\" version=\"opset0\"")),
                 {"id=2", "'sum'", "'opset0'", "opset1"});
    expect_names(error_of(replaced(base_ir, "type=\"Add\" version=\"opset1\"", "type=\"Add\" version=\"experimental\"")),
                 {"id=2", "'experimental'"});
}

TEST_F(BadIr, EdgeToUnknownLayerIsNamed) {
    expect_names(error_of(replaced(base_ir, "to-layer=\"3\"", "to-layer=\"42\"")), {"to-layer=42", "layer id 42"});
    expect_names(error_of(replaced(base_ir, "from-layer=\"0\"", "from-layer=\"17\"")), {"from-layer=17", "layer id 17"});
}

TEST_F(BadIr, EdgeToUnknownPortIsNamed) {
    expect_names(error_of(replaced(base_ir, "from-layer=\"1\" from-port=\"0\"", "from-layer=\"1\" from-port=\"7\"")),
                 {"id=1", "no output port 7"});
    expect_names(error_of(replaced(base_ir, "to-layer=\"2\" to-port=\"1\"", "to-layer=\"2\" to-port=\"5\"")),
                 {"id=2", "no input port 5"});
}

TEST_F(BadIr, TwoEdgesIntoOneInputPortAreRejected) {
    expect_names(error_of(replaced(base_ir, "to-layer=\"2\" to-port=\"1\"", "to-layer=\"2\" to-port=\"0\"")),
                 {"id=2", "input port 0", "already has an edge"});
}

TEST_F(BadIr, UnconnectedInputNamesLayerAndPort) {
    expect_names(error_of(replaced(base_ir, "<edge from-layer=\"1\" from-port=\"0\" to-layer=\"2\" to-port=\"1\"/>", "")),
                 {"id=2", "'sum'", "input port 1", "not connected"});
}

TEST_F(BadIr, LayerTurnedIntoAParameterWhileEdgesLeadIntoItNamesTheLayer) {
    // Found by mutating the head-pose model: a Parameter is built before every other layer, so its
    // inputs used to be read from producers not built yet (a crash in the reader).
    expect_names(error_of(replaced(base_ir, "type=\"Add\"", "type=\"Parameter\"")),
                 {"id=2", "'sum'", "Parameter", "2 input ports are declared", "edge leads into it from layer id=0"});
}

TEST_F(BadIr, ResultTurnedIntoAParameterNamesTheLayer) {
    expect_names(error_of(replaced(base_ir, "type=\"Result\"", "type=\"Parameter\"")),
                 {"id=3", "'out'", "Parameter", "1 input port is declared"});
}

TEST_F(BadIr, CycleIsRejectedWithTheLayersInIt) {
    const std::string xml = R"(<?xml version="1.0"?>
<net name="loop" version="11">
	<layers>
		<layer id="0" name="input" type="Parameter" version="opset1">
			<data shape="2" element_type="f32"/>
			<output><port id="0" precision="FP32"><dim>2</dim></port></output>
		</layer>
		<layer id="1" name="a" type="Add" version="opset1">
			<input><port id="0"><dim>2</dim></port><port id="1"><dim>2</dim></port></input>
			<output><port id="2" precision="FP32"><dim>2</dim></port></output>
		</layer>
		<layer id="2" name="b" type="Add" version="opset1">
			<input><port id="0"><dim>2</dim></port><port id="1"><dim>2</dim></port></input>
			<output><port id="2" precision="FP32"><dim>2</dim></port></output>
		</layer>
		<layer id="3" name="out" type="Result" version="opset1">
			<input><port id="0"><dim>2</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="2" from-port="2" to-layer="1" to-port="1"/>
		<edge from-layer="1" from-port="2" to-layer="2" to-port="0"/>
		<edge from-layer="0" from-port="0" to-layer="2" to-port="1"/>
		<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/>
	</edges>
</net>
)";
    expect_names(error_of(xml), {"cycle", "'a'", "'b'"});
}

TEST_F(BadIr, OpShapeErrorIsWrappedWithTheLayer) {
    std::string xml = replaced(base_ir, "shape=\"1,4\" offset=\"0\" size=\"16\"", "shape=\"1,3\" offset=\"0\" size=\"12\"");
    xml = replaced(xml, "<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n\t\t\t</output>\n\t\t</layer>\n\t\t<layer id=\"2\"",
                   "<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>3</dim></port>\n\t\t\t</output>\n\t\t</layer>\n\t\t<layer id=\"2\"");
    const std::string message = error_of(xml);
    // The op's own message names itself; the reader adds the layer id, name and file.
    expect_names(message, {"id=2", "'sum'", "Add"});
}

TEST_F(BadIr, DeclaredOutputDimsThatDisagreeWithInferenceAreRejected) {
    const std::string message = error_of(replaced(
        base_ir, "<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>4</dim>",
        "<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>5</dim>"));
    expect_names(message, {"id=2", "'sum'", "output port 2", "[1,5]", "[1,4]"});
}

// OpenVINO's reader lets the op's type inference decide and ignores a declared port precision that
// differs (FP16 SSDs declare DetectionOutput's output FP32); so does devmux.
TEST_F(BadIr, DeclaredPrecisionThatDisagreesWithInferenceIsIgnoredAsOpenVinoDoes) {
    write_text(xml_path(), replaced(base_ir, "<port id=\"2\" precision=\"FP32\"", "<port id=\"2\" precision=\"FP16\""));
    write_bytes(dir.file("model.bin"), base_weights());
    std::shared_ptr<ov::Model> model;
    ASSERT_NO_THROW(model = devmux::ir::read_model(xml_path(), ""));
    EXPECT_EQ(model->output(0).get_element_type(), ov::element::f32);
}

// An f16 IR v10 whose last op declares FP32, as person-detection-retail-0013 declares its DetectionOutput:
// read as f16 (what the op computes), then given an f32 model output by a Convert, as OpenVINO's 2.0 API
// shows an f16 output of IR v10.
TEST_F(BadIr, F16IrV10WithAnOutputDeclaredFp32ReadsAsF16AndShowsAnF32Output) {
    const std::string xml = R"(<?xml version="1.0"?>
<net name="ssd_like" version="10">
	<layers>
		<layer id="0" name="input" type="Parameter" version="opset1">
			<data shape="1,4" element_type="f16"/>
			<output><port id="0" precision="FP16"><dim>1</dim><dim>4</dim></port></output>
		</layer>
		<layer id="1" name="detections" type="ReLU" version="opset1">
			<input><port id="0"><dim>1</dim><dim>4</dim></port></input>
			<output><port id="1" precision="FP32"><dim>1</dim><dim>4</dim></port></output>
		</layer>
		<layer id="2" name="detections/sink_port_0" type="Result" version="opset1">
			<input><port id="0"><dim>1</dim><dim>4</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
	</edges>
</net>
)";
    write_text(xml_path(), xml);
    std::shared_ptr<ov::Model> model;
    ASSERT_NO_THROW(model = devmux::ir::read_model(xml_path(), ""));
    const auto relu = model->get_results().at(0)->get_input_node_shared_ptr(0);
    EXPECT_EQ(relu->get_friendly_name(), "detections");
    EXPECT_EQ(relu->get_output_element_type(0), ov::element::f16);
    const auto shown = devmux::ir::apply_legacy_v10_conventions(model);
    EXPECT_EQ(shown->output(0).get_element_type(), ov::element::f32);
    EXPECT_EQ(shown->input(0).get_element_type(), ov::element::f32);
    EXPECT_EQ(shown->output(0).get_any_name(), "detections");
    EXPECT_EQ(std::string(shown->get_results().at(0)->get_input_node_ptr(0)->get_type_name()), "Convert");
}

TEST_F(BadIr, DeclaredInputDimsThatDisagreeWithTheEdgeAreRejected) {
    const std::string message = error_of(replaced(
        base_ir, "<layer id=\"3\" name=\"out\" type=\"Result\" version=\"opset1\">\n\t\t\t<input>\n\t\t\t\t<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>4</dim>",
        "<layer id=\"3\" name=\"out\" type=\"Result\" version=\"opset1\">\n\t\t\t<input>\n\t\t\t\t<port id=\"0\" precision=\"FP32\"><dim>2</dim><dim>4</dim>"));
    expect_names(message, {"id=3", "'out'", "input port 0", "[2,4]"});
}

TEST_F(BadIr, DuplicateLayerIdIsRejected) {
    expect_names(error_of(replaced(base_ir, "<layer id=\"3\"", "<layer id=\"2\"")), {"layer id 2", "'sum'"});
}

TEST_F(BadIr, LayerWithoutIdOrTypeIsRejected) {
    expect_names(error_of(replaced(base_ir, "<layer id=\"2\" ", "<layer ")), {"no id", "'sum'"});
    expect_names(error_of(replaced(base_ir, "type=\"Add\" ", "")), {"id=2", "no type"});
}

TEST_F(BadIr, InvalidDimensionTextIsRejected) {
    expect_names(error_of(replaced(base_ir, "<dim>1</dim><dim>4</dim></port>\n\t\t\t</output>\n\t\t</layer>\n\t\t<layer id=\"1\"",
                                   "<dim>1</dim><dim>four</dim></port>\n\t\t\t</output>\n\t\t</layer>\n\t\t<layer id=\"1\"")),
                 {"id=0", "'four'"});
}

TEST_F(BadIr, InvalidParameterShapeAndTypeAreRejected) {
    expect_names(error_of(replaced(base_ir, "<data shape=\"1,4\" element_type=\"f32\"/>", "<data shape=\"1,x\" element_type=\"f32\"/>")),
                 {"id=0", "'input'", "'1,x'"});
    expect_names(error_of(replaced(base_ir, "<data shape=\"1,4\" element_type=\"f32\"/>", "<data shape=\"1,4\" element_type=\"float\"/>")),
                 {"id=0", "'float'"});
    expect_names(error_of(replaced(base_ir, "<data shape=\"1,4\" element_type=\"f32\"/>", "<data shape=\"1,4\"/>")),
                 {"id=0", "element_type"});
}

TEST_F(BadIr, InvalidAttributeValueNamesLayerAndAttribute) {
    expect_names(error_of(replaced(base_ir, "auto_broadcast=\"numpy\"", "auto_broadcast=\"sideways\"")),
                 {"id=2", "'sum'", "auto_broadcast", "sideways"});
}

TEST_F(BadIr, PreProcessSectionIsRefusedRatherThanIgnored) {
    const std::string xml = replaced(base_ir, "\t<edges>", R"(	<pre-process reference-layer-name="input">
		<channel id="0"><mean value="104"/></channel>
	</pre-process>
	<edges>)");
    expect_names(error_of(xml), {"<pre-process>", "not supported"});
}

TEST_F(BadIr, ConstWithoutWeightsFromMemoryIsRejected) {
    try {
        devmux::ir::read_model_from_memory(base_ir, nullptr, "memory model");
        FAIL() << "expected ov::Exception";
    } catch (const ov::Exception& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("memory model"), std::string::npos) << message;
        EXPECT_NE(message.find("no weights were given"), std::string::npos) << message;
    }
}

TEST_F(BadIr, MisalignedConstDataIsCopiedAndAligned) {
    // The .bin places the f32 values at offset 2: the reader must not hand out a misaligned float pointer.
    auto bin = base_weights();
    bin.insert(bin.begin(), {0xAA, 0xBB});
    auto weights = std::make_shared<const std::vector<uint8_t>>(bin);
    auto model = devmux::ir::read_model_from_memory(replaced(base_ir, "offset=\"0\"", "offset=\"2\""), weights, "misaligned");
    auto constant = ov::as_type_ptr<ov::op::v0::Constant>(
        model->get_results()[0]->get_input_node_shared_ptr(0)->get_input_node_shared_ptr(1));
    ASSERT_TRUE(constant);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(constant->get_data_ptr()) % alignof(float), 0u);
    EXPECT_EQ(constant->cast_vector<float>(), (std::vector<float>{0.5f, -1.25f, 3.0f, 7.5f}));
}

TEST_F(BadIr, TruncatedBinOfARealModelIsRejected) {
    const auto real = (models_dir() / "squeezenet1.1-ir11" / "squeezenet1.1").string();
    auto bin = read_bytes(real + ".bin");
    ASSERT_GT(bin.size(), 1000u);
    bin.resize(bin.size() / 2);
    write_bytes(dir.file("half.bin"), bin);
    try {
        devmux::ir::read_model(real + ".xml", dir.file("half.bin"));
        FAIL() << "expected ov::Exception";
    } catch (const ov::Exception& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("lies outside"), std::string::npos) << message;
        EXPECT_NE(message.find(dir.file("half.bin")), std::string::npos) << message;
    }
}

TEST_F(BadIr, UnknownOpInALayerThatFeedsNoResultIsStillReported) {
    // A layer nothing reads from is dropped from the model, but it is built first, so it cannot hide a fault.
    std::string xml = replaced(base_ir, "\t</layers>", R"(		<layer id="9" name="dangling" type="Mystery" version="opset1">
			<input><port id="0"><dim>1</dim><dim>4</dim></port></input>
		</layer>
	</layers>)");
    xml = replaced(xml, "\t</edges>", "\t\t<edge from-layer=\"0\" from-port=\"0\" to-layer=\"9\" to-port=\"0\"/>\n\t</edges>");
    expect_names(error_of(xml), {"id=9", "'dangling'", "unknown operation type 'Mystery'"});
}

TEST_F(BadIr, ReadValueWithoutVariableIdIsRejected) {
    const auto summator = models_dir() / "tiny" / "summator" / "1" / "summator";
    const auto bin = read_bytes(summator.string() + ".bin");
    const std::string xml = replaced(read_text(summator.string() + ".xml"), "<data variable_id=\"state\"/>", "");
    expect_names(error_of(xml, &bin), {"id=1", "'read'", "ReadValue"});
}

TEST(IrReader, LayersMayPrecedeTheirInputsInTheFile) {
    // The same IR with its layers in reverse order: the edges, not the file order, decide the graph.
    const auto begin = base_ir.find("\t\t<layer id=\"0\"");
    const auto end = base_ir.find("\t</layers>");
    std::vector<std::string> layers;
    for (size_t at = begin; at < end;) {
        const size_t next = base_ir.find("\t\t<layer id=", at + 1);
        const size_t stop = next == std::string::npos || next > end ? end : next;
        layers.push_back(base_ir.substr(at, stop - at));
        at = stop;
    }
    ASSERT_EQ(layers.size(), 4u);
    std::string reversed = base_ir.substr(0, begin);
    for (auto it = layers.rbegin(); it != layers.rend(); ++it)
        reversed += *it;
    reversed += base_ir.substr(end);
    auto weights = std::make_shared<const std::vector<uint8_t>>(base_weights());
    auto model = devmux::ir::read_model_from_memory(reversed, weights, "reversed");
    ASSERT_EQ(model->get_ordered_ops().size(), 4u);
    EXPECT_EQ(model->get_parameters().at(0)->get_friendly_name(), "input");
    EXPECT_EQ(model->get_results().at(0)->get_friendly_name(), "out");
    EXPECT_EQ(model->get_output_partial_shape(0), ov::PartialShape({1, 4}));
}

TEST(IrReader, ParametersFollowTheFileOrderNotTheirIds) {
    const std::string xml = R"(<?xml version="1.0"?>
<net name="order" version="11">
	<layers>
		<layer id="7" name="second_id_first_in_file" type="Parameter" version="opset1">
			<data shape="2" element_type="f32"/>
			<output><port id="0" precision="FP32"><dim>2</dim></port></output>
		</layer>
		<layer id="1" name="first_id" type="Parameter" version="opset1">
			<data shape="2" element_type="f32"/>
			<output><port id="0" precision="FP32"><dim>2</dim></port></output>
		</layer>
		<layer id="3" name="r1" type="Result" version="opset1">
			<input><port id="0"><dim>2</dim></port></input>
		</layer>
		<layer id="2" name="r7" type="Result" version="opset1">
			<input><port id="0"><dim>2</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="1" from-port="0" to-layer="3" to-port="0"/>
		<edge from-layer="7" from-port="0" to-layer="2" to-port="0"/>
	</edges>
</net>
)";
    auto model = devmux::ir::read_model_from_memory(xml, nullptr, "order");
    ASSERT_EQ(model->get_parameters().size(), 2u);
    EXPECT_EQ(model->get_parameters()[0]->get_friendly_name(), "second_id_first_in_file");
    EXPECT_EQ(model->get_parameters()[1]->get_friendly_name(), "first_id");
    ASSERT_EQ(model->get_results().size(), 2u);
    EXPECT_EQ(model->get_results()[0]->get_friendly_name(), "r1");
    EXPECT_EQ(model->get_results()[1]->get_friendly_name(), "r7");
}

// Reads text that may be anything; only success or ov::Exception are acceptable outcomes.
void expect_no_crash(const std::string& xml, const std::shared_ptr<const std::vector<uint8_t>>& weights) {
    try {
        devmux::ir::read_model_from_memory(xml, weights, "fuzzed");
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find("fuzzed"), std::string::npos) << e.what();
    }
}

TEST(IrGarbage, EveryTruncationOfAValidIrFailsCleanly) {
    auto weights = std::make_shared<const std::vector<uint8_t>>(base_weights());
    const size_t end = base_ir.rfind("</net>");
    for (size_t length = 0; length < end; ++length) {
        try {
            devmux::ir::read_model_from_memory(base_ir.substr(0, length), weights, "truncated");
            ADD_FAILURE() << "a truncation to " << length << " bytes was accepted";
        } catch (const ov::Exception& e) {
            EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos);
        }
    }
}

TEST(IrGarbage, RandomMutationsNeverCrash) {
    auto weights = std::make_shared<const std::vector<uint8_t>>(base_weights());
    std::mt19937 rng(12345);
    const std::string alphabet = "<>/=\"' 0123456789-,.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\\\n\t?";
    for (int round = 0; round < 3000; ++round) {
        std::string xml = base_ir;
        const int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            const size_t at = rng() % xml.size();
            switch (rng() % 3) {
            case 0:
                xml[at] = alphabet[rng() % alphabet.size()];
                break;
            case 1:
                xml.erase(at, 1 + rng() % 8);
                break;
            default:
                xml.insert(at, 1, alphabet[rng() % alphabet.size()]);
            }
            if (xml.empty())
                xml = "x";
        }
        expect_no_crash(xml, weights);
    }
}

TEST(IrGarbage, RandomBytesNeverCrash) {
    std::mt19937 rng(777);
    for (int round = 0; round < 200; ++round) {
        std::string bytes(rng() % 4096, '\0');
        for (auto& c : bytes)
            c = static_cast<char>(rng() & 0xff);
        expect_no_crash(bytes, nullptr);
        expect_no_crash("<net version=\"11\"><layers>" + bytes, nullptr);
    }
}

TEST(IrGarbage, DeeplyNestedElementsNeverOverflowTheStack) {
    auto weights = std::make_shared<const std::vector<uint8_t>>(base_weights());
    const size_t depth = 200000;
    std::string nested;
    for (size_t i = 0; i < depth; ++i)
        nested += "<a>";
    for (size_t i = 0; i < depth; ++i)
        nested += "</a>";
    // Deep nesting in model rt_info is refused; deep nesting elsewhere is just ignored.
    const std::string in_rt_info = replaced(base_ir, "</net>", "<rt_info><k>" + nested + "</k></rt_info></net>");
    try {
        devmux::ir::read_model_from_memory(in_rt_info, weights, "nested");
        ADD_FAILURE() << "deeply nested rt_info was accepted";
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find("nested"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("deeper than"), std::string::npos) << e.what();
    }
    expect_no_crash(replaced(base_ir, "</net>", nested + "</net>"), weights);
}

TEST(IrGarbage, MutatedRealModelNeverCrashes) {
    const auto path = (models_dir() / "tiny" / "summator" / "1" / "summator.xml").string();
    const std::string text = read_text(path);
    auto weights = std::make_shared<const std::vector<uint8_t>>(
        read_bytes((models_dir() / "tiny" / "summator" / "1" / "summator.bin").string()));
    std::mt19937 rng(99);
    const std::string digits = "0123456789-";
    for (int round = 0; round < 1000; ++round) {
        std::string xml = text;
        // Numbers are where a reader is most easily misled: rewrite a few of them.
        for (int e = 0; e < 3; ++e) {
            const size_t at = rng() % xml.size();
            if (std::isdigit(static_cast<unsigned char>(xml[at])))
                xml[at] = digits[rng() % digits.size()];
        }
        expect_no_crash(xml, weights);
    }
}

}  // namespace
