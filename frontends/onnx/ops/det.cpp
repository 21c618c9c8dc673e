// SPDX-License-Identifier: Apache-2.0
// Det (opset 11): the determinant of each [n, n] matrix of the last two axes, by Gaussian elimination with
// partial pivoting unrolled over the static n: each step swaps the row with the largest magnitude in the
// column into place (flipping the sign), then subtracts multiples of it from the rows below; the determinant is
// the sign times the product of the diagonal. A zero pivot contributes its zero to that product (its column is
// left as it is rather than divided by zero).

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

ov::OutputVector det(const NodeContext& node) {
    const int64_t rank = static_rank(node, 0);
    const auto x = node.input(0);
    const auto& shape = x.get_partial_shape();
    if (rank < 2 || shape[static_cast<size_t>(rank - 1)].is_dynamic() ||
        shape[static_cast<size_t>(rank - 2)] != shape[static_cast<size_t>(rank - 1)])
        node.fail("needs square matrices of a known size in its last two axes, got shape " + shape.to_string());
    if (!x.get_element_type().is_real())
        node.fail("needs a floating-point input, got " + x.get_element_type().get_type_name());
    const int64_t n = shape[static_cast<size_t>(rank - 1)].get_length();
    const auto type = x.get_element_type();
    const auto zero = scalar_of(type, 0.0), one = scalar_of(type, 1.0);
    std::vector<int64_t> rows(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
        rows[static_cast<size_t>(i)] = i;
    const auto row_numbers = i64s(rows);
    ov::Output<ov::Node> a = x;
    auto batch_shape = std::make_shared<v8::Slice>(std::make_shared<v3::ShapeOf>(x), i64s({0}), i64s({rank - 2}),
                                                   i64s({1}));
    ov::Output<ov::Node> sign = std::make_shared<v3::Broadcast>(one, batch_shape);
    for (int64_t k = 0; k + 1 < n; ++k) {
        // Pivot: the largest magnitude of column k on rows k..n-1.
        auto column = std::make_shared<v8::Gather>(a, i64_scalar(k), i64_scalar(rank - 1));
        auto above = std::make_shared<v1::Less>(row_numbers, i64_scalar(k));
        auto candidates = std::make_shared<v1::Select>(above, scalar_of(type, -1.0), std::make_shared<v0::Abs>(column));
        auto top = std::make_shared<v11::TopK>(candidates, i64_scalar(1), rank - 2, v11::TopK::Mode::MAX,
                                               v11::TopK::SortType::NONE, ov::element::i64);
        const ov::Output<ov::Node> pivot_row = top->output(1);  // [..., 1]
        // Swap rows k and pivot_row.
        auto is_k = std::make_shared<v1::Equal>(row_numbers, i64_scalar(k));
        auto is_pivot = std::make_shared<v1::Equal>(row_numbers, pivot_row);
        auto order = std::make_shared<v1::Select>(
            is_k, pivot_row, std::make_shared<v1::Select>(is_pivot, i64_scalar(k), row_numbers));
        auto spread = std::make_shared<v3::Broadcast>(std::make_shared<v0::Unsqueeze>(order, i64s({rank - 1})),
                                                      std::make_shared<v3::ShapeOf>(a));
        a = std::make_shared<v6::GatherElements>(a, spread, rank - 2);
        auto swapped = std::make_shared<v1::NotEqual>(std::make_shared<v0::Squeeze>(pivot_row, i64s({rank - 2})),
                                                      i64_scalar(k));
        sign = std::make_shared<v1::Select>(swapped, std::make_shared<v0::Negative>(sign), sign);
        // Eliminate below row k.
        auto pivot_line = std::make_shared<v8::Gather>(a, i64s({k}), i64_scalar(rank - 2));  // [..., 1, n]
        auto pivot = std::make_shared<v8::Gather>(pivot_line, i64s({k}), i64_scalar(rank - 1));  // [..., 1, 1]
        auto column_k = std::make_shared<v8::Gather>(a, i64s({k}), i64_scalar(rank - 1));     // [..., n, 1]
        auto zero_pivot = std::make_shared<v1::Equal>(pivot, zero);
        auto factors = std::make_shared<v1::Select>(zero_pivot, zero, std::make_shared<v1::Divide>(column_k, pivot));
        std::vector<double> below(static_cast<size_t>(n), 0.0);
        for (int64_t i = k + 1; i < n; ++i)
            below[static_cast<size_t>(i)] = 1.0;
        auto masked = std::make_shared<v1::Multiply>(
            factors, v0::Constant::create(type, ov::Shape{static_cast<size_t>(n), 1}, below));
        a = std::make_shared<v1::Subtract>(a, std::make_shared<v1::Multiply>(masked, pivot_line));
    }
    std::vector<double> identity(static_cast<size_t>(n * n), 0.0);
    for (int64_t i = 0; i < n; ++i)
        identity[static_cast<size_t>(i * n + i)] = 1.0;
    auto diagonal = std::make_shared<v1::ReduceSum>(
        std::make_shared<v1::Multiply>(
            a, v0::Constant::create(type, ov::Shape{static_cast<size_t>(n), static_cast<size_t>(n)}, identity)),
        i64s({rank - 1}), false);
    auto product = std::make_shared<v1::ReduceProd>(diagonal, i64s({rank - 2}), false);
    return {std::make_shared<v1::Multiply>(product, sign)->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
