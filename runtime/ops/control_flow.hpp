// SPDX-License-Identifier: Apache-2.0
// Internal to the runtime (tests link its objects): the plans of the bodies that If, Loop and TensorIterator run.
#pragma once

#include <cstddef>

namespace devmux {
namespace ref {

// How many body plans (a clone of a body with its shapes inferred for one set of Parameter types and shapes,
// and the order its ops run in) have been built since the process started. A body is planned once per set
// of input shapes and the plan reused by every later evaluation and iteration with those shapes, so tests
// read this count before and after evaluations to check that nothing is planned again.
size_t body_plans_built();

// How many of them are alive: an op's plans are its own and go with it (or when it is validated again).
size_t body_plans_alive();

// How many plans the body cache holds at most per body; a body given more distinct shapes than this
// forgets its oldest plan (a body fed a growing sequence never holds unbounded memory).
constexpr size_t body_plans_per_body = 16;

}  // namespace ref
}  // namespace devmux
