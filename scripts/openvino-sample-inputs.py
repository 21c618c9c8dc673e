#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Makes the inputs OpenVINO's C++ samples read, from the shared models (standard library only).

  openvino-sample-inputs.py bmp <nchw f32 BGR file> <height> <width> <out.bmp> [repeat]
      A 24-bit BMP (the only format the samples' format_reader reads without OpenCV), each pixel
      repeated `repeat` x `repeat` times (default 1).
  openvino-sample-inputs.py ssd <image.bmp> <out.xml>
      A small SSD-style detector IR (out.xml, out.bin) for hello_reshape_ssd, and prints the lines the
      sample must print for that image. Its PriorBox takes its sizes through ShapeOf and StridedSlice
      as converted SSD models do, so reshaping the model to the image moves the priors with it.
  openvino-sample-inputs.py lenet <model_creation_sample.hpp> <out.bin>
      A weights file in the layout model_creation_sample reads (1724336 bytes), and prints the
      classes and probabilities the sample must report for its ten digits.

The LeNet file is NOT trained weights: no trained LeNet of that shape is shared (mnist-onnx is a
different network, see docs/openvino-samples.md). It is a nearest-template classifier built for the
sample's own ten digits: convolution 1 copies the image (scaled to [0, 1]), convolution 2 takes 25
shifted copies, both max pools reduce them to 25 x 4 x 4 features, MatMul 1 scores each digit's
features against every template (f.t - |t|^2 / 2), MatMul 2 passes the ten scores, scaled by 0.1, to Softmax. Each
digit is then closest to its own template, so the sample must print class k for digit k; the
probabilities are computed here independently of any runtime.
"""
import math
import re
import struct
import sys


def write_bmp(src, height, width, out, repeat=1):
    with open(src, "rb") as f:
        raw = f.read()
    count = 3 * height * width
    if len(raw) != 4 * count:
        sys.exit(f"{src}: {len(raw)} bytes, expected {4 * count} for 1x3x{height}x{width} f32")
    planes = struct.unpack(f"<{count}f", raw)
    out_height, out_width = height * repeat, width * repeat
    row_bytes = (3 * out_width + 3) // 4 * 4
    rows = []
    for y in reversed(range(out_height)):  # BMP rows run bottom-up
        row = bytearray()
        for x in range(out_width):
            for c in range(3):  # B, G, R: the file's channel order is the BMP's
                v = planes[(c * height + y // repeat) * width + x // repeat]
                row.append(max(0, min(255, int(round(v)))))
        row.extend(b"\0" * (row_bytes - len(row)))
        rows.append(bytes(row))
    pixels = b"".join(rows)
    height, width = out_height, out_width
    header = struct.pack("<2sIHHI", b"BM", 54 + len(pixels), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    with open(out, "wb") as f:
        f.write(header + info + pixels)


def read_digits(header):
    text = open(header).read()
    digits = {}
    for m in re.finditer(r"digit_(\d)\[28 \* 28\] = \{(.*?)\};", text, re.S):
        values = [int(v, 0) for v in m.group(2).replace("\n", " ").split(",") if v.strip()]
        if len(values) != 784:
            sys.exit(f"{header}: digit_{m.group(1)} has {len(values)} values, expected 784")
        digits[int(m.group(1))] = values
    if sorted(digits) != list(range(10)):
        sys.exit(f"{header}: expected digit_0 ... digit_9")
    return [digits[k] for k in range(10)]


# Softmax temperature: the smallest margin between a digit's own score and the next is about 28, so
# the probabilities stay away from 1.0 and say something about the arithmetic.
SCORE_SCALE = 0.1
SHIFTS = [(dy, dx) for dy in range(5) for dx in range(5)]  # convolution 2 output channels


def features(image):
    """What the LeNet graph computes before MatMul 1, for the weights written below."""
    # Convolution 1, channel 0: the centre tap 1/255 (a cropped copy, 24 x 24); max pool 2 -> 12 x 12.
    conv1 = [[image[(y + 2) * 28 + x + 2] / 255.0 for x in range(24)] for y in range(24)]
    pool1 = [[max(conv1[2 * y + i][2 * x + j] for i in range(2) for j in range(2)) for x in range(12)]
             for y in range(12)]
    flat = [0.0] * 800
    for channel, (dy, dx) in enumerate(SHIFTS):
        # Convolution 2, channel `channel`: tap (dy, dx) of input channel 0 (8 x 8); max pool 2 -> 4 x 4.
        conv2 = [[pool1[y + dy][x + dx] for x in range(8)] for y in range(8)]
        for y in range(4):
            for x in range(4):
                flat[channel * 16 + y * 4 + x] = max(conv2[2 * y + i][2 * x + j] for i in range(2) for j in range(2))
    return flat


def write_lenet(header, out):
    digits = read_digits(header)
    templates = [features(d) for d in digits]
    conv1 = [0.0] * (20 * 25)
    conv1[2 * 5 + 2] = 1.0 / 255.0
    bias1 = [0.0] * 20
    conv2 = [0.0] * (50 * 20 * 25)
    for channel, (dy, dx) in enumerate(SHIFTS):
        conv2[channel * 20 * 25 + dy * 5 + dx] = 1.0
    bias2 = [0.0] * 50
    reshape = [0, -1]  # special_zero: keep the batch, flatten the rest
    offset = 1000.0  # keeps every score positive through the ReLU; Softmax ignores it
    matmul1 = [0.0] * (500 * 800)
    bias3 = [0.0] * 500
    for k, t in enumerate(templates):
        matmul1[k * 800:(k + 1) * 800] = t
        bias3[k] = offset - 0.5 * sum(v * v for v in t)
    matmul2 = [0.0] * (10 * 500)
    for k in range(10):
        matmul2[k * 500 + k] = SCORE_SCALE
    bias4 = [0.0] * 10
    blob = b"".join([struct.pack(f"<{len(conv1)}f", *conv1), struct.pack("<20f", *bias1),
                     struct.pack(f"<{len(conv2)}f", *conv2), struct.pack("<50f", *bias2),
                     struct.pack("<2q", *reshape), struct.pack(f"<{len(matmul1)}f", *matmul1),
                     struct.pack("<500f", *bias3), struct.pack(f"<{len(matmul2)}f", *matmul2),
                     struct.pack("<10f", *bias4)])
    assert len(blob) == 1724336, len(blob)
    with open(out, "wb") as f:
        f.write(blob)
    # The expected output, in double precision: Softmax over f.t_k - |t_k|^2 / 2.
    for k, d in enumerate(digits):
        f = features(d)
        scores = [SCORE_SCALE * (sum(a * b for a, b in zip(f, t)) - 0.5 * sum(v * v for v in t)) for t in templates]
        top = max(range(10), key=lambda i: scores[i])
        total = sum(math.exp(s - scores[top]) for s in scores)
        print(f"digit {k}: class {top} probability {1.0 / total:.7f}")


def read_bmp(path):
    """The pixels of a 24-bit BMP as rows of (B, G, R), top row first."""
    data = open(path, "rb").read()
    offset = struct.unpack_from("<I", data, 10)[0]
    width, height = struct.unpack_from("<ii", data, 18)
    row_bytes = (3 * width + 3) // 4 * 4
    rows = []
    for y in range(abs(height)):
        start = offset + y * row_bytes
        rows.append([tuple(data[start + 3 * x:start + 3 * x + 3]) for x in range(width)])
    return rows if height < 0 else rows[::-1]


class IrWriter:
    """Just enough of the IR v11 format for a small f32 / i64 model."""

    def __init__(self):
        self.layers, self.edges, self.blob = [], [], bytearray()
        self.shapes = {}  # (layer, port) -> (dims, precision)

    def layer(self, kind, name, inputs=(), out=None, out_type="FP32", data=None, version="opset1"):
        lid = len(self.layers)
        attrs = "".join(f' {k}="{v}"' for k, v in (data or {}).items())
        ports = ""
        for i, src in enumerate(inputs):
            dims, precision = self.shapes[src]
            ports += f'<port id="{i}" precision="{precision}">' + "".join(f"<dim>{d}</dim>" for d in dims) + "</port>"
        for i, (src, src_port) in enumerate(inputs):
            self.edges.append(f'<edge from-layer="{src}" from-port="{src_port}" to-layer="{lid}" to-port="{i}"/>')
        text = f'<layer id="{lid}" name="{name}" type="{kind}" version="{version}">'
        text += f"<data{attrs}/>" if data is not None else ""
        text += f"<input>{ports}</input>" if inputs else ""
        if out is not None:
            dims = "".join(f"<dim>{d}</dim>" for d in out)
            names = f' names="{name}"' if kind in ("Parameter", "DetectionOutput") else ""
            text += f'<output><port id="{len(inputs)}" precision="{out_type}"{names}>{dims}</port></output>'
        self.layers.append(text + "</layer>")
        self.shapes[(lid, len(inputs))] = (out, out_type)
        return (lid, len(inputs))

    def const(self, name, values, shape, kind="f32"):
        fmt = {"f32": "f", "i64": "q"}[kind]
        raw = struct.pack(f"<{len(values)}{fmt}", *values)
        data = {"element_type": kind, "shape": ",".join(map(str, shape)), "offset": len(self.blob), "size": len(raw)}
        self.blob += raw
        return self.layer("Const", name, out=shape, out_type={"f32": "FP32", "i64": "I64"}[kind], data=data)

    def save(self, xml_path):
        with open(xml_path, "w") as f:
            f.write('<?xml version="1.0"?>\n<net name="tiny_ssd" version="11">\n<layers>\n')
            f.write("\n".join(self.layers) + "\n</layers>\n<edges>\n" + "\n".join(self.edges) + "\n</edges>\n</net>\n")
        with open(xml_path[:-4] + ".bin", "wb") as f:
            f.write(bytes(self.blob))


CELL = 32  # the detector's grid step and prior size, in pixels


def write_ssd(image_path, xml_path):
    """Each 32 x 32 cell of the image is a prior box; class 1 scores (mean R - mean G - mean B) / 16
    against 0 for the background and box offsets are zero, so the detections are the cells whose red
    outweighs their green and blue together, with confidence sigmoid((R - G - B) / 16)."""
    image = read_bmp(image_path)
    height, width = len(image), len(image[0])
    ir = IrWriter()
    hw = (300, 300)  # the declared size, as SSD300; the sample reshapes the model to the image
    cells = ((hw[0] - CELL) // CELL + 1, (hw[1] - CELL) // CELL + 1)
    priors = cells[0] * cells[1]
    x = ir.layer("Parameter", "image", out=(1, 3) + hw, data={"element_type": "f32", "shape": "1,3,%d,%d" % hw})
    pool = ir.layer("AvgPool", "cells", [x], out=(1, 3) + cells,
                    data={"kernel": f"{CELL},{CELL}", "strides": f"{CELL},{CELL}", "pads_begin": "0,0",
                          "pads_end": "0,0", "exclude-pad": "true", "rounding_type": "floor", "auto_pad": "explicit"})
    conv = {"strides": "1,1", "dilations": "1,1", "pads_begin": "0,0", "pads_end": "0,0", "auto_pad": "explicit"}
    to_nhwc = ir.const("to_nhwc", [0, 2, 3, 1], (4,), "i64")
    flat = ir.const("flat", [0, -1], (2,), "i64")
    loc_w = ir.const("loc_weights", [0.0] * 12, (4, 3, 1, 1))
    loc = ir.layer("Convolution", "loc", [pool, loc_w], out=(1, 4) + cells, data=conv)
    loc = ir.layer("Transpose", "loc_nhwc", [loc, to_nhwc], out=(1,) + cells + (4,))
    loc = ir.layer("Reshape", "loc_flat", [loc, flat], out=(1, 4 * priors), data={"special_zero": "true"})
    conf_w = ir.const("conf_weights", [0.0, 0.0, 0.0, -0.0625, -0.0625, 0.0625], (2, 3, 1, 1))  # B, G, R
    conf = ir.layer("Convolution", "conf", [pool, conf_w], out=(1, 2) + cells, data=conv)
    conf = ir.layer("Transpose", "conf_nhwc", [conf, to_nhwc], out=(1,) + cells + (2,))
    per_prior = ir.const("per_prior", [0, -1, 2], (3,), "i64")
    conf = ir.layer("Reshape", "conf_3d", [conf, per_prior], out=(1, priors, 2), data={"special_zero": "true"})
    conf = ir.layer("SoftMax", "conf_softmax", [conf], out=(1, priors, 2), data={"axis": "2"})
    conf = ir.layer("Reshape", "conf_flat", [conf, flat], out=(1, 2 * priors), data={"special_zero": "true"})
    begin = ir.const("hw_begin", [2], (1,), "i64")
    end = ir.const("hw_end", [4], (1,), "i64")
    stride = ir.const("hw_stride", [1], (1,), "i64")
    masks = {"begin_mask": "0", "end_mask": "0", "new_axis_mask": "", "shrink_axis_mask": "", "ellipsis_mask": ""}
    sizes = []
    for name, src in (("cells", pool), ("image", x)):
        shape = ir.layer("ShapeOf", name + "_shape", [src], out=(4,), out_type="I64", data={"output_type": "i64"},
                         version="opset3")
        sizes.append(ir.layer("StridedSlice", name + "_hw", [shape, begin, end, stride], out=(2,), out_type="I64",
                              data=masks))
    prior = ir.layer("PriorBox", "priors", sizes, out=(2, 4 * priors),
                     data={"min_size": str(CELL), "max_size": "", "aspect_ratio": "", "density": "",
                           "fixed_ratio": "", "fixed_size": "", "flip": "false", "clip": "true", "step": str(CELL),
                           "offset": "0.5", "variance": "0.1,0.1,0.2,0.2", "scale_all_sizes": "true"})
    axis = ir.const("batch_axis", [0], (1,), "i64")
    prior = ir.layer("Unsqueeze", "priors_batch", [prior, axis], out=(1, 2, 4 * priors))
    keep = 100
    det = ir.layer("DetectionOutput", "detection_out", [loc, conf, prior], out=(1, 1, keep, 7),
                   data={"num_classes": "2", "background_label_id": "0", "top_k": "400",
                         "variance_encoded_in_target": "false", "keep_top_k": str(keep),
                         "code_type": "caffe.PriorBoxParameter.CENTER_SIZE", "share_location": "true",
                         "nms_threshold": "0.45", "confidence_threshold": "0.01", "clip_after_nms": "false",
                         "clip_before_nms": "false", "decrease_label_id": "false", "normalized": "true",
                         "input_height": "1", "input_width": "1", "objectness_score": "0"})
    ir.layer("Result", "detection_result", [det])
    ir.save(xml_path)

    # What hello_reshape_ssd must print for this image, computed here in double precision.
    rows, cols = (height - CELL) // CELL + 1, (width - CELL) // CELL + 1
    found = []
    for i in range(rows):
        for j in range(cols):
            block = [image[i * CELL + y][j * CELL + x] for y in range(CELL) for x in range(CELL)]
            blue, green, red = (sum(p[c] for p in block) / len(block) for c in range(3))
            confidence = 1.0 / (1.0 + math.exp(-(red - green - blue) / 16.0))
            cx, cy = (j + 0.5) * CELL, (i + 0.5) * CELL
            box = [max(0.0, min(1.0, v)) for v in ((cx - CELL / 2) / width, (cy - CELL / 2) / height,
                                                  (cx + CELL / 2) / width, (cy + CELL / 2) / height)]
            found.append((confidence, box))
    found.sort(key=lambda f: -f[0])
    for index, (confidence, box) in enumerate(found[:keep]):
        if confidence > 0.5:
            xmin, ymin, xmax, ymax = (int(box[0] * width), int(box[1] * height), int(box[2] * width),
                                      int(box[3] * height))
            print(f"[{index},1] element, prob = {confidence:.6g},    ({xmin},{ymin})-({xmax},{ymax})")


if __name__ == "__main__":
    if len(sys.argv) in (6, 7) and sys.argv[1] == "bmp":
        write_bmp(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], int((sys.argv[6:] or [1])[0]))
    elif len(sys.argv) == 4 and sys.argv[1] == "ssd":
        write_ssd(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "lenet":
        write_lenet(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
