// SPDX-License-Identifier: Apache-2.0
#pragma once

// The converters table.inc names (the templated ones, and pow, are in templates.hpp).

#include "../node_context.hpp"
#include "openvino/op/scatter_elements_update.hpp"

namespace devmux {
namespace onnx_frontend {

ov::OutputVector is_inf(const NodeContext& node);
ov::OutputVector round_half_even(const NodeContext& node);
ov::OutputVector reciprocal(const NodeContext& node);
ov::OutputVector identity(const NodeContext& node);
ov::OutputVector dropout(const NodeContext& node);
ov::OutputVector elu(const NodeContext& node);
ov::OutputVector selu(const NodeContext& node);
ov::OutputVector celu(const NodeContext& node);
ov::OutputVector leaky_relu(const NodeContext& node);
ov::OutputVector thresholded_relu(const NodeContext& node);
ov::OutputVector hard_sigmoid(const NodeContext& node);
ov::OutputVector prelu(const NodeContext& node);
ov::OutputVector clip(const NodeContext& node);
ov::OutputVector divide(const NodeContext& node);
ov::OutputVector mod(const NodeContext& node);
ov::OutputVector mean(const NodeContext& node);
ov::OutputVector where(const NodeContext& node);
ov::OutputVector cast(const NodeContext& node);
ov::OutputVector cast_like(const NodeContext& node);
ov::OutputVector matmul(const NodeContext& node);
ov::OutputVector gemm(const NodeContext& node);
ov::OutputVector conv(const NodeContext& node);
ov::OutputVector conv_transpose(const NodeContext& node);
ov::OutputVector max_pool(const NodeContext& node);
ov::OutputVector average_pool(const NodeContext& node);
ov::OutputVector global_average_pool(const NodeContext& node);
ov::OutputVector global_max_pool(const NodeContext& node);
ov::OutputVector batch_norm(const NodeContext& node);
ov::OutputVector instance_norm(const NodeContext& node);
ov::OutputVector layer_norm(const NodeContext& node);
ov::OutputVector mean_variance_norm(const NodeContext& node);
ov::OutputVector lrn(const NodeContext& node);
ov::OutputVector softmax_legacy(const NodeContext& node);
ov::OutputVector softmax(const NodeContext& node);
ov::OutputVector log_softmax_legacy(const NodeContext& node);
ov::OutputVector log_softmax(const NodeContext& node);
ov::OutputVector reshape(const NodeContext& node);
ov::OutputVector shape(const NodeContext& node);
ov::OutputVector size(const NodeContext& node);
ov::OutputVector flatten(const NodeContext& node);
ov::OutputVector transpose(const NodeContext& node);
ov::OutputVector squeeze(const NodeContext& node);
ov::OutputVector unsqueeze(const NodeContext& node);
ov::OutputVector concat(const NodeContext& node);
ov::OutputVector split(const NodeContext& node);
ov::OutputVector slice(const NodeContext& node);
ov::OutputVector gather(const NodeContext& node);
ov::OutputVector gather_elements(const NodeContext& node);
ov::OutputVector gather_nd(const NodeContext& node);
ov::OutputVector expand(const NodeContext& node);
ov::OutputVector tile(const NodeContext& node);
ov::OutputVector pad(const NodeContext& node);
ov::OutputVector constant(const NodeContext& node);
ov::OutputVector constant_of_shape(const NodeContext& node);
ov::OutputVector range(const NodeContext& node);
ov::OutputVector depth_to_space(const NodeContext& node);
ov::OutputVector space_to_depth(const NodeContext& node);
// The `reduction` attribute of ScatterElements and ScatterND as ScatterElementsUpdate-12's (fails on others).
ov::op::v12::ScatterElementsUpdate::Reduction scatter_reduction(const NodeContext& node);
ov::OutputVector scatter_elements(const NodeContext& node);
ov::OutputVector scatter_nd(const NodeContext& node);
ov::OutputVector one_hot(const NodeContext& node);
ov::OutputVector non_zero(const NodeContext& node);
ov::OutputVector top_k(const NodeContext& node);
ov::OutputVector arg_max(const NodeContext& node);
ov::OutputVector arg_min(const NodeContext& node);
ov::OutputVector cum_sum(const NodeContext& node);
ov::OutputVector reverse_sequence(const NodeContext& node);
ov::OutputVector einsum(const NodeContext& node);
ov::OutputVector reduce_sum_square(const NodeContext& node);
ov::OutputVector reduce_log_sum(const NodeContext& node);
ov::OutputVector reduce_log_sum_exp(const NodeContext& node);
ov::OutputVector resize(const NodeContext& node);
ov::OutputVector upsample(const NodeContext& node);
ov::OutputVector trilu(const NodeContext& node);
ov::OutputVector eye_like(const NodeContext& node);
ov::OutputVector hardmax(const NodeContext& node);
ov::OutputVector shrink(const NodeContext& node);
ov::OutputVector bit_shift(const NodeContext& node);
ov::OutputVector quantize_linear(const NodeContext& node);
ov::OutputVector dequantize_linear(const NodeContext& node);
ov::OutputVector dynamic_quantize_linear(const NodeContext& node);
ov::OutputVector matmul_integer(const NodeContext& node);
ov::OutputVector q_linear_matmul(const NodeContext& node);
ov::OutputVector negative_log_likelihood_loss(const NodeContext& node);
ov::OutputVector softmax_cross_entropy_loss(const NodeContext& node);
ov::OutputVector grid_sample(const NodeContext& node);
ov::OutputVector roi_align(const NodeContext& node);
ov::OutputVector rnn(const NodeContext& node);
ov::OutputVector gru(const NodeContext& node);
ov::OutputVector lstm(const NodeContext& node);
ov::OutputVector if_op(const NodeContext& node);
ov::OutputVector loop(const NodeContext& node);
ov::OutputVector scan_legacy(const NodeContext& node);
ov::OutputVector scan(const NodeContext& node);
ov::OutputVector compress(const NodeContext& node);
ov::OutputVector unique(const NodeContext& node);
ov::OutputVector non_max_suppression(const NodeContext& node);
ov::OutputVector max_unpool(const NodeContext& node);
ov::OutputVector conv_integer(const NodeContext& node);
ov::OutputVector q_linear_conv(const NodeContext& node);
ov::OutputVector hann_window(const NodeContext& node);
ov::OutputVector hamming_window(const NodeContext& node);
ov::OutputVector blackman_window(const NodeContext& node);
ov::OutputVector dft(const NodeContext& node);
ov::OutputVector stft(const NodeContext& node);
ov::OutputVector mel_weight_matrix(const NodeContext& node);
// Resize where Interpolate-11 differs from ONNX (resize_matrix.cpp): whether a node needs it, and the conversion.
bool resize_needs_matrices(const NodeContext& node);
ov::OutputVector resize_by_matrices(const NodeContext& node);
ov::OutputVector scatter_nd_with_reduction(const NodeContext& node);
ov::OutputVector det(const NodeContext& node);
ov::OutputVector tfidf_vectorizer(const NodeContext& node);
ov::OutputVector random_uniform(const NodeContext& node);
ov::OutputVector random_uniform_like(const NodeContext& node);
ov::OutputVector random_normal(const NodeContext& node);
ov::OutputVector random_normal_like(const NodeContext& node);
ov::OutputVector bernoulli(const NodeContext& node);
ov::OutputVector sequence_empty(const NodeContext& node);
ov::OutputVector sequence_construct(const NodeContext& node);
ov::OutputVector sequence_insert(const NodeContext& node);
ov::OutputVector sequence_erase(const NodeContext& node);
ov::OutputVector sequence_at(const NodeContext& node);
ov::OutputVector sequence_length(const NodeContext& node);
ov::OutputVector concat_from_sequence(const NodeContext& node);
ov::OutputVector split_to_sequence(const NodeContext& node);

}  // namespace onnx_frontend
}  // namespace devmux
