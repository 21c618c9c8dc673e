// SPDX-License-Identifier: Apache-2.0
// Forming aliases from PROXY_CONFIGURATION_* properties (plugins.xml and register_plugin), hiding the
// members, and the registration errors.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "proxy_test_utils.hpp"

using namespace proxy_test;
using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

TEST(ProxyRegistration, AliasIsListedAndItsMembersAreHidden) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_UUIDS", uuid_1}}) +
                                        mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_UUIDS", uuid_2}}) +
                                        mock("OTHER", {}));
    ov::Core core(xml);
    const auto devices = core.get_available_devices();
    EXPECT_THAT(devices, ElementsAre("GPU.0", "GPU.1", "OTHER"));
}

TEST(ProxyRegistration, HiddenMemberStaysAddressableByItsOwnName) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_FULL_NAME", "vendor A"}}));
    ov::Core core(xml);
    EXPECT_EQ(core.get_property("VA", ov::device::full_name), "vendor A");
    EXPECT_THAT(core.get_available_devices(), ElementsAre("GPU"));
}

TEST(ProxyRegistration, ProxyKeysNeverReachTheHardwarePlugin) {
    // The mock plugin refuses every key it does not know, so loading it proves the keys stayed behind.
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"},
                                                {"PROXY_CONFIGURATION_PRIORITY", "3"},
                                                {"PROXY_CONFIGURATION_FALLBACK", "VB"}}) +
                                        mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}));
    ov::Core core(xml);
    EXPECT_NO_THROW(core.get_property("VA", ov::supported_properties));
    EXPECT_NO_THROW(core.get_property("VB", ov::supported_properties));
    EXPECT_THAT(core.get_available_devices(), ElementsAre("GPU.0", "GPU.1")) << "no uuids: two devices";
}

TEST(ProxyRegistration, AliasEqualToThePluginNameMovesThePluginToNameOvInternal) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("GPU", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_FULL_NAME", "real gpu"}}));
    ov::Core core(xml);
    EXPECT_THAT(core.get_available_devices(), ElementsAre("GPU"));
    EXPECT_EQ(core.get_property("GPU_ov_internal", ov::device::full_name), "real gpu");
    EXPECT_EQ(core.get_property("GPU", ov::device::full_name), "real gpu");
    EXPECT_THAT(core.get_property("GPU", "PROXY_ALIAS_FOR").as<std::vector<std::string>>(),
                ElementsAre("GPU_ov_internal"));
}

TEST(ProxyRegistration, InternalNameKeyNamesTheRealPlugin) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("GPU", {{"PROXY_CONFIGURATION_ALIAS", "GPU"},
                                                 {"PROXY_CONFIGURATION_INTERNAL_NAME", "OCL_GPU"},
                                                 {"MOCK_FULL_NAME", "ocl gpu"}}));
    ov::Core core(xml);
    EXPECT_EQ(core.get_property("OCL_GPU", ov::device::full_name), "ocl gpu");
    EXPECT_THAT(core.get_property("GPU", "PROXY_ALIAS_FOR").as<std::vector<std::string>>(), ElementsAre("OCL_GPU"));
    EXPECT_THAT(core.get_available_devices(), ElementsAre("GPU"));
}

TEST(ProxyRegistration, FallbackOnlyEntryBecomesAProxyOverItselfAndItsFallback) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("ACC", {{"PROXY_CONFIGURATION_FALLBACK", "HOST"}}) + mock("HOST", {}));
    ov::Core core(xml);
    EXPECT_THAT(core.get_available_devices(), ElementsAre("ACC", "HOST"));
    // HOST is no member of ACC: it serves the device as a whole, at the end of the chain.
    EXPECT_THAT(priorities_of(core, "ACC"), ElementsAre("ACC_ov_internal", "HOST"));
    EXPECT_EQ(core.get_property("ACC", "PROXY_COMPILE_TARGET").as<std::string>(), "HETERO:ACC_ov_internal.0,HOST");
}

// A fallback naming an alias that took a plugin's own name means that plugin, as in the reference;
// the order of the entries in the file does not matter.
TEST(ProxyRegistration, FallbackToTheAliasMeansThePluginWhoseNameItTook) {
    const Properties cbd{{"PROXY_CONFIGURATION_ALIAS", "CBD"}, {"PROXY_CONFIGURATION_PRIORITY", "0"},
                         {"MOCK_UUIDS", uuid_1}, {"MOCK_FULL_NAME", "cbd"}};
    const Properties dek{{"PROXY_CONFIGURATION_ALIAS", "CBD"}, {"PROXY_CONFIGURATION_FALLBACK", "CBD"},
                         {"PROXY_CONFIGURATION_PRIORITY", "1"}, {"MOCK_UUIDS", uuid_1}, {"MOCK_FULL_NAME", "dek"}};
    for (const bool dek_first : {false, true}) {
        SCOPED_TRACE(dek_first ? "DEK first in the file" : "CBD first in the file");
        core_test::TempDir dir;
        ov::Core core(write_xml(dir, dek_first ? mock("DEK", dek) + mock("CBD", cbd) : mock("CBD", cbd) + mock("DEK", dek)));
        EXPECT_THAT(core.get_available_devices(), ElementsAre("CBD"));
        EXPECT_THAT(core.get_property("CBD", "PROXY_ALIAS_FOR").as<std::vector<std::string>>(),
                    ElementsAre("CBD_ov_internal", "DEK"));
        EXPECT_THAT(priorities_of(core, "CBD"), ElementsAre("DEK", "CBD_ov_internal"));
        EXPECT_EQ(core.get_property("CBD", "PROXY_COMPILE_TARGET").as<std::string>(), "HETERO:DEK.0,CBD_ov_internal.0");
        EXPECT_EQ(core.get_property("CBD", ov::device::full_name), "dek") << "DEK heads the chain: the primary";
    }
}

TEST(ProxyRegistrationErrors, FallbackToAnAliasThatTookNoPluginsNameIsRefused) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "GPU"}}));
    EXPECT_THAT(error_of([&] { ov::Core core(xml); }),
                AllOf(HasSubstr(xml), HasSubstr("'VA'"), HasSubstr("names the alias 'GPU'")));
}

TEST(ProxyRegistrationErrors, PluginWhoseNameTheAliasTookCannotFallBackToItself) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("GPU", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "GPU"}}));
    EXPECT_THAT(error_of([&] { ov::Core core(xml); }), AllOf(HasSubstr("'GPU'"), HasSubstr("names the plugin itself")));
}

TEST(ProxyRegistration, RegisterPluginJoinsAnAliasLikeAnXmlEntry) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "VA",
                         {{"PROXY_CONFIGURATION_ALIAS", "NPU"}, {"MOCK_UUIDS", uuid_1}, {"MOCK_FULL_NAME", "a"}});
    core.register_plugin(devmux_mock::library_path(), "VB",
                         {{"PROXY_CONFIGURATION_ALIAS", "NPU"}, {"PROXY_CONFIGURATION_PRIORITY", "0"},
                          {"MOCK_UUIDS", uuid_1}, {"MOCK_FULL_NAME", "b"}});
    EXPECT_THAT(core.get_property("NPU", "PROXY_ALIAS_FOR").as<std::vector<std::string>>(), ElementsAre("VB", "VA"));
    EXPECT_EQ(core.get_property("NPU", ov::device::full_name), "b") << "VB has the better priority";
    const auto devices = core.get_available_devices();
    EXPECT_THAT(devices, Contains("NPU"));
    EXPECT_THAT(devices, Not(Contains("VA")));
    EXPECT_THAT(devices, Not(Contains("VB")));
}

// ---- errors: each names the plugin and where it was registered ----

TEST(ProxyRegistrationErrors, DotInAliasNamesPluginAndXml) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU.1"}}));
    EXPECT_THAT(error_of([&] { ov::Core core(xml); }), AllOf(HasSubstr(xml), HasSubstr("'VA'"), HasSubstr("GPU.1")));
}

TEST(ProxyRegistrationErrors, DuplicatePluginAcrossFilesNamesBoth) {
    core_test::TempDir dir;
    const auto first = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}), "first.xml");
    const auto second = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}), "second.xml");
    ov::Core core(first);
    EXPECT_THAT(error_of([&] { core.register_plugins(second); }),
                AllOf(HasSubstr(second), HasSubstr("'VA'"), HasSubstr("already")));
}

TEST(ProxyRegistrationErrors, AliasCollidingWithARealPluginInTheSameFile) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("GPU", {}) + mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}));
    EXPECT_THAT(error_of([&] { ov::Core core(xml); }), AllOf(HasSubstr(xml), HasSubstr("GPU"), HasSubstr("collides")));
}

TEST(ProxyRegistrationErrors, AliasCollidingWithAnAlreadyRegisteredPlugin) {
    core_test::TempDir dir;
    const auto first = write_xml(dir, mock("GPU", {}), "first.xml");
    const auto second = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}), "second.xml");
    ov::Core core(first);
    EXPECT_THAT(error_of([&] { core.register_plugins(second); }),
                AllOf(HasSubstr(second), HasSubstr("'VA'"), HasSubstr("collides"), HasSubstr(first)));
    // Nothing of the refused file was registered.
    EXPECT_THAT(error_of([&] { core.get_property("VA", ov::device::full_name); }), HasSubstr("not registered"));
}

TEST(ProxyRegistrationErrors, MalformedPriorityNamesPluginAndValue) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"},
                                                {"PROXY_CONFIGURATION_PRIORITY", "first"}}));
    EXPECT_THAT(error_of([&] { ov::Core core(xml); }),
                AllOf(HasSubstr(xml), HasSubstr("'VA'"), HasSubstr("PROXY_CONFIGURATION_PRIORITY"), HasSubstr("first")));
}

TEST(ProxyRegistrationErrors, MalformedDevicePrioritiesEntryIsRefused) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}));
    ov::Core core(xml);
    EXPECT_THAT(error_of([&] { core.set_property("GPU", {{"PROXY_DEVICE_PRIORITIES", "VA-1"}}); }),
                AllOf(HasSubstr("VA-1"), HasSubstr("<plugin>:<priority>")));
}

TEST(ProxyRegistrationErrors, AmbiguousFallbackOrderNamesTheChain) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VC"}}) +
                                        mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VC"}}) +
                                        mock("VC", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}));
    EXPECT_THAT(error_of([&] { ov::Core core(xml); }),
                AllOf(HasSubstr(xml), HasSubstr("'VB'"), HasSubstr("ambiguous"), HasSubstr("[VA, VC]")));
}

TEST(ProxyRegistrationErrors, UnknownProxyKeyIsRefused) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIASES", "GPU"}}));
    EXPECT_THAT(error_of([&] { ov::Core core(xml); }), AllOf(HasSubstr("'VA'"), HasSubstr("PROXY_CONFIGURATION_ALIASES")));
}

TEST(ProxyRegistration, FallbackLinksExtendOneChain) {
    core_test::TempDir dir;
    const auto xml = write_xml(dir, mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VC"},
                                                {"MOCK_UUIDS", uuid_1}}) +
                                        mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VB"},
                                                    {"PROXY_CONFIGURATION_PRIORITY", "0"}, {"MOCK_UUIDS", uuid_1}}) +
                                        mock("VC", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_UUIDS", uuid_1}}));
    ov::Core core(xml);
    EXPECT_THAT(priorities_of(core, "GPU"), ElementsAre("VA", "VB", "VC"));
}

}  // namespace
