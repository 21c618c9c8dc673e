// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "openvino/runtime/tensor.hpp"

namespace {

TEST(Tensor, OwnsAlignedMemory) {
    ov::Tensor t(ov::element::f32, {2, 3, 4});
    EXPECT_EQ(t.get_size(), 24u);
    EXPECT_EQ(t.get_byte_size(), 96u);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data()) % 64, 0u);
    EXPECT_EQ(t.get_strides(), ov::Strides({48, 16, 4}));
    EXPECT_TRUE(t.is_continuous());
    EXPECT_NO_THROW(t.data<float>());
    EXPECT_THROW(t.data<int32_t>(), ov::Exception);
}

TEST(Tensor, CopiesShareMemory) {
    ov::Tensor a(ov::element::i32, {4});
    ov::Tensor b = a;
    a.data<int32_t>()[2] = 42;
    EXPECT_EQ(b.data<int32_t>()[2], 42);
}

TEST(Tensor, WrapsUserMemoryWithoutCopying) {
    std::vector<float> user(6, 1.5f);
    ov::Tensor t(ov::element::f32, {2, 3}, user.data());
    EXPECT_EQ(t.data<float>(), user.data());
    EXPECT_THROW(t.set_shape({3, 3}), ov::Exception);  // cannot grow borrowed memory
    t.set_shape({3, 2});
    EXPECT_EQ(t.get_shape(), ov::Shape({3, 2}));
}

TEST(Tensor, StridedCopyGathersTheView) {
    // A 2x2 view of columns 1..2 of a 2x4 row-major matrix.
    std::vector<int32_t> matrix(8);
    std::iota(matrix.begin(), matrix.end(), 0);
    ov::Tensor view(ov::element::i32, {2, 2}, matrix.data() + 1, ov::Strides{16, 4});
    EXPECT_FALSE(view.is_continuous());
    ov::Tensor dense(ov::element::i32, {2, 2});
    view.copy_to(dense);
    const int32_t* d = dense.data<int32_t>();
    EXPECT_EQ(std::vector<int32_t>(d, d + 4), std::vector<int32_t>({1, 2, 5, 6}));
}

TEST(Tensor, CopyToChecksTypes) {
    ov::Tensor a(ov::element::f32, {2});
    ov::Tensor b(ov::element::i32, {2});
    EXPECT_THROW(a.copy_to(b), ov::Exception);
    ov::Tensor empty;
    EXPECT_FALSE(empty);
    EXPECT_THROW(a.copy_to(empty), ov::Exception);
}

TEST(Tensor, SetShapeGrowsOwnedMemory) {
    ov::Tensor t(ov::element::f32, {1});
    t.set_shape({1000});
    t.data<float>()[999] = 3.f;
    EXPECT_EQ(t.get_size(), 1000u);
}

}  // namespace
