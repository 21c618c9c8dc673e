// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "devmux/kit/thread_pool.hpp"

namespace devmux {
namespace cpu {

// Each infer request owns one (see InferRequest), so requests never share a lock or a worker.
using ThreadPool = kit::ThreadPool;

}  // namespace cpu
}  // namespace devmux
