// Building kernel::Plan objects by hand in tests: the code generators' tests (C++, CUDA,
// WebAssembly) render and run plans written this way, independently of the scheduler and the
// memory planner. Buffers are contiguous; kernels come from a KernelBuilder (kernel_builder.h);
// steps and outputs are appended in the order the plan runs them.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "kernel/ir.h"
#include "support/kernel_builder.h"

namespace kiln::testing {

// A contiguous buffer. Inputs are numbered in the order they are added (graph input 0, 1, ...).
inline int plan_buffer(kernel::Plan& p, const std::string& name, kernel::BufferKind kind, const Shape& sizes, DType dt,
                       bool is_output = false) {
    kernel::Buffer b;
    b.name = name;
    b.kind = kind;
    b.sizes = sizes;
    b.strides = contiguous_strides(sizes);
    b.dtype = dt;
    b.is_output = is_output;
    if (kind == kernel::BufferKind::Input) {
        int n = 0;
        for (const kernel::Buffer& x : p.buffers) n += x.kind == kernel::BufferKind::Input;
        b.input_index = n;
    }
    p.buffers.push_back(b);
    return int(p.buffers.size()) - 1;
}
inline int plan_input(kernel::Plan& p, const std::string& name, const Shape& sizes, DType dt = DType::Float32) {
    return plan_buffer(p, name, kernel::BufferKind::Input, sizes, dt);
}
inline int plan_intermediate(kernel::Plan& p, const std::string& name, const Shape& sizes, DType dt = DType::Float32,
                             bool is_output = false) {
    return plan_buffer(p, name, kernel::BufferKind::Intermediate, sizes, dt, is_output);
}
// An intermediate buffer that the graph returns.
inline int plan_output_buffer(kernel::Plan& p, const std::string& name, const Shape& sizes, DType dt = DType::Float32) {
    return plan_intermediate(p, name, sizes, dt, true);
}

// Appends kb's kernel with its arguments in the given order (the generated signature's order, so
// goldens depend on it) and the FX nodes it came from, as the scheduler records them: the node
// name's numeric suffix is not part of the op (add_1 is an aten.add).
inline void plan_kernel(kernel::Plan& p, KernelBuilder& kb, std::vector<int> in, std::vector<int> out,
                        const std::vector<std::string>& origins, std::vector<int> in_out = {}) {
    kb.k.inputs = std::move(in);
    kb.k.outputs = std::move(out);
    kb.k.in_out = std::move(in_out);
    for (const std::string& o : origins) {
        kb.k.origins.push_back(o);
        size_t us = o.find_last_of('_');
        bool numbered = us != std::string::npos && us + 1 < o.size() &&
                        o.find_first_not_of("0123456789", us + 1) == std::string::npos;
        kb.k.origin_ops.push_back("aten." + (numbered ? o.substr(0, us) : o));
    }
    p.kernels.push_back(kb.k);
}

// Appends kb's kernel with the arguments its loads and stores registered, in that order; a buffer
// both loaded and stored becomes an in_out argument (as the scheduler makes an in-place kernel's).
inline void plan_kernel_as_built(kernel::Plan& p, KernelBuilder& kb) {
    std::vector<int> in_out;
    for (int b : kb.k.outputs)
        for (size_t i = 0; i < kb.k.inputs.size(); ++i)
            if (kb.k.inputs[i] == b) {
                in_out.push_back(b);
                kb.k.inputs.erase(kb.k.inputs.begin() + long(i));
                break;
            }
    for (int b : in_out)
        for (size_t i = 0; i < kb.k.outputs.size(); ++i)
            if (kb.k.outputs[i] == b) kb.k.outputs.erase(kb.k.outputs.begin() + long(i));
    kb.k.in_out = in_out;
    p.kernels.push_back(kb.k);
}

inline void plan_step(kernel::Plan& p, kernel::StepKind kind, int buffer = -1, int kernel_index = -1, int from = -1) {
    kernel::Step s;
    s.kind = kind;
    s.buffer = buffer;
    s.kernel = kernel_index;
    s.from = from;
    p.steps.push_back(s);
}
// The graph returns `buffer` as it is (no view).
inline void plan_output(kernel::Plan& p, int buffer) {
    kernel::Output o;
    o.buffer = buffer;
    p.outputs.push_back(o);
}
// The steps of a plan of one kernel: Alloc every output (and return it), run kernel 0.
inline void plan_single_kernel_steps(kernel::Plan& p, const std::vector<int>& outs) {
    for (int b : outs) {
        plan_step(p, kernel::StepKind::Alloc, b);
        plan_output(p, b);
    }
    plan_step(p, kernel::StepKind::Kernel, -1, 0);
}

}  // namespace kiln::testing
