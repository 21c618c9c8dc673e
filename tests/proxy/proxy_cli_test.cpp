// SPDX-License-Identifier: Apache-2.0
// `devmux devices` on an alias (issue 4 §6): each alias device with its UUID, serving plugins and
// devices, fallback chain and compile target; and the alias properties the CLI reads them from.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <sys/wait.h>

#include "proxy_test_utils.hpp"

using namespace proxy_test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

// VA: devices 0 (uuid 1), 1 (uuid 2); VB: device 0 (uuid 1), VA's fallback, then CPU (not a member).
std::string alias_xml(const core_test::TempDir& dir) {
    return write_xml(dir, core_test::plugin_element("CPU", std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_cpu_plugin.so") +
                              mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VB"},
                                          {"MOCK_DEVICE_IDS", "0,1"},
                                          {"MOCK_UUIDS", std::string(uuid_1) + "," + uuid_2}}) +
                              mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "CPU"},
                                          {"MOCK_UUIDS", uuid_1}}));
}

TEST(ProxyCli, AliasPropertiesTellServingDevicesAndCompileTarget) {
    core_test::TempDir dir;
    ov::Core core(alias_xml(dir));
    EXPECT_THAT(core.get_property("GPU.0", "PROXY_SERVING_DEVICES").as<std::vector<std::string>>(),
                ElementsAre("VA.0", "VB.0"));
    EXPECT_EQ(core.get_property("GPU.0", "PROXY_COMPILE_TARGET").as<std::string>(), "HETERO:VA.0,VB.0,CPU");
    EXPECT_THAT(core.get_property("GPU.1", "PROXY_SERVING_DEVICES").as<std::vector<std::string>>(),
                ElementsAre("VA.1"));
    EXPECT_EQ(core.get_property("GPU.1", "PROXY_COMPILE_TARGET").as<std::string>(), "HETERO:VA.1,CPU");
}

TEST(ProxyCli, DevicesCommandShowsEachAliasDevice) {
    core_test::TempDir dir;
    const std::string xml = alias_xml(dir);
    const std::string out_file = dir.file("out.txt");
    const std::string command = std::string(DEVMUX_BUILD_BIN_DIR) + "/devmux devices --plugins '" + xml + "' > '" +
                                out_file + "' 2>&1 </dev/null";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    const std::string out = core_test::read_file(out_file);
    EXPECT_THAT(out, HasSubstr("GPU.0\n"));
    EXPECT_THAT(out, HasSubstr(std::string("UUID:       ") + uuid_1));
    EXPECT_THAT(out, HasSubstr("Served by:  VA.0, VB.0"));
    EXPECT_THAT(out, HasSubstr("Fallbacks:  VB, CPU"));
    EXPECT_THAT(out, HasSubstr("Compiles on: VA.0 when it runs every op of the model, else HETERO:VA.0,VB.0,CPU"));
    EXPECT_THAT(out, HasSubstr("Served by:  VA.1\n"));
    EXPECT_THAT(out, ::testing::Not(HasSubstr("without devices"))) << "VA and VB serve the alias's devices";
}

TEST(ProxyCli, DevicesCommandNamesWhatFailed) {
    core_test::TempDir dir;
    const std::string xml = write_xml(
        dir, core_test::plugin_element("BROKEN", dir.file("libmissing.so"), {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}) +
                 mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}) +
                 core_test::plugin_element("SILENT", std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_hetero_gate_plugin.so",
                                           {{"GATE_FAIL_DEVICE_LIST", "the driver is not answering"}}));
    const std::string out_file = dir.file("out.txt");
    const std::string command = std::string(DEVMUX_BUILD_BIN_DIR) + "/devmux devices --plugins '" + xml + "' > '" +
                                out_file + "' 2>&1 </dev/null";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    const std::string out = core_test::read_file(out_file);
    EXPECT_THAT(out, HasSubstr("Enumeration error: BROKEN: cannot list its devices"));
    EXPECT_THAT(out, HasSubstr("Failed to list devices:\n  SILENT"));
    EXPECT_THAT(out, HasSubstr("the driver is not answering"));
}

}  // namespace

namespace {

// `devmux query -d GPU.0` shows the hardware devices behind the alias, and the split a compile makes when
// the primary lacks an op: VA takes no Concat, so SqueezeNet's Concats fall to VB.
TEST(ProxyCli, QueryOnAnAliasShowsTheHardwareDevicesAndTheSplit) {
    core_test::TempDir dir;
    const std::string without_concat = "Parameter,Result,Constant,Convert,Convolution,Add,Relu,MaxPool,ReduceMean,Softmax";
    const std::string xml = write_xml(
        dir, core_test::plugin_element("CPU", std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_cpu_plugin.so") +
                 core_test::plugin_element("HETERO", std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_hetero_plugin.so") +
                 mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VB"},
                             {"MOCK_UUIDS", uuid_1}, {"MOCK_SUPPORTED_OPS", without_concat}}) +
                 mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "CPU"},
                             {"MOCK_UUIDS", uuid_1}}));
    const std::string out_file = dir.file("out.txt");
    const std::string command = std::string(DEVMUX_BUILD_BIN_DIR) + "/devmux query --plugins '" + xml + "' -m '" +
                                DEVMUX_MODELS_DIR + "/squeezenet1.1-ir11/squeezenet1.1.xml' -d GPU > '" + out_file +
                                "' 2>&1 </dev/null";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    const std::string out = core_test::read_file(out_file);
    EXPECT_THAT(out, HasSubstr("Queried device: GPU (an alias over HETERO:VA.0,VB.0,CPU)"));
    EXPECT_THAT(out, ::testing::ContainsRegex("fire2/concat +Concat +opset1 +VB\\.0"));
    EXPECT_THAT(out, ::testing::ContainsRegex("conv1 +Add +opset1 +VA\\.0"));
    EXPECT_THAT(out, HasSubstr("Subgraphs ("));
    EXPECT_THAT(out, ::testing::Not(HasSubstr(" GPU\n"))) << "ops are shown on hardware devices, not on the alias";
}

}  // namespace
