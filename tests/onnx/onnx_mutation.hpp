// SPDX-License-Identifier: Apache-2.0
// Random byte-level mutations of ONNX files read through the public API: every mutated model either loads or is
// refused with an ov::Exception (the reader tests and the sequence tests use it on their own seed models).
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <random>
#include <string>
#include <typeinfo>
#include <vector>

#include "openvino/core/except.hpp"
#include "openvino/runtime/core.hpp"

namespace onnx_test {

struct MutationOutcome {
    size_t loaded = 0;
    size_t refused = 0;
    std::string failure;  // the first mutation that threw something other than ov::Exception, with its iteration
};

// Each iteration takes seeds[i % size], applies 1 to max_edits edits (overwrite a byte, truncate, repeat up to 16
// bytes, flip a bit) and reads it; the first byte stays a protobuf tag (0x08), so the reader gets past its
// format check and the mutations reach the conversion.
inline MutationOutcome read_mutated_onnx_models(const std::vector<std::string>& seeds, uint32_t seed, int iterations,
                                                int max_edits) {
    MutationOutcome outcome;
    ov::Core core;
    std::mt19937 generator(seed);
    for (int iteration = 0; iteration < iterations && outcome.failure.empty(); ++iteration) {
        std::string bytes = seeds[static_cast<size_t>(iteration) % seeds.size()];
        const int edits = 1 + static_cast<int>(generator() % static_cast<uint32_t>(max_edits));
        for (int e = 0; e < edits && !bytes.empty(); ++e) {
            const size_t at = generator() % bytes.size();
            switch (generator() % 4) {
            case 0: bytes[at] = static_cast<char>(generator()); break;
            case 1: bytes.resize(at); break;
            case 2: bytes.insert(at, bytes.substr(at, std::min<size_t>(16, bytes.size() - at))); break;
            default: bytes[at] = static_cast<char>(bytes[at] ^ (1 << (generator() % 8))); break;
            }
        }
        if (bytes.empty() || static_cast<unsigned char>(bytes[0]) != 0x08)
            bytes.insert(0, 1, '\x08');
        try {
            core.read_model(bytes, ov::Tensor());
            ++outcome.loaded;
        } catch (const ov::Exception&) {
            ++outcome.refused;
        } catch (const std::exception& e) {
            outcome.failure = "iteration " + std::to_string(iteration) + " (seed " + std::to_string(seed) + ") threw " +
                              typeid(e).name() + " instead of ov::Exception: " + e.what();
        }
    }
    return outcome;
}

}  // namespace onnx_test
