// SPDX-License-Identifier: Apache-2.0
// plugins.xml: the input is written as a plugins.xml file and given to ov::Core(path), which registers its
// plugins (names, locations, properties, the proxy's alias entries); get_available_devices then loads every
// registered plugin and lists its devices. The file lives in a scratch folder of this process that links
// the build's plugin libraries, so the locations the seeds name resolve beside it as in a deployment.

#include <unistd.h>

#include <exception>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "fuzz_support.hpp"
#include "openvino/core/except.hpp"
#include "openvino/openvino.hpp"

namespace {
namespace fs = std::filesystem;

fs::path make_scratch_folder() {
    const fs::path folder = fs::temp_directory_path() / ("devmux-fuzz-plugins-xml." + std::to_string(::getpid()));
    fs::create_directories(folder);
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(devmux_fuzz::lib_dir())) {
        const std::string name = entry.path().filename().string();
        const bool is_plugin_library = name.rfind("libdevmux_", 0) == 0 && entry.path().extension() == ".so" &&
                                       name.rfind("libdevmux_runtime", 0) != 0;
        if (is_plugin_library)
            fs::create_symlink(entry.path(), folder / name, ec);
    }
    return folder;
}

struct ScratchFolder {
    fs::path path = make_scratch_folder();
    ~ScratchFolder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const size_t plugins_held = devmux_fuzz::keep_plugins_loaded();
    (void)plugins_held;
    static const ScratchFolder scratch;
    const fs::path xml_path = scratch.path / "plugins.xml";
    {
        std::ofstream xml(xml_path, std::ios::binary | std::ios::trunc);
        xml.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    try {
        ov::Core core(xml_path.string());
        for (const auto& device : core.get_available_devices())
            (void)core.get_versions(device);
    } catch (const std::exception& e) {  // ov::Exception included
        devmux_fuzz::refused(e);
    }
    return 0;
}
