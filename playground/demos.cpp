// The demo table: PyTorch source text next to the engine calls that compute it (see demos.h).
#include "demos.h"

#include <chrono>
#include <exception>

#include "autograd/node.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::playground {
namespace {

// x = torch.arange(rows * cols, dtype=torch.float32).reshape(rows, cols): every demo's input.
Tensor demo_input(int64_t rows, int64_t cols) {
    TensorOptions opts;
    opts.dtype = DType::Float32;
    return reshape(arange(Scalar(rows * cols), opts), {rows, cols});
}

Tensor run_softmax(int64_t r, int64_t c) { return softmax(demo_input(r, c), 1); }
Tensor run_relu(int64_t r, int64_t c) { return relu(sub(demo_input(r, c), Scalar(int64_t(3)))); }
Tensor run_sum(int64_t r, int64_t c) { return sum(demo_input(r, c), {0}); }
Tensor run_matmul(int64_t r, int64_t c) {
    Tensor x = demo_input(r, c);
    return matmul(x, t(x));
}
Tensor run_grad(int64_t r, int64_t c) {
    Tensor x = demo_input(r, c);
    x.requires_grad_();
    autograd::backward({sum(mul(x, x))});
    return x.grad();
}
Tensor run_bad_matmul(int64_t r, int64_t c) {
    Tensor x = demo_input(r, c);
    return matmul(x, x);
}

struct DemoEntry {
    Demo demo;
    const char* source;  // after the common first line; the result is what the last line prints
    Tensor (*run)(int64_t rows, int64_t cols);
};

const DemoEntry kDemos[] = {
    {{"softmax", "softmax over each row"}, "print(x.softmax(dim=1))", run_softmax},
    {{"relu", "relu after subtracting 3"}, "print((x - 3).relu())", run_relu},
    {{"sum", "sum over dim 0"}, "print(x.sum(dim=0))", run_sum},
    {{"matmul", "x @ x.t()"}, "print(x @ x.t())", run_matmul},
    {{"grad", "autograd: d/dx of (x*x).sum()"},
     "x.requires_grad_()\n(x * x).sum().backward()\nprint(x.grad)", run_grad},
    {{"bad_matmul", "x @ x (an error unless square)"}, "print(x @ x)", run_bad_matmul},
};

const DemoEntry* find_demo(const std::string& name) {
    for (const DemoEntry& entry : kDemos)
        if (name == entry.demo.name) return &entry;
    return nullptr;
}

}  // namespace

const std::vector<Demo>& demo_list() {
    static const std::vector<Demo> list = [] {
        std::vector<Demo> out;
        for (const DemoEntry& entry : kDemos) out.push_back(entry.demo);
        return out;
    }();
    return list;
}

std::string demo_source(const std::string& name, int64_t rows, int64_t cols) {
    const DemoEntry* entry = find_demo(name);
    if (!entry) return "";
    return str("import torch\n", "x = torch.arange(", rows * cols, ", dtype=torch.float32).reshape(", rows,
               ", ", cols, ")\n", entry->source);
}

DemoResult demo_run(const std::string& name, int64_t rows, int64_t cols) {
    DemoResult result;
    const DemoEntry* entry = find_demo(name);
    if (!entry) {
        result.output = str("ValueError: unknown demo '", name, "'");
        return result;
    }
    auto start = std::chrono::steady_clock::now();
    try {
        result.output = entry->run(rows, cols).repr();
        result.ok = true;
    } catch (const Error& e) {
        result.output = e.python_string();
    } catch (const std::exception& e) {  // not an engine error: a bug, still shown rather than fatal
        result.output = str("RuntimeError: internal error: ", e.what());
    }
    result.millis = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace kiln::playground
