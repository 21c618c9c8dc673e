// SPDX-License-Identifier: Apache-2.0
// The Core's plugin registry: registration from plugins.xml and register_plugin, lazy loading, load
// failures that stay per device, unloading, and what describe_plugins reports.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <cstdlib>
#include <functional>

#include "common/test_utils.hpp"
#include "core_test_utils.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "devmux/registry_info.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/core.hpp"

using namespace core_test;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

// Points the test plugin's create/destroy marker at a file of this test, and back at nothing after.
class MarkerFile {
public:
    explicit MarkerFile(const TempDir& dir) : m_path(dir.file("marker.txt")) {
        setenv("DEVMUX_TEST_PLUGIN_MARKER", m_path.c_str(), 1);
    }
    ~MarkerFile() { unsetenv("DEVMUX_TEST_PLUGIN_MARKER"); }
    std::string events() const { return read_file(m_path); }

private:
    std::string m_path;
};

using devmux_test::error_of;

const devmux::PluginDescription* find_description(const std::vector<devmux::PluginDescription>& all,
                                                  const std::string& name) {
    for (const auto& d : all)
        if (d.name == name)
            return &d;
    return nullptr;
}

TEST(Registry, ParsingPluginsXmlLoadsNothing) {
    TempDir dir;
    MarkerFile marker(dir);
    const std::string library = copy_test_plugin(dir.file(unique_library_name("lazy")));
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("TEST", fs::path(library).filename().string())));

    ov::Core core(dir.file("plugins.xml"));
    EXPECT_FALSE(is_loaded(library));
    EXPECT_EQ(marker.events(), "");
    const auto described = devmux::describe_plugins(core);
    ASSERT_EQ(described.size(), 1u);
    EXPECT_FALSE(described[0].loaded);

    core.compile_model(make_model(), "TEST");  // first use
    EXPECT_TRUE(is_loaded(library));
    EXPECT_EQ(marker.events(), "create\n");
    EXPECT_TRUE(devmux::describe_plugins(core)[0].loaded);
}

TEST(Registry, RegisterPluginLoadsNothingUntilFirstUse) {
    TempDir dir;
    const std::string library = copy_test_plugin(dir.file(unique_library_name("lazy_reg")));
    write_file(dir.file("empty.xml"), plugins_xml(""));
    ov::Core core(dir.file("empty.xml"));
    core.register_plugin(library, "LAZY");
    EXPECT_FALSE(is_loaded(library));
    EXPECT_EQ(core.get_property("LAZY", ov::device::full_name), "devmux test device 0");
    EXPECT_TRUE(is_loaded(library));
}

class RegistryWithEmptyCore : public ::testing::Test {
protected:
    void SetUp() override {
        write_file(dir.file("empty.xml"), plugins_xml(""));
        core = std::make_unique<ov::Core>(dir.file("empty.xml"));
    }
    TempDir dir;
    std::unique_ptr<ov::Core> core;
};

TEST_F(RegistryWithEmptyCore, AvailableDevicesListsOneIdAsThePlainName) {
    core->register_plugin(test_plugin_path(), "TEST");
    EXPECT_THAT(core->get_available_devices(), ElementsAre("TEST"));
}

TEST_F(RegistryWithEmptyCore, AvailableDevicesListsSeveralIdsWithSuffix) {
    core->register_plugin(test_plugin_path(), "TEST", {{"TEST_DEVICE_IDS", "0 1"}});
    EXPECT_THAT(core->get_available_devices(), ElementsAre("TEST.0", "TEST.1"));
}

TEST_F(RegistryWithEmptyCore, DeviceWithoutIdsIsNotListed) {
    core->register_plugin(test_plugin_path(), "NONE", {{"TEST_DEVICE_IDS", std::vector<std::string>{}}});
    core->register_plugin(test_plugin_path(), "TEST");
    EXPECT_THAT(core->get_available_devices(), ElementsAre("TEST"));
}

TEST_F(RegistryWithEmptyCore, MissingLibraryFailsOnlyItsDeviceNamingPathAndLoaderMessage) {
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("GOOD", test_plugin_path()) +
                                                    plugin_element("GONE", dir.file("libgone.so"))));
    core->register_plugins(dir.file("plugins.xml"));
    EXPECT_THAT(core->get_available_devices(), ElementsAre("GOOD"));
    const std::string error = error_of([&] { core->compile_model(make_model(), "GONE"); });
    EXPECT_THAT(error, AllOf(HasSubstr("'GONE'"), HasSubstr(dir.file("libgone.so")),
                             HasSubstr("No such file or directory")));
    EXPECT_THAT(error_of([&] { core->get_property("GONE", ov::device::full_name); }), HasSubstr("'GONE'"));
    EXPECT_THAT(error_of([&] { core->query_model(make_model(), "GONE"); }), HasSubstr(dir.file("libgone.so")));
    EXPECT_NO_THROW(core->compile_model(make_model(), "GOOD"));
}

TEST_F(RegistryWithEmptyCore, LibraryWithoutFactoryIsNamedAsNotAPlugin) {
    core->register_plugin(broken_library_path(), "BROKEN");
    const std::string error = error_of([&] { core->compile_model(make_model(), "BROKEN"); });
    EXPECT_THAT(error, AllOf(HasSubstr("'BROKEN'"), HasSubstr(broken_library_path()), HasSubstr("not a devmux plugin"),
                             HasSubstr("devmux_create_plugin")));
    EXPECT_THAT(core->get_available_devices(), IsEmpty());
}

TEST_F(RegistryWithEmptyCore, WrongApiVersionNamesFileAndBothVersions) {
    core->register_plugin(wrong_version_path(), "OLD");
    const std::string error = error_of([&] { core->compile_model(make_model(), "OLD"); });
    EXPECT_THAT(error, AllOf(HasSubstr(wrong_version_path()), HasSubstr("version 999"),
                             HasSubstr("version " + std::to_string(devmux::plugin_api_version))));
}

TEST_F(RegistryWithEmptyCore, FailedLoadCanBeRetried) {
    const std::string library = dir.file(unique_library_name("later"));
    core->register_plugin(library, "LATER");
    EXPECT_THROW(core->get_property("LATER", ov::device::full_name), ov::Exception);
    const auto before = devmux::describe_plugins(*core);
    const auto failed = find_description(before, "LATER");
    ASSERT_NE(failed, nullptr);
    EXPECT_TRUE(failed->failed);
    EXPECT_THAT(failed->error, HasSubstr(library));

    copy_test_plugin(library);
    EXPECT_EQ(core->get_property("LATER", ov::device::full_name), "devmux test device 0");
    const auto after = devmux::describe_plugins(*core);
    const auto loaded = find_description(after, "LATER");
    ASSERT_NE(loaded, nullptr);
    EXPECT_TRUE(loaded->loaded);
    EXPECT_FALSE(loaded->failed);
}

TEST_F(RegistryWithEmptyCore, FileWithAnAlreadyRegisteredNameRegistersNothing) {
    core->register_plugin(test_plugin_path(), "A");
    write_file(dir.file("more.xml"),
               plugins_xml(plugin_element("B", test_plugin_path()) + plugin_element("A", test_plugin_path())));
    const std::string error = error_of([&] { core->register_plugins(dir.file("more.xml")); });
    EXPECT_THAT(error, AllOf(HasSubstr(dir.file("more.xml")), HasSubstr("'A'"), HasSubstr("already registered")));
    const auto described = devmux::describe_plugins(*core);
    EXPECT_EQ(find_description(described, "B"), nullptr);
}

TEST_F(RegistryWithEmptyCore, FileWithABadNameRegistersNothing) {
    write_file(dir.file("bad.xml"),
               plugins_xml(plugin_element("GOOD", test_plugin_path()) + plugin_element("BAD.1", test_plugin_path())));
    EXPECT_THROW(core->register_plugins(dir.file("bad.xml")), ov::Exception);
    EXPECT_TRUE(devmux::describe_plugins(*core).empty());
}

TEST_F(RegistryWithEmptyCore, RegisterPluginRefusesDotAndDuplicateNames) {
    EXPECT_THAT(error_of([&] { core->register_plugin(test_plugin_path(), "X.1"); }),
                AllOf(HasSubstr("'X.1'"), HasSubstr("'.'")));
    core->register_plugin(test_plugin_path(), "X");
    EXPECT_THAT(error_of([&] { core->register_plugin(test_plugin_path(), "X"); }),
                AllOf(HasSubstr("'X'"), HasSubstr("already registered")));
}

TEST_F(RegistryWithEmptyCore, UnknownDeviceErrorListsRegisteredDevices) {
    core->register_plugin(test_plugin_path(), "ONE");
    core->register_plugin(test_plugin_path(), "TWO");
    EXPECT_THAT(error_of([&] { core->compile_model(make_model(), "THREE"); }),
                AllOf(HasSubstr("'THREE'"), HasSubstr("not registered"), HasSubstr("ONE, TWO")));
}

TEST_F(RegistryWithEmptyCore, DefaultDeviceIsCpu) {
    core->register_plugin(test_plugin_path(), "TEST");
    EXPECT_THAT(error_of([&] { core->compile_model(make_model()); }), AllOf(HasSubstr("'CPU'"), HasSubstr("TEST")));
}

TEST_F(RegistryWithEmptyCore, RelativeAndBareLocationsInXmlLoad) {
    copy_test_plugin(dir.file("sub/" + unique_library_name("rel")));
    const std::string relative = "sub/" + fs::directory_iterator(dir.file("sub"))->path().filename().string();
    const std::string bare = unique_library_name("bare");
    copy_test_plugin(dir.file(bare));
    write_file(dir.file("plugins.xml"),
               plugins_xml(plugin_element("REL", relative) + plugin_element("BARE", bare) +
                           plugin_element("ABS", test_plugin_path())));
    core->register_plugins(dir.file("plugins.xml"));
    EXPECT_THAT(core->get_available_devices(), ElementsAre("ABS", "BARE", "REL"));
    const auto described = devmux::describe_plugins(*core);
    EXPECT_EQ(find_description(described, "REL")->library_path, dir.file(relative));
    EXPECT_EQ(find_description(described, "BARE")->library_path, dir.file(bare));
    EXPECT_EQ(find_description(described, "REL")->xml_file, dir.file("plugins.xml"));
}

TEST_F(RegistryWithEmptyCore, BareLocationPlacedBesideTheXmlAfterParsingIsFound) {
    const std::string bare = unique_library_name("late_bare");
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("LATE", bare)));
    core->register_plugins(dir.file("plugins.xml"));
    copy_test_plugin(dir.file(bare));
    EXPECT_THAT(core->get_available_devices(), ElementsAre("LATE"));
    EXPECT_TRUE(is_loaded(dir.file(bare)));
}

TEST_F(RegistryWithEmptyCore, XmlPropertiesAreAppliedAtLoad) {
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("TEST", test_plugin_path(), {{"NUM_STREAMS", "3"}})));
    core->register_plugins(dir.file("plugins.xml"));
    EXPECT_EQ(core->get_property("TEST", ov::num_streams).num, 3);
}

TEST_F(RegistryWithEmptyCore, XmlPropertyRefusedByThePluginFailsOnlyThatDevice) {
    write_file(dir.file("plugins.xml"),
               plugins_xml(plugin_element("BAD", test_plugin_path(), {{"NO_SUCH_KEY", "1"}}) +
                           plugin_element("GOOD", test_plugin_path())));
    core->register_plugins(dir.file("plugins.xml"));
    EXPECT_THAT(error_of([&] { core->compile_model(make_model(), "BAD"); }),
                AllOf(HasSubstr("'BAD'"), HasSubstr("NO_SUCH_KEY"), HasSubstr(dir.file("plugins.xml"))));
    EXPECT_THAT(core->get_available_devices(), ElementsAre("GOOD"));
}

TEST_F(RegistryWithEmptyCore, ProxyConfigurationIsKeptOutOfThePlugin) {
    // The test plugin refuses unknown keys: loading succeeds only if the PROXY_ key never reaches it.
    write_file(dir.file("plugins.xml"),
               plugins_xml(plugin_element("TEST", test_plugin_path(), {{"PROXY_CONFIGURATION_ALIAS", "GPU"}})));
    core->register_plugins(dir.file("plugins.xml"));
    // TEST is a member of the alias GPU now (issue 4): hidden behind it, still registered as itself.
    EXPECT_THAT(core->get_available_devices(), ElementsAre("GPU"));
    const auto described = devmux::describe_plugins(*core);
    const auto test = std::find_if(described.begin(), described.end(), [](const auto& d) { return d.name == "TEST"; });
    ASSERT_NE(test, described.end());
    EXPECT_EQ(test->properties.at("PROXY_CONFIGURATION_ALIAS"), "GPU");
}

TEST_F(RegistryWithEmptyCore, UnloadedPluginIsLoadedAgainWithItsProperties) {
    MarkerFile marker(dir);
    const std::string library = copy_test_plugin(dir.file(unique_library_name("reload")));
    core->register_plugin(library, "TEST");
    core->set_property("TEST", ov::num_streams(4));
    core->unload_plugin("TEST");
    EXPECT_EQ(marker.events(), "create\ndestroy\n");
    EXPECT_FALSE(is_loaded(library));
    EXPECT_EQ(core->get_property("TEST", ov::num_streams).num, 4);
    EXPECT_EQ(marker.events(), "create\ndestroy\ncreate\n");
}

TEST_F(RegistryWithEmptyCore, CompiledModelKeepsThePluginLibraryLoadedAfterUnload) {
    MarkerFile marker(dir);
    const std::string library = copy_test_plugin(dir.file(unique_library_name("keep")));
    core->register_plugin(library, "TEST");
    {
        ov::CompiledModel compiled = core->compile_model(make_single_io_model(), "TEST");
        ov::InferRequest request = compiled.create_infer_request();
        core->unload_plugin("TEST");
        EXPECT_TRUE(is_loaded(library));
        EXPECT_EQ(marker.events(), "create\n");  // the compiled model still holds the plugin

        compiled = {};
        ov::Tensor x = random_tensor({4}, 11);
        request.set_tensor("x", x);
        request.infer();
        const float* y = request.get_tensor("y").data<float>();
        for (size_t i = 0; i < 4; ++i)
            EXPECT_FLOAT_EQ(y[i], x.data<float>()[i] + 1.0f);
        EXPECT_TRUE(is_loaded(library));
    }
    EXPECT_EQ(marker.events(), "create\ndestroy\n");
    EXPECT_FALSE(is_loaded(library));
}

TEST_F(RegistryWithEmptyCore, PropertyValueKeepsThePluginLibraryLoaded) {
    const std::string library = copy_test_plugin(dir.file(unique_library_name("anykeep")));
    core->register_plugin(library, "TEST");
    ov::Any value = core->get_property("TEST", ov::supported_properties.name());
    core->unload_plugin("TEST");
    EXPECT_TRUE(is_loaded(library));
    EXPECT_FALSE(value.as<std::vector<ov::PropertyName>>().empty());
    value = {};
    EXPECT_FALSE(is_loaded(library));
}

TEST_F(RegistryWithEmptyCore, UnloadOfUnknownOrUnloadedDeviceThrows) {
    core->register_plugin(test_plugin_path(), "TEST");
    EXPECT_THAT(error_of([&] { core->unload_plugin("NOPE"); }), HasSubstr("'NOPE'"));
    EXPECT_THAT(error_of([&] { core->unload_plugin("TEST"); }), AllOf(HasSubstr("'TEST'"), HasSubstr("not loaded")));
}

TEST_F(RegistryWithEmptyCore, VersionsOfRegisteredDevicesOnly) {
    core->register_plugin(test_plugin_path(), "TEST");
    const auto versions = core->get_versions("HETERO:TEST.0,NOPE");
    ASSERT_EQ(versions.size(), 1u);
    EXPECT_STREQ(versions.at("TEST").buildNumber, "test-build-7");
    EXPECT_STREQ(versions.at("TEST").description, "devmux test plugin");
}

TEST_F(RegistryWithEmptyCore, VersionStringsOutliveTheUnloadedPlugin) {
    const std::string library = copy_test_plugin(dir.file(unique_library_name("version")));
    core->register_plugin(library, "TEST");
    const auto versions = core->get_versions("TEST");
    core->unload_plugin("TEST");
    EXPECT_FALSE(is_loaded(library));
    EXPECT_STREQ(versions.at("TEST").buildNumber, "test-build-7");
}

TEST(RegistryDefault, DefaultCoreRegistersThePluginsXmlBesideTheRuntime) {
    const std::string beside = lib_dir() + "/plugins.xml";
    ASSERT_TRUE(fs::exists(beside)) << beside;
    std::vector<std::string> expected;
    // Read here, independently of the runtime's parser (which it does not export).
    std::ifstream file(beside);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const std::regex plugin_name("<plugin\\s+name=\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), plugin_name); it != std::sregex_iterator(); ++it)
        expected.push_back((*it)[1]);
    // An alias (GPU over the built GPU backends) is a device of its own without a <plugin> element.
    const std::regex alias_name("key=\"PROXY_CONFIGURATION_ALIAS\"\\s+value=\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), alias_name); it != std::sregex_iterator(); ++it)
        if (std::find(expected.begin(), expected.end(), (*it)[1].str()) == expected.end())
            expected.push_back((*it)[1]);
    std::sort(expected.begin(), expected.end());

    std::vector<std::string> names;
    for (const auto& d : devmux::describe_plugins(ov::Core()))
        names.push_back(d.name);
    EXPECT_EQ(names, expected);

    std::vector<std::string> by_bare_name;
    for (const auto& d : devmux::describe_plugins(ov::Core("plugins.xml")))
        by_bare_name.push_back(d.name);
    EXPECT_EQ(by_bare_name, expected);
}

TEST(RegistryDefault, MissingPluginsFileIsNamed) {
    EXPECT_THAT(error_of([] { ov::Core core("no_such_plugins_file.xml"); }),
                AllOf(HasSubstr("'no_such_plugins_file.xml'"), HasSubstr(lib_dir())));
    TempDir dir;
    EXPECT_THAT(error_of([&] { ov::Core core(dir.file("absent.xml")); }),
                AllOf(HasSubstr(dir.file("absent.xml")), HasSubstr("does not exist")));
}

}  // namespace
