// SPDX-License-Identifier: Apache-2.0
// Hostile IRs (issue 27): shapes no machine could hold, whether declared (Parameter, Const) or inferred
// (a Broadcast to a constant target), are refused when the model is read, before anything is allocated,
// naming the layer, the shape and the bytes; weights past the end of the file, cycles through one layer
// and unknown element types get an ov::Exception naming the layer. ov::Tensor refuses such shapes too.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>

#include "ir/ir_reader.hpp"
#include "ir_test_utils.hpp"
#include "openvino/runtime/tensor.hpp"

namespace {

using namespace devmux_ir_test;
using ::testing::HasSubstr;

// input (a Parameter of the given shape, "?" for a dynamic dim) -> out.
std::string parameter_ir(const std::string& shape) {
    std::string dims, dim;
    std::istringstream items(shape);
    while (std::getline(items, dim, ','))
        dims += "<dim>" + (dim == "?" ? std::string("-1") : dim) + "</dim>";
    return R"(<?xml version="1.0"?>
<net name="hostile" version="11">
	<layers>
		<layer id="0" name="input" type="Parameter" version="opset1">
			<data shape=")" +
           shape + R"(" element_type="f32"/>
			<output><port id="0" precision="FP32">)" +
           dims + R"(</port></output>
		</layer>
		<layer id="1" name="out" type="Result" version="opset1">
			<input><port id="0" precision="FP32">)" +
           dims + R"(</port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
	</edges>
</net>
)";
}

// value (f32 [1], at offset 24) broadcast to target (i64 [3], at offset 0) -> out.
const std::string broadcast_ir = R"(<?xml version="1.0"?>
<net name="hostile" version="11">
	<layers>
		<layer id="0" name="target" type="Const" version="opset1">
			<data element_type="i64" shape="3" offset="0" size="24"/>
			<output><port id="0" precision="I64"><dim>3</dim></port></output>
		</layer>
		<layer id="1" name="value" type="Const" version="opset1">
			<data element_type="f32" shape="1" offset="24" size="4"/>
			<output><port id="0" precision="FP32"><dim>1</dim></port></output>
		</layer>
		<layer id="2" name="huge" type="Broadcast" version="opset3">
			<data mode="numpy"/>
			<input>
				<port id="0" precision="FP32"><dim>1</dim></port>
				<port id="1" precision="I64"><dim>3</dim></port>
			</input>
			<output><port id="2" precision="FP32"><dim>-1</dim><dim>-1</dim><dim>-1</dim></port></output>
		</layer>
		<layer id="3" name="out" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>-1</dim><dim>-1</dim><dim>-1</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="1" from-port="0" to-layer="2" to-port="0"/>
		<edge from-layer="0" from-port="0" to-layer="2" to-port="1"/>
		<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/>
	</edges>
</net>
)";

std::vector<uint8_t> broadcast_weights(int64_t dim) {
    const int64_t target[3] = {dim, dim, dim};
    const float value = 1.5f;
    std::vector<uint8_t> bytes(sizeof target + sizeof value);
    std::memcpy(bytes.data(), target, sizeof target);
    std::memcpy(bytes.data() + sizeof target, &value, sizeof value);
    return bytes;
}

std::string replaced(const std::string& text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << "test setup: '" << from << "' not in the IR";
    return at == std::string::npos ? text : text.substr(0, at) + to + text.substr(at + from.size());
}

class HostileIr : public ::testing::Test {
protected:
    // Writes model.xml and model.bin and returns what read_model throws.
    std::string error_of(const std::string& xml, const std::vector<uint8_t>& bin = {}) {
        write_text(dir.file("model.xml"), xml);
        write_bytes(dir.file("model.bin"), bin);
        try {
            devmux::ir::read_model(dir.file("model.xml"), "");
        } catch (const ov::Exception& e) {
            return e.what();
        }
        return "<read without an ov::Exception>";
    }
    TempDir dir;
};

TEST_F(HostileIr, AParameterWhoseElementCountOverflowsIsRefusedNamingTheLayer) {
    const std::string error = error_of(parameter_ir("4294967296,4294967296,16"));
    EXPECT_THAT(error, HasSubstr("id=0 name='input'"));
    EXPECT_THAT(error, HasSubstr("[4294967296,4294967296,16]"));
    EXPECT_THAT(error, HasSubstr("more elements than a 64-bit count holds"));
}

TEST_F(HostileIr, AParameterNoMachineCouldHoldIsRefusedNamingTheBytes) {
    // 2^50 f32 elements: 2^52 bytes, no wrap-around, but beyond any address space.
    const std::string error = error_of(parameter_ir("1048576,1048576,1024"));
    EXPECT_THAT(error, HasSubstr("id=0 name='input'"));
    EXPECT_THAT(error, HasSubstr("needs 4503599627370496 bytes"));
    // The static dims of a partly dynamic shape are enough to refuse it.
    const std::string dynamic = error_of(parameter_ir("?,1048576,1048576,1024"));
    EXPECT_THAT(dynamic, HasSubstr("needs 4503599627370496 bytes"));
}

TEST_F(HostileIr, LargeButPossibleShapesAndEmptyOnesAreRead) {
    // 2^30 f32 elements (4 GiB): a real, if large, input; nothing is allocated when reading.
    write_text(dir.file("model.xml"), parameter_ir("1,1024,1024,1024"));
    write_bytes(dir.file("model.bin"), {});
    EXPECT_EQ(devmux::ir::read_model(dir.file("model.xml"), "")->input().get_partial_shape(),
              ov::PartialShape({1, 1024, 1024, 1024}));
    // Zero elements, however large the other dims: no bytes at all.
    write_text(dir.file("model.xml"), parameter_ir("0,4294967296,4294967296,4294967296"));
    EXPECT_EQ(devmux::ir::read_model(dir.file("model.xml"), "")->input().get_partial_shape(),
              ov::PartialShape({0, 4294967296, 4294967296, 4294967296}));
}

TEST_F(HostileIr, AnInferredShapeNoMachineCouldHoldIsRefusedNamingTheOp) {
    // The Broadcast's output is inferred from its constant target: 2^60 elements, 2^62 bytes.
    const std::string error = error_of(broadcast_ir, broadcast_weights(int64_t(1) << 20));
    EXPECT_THAT(error, HasSubstr("id=2 name='huge' type='Broadcast'"));
    EXPECT_THAT(error, HasSubstr("needs 4611686018427387904 bytes"));
    const std::string overflow = error_of(broadcast_ir, broadcast_weights(int64_t(1) << 32));
    EXPECT_THAT(overflow, HasSubstr("id=2 name='huge' type='Broadcast'"));
    EXPECT_THAT(overflow, HasSubstr("more elements than a 64-bit count holds"));
    // The same IR with a small target reads, so the refusals above are about the size alone.
    write_text(dir.file("model.xml"), broadcast_ir);
    write_bytes(dir.file("model.bin"), broadcast_weights(3));
    EXPECT_EQ(devmux::ir::read_model(dir.file("model.xml"), "")->output().get_partial_shape(),
              ov::PartialShape({3, 3, 3}));
}

TEST_F(HostileIr, AConstWhoseBytesOverflowIsRefusedBeforeReadingItsWeights) {
    const std::string xml =
        replaced(replaced(broadcast_ir, "shape=\"3\" offset=\"0\" size=\"24\"",
                          "shape=\"4294967296,4294967296,4294967296\" offset=\"0\" size=\"24\""),
                 "<dim>3</dim></port></output>", "</port></output>");
    const std::string error = error_of(xml, broadcast_weights(3));
    EXPECT_THAT(error, HasSubstr("id=0 name='target'"));
    EXPECT_THAT(error, HasSubstr("too large"));
}

TEST_F(HostileIr, WeightsPastTheEndOfTheFileAreRefusedNamingOffsetSizeAndFile) {
    // In the file, but running past its end.
    const std::string past = error_of(replaced(broadcast_ir, "offset=\"24\" size=\"4\"", "offset=\"26\" size=\"4\""),
                                      broadcast_weights(3));
    EXPECT_THAT(past, HasSubstr("id=1 name='value'"));
    EXPECT_THAT(past, HasSubstr("offset 26, size 4"));
    EXPECT_THAT(past, HasSubstr("model.bin"));
    EXPECT_THAT(past, HasSubstr("28 bytes"));
    // An offset so large that offset + size wraps around 2^64.
    const std::string wraps =
        error_of(replaced(broadcast_ir, "offset=\"24\" size=\"4\"", "offset=\"18446744073709551614\" size=\"4\""),
                 broadcast_weights(3));
    EXPECT_THAT(wraps, HasSubstr("offset 18446744073709551614, size 4"));
    EXPECT_THAT(wraps, HasSubstr("lies outside the weights"));
}

TEST_F(HostileIr, ALayerThatFeedsItselfIsACycle) {
    const std::string xml = replaced(broadcast_ir, "<edge from-layer=\"1\" from-port=\"0\" to-layer=\"2\" to-port=\"0\"/>",
                                     "<edge from-layer=\"2\" from-port=\"2\" to-layer=\"2\" to-port=\"0\"/>");
    const std::string error = error_of(xml, broadcast_weights(3));
    EXPECT_THAT(error, HasSubstr("cycle"));
    EXPECT_THAT(error, HasSubstr("'huge'"));
}

TEST_F(HostileIr, UnknownElementTypesAreRefusedNamingTheLayerAndTheType) {
    const std::string parameter = error_of(replaced(parameter_ir("2,2"), "element_type=\"f32\"", "element_type=\"f31\""));
    EXPECT_THAT(parameter, HasSubstr("id=0 name='input'"));
    EXPECT_THAT(parameter, HasSubstr("'f31'"));
    const std::string constant = error_of(replaced(broadcast_ir, "element_type=\"i64\"", "element_type=\"int77\""),
                                          broadcast_weights(3));
    EXPECT_THAT(constant, HasSubstr("id=0 name='target'"));
    EXPECT_THAT(constant, HasSubstr("'int77'"));
}

TEST(HostileTensor, AShapeWhoseBytesWrapAroundIsRefusedBeforeAllocating) {
    const std::string overflow = devmux_test::error_of([] { ov::Tensor(ov::element::f32, ov::Shape{1ull << 32, 1ull << 32, 16}); });
    EXPECT_THAT(overflow, HasSubstr("[4294967296,4294967296,16]"));
    EXPECT_THAT(overflow, HasSubstr("more elements than a 64-bit count holds"));
    // 2^62 elements of 4 bytes: the byte count wraps to 0 in size_t; it used to allocate 64 bytes.
    const std::string wraps = devmux_test::error_of([] { ov::Tensor(ov::element::f32, ov::Shape{1ull << 62}); });
    EXPECT_THAT(wraps, HasSubstr("more than any machine can allocate"));
    ov::Tensor small(ov::element::f32, ov::Shape{2, 3});
    const std::string reshaped = devmux_test::error_of([&] { small.set_shape(ov::Shape{1ull << 40, 1ull << 10}); });
    EXPECT_THAT(reshaped, HasSubstr("more than any machine can allocate"));
    EXPECT_EQ(small.get_shape(), ov::Shape({2, 3}));  // unchanged after the refusal
}

}  // namespace
