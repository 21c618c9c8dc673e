// SPDX-License-Identifier: Apache-2.0
// Seeded random boxes for the detection op cases: valid for the ops (min corner below max corner, positive
// sizes, inside the image where the op clips) and clustered, so that NMS both suppresses and keeps.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace conformance {
namespace box_values {

enum class BoxForm {
    corners,  // [a1, b1, a2, b2] with a1 < a2, b1 < b2 (NMS's [y1, x1, y2, x2], the others' [x1, y1, x2, y2])
    center,   // [x_center, y_center, width, height]
    rotated,  // [x_center, y_center, width, height, angle in radians]
};

// images x n boxes, the i-th of each image near one of three centres (i % 3): boxes of one centre overlap by
// about half their area, boxes of different centres barely or not at all. Sizes are about `scale`.
inline std::vector<float> clustered(BoxForm form, size_t images, size_t n, uint32_t seed, float scale = 1.0f) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> jitter(-0.3f, 0.3f), size(0.8f, 1.6f), angle(-1.5f, 1.5f);
    std::vector<float> out;
    for (size_t image = 0; image < images; ++image)
        for (size_t i = 0; i < n; ++i) {
            const float cluster = static_cast<float>(i % 3);
            const float cx = (1.0f + 2.2f * cluster + jitter(gen)) * scale;
            const float cy = (1.0f + 0.9f * cluster + jitter(gen)) * scale;
            const float w = size(gen) * scale, h = size(gen) * scale;
            switch (form) {
                case BoxForm::corners: out.insert(out.end(), {cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2}); break;
                case BoxForm::center: out.insert(out.end(), {cx, cy, w, h}); break;
                case BoxForm::rotated: out.insert(out.end(), {cx, cy, w, h, angle(gen)}); break;
            }
        }
    return out;
}

// n pixel boxes [x1, y1, x2, y2] inside a width x height image, each side 4 to 20 pixels.
inline std::vector<float> in_image(size_t n, uint32_t seed, float width, float height) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> side(4.0f, 20.0f), unit(0.0f, 1.0f);
    std::vector<float> out;
    for (size_t i = 0; i < n; ++i) {
        const float w = side(gen), h = side(gen);
        const float x1 = unit(gen) * (width - 1 - w), y1 = unit(gen) * (height - 1 - h);
        out.insert(out.end(), {x1, y1, x1 + w, y1 + h});
    }
    return out;
}

}  // namespace box_values
}  // namespace conformance
