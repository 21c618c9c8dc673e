// SPDX-License-Identifier: Apache-2.0
// MVN-1, MVN-6 and NormalizeL2-1, f32, over any set of axes of data of rank 8 or less (constant axes): mean
// subtraction, variance normalisation with eps inside or outside the square root, L2 normalisation with eps
// added or as a floor.
#include <set>

#include "cl_kernel.hpp"
#include "devmux/kit/known_value.hpp"
#include "normalize.h"
#include "openvino/op/mvn.hpp"
#include "openvino/op/normalize_l2.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(NormalizeParams) == (6 + 4 * DEVMUX_NORMALIZE_MAX_RUNS) * 4,
              "NormalizeParams: 32-bit fields, laid out as in OpenCL C");

// The reduced axes (normalised to [0, rank)), or why they are not known.
std::string reduced_axes(const ov::Node& node, std::set<size_t>& axes) {
    const auto rank = static_cast<int64_t>(node.get_input_partial_shape(0).size());
    if (auto v0 = ov::as_type<const ov::op::v0::MVN>(&node)) {
        for (auto axis : v0->get_reduction_axes())
            axes.insert(axis);
        return {};
    }
    auto value = kit::known_value(node.input_value(1));
    if (!value)
        return "needs its axes input known at compile time";
    for (auto axis : value->cast_vector<int64_t>()) {
        const int64_t a = axis < 0 ? axis + rank : axis;
        if (a < 0 || a >= rank)
            return "has axes entry " + std::to_string(axis) + " outside the data's " + std::to_string(rank) + " axes";
        axes.insert(static_cast<size_t>(a));
    }
    return {};
}

std::string check_normalize(const ov::Node& node) {
    const auto& data = node.get_input_partial_shape(0);
    if (!data.is_static())
        return "has data of dynamic shape " + data.to_string();
    if (data.size() > 8)
        return "has data of rank " + std::to_string(data.size()) + "; OPENCL normalises rank 8 or less";
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_output_element_type(0) != ov::element::f32)
        return "has " + node.get_input_element_type(0).get_type_name() + " data; the OPENCL kernels compute in f32";
    std::set<size_t> axes;
    return reduced_axes(node, axes);
}

class NormalizeKernel final : public ClKernel {
public:
    NormalizeKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, ov::is_type<ov::op::v0::NormalizeL2>(&node) ? "normalize_l2_f32" : "mvn_f32") {
        std::set<size_t> axes;
        const std::string why = reduced_axes(node, axes);
        OPENVINO_ASSERT(why.empty(), "OPENCL: op '", node.get_friendly_name(), "' ", why);
        const ov::Shape shape = node.get_input_shape(0);
        // Runs of neighbouring axes alike (all reduced or all kept), innermost first; axes of length 1 join any.
        struct Run {
            bool reduced;
            int dim, stride;
        };
        std::vector<Run> runs;
        int stride = 1;
        for (size_t k = shape.size(); k-- > 0;) {
            const int dim = static_cast<int>(shape[k]);
            const bool reduced = axes.count(k) > 0;
            if (dim != 1) {
                if (!runs.empty() && runs.back().reduced == reduced && runs.back().stride * runs.back().dim == stride)
                    runs.back().dim *= dim;
                else
                    runs.push_back({reduced, dim, stride});
            }
            stride *= dim;
        }
        m_params.groups = 1;
        m_params.group_size = 1;
        for (const auto& run : runs) {
            int& rank = run.reduced ? m_params.reduced_rank : m_params.kept_rank;
            OPENVINO_ASSERT(rank < DEVMUX_NORMALIZE_MAX_RUNS, "OPENCL: op '", node.get_friendly_name(),
                            "' has more alternating reduced and kept axes than the kernel takes");
            (run.reduced ? m_params.reduced_dims : m_params.kept_dims)[rank] = run.dim;
            (run.reduced ? m_params.reduced_strides : m_params.kept_strides)[rank] = run.stride;
            ++rank;
            (run.reduced ? m_params.group_size : m_params.groups) *= run.dim;
        }
        // The kernel walks at least one run of each kind.
        for (auto* rank : {&m_params.reduced_rank, &m_params.kept_rank})
            if (*rank == 0) {
                *rank = 1;
                (rank == &m_params.reduced_rank ? m_params.reduced_dims : m_params.kept_dims)[0] = 1;
                (rank == &m_params.reduced_rank ? m_params.reduced_strides : m_params.kept_strides)[0] = 1;
            }
        if (auto l2 = ov::as_type<const ov::op::v0::NormalizeL2>(&node)) {
            m_params.mode = l2->get_eps_mode() == ov::op::EpsMode::ADD ? 3 : 4;
            m_params.eps = l2->get_eps();
        } else if (auto v0 = ov::as_type<const ov::op::v0::MVN>(&node)) {
            m_params.mode = v0->get_normalize_variance() ? 1 : 0;  // MVN-1 adds eps inside the root
            m_params.eps = static_cast<float>(v0->get_eps());
        } else {
            auto v6 = ov::as_type<const ov::op::v6::MVN>(&node);
            OPENVINO_ASSERT(v6, "OPENCL: not a normalisation: ", node.get_type_name());
            m_params.mode = !v6->get_normalize_variance()                          ? 0
                            : v6->get_eps_mode() == ov::op::MVNEpsMode::INSIDE_SQRT ? 1
                                                                                    : 2;
            m_params.eps = v6->get_eps();
        }
    }

private:
    void setup(Binding& b) const override {
        b.launch("normalize_groups", static_cast<size_t>(m_params.groups)) << b.in(0) << b.out(0) << m_params;
    }
    NormalizeParams m_params{};
};

}  // namespace

OpenclKernelEntry normalize_entry() {
    return {{"MVN", "NormalizeL2"}, "", {}, all_of(fits_int, check_normalize), make_kernel<NormalizeKernel>()};
}

}  // namespace opencl
}  // namespace devmux
