// SPDX-License-Identifier: Apache-2.0
// The one export format (devmux/kit/export_format.hpp), the public model serialization
// (devmux/kit/model_io.hpp), and how the Core and the plugins check the header on import.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "common/test_utils.hpp"
#include "devmux/kit/export_format.hpp"
#include "devmux/kit/model_io.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "openvino/core/version.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/core.hpp"

namespace {

using devmux_test::error_of;
using devmux_test::param;
using ::testing::HasSubstr;

// x + c -> Relu, with seeded random constants (a model the IR writer and reader must carry exactly).
std::shared_ptr<ov::Model> make_model(std::vector<float>& constant_values) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> dist(-2.f, 2.f);
    constant_values.resize(6);
    for (auto& v : constant_values)
        v = dist(rng);
    auto x = param(ov::element::f32, ov::PartialShape{2, 3}, "x");
    auto c = std::make_shared<ov::op::v0::Constant>(ov::element::f32, ov::Shape{2, 3}, constant_values);
    auto add = std::make_shared<ov::op::v1::Add>(x, c);
    auto relu = std::make_shared<ov::op::v0::Relu>(add);
    relu->set_friendly_name("relu");
    auto result = std::make_shared<ov::op::v0::Result>(relu);
    return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{x}, "export_format_model");
}

std::string header_with(const std::string& plugin, const std::string& api, const std::string& version) {
    return std::string(devmux::kit::export_magic) + "\nplugin=" + plugin + "\ndevice=" + plugin + "\nplugin-api=" +
           api + "\ndevmux=" + version + "\n";
}

TEST(ExportFormat, HeaderAndPayloadRoundTrip) {
    std::vector<float> weights;
    const auto model = make_model(weights);
    std::stringstream stream;
    const std::string binary("\0\n\xff payload", 11);
    {
        devmux::kit::ExportWriter writer(stream, "ACME", "ACME.1");
        writer.write_string(binary);
        writer.write_properties({{ov::num_streams.name(), ov::streams::Num{3}}, {"ACME_KEY", "a value"}});
        writer.write_model(*model);
        writer.finish();
    }
    devmux::kit::ExportReader reader(stream, "ACME", "ACME");
    EXPECT_EQ(reader.header().plugin, "ACME");
    EXPECT_EQ(reader.header().device, "ACME.1");
    EXPECT_EQ(reader.header().plugin_api_version, devmux::plugin_api_version);
    EXPECT_EQ(reader.header().devmux_version, ov::get_openvino_version().buildNumber);
    EXPECT_EQ(reader.read_string("blob"), binary);
    const ov::AnyMap properties = reader.read_properties();
    EXPECT_EQ(properties.at(ov::num_streams.name()).as<std::string>(), "3");
    EXPECT_EQ(properties.at("ACME_KEY").as<std::string>(), "a value");
    const auto read = reader.read_model();
    ASSERT_EQ(read->get_ordered_ops().size(), model->get_ordered_ops().size());
    std::vector<float> read_weights;
    for (const auto& op : read->get_ordered_ops())
        if (auto constant = std::dynamic_pointer_cast<ov::op::v0::Constant>(op))
            read_weights = constant->cast_vector<float>();
    EXPECT_EQ(read_weights, weights);  // bit-exact: IR weights are the bytes themselves
    EXPECT_EQ(stream.peek(), std::char_traits<char>::eof());  // the reader took exactly what was written
}

TEST(ExportFormat, PeekReadsTheHeaderAndRewinds) {
    std::stringstream stream;
    devmux::kit::ExportWriter(stream, "ACME", "ACME").write_string("payload");
    const auto header = devmux::kit::peek_export_header(stream, "test");
    ASSERT_TRUE(header);
    EXPECT_EQ(header->plugin, "ACME");
    EXPECT_EQ(stream.tellg(), std::streampos(0));
    devmux::kit::ExportReader reader(stream, "ACME", "ACME");
    EXPECT_EQ(reader.read_string("payload"), "payload");

    std::stringstream foreign("<?xml version=\"1.0\"?><net/>");
    EXPECT_FALSE(devmux::kit::peek_export_header(foreign, "test"));
    EXPECT_EQ(foreign.tellg(), std::streampos(0));
}

TEST(ExportFormat, ImportNamesEveryMismatch) {
    const std::string version = ov::get_openvino_version().buildNumber;
    const std::string api = std::to_string(devmux::plugin_api_version);
    {
        std::stringstream stream(header_with("OTHER", api, version));
        const std::string error = error_of([&] { devmux::kit::ExportReader(stream, "ACME", "ACME importer"); });
        EXPECT_THAT(error, HasSubstr("ACME importer"));
        EXPECT_THAT(error, HasSubstr("'OTHER'"));
        EXPECT_THAT(error, HasSubstr("'ACME'"));
    }
    {
        std::stringstream stream(header_with("ACME", "999", version));
        const std::string error = error_of([&] { devmux::kit::ExportReader(stream, "ACME", "ACME"); });
        EXPECT_THAT(error, HasSubstr("plugin API version 999"));
        EXPECT_THAT(error, HasSubstr("plugin API version " + api));
    }
    {
        std::stringstream stream(header_with("ACME", api, "0.0.0-old"));
        const std::string error = error_of([&] { devmux::kit::ExportReader(stream, "ACME", "ACME"); });
        EXPECT_THAT(error, HasSubstr("devmux 0.0.0-old"));
        EXPECT_THAT(error, HasSubstr("devmux " + version));
    }
    {
        std::stringstream stream("DEVMUX_CPU_EXPORT 1\n");
        const std::string error = error_of([&] { devmux::kit::ExportReader(stream, "ACME", "ACME"); });
        EXPECT_THAT(error, HasSubstr("not a model exported by a devmux plugin"));
        EXPECT_THAT(error, HasSubstr("DEVMUX_CPU_EXPORT 1"));
    }
}

TEST(ExportFormat, TruncatedPayloadIsNamed) {
    std::stringstream stream;
    {
        devmux::kit::ExportWriter writer(stream, "ACME", "ACME");
        writer.write_string(std::string(100, 'x'));
    }
    // The payload is read and its size checked before any item of it: a truncated export is refused whole.
    const std::string truncated = stream.str().substr(0, stream.str().size() - 10);
    std::stringstream cut(truncated);
    const std::string error = error_of([&] { devmux::kit::ExportReader(cut, "ACME", "ACME"); });
    EXPECT_THAT(error, HasSubstr("truncated"));
    EXPECT_THAT(error, HasSubstr("94 of its 104 payload bytes"));  // "100\n" and the 100 bytes
}

TEST(ModelIo, KnownOpTypesAreTheRegisteredOnes) {
    const auto types = devmux::kit::known_op_types();
    EXPECT_TRUE(std::is_sorted(types.begin(), types.end()));
    EXPECT_NE(std::find(types.begin(), types.end(), "Relu"), types.end());
    EXPECT_NE(std::find(types.begin(), types.end(), "Convolution"), types.end());
    EXPECT_EQ(std::find(types.begin(), types.end(), "ReLU"), types.end());
}

// The Core checks the header of every import, whatever the plugin, and names the device.
TEST(CoreImport, RefusesAnExportOfAnotherDevmuxVersion) {
    ov::Core core;
    std::vector<float> weights;
    std::stringstream blob;
    core.compile_model(make_model(weights), "CPU").export_model(blob);
    std::string text = blob.str();
    const std::string version_line = std::string("devmux=") + ov::get_openvino_version().buildNumber + "\n";
    const auto at = text.find(version_line);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, version_line.size(), "devmux=0.0.1\n");
    std::stringstream old(text);
    const std::string error = error_of([&] { core.import_model(old, "CPU"); });
    EXPECT_THAT(error, HasSubstr("'CPU'"));
    EXPECT_THAT(error, HasSubstr("devmux 0.0.1"));
}

TEST(CoreImport, ThePluginRefusesAnotherPluginsExport) {
    std::stringstream stream;
    {
        devmux::kit::ExportWriter writer(stream, "ACME", "ACME");
        writer.write_string("whatever ACME writes");
        writer.finish();
    }
    ov::Core core;
    const std::string error = error_of([&] { core.import_model(stream, "CPU"); });
    EXPECT_THAT(error, HasSubstr("'ACME'"));
    EXPECT_THAT(error, HasSubstr("'CPU'"));
}

TEST(CoreImport, ExportThenImportGivesTheSameResults) {
    ov::Core core;
    std::vector<float> weights;
    auto compiled = core.compile_model(make_model(weights), "CPU");
    std::stringstream blob;
    compiled.export_model(blob);
    auto imported = core.import_model(blob, "CPU");
    const ov::Tensor x = devmux_test::random_f32({2, 3}, 11, -3.f, 3.f);
    devmux_test::expect_same_output(compiled, imported, x, 0.f);
}

}  // namespace
