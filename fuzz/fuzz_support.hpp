// SPDX-License-Identifier: Apache-2.0
// What the harnesses share: the one input format that carries several parts (an IR's xml and its weights,
// a device name, a key and a value), and where the build's plugins and plugins.xml files are.
//
// One splitter serves the libFuzzer build (clang) and the replay build (g++), so a case found by the
// fuzzer replays byte for byte in the plain build: FuzzedDataProvider is clang-only. Parts are separated
// by kPartSeparator, a line no IR, ONNX file, blob or property string contains by accident; a mutation
// that breaks it just gives fewer parts, which the harnesses accept.
#pragma once

#include <dlfcn.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace devmux_fuzz {

inline constexpr std::string_view kPartSeparator = "\n#devmux-fuzz-part#\n";

inline std::vector<std::string> split_parts(const uint8_t* data, size_t size, size_t max_parts) {
    std::vector<std::string> parts;
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    while (parts.size() + 1 < max_parts) {
        const size_t at = rest.find(kPartSeparator);
        if (at == std::string_view::npos)
            break;
        parts.emplace_back(rest.substr(0, at));
        rest.remove_prefix(at + kPartSeparator.size());
    }
    parts.emplace_back(rest);
    parts.resize(max_parts);
    return parts;
}

inline std::string join_parts(const std::vector<std::string>& parts) {
    std::string joined;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i)
            joined += kPartSeparator;
        joined += parts[i];
    }
    return joined;
}

// The build's lib/ folder (plugins, plugins.xml, plugins-software-gpu.xml); DEVMUX_FUZZ_LIB_DIR overrides
// it for a fuzzer run against another build tree.
inline std::string lib_dir() {
    const char* from_env = std::getenv("DEVMUX_FUZZ_LIB_DIR");
    return from_env && *from_env ? from_env : DEVMUX_FUZZ_BUILD_LIB_DIR;
}

// Loads every plugin library of the build once, for good (RTLD_NODELETE), before a harness runs: libFuzzer
// keeps reading the coverage counters of every instrumented library it has seen, so a plugin that the
// Core unloads (when a Core goes away, or on unload_plugin) would leave it reading unmapped memory. The
// Core's own loads and unloads then only count references. Returns the number of libraries held.
inline size_t keep_plugins_loaded() {
    size_t held = 0;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(lib_dir(), ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("libdevmux_", 0) == 0 && name.find("plugin") != std::string::npos &&
            entry.path().extension() == ".so" && dlopen(entry.path().c_str(), RTLD_NOW | RTLD_NODELETE))
            ++held;
    }
    return held;
}

// An expected refusal. With DEVMUX_FUZZ_VERBOSE set its message is printed, to see what a seed or a
// regression case is refused for; the fuzzer runs quiet without it.
inline void refused(const std::exception& e) {
    static const bool verbose = std::getenv("DEVMUX_FUZZ_VERBOSE") != nullptr;
    if (verbose)
        std::fprintf(stderr, "refused: %s\n", e.what());
}

}  // namespace devmux_fuzz
