// SPDX-License-Identifier: Apache-2.0
#pragma once

// dlopen / dlsym wrappers for plugin libraries.

#include <memory>
#include <string>

namespace devmux {
namespace registry {

/// Opens a shared library (RTLD_NOW | RTLD_LOCAL). The handle is dlclose'd when the last copy of the
/// returned pointer goes. Throws ov::Exception with dlerror()'s text prefixed by @p what_for.
std::shared_ptr<void> open_library(const std::string& path, const std::string& what_for);

/// The address of @p symbol in @p library, or null; @p error (if given) receives dlerror()'s text.
void* find_symbol(const std::shared_ptr<void>& library, const char* symbol, std::string* error = nullptr);

/// The folder of the devmux runtime library itself (found with dladdr), without a trailing '/'.
std::string runtime_library_dir();

}  // namespace registry
}  // namespace devmux
