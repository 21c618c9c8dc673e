// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/core_test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/openvino.hpp"

namespace proxy_test {

using Properties = std::vector<std::pair<std::string, std::string>>;

constexpr const char* uuid_1 = "11111111111111111111111111111111";
constexpr const char* uuid_2 = "22222222222222222222222222222222";
constexpr const char* uuid_3 = "33333333333333333333333333333333";

/// A <plugin> element for the mock plugin.
inline std::string mock(const std::string& name, const Properties& properties) {
    return core_test::plugin_element(name, devmux_mock::library_path(), properties);
}

/// Writes a plugins.xml of @p elements into @p dir and returns its path.
inline std::string write_xml(const core_test::TempDir& dir, const std::string& elements,
                             const std::string& file = "plugins.xml") {
    const std::string path = dir.file(file);
    core_test::write_file(path, core_test::plugins_xml(elements));
    return path;
}

template <typename F>
std::string error_of(F&& action) {
    try {
        action();
    } catch (const ov::Exception& e) {
        return e.what();
    }
    return "<no error>";
}

inline std::vector<std::string> priorities_of(const ov::Core& core, const std::string& device) {
    return core.get_property(device, ov::device::priorities.name()).as<std::vector<std::string>>();
}

}  // namespace proxy_test
