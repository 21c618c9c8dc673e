// SPDX-License-Identifier: Apache-2.0
// A result written row by row from an input read with strides, out[i0, ..., ik] = in[sum i_d * in_stride[d]]
// (in elements): Transpose (the input's strides permuted) and Broadcast (stride 0 on the axes that repeat)
// both reduce to it once their axes are merged, and share this one loop.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/element_bytes.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {

constexpr size_t kStridedCopyMaxRank = 8;

struct StridedCopy {
    std::vector<size_t> out_dims;   // the merged result axes (none: a single element)
    std::vector<size_t> in_stride;  // per result axis, its stride in the input, in elements (0: repeated)
    size_t element_bytes = 0;       // 1, 2, 4 or 8
    size_t total = 0;               // the result's elements
};

template <typename T>
void strided_copy_as(const StridedCopy& copy, const T* in, T* out, ThreadPool* pool) {
    const size_t rank = copy.out_dims.size();
    const size_t row = copy.out_dims[rank - 1];
    const size_t row_stride = copy.in_stride[rank - 1];
    const size_t rows = copy.total / row;
    for_row_ranges(pool, rows, copy.total * sizeof(T), [&](size_t begin, size_t end) {
        // The input offset of result row `begin`, then kept up to date as an odometer.
        size_t coord[kStridedCopyMaxRank] = {};  // no allocation on the infer path
        size_t offset = 0, rest = begin;
        for (size_t d = rank - 1; d-- > 0;) {
            coord[d] = rest % copy.out_dims[d];
            rest /= copy.out_dims[d];
            offset += coord[d] * copy.in_stride[d];
        }
        for (size_t r = begin; r < end; ++r) {
            T* dst = out + r * row;
            const T* src = in + offset;
            if (row_stride == 0)
                std::fill_n(dst, row, *src);
            else if (row_stride == 1)
                std::memcpy(dst, src, row * sizeof(T));
            else
                for (size_t i = 0; i < row; ++i)
                    dst[i] = src[i * row_stride];
            for (size_t d = rank - 1; d-- > 0;) {
                offset += copy.in_stride[d];
                if (++coord[d] < copy.out_dims[d])
                    break;
                offset -= coord[d] * copy.in_stride[d];
                coord[d] = 0;
            }
        }
    });
}

// The copy for the element size it was planned with. No axis left (every one of length 1): one element.
inline void strided_copy(const StridedCopy& copy, const void* in, void* out, ThreadPool* pool) {
    if (copy.out_dims.empty()) {
        std::memcpy(out, in, copy.element_bytes);
        return;
    }
    by_element_bytes(copy.element_bytes, [&](auto word) {
        using Word = decltype(word);
        strided_copy_as(copy, static_cast<const Word*>(in), static_cast<Word*>(out), pool);
    });
}

}  // namespace cpu
}  // namespace devmux
