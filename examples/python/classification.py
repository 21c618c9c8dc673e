#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Classifies one image with an ImageNet model, letting the runtime do the preprocessing: the application
hands over the picture as it has it (8-bit, height x width x BGR, any size) and the PrePostProcessor turns
it into what the model expects (f32, NCHW, minus the ImageNet mean, resized).

    classification.py MODEL.xml IMAGE LABELS [DEVICE]

IMAGE is a .npy array of shape (height, width, 3), BGR 0..255, or a raw float32 NCHW BGR 0..255 tensor of
the model's input shape (such as ../shared/models/inputs/pizza_1x3x227x227_nchw_bgr.f32).
The mean (104, 117, 123) is the one SqueezeNet 1.1 was trained with (its IR v11 does not subtract it)."""
import sys

import numpy as np

import openvino as ov
from openvino.preprocess import PrePostProcessor, ResizeAlgorithm

BGR_MEAN = [104.0, 117.0, 123.0]


def load_image(path, model_shape):
    """The picture as an application usually holds one: uint8, height x width x BGR."""
    if path.endswith(".npy"):
        return np.load(path).astype(np.uint8)
    nchw = np.fromfile(path, dtype="<f4").reshape(model_shape)
    return np.clip(np.rint(nchw[0].transpose(1, 2, 0)), 0, 255).astype(np.uint8)


def main(model_path, image_path, labels_path, device="CPU"):
    core = ov.Core()
    model = core.read_model(model_path)
    if len(model.inputs) != 1 or len(model.outputs) != 1:
        raise SystemExit("this example supports models with one input and one output")
    image = load_image(image_path, model.input().get_shape())
    batch = np.expand_dims(image, 0)  # N, H, W, C

    ppp = PrePostProcessor(model)
    ppp.input().tensor() \
        .set_shape(batch.shape) \
        .set_element_type(ov.Type.u8) \
        .set_layout(ov.Layout("NHWC"))
    ppp.input().preprocess() \
        .convert_element_type(ov.Type.f32) \
        .mean(BGR_MEAN) \
        .resize(ResizeAlgorithm.RESIZE_LINEAR)
    ppp.input().model().set_layout(ov.Layout("NCHW"))
    ppp.output().tensor().set_element_type(ov.Type.f32)
    model = ppp.build()

    compiled = core.compile_model(model, device)
    probabilities = compiled({0: batch})[0].reshape(-1)

    with open(labels_path, encoding="utf-8") as file:
        labels = [line.strip() for line in file]
    print(f"{model_path} on {device}, image {image.shape[1]}x{image.shape[0]}")
    print("class  probability  label")
    for index in np.argsort(probabilities)[::-1][:5]:
        label = labels[index] if index < len(labels) else ""
        print(f"{index:5d}  {probabilities[index]:11.6f}  {label}")


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
