// torch.autograd.Function (engine/bindings/autograd_function.cpp), end to end: custom forward/backward
// pairs run through the interpreter; gradients, grad_fn names and PyTorch's error texts are checked.
// (The parity programs tests/parity/programs/torch/autograd_function_*.py cover the printed output
// once their PyTorch goldens exist.)
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "support/program.h"
#include "vm/interpreter.h"

namespace {

using Ran = kiln::testing::ProgramRun;
using kiln::testing::run_source;

Ran run(const std::string& src) { return run_source(src); }
std::string out_of(const std::string& src) { return kiln::testing::source_output(src); }

const char* kReLU =
    "import torch\n"
    "class MyReLU(torch.autograd.Function):\n"
    "    @staticmethod\n"
    "    def forward(ctx, x):\n"
    "        ctx.save_for_backward(x)\n"
    "        return x.clamp(min=0)\n"
    "    @staticmethod\n"
    "    def backward(ctx, g):\n"
    "        (x,) = ctx.saved_tensors\n"
    "        return g * (x > 0) * 10\n";

}  // namespace

TEST_CASE("autograd.Function: custom backward, grad_fn class, needs_input_grad", "[bindings][autograd]") {
    CHECK(out_of(std::string(kReLU) +
                 "x = torch.tensor([-1.0, 2.0], requires_grad=True)\n"
                 "y = MyReLU.apply(x * 2)\n"
                 "print(type(y.grad_fn).__name__, y.grad_fn.next_functions[0][0].name())\n"
                 "y.sum().backward()\n"
                 "print(x.grad)\n"
                 "print(MyReLU.apply(torch.ones(2)).requires_grad)\n") ==
          "MyReLUBackward MulBackward0\ntensor([ 0., 20.])\nFalse\n");
}

TEST_CASE("autograd.Function: ctx attributes, non-tensor args, several outputs", "[bindings][autograd]") {
    CHECK(out_of("import torch\n"
                 "class F(torch.autograd.Function):\n"
                 "    @staticmethod\n"
                 "    def forward(ctx, x, k):\n"
                 "        ctx.k = k\n"
                 "        print(ctx.needs_input_grad)\n"
                 "        i = torch.tensor([1, 2])\n"
                 "        ctx.mark_non_differentiable(i)\n"
                 "        return x * k, i\n"
                 "    @staticmethod\n"
                 "    def backward(ctx, g, gi):\n"
                 "        return g * ctx.k, None\n"
                 "x = torch.ones(2, requires_grad=True)\n"
                 "y, i = F.apply(x, 3.0)\n"
                 "print(y.grad_fn.k, i.requires_grad)\n"
                 "y.sum().backward()\n"
                 "print(x.grad)\n") == "(True, False)\n3.0 False\ntensor([3., 3.])\n");
}

TEST_CASE("autograd.Function: PyTorch's errors for wrong gradients", "[bindings][autograd]") {
    std::string src =
        "import torch\n"
        "class F(torch.autograd.Function):\n"
        "    @staticmethod\n"
        "    def forward(ctx, x, k):\n"
        "        return x * k\n"
        "    @staticmethod\n"
        "    def backward(ctx, g):\n"
        "        return BACKWARD\n"
        "x = torch.ones(3, requires_grad=True)\n"
        "try:\n"
        "    F.apply(x, 2).sum().backward()\n"
        "    print(x.grad)\n"
        "except RuntimeError as e:\n"
        "    print(e)\n";
    auto with = [&](const std::string& b) {  // a fresh copy each time: replace() edits in place
        std::string program = src;
        return out_of(program.replace(program.find("BACKWARD"), 8, b));
    };
    CHECK(with("g") == "function FBackward returned an incorrect number of gradients (expected 2, got 1)\n");
    CHECK(with("g, g") == "function FBackward returned a gradient different than None at position 2, but the "
                          "corresponding forward input was not a Variable\n");
    CHECK(with("torch.ones(4), None") ==
          "Function FBackward returned an invalid gradient at index 0 - got [4] but expected shape compatible with [3]\n");
    CHECK(with("torch.ones(2, 3), None, None") == "tensor([2., 2., 2.])\n");
}

TEST_CASE("autograd.Function: saved tensors are freed by backward and version-checked", "[bindings][autograd]") {
    CHECK(out_of(std::string(kReLU) +
                 "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                 "s = MyReLU.apply(x).sum()\n"
                 "s.backward()\n"
                 "try:\n"
                 "    s.backward()\n"
                 "except RuntimeError as e:\n"
                 "    print(str(e)[:50])\n"
                 "b = x * 1\n"
                 "y = MyReLU.apply(b)\n"
                 "b.add_(1)\n"
                 "try:\n"
                 "    y.sum().backward()\n"
                 "except RuntimeError as e:\n"
                 "    print(str(e)[:52])\n") ==
          "Trying to backward through the graph a second time\n"
          "one of the variables needed for gradient computation\n");
}

// Probe 11 (labml's Feedback Transformer): `Tensor.data` is an alias with its own version counter
// (PyTorch's VariableHooks::variable_data), so `memory.data[n] = v` does not invalidate slices of
// `memory` that autograd saved earlier, while detach() keeps sharing the counter (PyTorch documents
// that in-place changes through a detached tensor are still caught).
TEST_CASE("autograd.Function: writes through .data do not bump the original's version", "[bindings][autograd]") {
    CHECK(out_of("import torch\n"
                 "m = torch.zeros(4, 3)\n"
                 "a = torch.ones(3, requires_grad=True)\n"
                 "saved = m[:2]\n"
                 "y = (a * saved).sum()\n"
                 "d = m.data\n"
                 "d[1] = 2.0\n"
                 "d[2].add_(1)\n"
                 "print(m._version, saved._version, d._version, d[0]._version, m.data._version)\n"
                 "y.backward()\n"
                 "print(a.grad.tolist(), m[1].tolist())\n"
                 "m.add_(1)\n"
                 "print(m._version, d._version)\n"
                 "y2 = (a * m[:2]).sum()\n"
                 "m.detach().mul_(2)\n"
                 "try:\n"
                 "    y2.backward()\n"
                 "except RuntimeError as e:\n"
                 "    print(str(e)[:52])\n") ==
          "0 0 2 2 0\n"
          "[2.0, 2.0, 2.0] [2.0, 2.0, 2.0]\n"
          "1 2\n"
          "one of the variables needed for gradient computation\n");
    // labml's Stack: a Function returning a slice of a preallocated memory, filled through .data.
    CHECK(out_of("import torch\n"
                 "class StackFunction(torch.autograd.Function):\n"
                 "    @staticmethod\n"
                 "    def forward(ctx, memory, memory_grad, last, n):\n"
                 "        ctx._mem_grad = memory_grad\n"
                 "        ctx._n = n\n"
                 "        return memory[:n + 1]\n"
                 "    @staticmethod\n"
                 "    def backward(ctx, grad_output):\n"
                 "        ctx._mem_grad[:ctx._n + 1] += grad_output\n"
                 "        return None, None, ctx._mem_grad[ctx._n], None\n"
                 "w = torch.ones(2, requires_grad=True)\n"
                 "memory = torch.zeros(3, 2)\n"
                 "grad = torch.zeros(3, 2)\n"
                 "total = 0\n"
                 "for n in range(3):\n"
                 "    value = w * (n + 1)\n"
                 "    with torch.no_grad():\n"
                 "        memory.data[n] = value.detach()\n"
                 "    total = total + (StackFunction.apply(memory, grad, value, n) * w).sum()\n"
                 "total.backward()\n"
                 "print(w.grad.tolist())\n") == "[20.0, 20.0]\n");
}
