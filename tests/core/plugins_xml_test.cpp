// SPDX-License-Identifier: Apache-2.0
// plugins.xml parsing: what is read, how locations resolve, and which files are refused. Nothing here
// loads a library.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/plugins_xml.hpp"
#include "core_test_utils.hpp"
#include "openvino/core/except.hpp"

using namespace core_test;
using devmux::config::parse_plugins_xml;
using ::testing::AllOf;
using ::testing::HasSubstr;

namespace {

std::string error_of(const std::string& xml_path) {
    try {
        parse_plugins_xml(xml_path);
    } catch (const ov::Exception& e) {
        return e.what();
    }
    return "<no error>";
}

TEST(PluginsXml, ReadsNamesLocationsAndPropertiesInFileOrder) {
    TempDir dir;
    write_file(dir.file("plugins.xml"),
               plugins_xml(plugin_element("A", "/opt/liba.so", {{"Z_KEY", "1"}, {"A_KEY", "two words"}}) +
                           plugin_element("B", "/opt/libb.so")));
    const auto xml = parse_plugins_xml(dir.file("plugins.xml"));
    EXPECT_EQ(xml.path, dir.file("plugins.xml"));
    ASSERT_EQ(xml.plugins.size(), 2u);
    EXPECT_EQ(xml.plugins[0].name, "A");
    EXPECT_EQ(xml.plugins[0].library_path, "/opt/liba.so");
    const std::vector<std::pair<std::string, std::string>> expected{{"Z_KEY", "1"}, {"A_KEY", "two words"}};
    EXPECT_EQ(xml.plugins[0].properties, expected);
    EXPECT_EQ(xml.plugins[1].name, "B");
    EXPECT_TRUE(xml.plugins[1].properties.empty());
}

TEST(PluginsXml, EmptyPluginListIsValid) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), plugins_xml(""));
    EXPECT_TRUE(parse_plugins_xml(dir.file("plugins.xml")).plugins.empty());
}

TEST(PluginsXml, AbsoluteLocationIsKept) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("A", "/somewhere/else/liba.so")));
    EXPECT_EQ(parse_plugins_xml(dir.file("plugins.xml")).plugins[0].library_path, "/somewhere/else/liba.so");
}

TEST(PluginsXml, RelativeLocationIsTakenFromTheXmlFolder) {
    TempDir dir;
    write_file(dir.file("conf/plugins.xml"),
               plugins_xml(plugin_element("A", "sub/liba.so") + plugin_element("B", "../libs/libb.so")));
    const auto xml = parse_plugins_xml(dir.file("conf/plugins.xml"));
    EXPECT_EQ(xml.plugins[0].library_path, dir.file("conf/sub/liba.so"));
    EXPECT_EQ(xml.plugins[1].library_path, dir.file("libs/libb.so"));
}

TEST(PluginsXml, BareNameBesideTheXmlFileBecomesThatPath) {
    TempDir dir;
    write_file(dir.file("liba.so"), "not really a library");
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("A", "liba.so")));
    EXPECT_EQ(parse_plugins_xml(dir.file("plugins.xml")).plugins[0].library_path, dir.file("liba.so"));
}

TEST(PluginsXml, BareNameNotBesideTheXmlFileIsLeftToTheLoader) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("A", "libnowhere.so")));
    EXPECT_EQ(parse_plugins_xml(dir.file("plugins.xml")).plugins[0].library_path, "libnowhere.so");
}

TEST(PluginsXml, DotInNameIsRefusedNamingFileAndPlugin) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("GPU.1", "/x/libgpu.so")));
    EXPECT_THAT(error_of(dir.file("plugins.xml")),
                AllOf(HasSubstr(dir.file("plugins.xml")), HasSubstr("'GPU.1'"), HasSubstr("'.'")));
}

TEST(PluginsXml, ColonInNameIsRefused) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("HETERO:CPU", "/x/libh.so")));
    EXPECT_THAT(error_of(dir.file("plugins.xml")), AllOf(HasSubstr("'HETERO:CPU'"), HasSubstr("':'")));
}

TEST(PluginsXml, DuplicateNameIsRefusedNamingFileAndPlugin) {
    TempDir dir;
    write_file(dir.file("plugins.xml"),
               plugins_xml(plugin_element("CPU", "/x/liba.so") + plugin_element("CPU", "/x/libb.so")));
    EXPECT_THAT(error_of(dir.file("plugins.xml")),
                AllOf(HasSubstr(dir.file("plugins.xml")), HasSubstr("'CPU'"), HasSubstr("twice")));
}

TEST(PluginsXml, MalformedXmlNamesFileOffsetAndPugixmlDescription) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), "<ie>\n  <plugins>\n    <plugin name=\"A\" location=\"x\">\n  </plugins>\n</ie>\n");
    EXPECT_THAT(error_of(dir.file("plugins.xml")),
                AllOf(HasSubstr("Malformed"), HasSubstr(dir.file("plugins.xml")), HasSubstr("offset"),
                      HasSubstr("mismatch"), HasSubstr("line 4")));
}

TEST(PluginsXml, MissingFileIsNamed) {
    TempDir dir;
    EXPECT_THAT(error_of(dir.file("absent.xml")), AllOf(HasSubstr(dir.file("absent.xml")), HasSubstr("does not exist")));
}

TEST(PluginsXml, PluginWithoutLocationIsRefused) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), plugins_xml("    <plugin name=\"A\"/>\n"));
    EXPECT_THAT(error_of(dir.file("plugins.xml")), AllOf(HasSubstr("'A'"), HasSubstr("location")));
}

TEST(PluginsXml, PluginWithoutNameIsRefused) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), plugins_xml("    <plugin location=\"/x/liba.so\"/>\n"));
    EXPECT_THAT(error_of(dir.file("plugins.xml")), AllOf(HasSubstr("plugin #1"), HasSubstr("'name'")));
}

TEST(PluginsXml, WrongRootElementIsRefused) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), "<openvino><plugins/></openvino>");
    EXPECT_THAT(error_of(dir.file("plugins.xml")), AllOf(HasSubstr("<openvino>"), HasSubstr("<ie>")));
}

TEST(PluginsXml, PropertyWithoutKeyIsRefused) {
    TempDir dir;
    write_file(dir.file("plugins.xml"),
               plugins_xml("    <plugin name=\"A\" location=\"/x/a.so\"><properties><property value=\"1\"/>"
                           "</properties></plugin>\n"));
    EXPECT_THAT(error_of(dir.file("plugins.xml")), AllOf(HasSubstr("'A'"), HasSubstr("'key'")));
}

TEST(PluginsXml, RepeatedPropertyKeyIsRefused) {
    TempDir dir;
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("A", "/x/a.so", {{"K", "1"}, {"K", "2"}})));
    EXPECT_THAT(error_of(dir.file("plugins.xml")), AllOf(HasSubstr("'A'"), HasSubstr("'K'"), HasSubstr("twice")));
}

}  // namespace
