// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <type_traits>

#include "openvino/opsets/opset1.hpp"
#include "openvino/opsets/opset2.hpp"
#include "openvino/opsets/opset3.hpp"
#include "openvino/opsets/opset4.hpp"
#include "openvino/opsets/opset5.hpp"
#include "openvino/opsets/opset6.hpp"
#include "openvino/opsets/opset7.hpp"
#include "openvino/opsets/opset8.hpp"
#include "openvino/opsets/opset9.hpp"
#include "openvino/opsets/opset10.hpp"
#include "openvino/opsets/opset11.hpp"
#include "openvino/opsets/opset12.hpp"
#include "openvino/opsets/opset13.hpp"
#include "openvino/opsets/opset14.hpp"
#include "ir/ir_reader.hpp"
#include "openvino/opsets/opset.hpp"
#include "ops/op_registry.hpp"

// The opset namespaces name the version of each op that the opset contains.
static_assert(std::is_same<ov::opset1::Gather, ov::op::v1::Gather>::value, "opset1 Gather is v1");
static_assert(std::is_same<ov::opset8::Gather, ov::op::v8::Gather>::value, "opset8 Gather is v8");
static_assert(std::is_same<ov::opset1::ShapeOf, ov::op::v0::ShapeOf>::value, "opset1 ShapeOf is v0");
static_assert(std::is_same<ov::opset8::ShapeOf, ov::op::v3::ShapeOf>::value, "opset8 ShapeOf is v3");
static_assert(std::is_same<ov::opset8::ReadValue, ov::op::v6::ReadValue>::value, "opset8 ReadValue is v6");
static_assert(std::is_same<ov::opset8::Assign, ov::op::v6::Assign>::value, "opset8 Assign is v6");
static_assert(std::is_same<ov::opset1::MaxPool, ov::op::v1::MaxPool>::value, "opset1 MaxPool is v1");
static_assert(std::is_same<ov::opset8::MaxPool, ov::op::v8::MaxPool>::value, "opset8 MaxPool is v8");
static_assert(std::is_same<ov::opset13::MaxPool, ov::op::v8::MaxPool>::value, "opset13 MaxPool is v8");
static_assert(std::is_same<ov::opset14::MaxPool, ov::op::v14::MaxPool>::value, "opset14 MaxPool is v14");
static_assert(std::is_same<ov::opset14::AvgPool, ov::op::v14::AvgPool>::value, "opset14 AvgPool is v14");
static_assert(std::is_same<ov::opset1::Softmax, ov::op::v1::Softmax>::value, "opset1 Softmax is v1");
static_assert(std::is_same<ov::opset8::Softmax, ov::op::v8::Softmax>::value, "opset8 Softmax is v8");
static_assert(std::is_same<ov::opset8::Add, ov::op::v1::Add>::value, "opset8 Add is v1");
static_assert(std::is_same<ov::opset8::Concat, ov::op::v0::Concat>::value, "opset8 Concat is v0");

TEST(Opsets, TypeInfoMatchesOpsetWhereIntroduced) {
    // Each alias resolves to a class whose type info says which opset introduced it.
    EXPECT_EQ(std::string(ov::opset8::Gather::get_type_info_static().version_id), "opset8");
    EXPECT_EQ(std::string(ov::opset8::ShapeOf::get_type_info_static().version_id), "opset3");
    EXPECT_EQ(std::string(ov::opset8::ReadValue::get_type_info_static().version_id), "opset6");
    EXPECT_EQ(std::string(ov::opset1::Reshape::get_type_info_static().version_id), "opset1");
}

TEST(Opsets, OpsBuildThroughOpsetNames) {
    auto data = std::make_shared<ov::opset8::Parameter>(ov::element::f32, ov::PartialShape{2, 3});
    auto axes = ov::opset8::Constant::create(ov::element::i64, ov::Shape{1}, {0});
    auto unsqueeze = std::make_shared<ov::opset8::Unsqueeze>(data, axes);
    auto transpose = std::make_shared<ov::opset1::Transpose>(
        unsqueeze, ov::opset1::Constant::create(ov::element::i64, ov::Shape{3}, {2, 0, 1}));
    EXPECT_EQ(transpose->get_output_partial_shape(0), (ov::PartialShape{3, 1, 2}));
}

// ---- The op table (runtime/ops/op_table.inc) and what is generated from it ----

TEST(OpTable, EachImplementedVersionBelongsToTheOpsetItsTypeInfoNames) {
    // The IR writer writes a layer's version as its type info's opset; the reader must map it back to the
    // same class, so that opset must be one the table lists the class in.
    for (const auto& version : devmux::OpRegistry::instance().versions()) {
        if (!version.factory || version.opsets.empty())
            continue;
        const int introduced = devmux::opset_number(version.introduced_in);
        EXPECT_TRUE(version.opsets.count(introduced))
            << version.type << " " << version.version << " says " << version.introduced_in;
        auto node = devmux::OpRegistry::instance().create(version.type, version.introduced_in);
        ASSERT_TRUE(node) << version.type << " " << version.introduced_in;
        EXPECT_EQ(std::string(node->get_type_info().name), version.type);
        EXPECT_EQ(std::string(node->get_type_info().get_version()), version.introduced_in);
    }
}

TEST(OpTable, ListsEveryOpVersionOfTheOpsetsOnce) {
    // opset1 ... opset13 hold 219 op versions (OpenVINO's opsetN_tbl.hpp) and opset14 four more (AvgPool-14,
    // ConvertPromoteTypes-14, Inverse-14, MaxPool-14); the table lists each, implemented or not, and no type
    // has two versions in one opset (OpRegistry refuses that at construction).
    const auto versions = devmux::OpRegistry::instance().versions();
    size_t in_opsets = 0;
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& version : versions) {
        if (version.opsets.empty())
            continue;
        ++in_opsets;
        EXPECT_TRUE(seen.insert({version.type, version.version}).second) << version.type << " " << version.version;
    }
    EXPECT_EQ(in_opsets, 223u);
    EXPECT_EQ(devmux::OpRegistry::newest_opset(), 14);
}

TEST(OpTable, AnOpsetLayerMeansTheVersionThatOpsetHolds) {
    auto& registry = devmux::OpRegistry::instance();
    EXPECT_TRUE(ov::is_type<ov::op::v1::MaxPool>(registry.create("MaxPool", "opset1")));
    EXPECT_TRUE(ov::is_type<ov::op::v1::MaxPool>(registry.create("MaxPool", "opset7")));
    EXPECT_TRUE(ov::is_type<ov::op::v8::MaxPool>(registry.create("MaxPool", "opset8")));
    EXPECT_TRUE(ov::is_type<ov::op::v8::MaxPool>(registry.create("MaxPool", "opset13")));
    EXPECT_TRUE(ov::is_type<ov::op::v1::Gather>(registry.create("Gather", "opset6")));
    EXPECT_TRUE(ov::is_type<ov::op::v7::Gather>(registry.create("Gather", "opset7")));
    EXPECT_TRUE(ov::is_type<ov::op::v0::ShapeOf>(registry.create("ShapeOf", "opset2")));
    EXPECT_TRUE(ov::is_type<ov::op::v3::ShapeOf>(registry.create("ShapeOf", "opset3")));
}

TEST(OpTable, AnOpsetNewerThanTheTableIsRefusedNotReadAsAnOlderVersion) {
    // opset15 is beyond the table: no layer of it is read as an older version of its op.
    auto& registry = devmux::OpRegistry::instance();
    EXPECT_FALSE(registry.create("MaxPool", "opset15"));
    EXPECT_FALSE(registry.create("Add", "opset15"));
    const std::string why = registry.why_not("MaxPool", "opset15");
    EXPECT_NE(why.find("opset15"), std::string::npos) << why;
    EXPECT_NE(why.find("opset13"), std::string::npos) << why;
    EXPECT_NE(why.find("part of opset14"), std::string::npos) << why;
}

TEST(OpTable, Opset14IsReadOnlyForTheOpsTheTablePlacesThere) {
    // Inverse-14 is a member of opset14 that devmux does not implement; Add has no opset14 version.
    auto& registry = devmux::OpRegistry::instance();
    EXPECT_EQ(devmux::OpRegistry::newest_complete_opset(), 13);
    EXPECT_TRUE(ov::is_type<ov::op::v14::MaxPool>(registry.create("MaxPool", "opset14")));
    EXPECT_FALSE(registry.create("Inverse", "opset14"));
    EXPECT_FALSE(registry.create("Add", "opset14"));
    for (const char* type : {"Inverse", "Add"}) {
        const std::string why = registry.why_not(type, "opset14");
        EXPECT_NE(why.find(type), std::string::npos) << why;
        EXPECT_NE(why.find("opset14 only in part"), std::string::npos) << why;
        EXPECT_NE(why.find("AvgPool-14, MaxPool-14"), std::string::npos) << why;
    }
    EXPECT_EQ(registry.implemented_in(14), "AvgPool-14, MaxPool-14");
}

TEST(OpTable, AVersionOutsideItsOpsetsIsRefusedNamingWhereItIs) {
    auto& registry = devmux::OpRegistry::instance();
    // ReorgYolo joined in opset2; Xor was in opset1 only; Reverse likewise.
    EXPECT_FALSE(registry.create("ReorgYolo", "opset1"));
    EXPECT_FALSE(registry.create("Xor", "opset2"));
    const std::string why = registry.why_not("Xor", "opset2");
    EXPECT_NE(why.find("opset2"), std::string::npos) << why;
    EXPECT_NE(why.find("v0 in opset1"), std::string::npos) << why;
    EXPECT_NE(registry.why_not("NoSuchOp", "opset1").find("unknown operation type 'NoSuchOp'"), std::string::npos);
}

TEST(OpTable, OpsetListsParseAndRejectGarbage) {
    using R = devmux::OpRegistry;
    EXPECT_EQ(R::parse_opsets("1-3"), (std::set<int>{1, 2, 3}));
    EXPECT_EQ(R::parse_opsets("1,3-5"), (std::set<int>{1, 3, 4, 5}));
    EXPECT_EQ(R::parse_opsets("7"), (std::set<int>{7}));
    for (const char* bad : {"", "0", "1-15", "3-1", "1;2", "a", "1,", "-3"})
        EXPECT_THROW(R::parse_opsets(bad), ov::Exception) << bad;
}

TEST(OpTable, IrReaderRefusesAnOpset14OpDevmuxLacksNamingTheLayer) {
    const std::string xml = R"(<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="in" type="Parameter" version="opset1">
      <data shape="1,3,3" element_type="f32"/>
      <output><port id="0" precision="FP32"><dim>1</dim><dim>3</dim><dim>3</dim></port></output>
    </layer>
    <layer id="1" name="invert" type="Inverse" version="opset14">
      <data adjoint="false"/>
      <input><port id="0"><dim>1</dim><dim>3</dim><dim>3</dim></port></input>
      <output><port id="1" precision="FP32"><dim>1</dim><dim>3</dim><dim>3</dim></port></output>
    </layer>
    <layer id="2" name="out" type="Result" version="opset1">
      <input><port id="0"><dim>1</dim><dim>3</dim><dim>3</dim></port></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
    <edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
  </edges>
</net>)";
    try {
        devmux::ir::read_model_from_memory(xml, nullptr, "opset14.xml");
        FAIL() << "Inverse of opset14 was read";
    } catch (const ov::Exception& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("invert"), std::string::npos) << message;
        EXPECT_NE(message.find("Inverse"), std::string::npos) << message;
        EXPECT_NE(message.find("opset14"), std::string::npos) << message;
        EXPECT_NE(message.find("MaxPool-14"), std::string::npos) << message;
    }
}

TEST(OpTable, IrReaderReadsMaxPoolOfOpset14) {
    // As Ultralytics' YOLOv8/YOLO11 exports write their SPPF pools (OpenVINO 2025 and newer).
    const std::string xml = R"(<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="in" type="Parameter" version="opset1">
      <data shape="1,1,5,5" element_type="f32"/>
      <output><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>5</dim><dim>5</dim></port></output>
    </layer>
    <layer id="1" name="pool" type="MaxPool" version="opset14">
      <data strides="2,2" dilations="1,1" pads_begin="1,1" pads_end="1,1" kernel="2,2" rounding_type="ceil_torch"
            auto_pad="explicit" index_element_type="i64" axis="0"/>
      <input><port id="0"><dim>1</dim><dim>1</dim><dim>5</dim><dim>5</dim></port></input>
      <output><port id="1" precision="FP32"><dim>1</dim><dim>1</dim><dim>3</dim><dim>3</dim></port>
              <port id="2" precision="I64"><dim>1</dim><dim>1</dim><dim>3</dim><dim>3</dim></port></output>
    </layer>
    <layer id="2" name="out" type="Result" version="opset1">
      <input><port id="0"><dim>1</dim><dim>1</dim><dim>3</dim><dim>3</dim></port></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
    <edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
  </edges>
</net>)";
    std::shared_ptr<ov::Model> model;
    ASSERT_NO_THROW(model = devmux::ir::read_model_from_memory(xml, nullptr, "opset14.xml"));
    std::shared_ptr<ov::op::v14::MaxPool> pool;
    for (const auto& node : model->get_ordered_ops())
        if (auto found = ov::as_type_ptr<ov::op::v14::MaxPool>(node))
            pool = found;
    ASSERT_TRUE(pool);
    EXPECT_EQ(pool->get_rounding_type(), ov::op::RoundingType::CEIL_TORCH);
    // ceil would give 4 windows per axis; the 4th would start in the end padding.
    EXPECT_EQ(pool->get_output_partial_shape(0), (ov::PartialShape{1, 1, 3, 3}));
    // The same layer as opset8 reads as MaxPool-8 (which takes ceil_torch too).
    std::string v8 = xml;
    v8.replace(v8.find("opset14"), 7, "opset8");
    EXPECT_NO_THROW(devmux::ir::read_model_from_memory(v8, nullptr, "opset8.xml"));
}

// The generated opsetN_tbl.hpp lists exactly the implemented members of opsetN, in the table's versions,
// and each entry names a class that exists (sizeof).
namespace {
std::set<std::string> table_members(int opset) {
    std::set<std::string> members;
    for (const auto& version : devmux::OpRegistry::instance().versions())
        if (version.factory && version.opsets.count(opset))
            members.insert(version.type + "/" + version.version);
    return members;
}
}  // namespace

// "ov::op::v8" -> "v8"
#define _OPENVINO_OP_REG(x, y) \
    listed.insert(std::string(#x) + "/" + std::string(#y).substr(std::string(#y).rfind(':') + 1)); \
    static_assert(sizeof(y::x) > 0, #x);

TEST(OpTable, GeneratedOpset1TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset1_tbl.hpp"
    EXPECT_EQ(listed, table_members(1));
}

TEST(OpTable, GeneratedOpset2TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset2_tbl.hpp"
    EXPECT_EQ(listed, table_members(2));
}

TEST(OpTable, GeneratedOpset3TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset3_tbl.hpp"
    EXPECT_EQ(listed, table_members(3));
}

TEST(OpTable, GeneratedOpset4TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset4_tbl.hpp"
    EXPECT_EQ(listed, table_members(4));
}

TEST(OpTable, GeneratedOpset5TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset5_tbl.hpp"
    EXPECT_EQ(listed, table_members(5));
}

TEST(OpTable, GeneratedOpset6TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset6_tbl.hpp"
    EXPECT_EQ(listed, table_members(6));
}

TEST(OpTable, GeneratedOpset7TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset7_tbl.hpp"
    EXPECT_EQ(listed, table_members(7));
}

TEST(OpTable, GeneratedOpset8TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset8_tbl.hpp"
    EXPECT_EQ(listed, table_members(8));
}

TEST(OpTable, GeneratedOpset9TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset9_tbl.hpp"
    EXPECT_EQ(listed, table_members(9));
}

TEST(OpTable, GeneratedOpset10TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset10_tbl.hpp"
    EXPECT_EQ(listed, table_members(10));
}

TEST(OpTable, GeneratedOpset11TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset11_tbl.hpp"
    EXPECT_EQ(listed, table_members(11));
}

TEST(OpTable, GeneratedOpset12TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset12_tbl.hpp"
    EXPECT_EQ(listed, table_members(12));
}

TEST(OpTable, GeneratedOpset13TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset13_tbl.hpp"
    EXPECT_EQ(listed, table_members(13));
}

TEST(OpTable, GeneratedOpset14TableMatchesTheRegistry) {
    std::set<std::string> listed;
#include "openvino/opsets/opset14_tbl.hpp"
    EXPECT_EQ(listed, table_members(14));
    EXPECT_EQ(listed, (std::set<std::string>{"AvgPool/v14", "MaxPool/v14"}));
}
#undef _OPENVINO_OP_REG

TEST(OpSetApi, EachOpsetHoldsTheTablesImplementedMembers) {
    const auto& opsets = ov::get_available_opsets();
    // opset1 ... opset13 and the part of opset14 devmux implements.
    ASSERT_EQ(opsets.size(), 14u);
    for (int n = 1; n <= 14; ++n) {
        const ov::OpSet& opset = opsets.at("opset" + std::to_string(n))();
        EXPECT_EQ(opset.get_name(), "opset" + std::to_string(n));
        std::set<std::string> names;
        for (const auto& info : opset.get_types_info())
            names.insert(std::string(info.name) + "/" + info.get_version());
        std::set<std::string> expected;
        for (const auto& version : devmux::OpRegistry::instance().versions())
            if (version.factory && version.opsets.count(n))
                expected.insert(version.type + "/" + version.introduced_in);
        EXPECT_EQ(names, expected) << "opset" << n;
    }
}

TEST(OpSetApi, CreatesTheOpsetsVersionOfAType) {
    std::unique_ptr<ov::Node> v1(ov::get_opset1().create("MaxPool"));
    std::unique_ptr<ov::Node> v8(ov::get_opset8().create("MaxPool"));
    ASSERT_TRUE(v1 && v8);
    EXPECT_TRUE(ov::is_type<ov::op::v1::MaxPool>(v1.get()));
    EXPECT_TRUE(ov::is_type<ov::op::v8::MaxPool>(v8.get()));
    std::unique_ptr<ov::Node> insensitive(ov::get_opset8().create_insensitive("maxpool"));
    EXPECT_TRUE(ov::is_type<ov::op::v8::MaxPool>(insensitive.get()));
    EXPECT_EQ(ov::get_opset8().create("NoSuchOp"), nullptr);
    EXPECT_TRUE(ov::get_opset8().contains_type<ov::op::v8::Gather>());
    EXPECT_FALSE(ov::get_opset8().contains_type<ov::op::v1::Gather>());
    EXPECT_TRUE(ov::get_opset1().contains_type("Gather"));
    EXPECT_TRUE(ov::get_opset1().contains_type_insensitive("gATHER"));
    EXPECT_TRUE(ov::get_opset3().contains_op_type(v1.get()));
    EXPECT_FALSE(ov::get_opset8().contains_op_type(v1.get()));
}

TEST(OpSetApi, AHandBuiltOpsetHoldsWhatIsInserted) {
    ov::OpSet custom("custom");
    custom.insert<ov::op::v0::Relu>();
    custom.insert<ov::op::v0::Sigmoid>("Logistic");
    EXPECT_EQ(custom.size(), 2u);
    EXPECT_TRUE(custom.contains_type("Logistic"));
    std::unique_ptr<ov::Node> logistic(custom.create("Logistic"));
    EXPECT_TRUE(ov::is_type<ov::op::v0::Sigmoid>(logistic.get()));
}
