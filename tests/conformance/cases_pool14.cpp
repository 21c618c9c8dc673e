// SPDX-License-Identifier: Apache-2.0
// Conformance cases of MaxPool-14 and AvgPool-14: floor and ceil rounding (which every device running the
// older versions should also run for these) and ceil_torch on shapes where it drops a last window that
// ceil keeps. MaxPool cases read only the values, so that devices computing no indices can claim them;
// one case also reads the indices.
#include "case_builders.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v14 = ov::op::v14;
using ov::Shape;
using ov::Strides;
using ov::op::PadType;
using ov::op::RoundingType;

struct Pool {
    Shape in;
    Shape kernel;
    Strides strides;
    Shape pads_begin, pads_end;
    RoundingType rounding;
    PadType pad = PadType::EXPLICIT;
};

OpCase max_pool14(const std::string& name, const Pool& p, Strides dilations = {}, bool read_indices = false) {
    if (dilations.empty())
        dilations = Strides(p.kernel.size(), 1);
    return {"MaxPool14_" + name, "MaxPool", numbers, [=](const Type& t) {
                auto x = par(t, p.in);
                auto op = std::make_shared<v14::MaxPool>(x, p.strides, dilations, p.pads_begin, p.pads_end, p.kernel,
                                                         p.rounding, p.pad, ov::element::i32, 0);
                return read_indices ? model_of(op, {x}) : model_of(ov::OutputVector{op->output(0)}, {x});
            }};
}

OpCase avg_pool14(const std::string& name, const Pool& p, bool exclude_pad) {
    OpCase c{"AvgPool14_" + name, "AvgPool", reals, [=](const Type& t) {
                 auto x = par(t, p.in);
                 return model_of(std::make_shared<v14::AvgPool>(x, p.strides, p.pads_begin, p.pads_end, p.kernel,
                                                                exclude_pad, p.rounding, p.pad),
                                 {x});
             }};
    c.accumulates = true;
    return c;
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    // YOLOv8 / YOLO11 SPPF: kernel 5, stride 1, paddings 2 (every rounding gives the input size).
    cases.push_back(max_pool14("sppf_k5_s1_p2_ceil_torch", {{1, 8, 10, 10}, {5, 5}, {1, 1}, {2, 2}, {2, 2},
                                                            RoundingType::CEIL_TORCH}));
    cases.push_back(max_pool14("k3_s2_floor", {{1, 3, 9, 8}, {3, 3}, {2, 2}, {0, 0}, {0, 0}, RoundingType::FLOOR}));
    cases.push_back(max_pool14("k3_s2_ceil", {{1, 3, 8, 8}, {3, 3}, {2, 2}, {0, 0}, {0, 0}, RoundingType::CEIL}));
    // 7 + 1 + 1 = 9 padded, kernel 2, stride 3: ceil gives 4 windows (the 4th at 9, all end padding),
    // ceil_torch 3.
    cases.push_back(max_pool14("k2_s3_p1_ceil_torch", {{2, 2, 7, 7}, {2, 2}, {3, 3}, {1, 1}, {1, 1},
                                                       RoundingType::CEIL_TORCH}));
    cases.push_back(max_pool14("k1x2_s3x2_ceil_torch", {{1, 3, 5, 7}, {1, 2}, {3, 2}, {0, 0}, {0, 1},
                                                        RoundingType::CEIL_TORCH}));
    cases.push_back(max_pool14("k3_s2_d2_ceil_torch", {{1, 2, 9, 10}, {3, 3}, {2, 2}, {1, 1}, {1, 1},
                                                       RoundingType::CEIL_TORCH},
                               Strides{2, 2}));
    cases.push_back(max_pool14("k3_s2_same_upper_ceil_torch", {{1, 2, 7, 6}, {3, 3}, {2, 2}, {0, 0}, {0, 0},
                                                               RoundingType::CEIL_TORCH, PadType::SAME_UPPER}));
    cases.push_back(max_pool14("1d_k2_s2_p1_ceil_torch", {{2, 3, 5}, {2}, {2}, {1}, {1}, RoundingType::CEIL_TORCH}));
    cases.push_back(max_pool14("indices_k2_s3_p1_ceil_torch", {{1, 2, 7, 7}, {2, 2}, {3, 3}, {1, 1}, {1, 1},
                                                               RoundingType::CEIL_TORCH},
                               {}, true));

    cases.push_back(avg_pool14("k2_s2_floor", {{1, 2, 6, 6}, {2, 2}, {2, 2}, {0, 0}, {0, 0}, RoundingType::FLOOR},
                               true));
    cases.push_back(avg_pool14("k3_s2_ceil", {{1, 2, 8, 8}, {3, 3}, {2, 2}, {0, 0}, {0, 0}, RoundingType::CEIL},
                               true));
    cases.push_back(avg_pool14("k3_s1_p1_include_pad_floor", {{1, 2, 5, 5}, {3, 3}, {1, 1}, {1, 1}, {1, 1},
                                                              RoundingType::FLOOR},
                               false));
    cases.push_back(avg_pool14("k2_s3_p1_ceil_torch_exclude_pad", {{2, 2, 7, 7}, {2, 2}, {3, 3}, {1, 1}, {1, 1},
                                                                   RoundingType::CEIL_TORCH},
                               true));
    cases.push_back(avg_pool14("k2_s3_p1_ceil_torch_include_pad", {{2, 2, 7, 7}, {2, 2}, {3, 3}, {1, 1}, {1, 1},
                                                                   RoundingType::CEIL_TORCH},
                               false));
    cases.push_back(avg_pool14("1d_k2_s2_p1_ceil_torch", {{2, 3, 5}, {2}, {2}, {1}, {1}, RoundingType::CEIL_TORCH},
                               true));
}

}  // namespace conformance
