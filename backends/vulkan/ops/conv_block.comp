// SPDX-License-Identifier: Apache-2.0
// 2D convolution for groups of 16 or more output channels with constant filters: parameters and bindings as
// conv.comp, but the filters (binding 1) are repacked at compile time as vec4s: for each block of 16 output
// channels of a group and each (input channel, kh, kw), four vec4s holding the 16 channels' weights (zeros
// past the group's last channel). The dispatch is two-dimensional: x runs over quads of output pixels
// (N * OH * OW, row-major), y over the blocks of every group. Each invocation computes 16 channels x 4
// pixels, so one iteration makes 4 filter loads and 4 input loads for 64 multiply-adds: llvmpipe pays per
// load, not per multiply-add.
#version 450
// Work groups of one llvmpipe SIMD batch (8 lanes): measured faster on lavapipe than 16 or 64 (docs/vulkan.md).
#define LOCAL_SIZE 8
#include "conv_params.h"
#define DEVMUX_PARAMS ConvParams
#include "common.glsl"
#include "conv_epilogue.glsl"
#include "conv_block.glsl"

