// SPDX-License-Identifier: Apache-2.0
// Counts allocations by replacing the global operator new of the whole process (the plugins too).
// Include it in exactly one source file of a test executable (the replacements are definitions).
//
// Every replaceable form of new and delete is replaced together, plain, array, nothrow, sized and
// aligned, all over malloc and free: a sanitizer (and libstdc++) provides every form itself, so a form
// left out would pair, say, the sanitizer's nothrow new with this free, which AddressSanitizer reports as
// alloc-dealloc-mismatch. (The linker exports each replacement from the executable, as libstdc++.so
// defines the same symbol, so the plugins' calls bind to them too.)
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <functional>
#include <new>

namespace devmux_test {
namespace counting_new {
inline std::atomic<bool> counting{false};
inline std::atomic<std::size_t> allocations{0};

inline void* allocate(std::size_t size, std::size_t alignment) noexcept {
    if (counting.load(std::memory_order_relaxed))
        allocations.fetch_add(1, std::memory_order_relaxed);
    if (size == 0)
        size = 1;
    if (alignment <= alignof(std::max_align_t))
        return std::malloc(size);
    // aligned_alloc wants a size that is a multiple of the alignment.
    return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

inline void* allocate_or_throw(std::size_t size, std::size_t alignment) {
    if (void* p = allocate(size, alignment))
        return p;
    throw std::bad_alloc();
}
}  // namespace counting_new

/// Counts the calls of operator new (every form, from every thread) made while `action` runs.
inline std::size_t allocations_during(const std::function<void()>& action) {
    counting_new::allocations = 0;
    counting_new::counting = true;
    try {
        action();
    } catch (...) {
        counting_new::counting = false;
        throw;
    }
    counting_new::counting = false;
    return counting_new::allocations.load();
}
}  // namespace devmux_test

void* operator new(std::size_t size) { return devmux_test::counting_new::allocate_or_throw(size, 0); }
void* operator new[](std::size_t size) { return devmux_test::counting_new::allocate_or_throw(size, 0); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    return devmux_test::counting_new::allocate(size, 0);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    return devmux_test::counting_new::allocate(size, 0);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
    return devmux_test::counting_new::allocate_or_throw(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
    return devmux_test::counting_new::allocate_or_throw(size, static_cast<std::size_t>(alignment));
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return devmux_test::counting_new::allocate(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return devmux_test::counting_new::allocate(size, static_cast<std::size_t>(alignment));
}

void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
