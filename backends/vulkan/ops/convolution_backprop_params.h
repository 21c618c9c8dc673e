// SPDX-License-Identifier: Apache-2.0
// convolution_backprop.comp's parameters (ops/params.h): the host fills them in ops/convolution_backprop.cpp.
#ifndef DEVMUX_VULKAN_CONVOLUTION_BACKPROP_PARAMS_H
#define DEVMUX_VULKAN_CONVOLUTION_BACKPROP_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
struct ConvolutionBackpropParams {
    uint items;                          // output pixels times quads of output channels of a group
    uint in_channels, in_h, in_w;        // the data's
    uint out_channels, out_h, out_w;     // the output's
    uint kernel_h, kernel_w;
    uint stride_h, stride_w;
    uint dilation_h, dilation_w;
    int pad_top, pad_left;               // pads_begin in effect (automatic paddings worked out by the op)
    uint groups;                         // 1 for ConvolutionBackpropData
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(ConvolutionBackpropParams)

#endif
