// SPDX-License-Identifier: Apache-2.0
#include "registry/shared_library.hpp"

#include <dlfcn.h>

#include <filesystem>

#include "openvino/core/except.hpp"

namespace devmux {
namespace registry {
namespace {
// glibc keeps dlerror()'s message per thread, so a failed call and its message need no lock.
std::string last_dl_error() {
    const char* text = dlerror();
    return text ? std::string(text) : std::string("unknown dynamic loader error");
}
}  // namespace

std::shared_ptr<void> open_library(const std::string& path, const std::string& what_for) {
    dlerror();  // clear a stale message
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        OPENVINO_THROW(what_for, ": ", last_dl_error());
    return std::shared_ptr<void>(handle, [](void* h) { dlclose(h); });
}

void* find_symbol(const std::shared_ptr<void>& library, const char* symbol, std::string* error) {
    dlerror();
    void* address = dlsym(library.get(), symbol);
    if (!address && error)
        *error = last_dl_error();
    return address;
}

std::string runtime_library_dir() {
    Dl_info info{};
    // Any function of this library identifies it; this one is as good as another.
    if (dladdr(reinterpret_cast<void*>(&runtime_library_dir), &info) == 0 || !info.dli_fname)
        OPENVINO_THROW("Cannot find the path of the devmux runtime library (dladdr failed)");
    std::error_code ec;
    auto path = std::filesystem::absolute(info.dli_fname, ec);
    if (ec)
        path = info.dli_fname;
    return path.parent_path().lexically_normal().string();
}

}  // namespace registry
}  // namespace devmux
