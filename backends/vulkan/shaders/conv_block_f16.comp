// SPDX-License-Identifier: Apache-2.0
// conv_block.comp with the repacked filters stored as f16 (half the memory and loads' bytes), used when the
// inference precision is f16 and the device has storageBuffer16BitAccess; sums stay f32.
#version 450
#extension GL_EXT_shader_16bit_storage : require
#define FILTERS_F16
#define LOCAL_SIZE 8
#include "common.glsl"
#include "conv_epilogue.glsl"
#include "conv_block.glsl"
