// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/ops.hpp"

namespace ov {
/// @brief The op classes of opset13 that devmux implements, under their opset names (each is the op version
/// opset13 lists, e.g. ov::opset13::Add is ov::op::v1::Add).
namespace opset13 {
using ov::op::v0::Clamp;
using ov::op::v0::Concat;
using ov::op::v0::Constant;
using ov::op::v0::Convert;
using ov::op::v0::Exp;
using ov::op::v0::FakeQuantize;
using ov::op::v0::MatMul;
using ov::op::v0::PRelu;
using ov::op::v0::Parameter;
using ov::op::v0::PriorBoxClustered;
using ov::op::v0::Relu;
using ov::op::v0::Result;
using ov::op::v0::Sigmoid;
using ov::op::v0::Sqrt;
using ov::op::v0::Squeeze;
using ov::op::v0::Tanh;
using ov::op::v0::Unsqueeze;
using ov::op::v1::Add;
using ov::op::v1::AvgPool;
using ov::op::v1::Convolution;
using ov::op::v1::Divide;
using ov::op::v1::GroupConvolution;
using ov::op::v1::Maximum;
using ov::op::v1::Minimum;
using ov::op::v1::Multiply;
using ov::op::v1::ReduceMax;
using ov::op::v1::ReduceMean;
using ov::op::v1::ReduceProd;
using ov::op::v1::ReduceSum;
using ov::op::v1::Reshape;
using ov::op::v1::Split;
using ov::op::v1::StridedSlice;
using ov::op::v1::Subtract;
using ov::op::v1::Transpose;
using ov::op::v3::ShapeOf;
using ov::op::v6::Assign;
using ov::op::v6::ReadValue;
using ov::op::v8::DetectionOutput;
using ov::op::v8::Gather;
using ov::op::v8::MaxPool;
using ov::op::v8::PriorBox;
using ov::op::v8::Softmax;
using ov::op::v11::Interpolate;
}  // namespace opset13
}  // namespace ov
