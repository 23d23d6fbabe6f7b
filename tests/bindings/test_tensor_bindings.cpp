// The torch.Tensor and torch module bindings (engine/bindings/tensor.cpp, torch_module.cpp), end to end:
// small programs run through the interpreter, their stdout compared with what PyTorch 2.11 prints, and
// their errors (class and message) with PyTorch's.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "vm/interpreter.h"
#include "cuda/cuda.h"
#include "support/program.h"

namespace {

using Ran = kiln::testing::ProgramRun;
Ran run(const std::string& src) { return kiln::testing::run_source(src); }
// stdout of a program that must succeed.
std::string out_of(const std::string& src) { return kiln::testing::source_output(src); }

// "Type: message" of a program that must fail.
std::string error_of(const std::string& src) {
    Ran r = run(src);
    REQUIRE_FALSE(r.result.ok);
    return r.result.error_type + ": " + r.result.error_message;
}

}  // namespace

// ---- printing and autograd --------------------------------------------------------------------------

TEST_CASE("bindings: grad, repr, shape and dtype print as PyTorch", "[bindings]") {
    CHECK(
        out_of("import torch\n"
               "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
               "y = (x * x).sum()\n"
               "y.backward()\n"
               "print(x.grad, y, x.shape, x.dtype)\n") ==
        "tensor([[2., 4.],\n        [6., 8.]]) tensor(30., grad_fn=<SumBackward0>) torch.Size([2, 2]) torch.float32\n");
}

TEST_CASE("bindings: torch.tensor infers dtypes like PyTorch", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "print(torch.tensor(1).dtype, torch.tensor(1.).dtype, torch.tensor(True).dtype, torch.tensor([1, "
                 "2.]).dtype,"
                 " torch.tensor([]).dtype, torch.tensor([1, 2], dtype=torch.float64))\n") ==
          "torch.int64 torch.float32 torch.bool torch.float32 torch.float32 tensor([1., 2.], dtype=torch.float64)\n");
}

TEST_CASE("bindings: ragged and invalid torch.tensor data", "[bindings]") {
    CHECK(error_of("import torch\ntorch.tensor([[1, 2], [3]])\n") ==
          "ValueError: expected sequence of length 2 at dim 1 (got 1)");
    CHECK(error_of("import torch\ntorch.tensor('a')\n") == "TypeError: new(): invalid data type 'str'");
    CHECK(error_of("import torch\ntorch.tensor([1, 2], requires_grad=True)\n") ==
          "RuntimeError: Only Tensors of floating point and complex dtype can require gradients");
}

TEST_CASE("bindings: operators with Python numbers and their grad_fn names", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "x = torch.tensor([1., 2.], requires_grad=True)\n"
                 "print(1 - x, 1 / x, x ** 2, 2 ** x.detach())\n"
                 "print((1 - x).grad_fn.name(), (1 / x).grad_fn.name(), (x ** 2).grad_fn.name(), (x + "
                 "1).grad_fn.name())\n") ==
          "tensor([ 0., -1.], grad_fn=<RsubBackward1>) tensor([1.0000, 0.5000], grad_fn=<MulBackward0>) "
          "tensor([1., 4.], grad_fn=<PowBackward0>) tensor([2., 4.])\n"
          "RsubBackward1 MulBackward0 PowBackward0 AddBackward0\n");
}

TEST_CASE("bindings: integer tensor arithmetic", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "i = torch.tensor([3, 1, 2])\n"
                 "print(i // 2, 7 // i, i % 2, i / 2, ~i, -i)\n") ==
          "tensor([1, 0, 1]) tensor([2, 7, 3]) tensor([1, 1, 0]) tensor([1.5000, 0.5000, 1.0000]) tensor([-4, -2, -3]) "
          "tensor([-3, -1, -2])\n");
}

TEST_CASE("bindings: grad_fn objects", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "w = torch.tensor([1., 2.], requires_grad=True)\n"
                 "y = (w * 2).sum()\n"
                 "print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())\n"
                 "acc = y.grad_fn.next_functions[0][0].next_functions[0][0]\n"
                 "print(acc.name(), acc.variable is w, w.grad_fn, repr(y.grad_fn).startswith('<SumBackward0 object at "
                 "0x'))\n") == "SumBackward0 MulBackward0\ntorch::autograd::AccumulateGrad True None True\n");
}

TEST_CASE("bindings: backward, retain_graph and torch.autograd.grad", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "q = torch.tensor(2., requires_grad=True)\n"
                 "r = q ** 3\n"
                 "r.backward(retain_graph=True)\n"
                 "r.backward()\n"
                 "print(q.grad)\n"
                 "g, = torch.autograd.grad(q ** 3, q, create_graph=True)\n"
                 "g2, = torch.autograd.grad(g, q)\n"
                 "print(g, g2)\n") == "tensor(24.)\ntensor(12., grad_fn=<MulBackward0>) tensor(12.)\n");
    CHECK(error_of("import torch\nx = torch.ones(2, requires_grad=True)\n(x * 2).backward()\n") ==
          "RuntimeError: grad can be implicitly created only for scalar outputs");
}

TEST_CASE("bindings: requires_grad, grad and data attributes", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "p = torch.ones(2, requires_grad=True)\n"
                 "p.data = torch.tensor([5., 6.])\n"
                 "p.grad = torch.ones(2)\n"
                 "print(p, p.grad, p.is_leaf, (p * 2).is_leaf)\n"
                 "p.grad = None\n"
                 "print(p.grad)\n") == "tensor([5., 6.], requires_grad=True) tensor([1., 1.]) True False\nNone\n");
    CHECK(error_of("import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 2\ny.requires_grad = False\n") ==
          "RuntimeError: you can only change requires_grad flags of leaf variables. If you want to use a computed "
          "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
    CHECK(error_of("import torch\np = torch.ones(2, requires_grad=True)\np.grad = torch.ones(3)\n") ==
          "RuntimeError: attempting to assign a gradient of size '[3]' to a tensor of size '[2]'. Please ensure that the "
          "gradient and the tensor are the same size");
}

// ---- indexing -------------------------------------------------------------------------------------------

TEST_CASE("bindings: basic indexing", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "a = torch.arange(6).reshape(2, 3)\n"
                 "print(a[0], a[:, 1], a[..., None].shape, a[1, 2].item(), a[:, ::2], a[-1])\n") ==
          "tensor([0, 1, 2]) tensor([1, 4]) torch.Size([2, 3, 1]) 5 tensor([[0, 2],\n        [3, 5]]) tensor([3, 4, "
          "5])\n");
}

TEST_CASE("bindings: advanced indexing", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "a = torch.arange(6).reshape(2, 3)\n"
                 "print(a[a > 2], a[[0, 1], [2, 0]], a[torch.tensor([1, 0])])\n"
                 "b = torch.arange(24).reshape(2, 3, 4)\n"
                 "print(b[[0, 1], :, [1, 2]])\n"
                 "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
                 "print(x[[0, 2]], torch.arange(6).reshape(2, 3)[range(2), torch.tensor([2, 0])])\n") ==
          "tensor([3, 4, 5]) tensor([2, 3]) tensor([[3, 4, 5],\n        [0, 1, 2]])\n"
          "tensor([[ 1,  5,  9],\n        [14, 18, 22]])\n"
          "tensor([1., 3.], grad_fn=<IndexBackward0>) tensor([2, 3])\n");
}

TEST_CASE("bindings: indexing errors", "[bindings]") {
    CHECK(error_of("import torch\ntorch.zeros(2, 3)[5]\n") ==
          "IndexError: index 5 is out of bounds for dimension 0 with size 2");
    CHECK(error_of("import torch\ntorch.zeros(2, 3)[0, 0, 0]\n") ==
          "IndexError: too many indices for tensor of dimension 2");
    CHECK(error_of("import torch\ntorch.zeros(3)[::-1]\n") == "ValueError: step must be greater than zero");
    CHECK(error_of("import torch\ntorch.zeros(3)[..., ...]\n") ==
          "IndexError: an index can only have a single ellipsis ('...')");
}

TEST_CASE("bindings: item assignment", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "x = torch.tensor([[1, 2], [3, 4]])\n"
                 "x[x > 2] = 0\n"
                 "x[:, 0] += 10\n"
                 "print(x)\n"
                 "x[0] = torch.tensor([7, 7])\n"
                 "x[[1], [1]] = 9\n"
                 "print(x)\n") == "tensor([[11,  2],\n        [10,  0]])\ntensor([[ 7,  7],\n        [10,  9]])\n");
}

TEST_CASE("bindings: item assignment under autograd", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "w = torch.tensor([1., 2., 3.], requires_grad=True)\n"
                 "out = torch.zeros(4)\n"
                 "out[1:] = w * 2\n"
                 "print(out)\n"
                 "(out * torch.arange(4.)).sum().backward()\n"
                 "print(w.grad)\n") == "tensor([0., 2., 4., 6.], grad_fn=<CopySlices>)\ntensor([2., 4., 6.])\n");
}

// ---- in place ----------------------------------------------------------------------------------------------

TEST_CASE("bindings: in-place methods and operators", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "a = torch.tensor([1., 2.], requires_grad=True)\n"
                 "b = a.clone()\n"
                 "b[0] = 10.\n"
                 "b.exp_()\n"
                 "d = a * 1\n"
                 "d **= 2\n"
                 "(b.sum() + d.sum()).backward()\n"
                 "print(b.grad_fn.name(), d, a.grad)\n") ==
          "ExpBackward0 tensor([1., 4.], grad_fn=<PowBackward0>) tensor([ 2.0000, 11.3891])\n");
}

TEST_CASE("bindings: in-place errors", "[bindings]") {
    CHECK(error_of("import torch\nx = torch.ones(2, requires_grad=True)\nx += 1\n") ==
          "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.");
    CHECK(error_of("import torch\ni = torch.tensor([1, 2])\ni += 1.5\n") ==
          "RuntimeError: result type Float can't be cast to the desired output type Long");
}

// ---- grad mode ---------------------------------------------------------------------------------------------

TEST_CASE("bindings: no_grad as context manager and decorator", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "x = torch.ones(2, requires_grad=True)\n"
                 "with torch.no_grad():\n"
                 "    z = x * 2\n"
                 "print(z.requires_grad, torch.is_grad_enabled())\n"
                 "@torch.no_grad()\n"
                 "def f(t):\n"
                 "    return t * 3\n"
                 "@torch.no_grad\n"
                 "def g(t):\n"
                 "    return t * 3\n"
                 "class M:\n"
                 "    @torch.no_grad()\n"
                 "    def run(self, t):\n"
                 "        return t * 2\n"
                 "print(f(x).requires_grad, g(x).requires_grad, M().run(x).requires_grad, (x * 2).requires_grad)\n"
                 "try:\n"
                 "    with torch.no_grad():\n"
                 "        raise ValueError('x')\n"
                 "except ValueError:\n"
                 "    pass\n"
                 "print(torch.is_grad_enabled())\n") == "False True\nFalse False False True\nTrue\n");
}

TEST_CASE("bindings: set_grad_enabled and enable_grad", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "torch.set_grad_enabled(False)\n"
                 "print(torch.is_grad_enabled())\n"
                 "with torch.enable_grad():\n"
                 "    print(torch.is_grad_enabled())\n"
                 "print(torch.is_grad_enabled())\n"
                 "torch.set_grad_enabled(True)\n"
                 "with torch.set_grad_enabled(False):\n"
                 "    print(torch.is_grad_enabled())\n"
                 "print(torch.is_grad_enabled())\n") == "False\nTrue\nFalse\nFalse\nTrue\n");
}

// ---- Size, Parameter, conversions ----------------------------------------------------------------------------

TEST_CASE("bindings: torch.Size", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "s = torch.zeros(2, 3).shape\n"
                 "print(s, s == (2, 3), s[1:], s[0], s.numel(), s + (4,), len(s), list(s), torch.Size([5]))\n") ==
          "torch.Size([2, 3]) True torch.Size([3]) 2 6 torch.Size([2, 3, 4]) 2 [2, 3] torch.Size([5])\n");
}

TEST_CASE("bindings: nn.Parameter repr", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "from torch.nn import Parameter\n"
                 "print(Parameter(torch.ones(2)))\n"
                 "print(Parameter(torch.tensor([1, 2]), requires_grad=False))\n") ==
          "Parameter containing:\ntensor([1., 1.], requires_grad=True)\nParameter containing:\ntensor([1, 2])\n");
}

TEST_CASE("bindings: Python scalar conversions", "[bindings]") {
    CHECK(
        out_of(
            "import torch\n"
            "t = torch.tensor(3.14159)\n"
            "print(f'{t:.3f}', float(t), int(torch.tensor(3.7)), bool(torch.tensor([0])), "
            "torch.tensor(5).__index__())\n"
            "print(f'{torch.ones(1)}', torch.tensor([[1, 2], [3, 4]]).tolist(), torch.tensor([0.5, 1.]).tolist())\n") ==
        "3.142 3.141590118408203 3 False 5\ntensor([1.]) [[1, 2], [3, 4]] [0.5, 1.0]\n");
    CHECK(error_of("import torch\nf'{torch.ones(2):.2f}'\n") ==
          "TypeError: unsupported format string passed to Tensor.__format__");
    CHECK(error_of("import torch\nbool(torch.ones(2))\n") ==
          "RuntimeError: Boolean value of Tensor with more than one value is ambiguous");
    CHECK(error_of("import torch\nfloat(torch.ones(2))\n") ==
          "ValueError: only one element tensors can be converted to Python scalars");
    CHECK(error_of("import torch\nlen(torch.tensor(1.))\n") == "TypeError: len() of a 0-d tensor");
}

TEST_CASE("bindings: iteration and len", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "for row in torch.arange(4).reshape(2, 2):\n"
                 "    print(row)\n"
                 "print(len(torch.zeros(3, 2)), list(torch.tensor([1, 2])), 2 in torch.tensor([1, 2]))\n") ==
          "tensor([0, 1])\ntensor([2, 3])\n3 [tensor(1), tensor(2)] True\n");
}

TEST_CASE("bindings: dtype and device conversions", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "x = torch.tensor([1.5, -2.])\n"
                 "print(x.to(torch.float64), x.long(), x.to('cpu').device, x.half().dtype, x.type(), "
                 "x.to(dtype=torch.bool))\n") ==
          "tensor([ 1.5000, -2.0000], dtype=torch.float64) tensor([ 1, -2]) cpu torch.float16 torch.FloatTensor "
          "tensor([True, True])\n");
    CHECK(out_of("import torch\nx = torch.tensor([1.5, -2.])\nprint(x.int(), x.byte().type(), torch.int is torch.int32)\n") ==
          "tensor([ 1, -2], dtype=torch.int32) torch.ByteTensor True\n");
    CHECK(out_of("import torch\nprint(torch.iinfo(torch.int8).min, torch.uint8.is_signed, torch.int16.itemsize)\n") ==
          "-128 False 2\n");
    if (!kiln::cuda::is_available()) {  // a build without CUDA, or one on a machine without a GPU
        std::string e = error_of("import torch\ntorch.ones(1).cuda()\n");
        CHECK((e == "RuntimeError: Torch not compiled with CUDA enabled" || e == "RuntimeError: No CUDA GPUs are available" ||
               e.rfind("RuntimeError: Found no NVIDIA driver on your system.", 0) == 0));
    }
}

// ---- functions -----------------------------------------------------------------------------------------------

TEST_CASE("bindings: reductions with keywords", "[bindings]") {
    CHECK(
        out_of("import torch\n"
               "x = torch.tensor([[1., -2., 3.], [4., 5., -6.]])\n"
               "print(x.sum(dim=1, keepdim=True), torch.mean(x), x.std(1, unbiased=False), x.argmax(), x.amax(1))\n") ==
        "tensor([[2.],\n        [3.]]) tensor(0.8333) tensor([2.0548, 4.9666]) tensor(4) tensor([3., 5.])\n");
}

TEST_CASE("bindings: max/min with dim return named tuples", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "a = torch.tensor([[1, 5, 2], [7, 0, 3]])\n"
                 "print(a.max(dim=1))\n"
                 "v, i = torch.min(a, 0)\n"
                 "print(v, i, a.max(1).values, a.max(1).indices, torch.max(a))\n") ==
          "torch.return_types.max(\nvalues=tensor([5, 7]),\nindices=tensor([1, 0]))\n"
          "tensor([1, 0, 2]) tensor([0, 1, 0]) tensor([5, 7]) tensor([1, 0]) tensor(7)\n");
}

TEST_CASE("bindings: factories", "[bindings]") {
    CHECK(
        out_of(
            "import torch\n"
            "print(torch.zeros(2), torch.ones((2,), dtype=torch.long), torch.full((2,), 7), torch.arange(0, 1, 0.25), "
            "torch.linspace(0, 1, 3), torch.eye(2), torch.zeros_like(torch.ones(1, 2), dtype=torch.bool))\n") ==
        "tensor([0., 0.]) tensor([1, 1]) tensor([7, 7]) tensor([0.0000, 0.2500, 0.5000, 0.7500]) tensor([0.0000, "
        "0.5000, "
        "1.0000]) tensor([[1., 0.],\n        [0., 1.]]) tensor([[False, False]])\n");
}

TEST_CASE("bindings: seeded random numbers match PyTorch", "[bindings]") {
    CHECK(out_of("import torch\ntorch.manual_seed(0)\nprint(torch.rand(3))\n") == "tensor([0.4963, 0.7682, 0.0885])\n");
}

TEST_CASE("bindings: joining and splitting", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "i = torch.tensor([3, 1])\n"
                 "print(torch.cat([i, i]), torch.stack((i, i), dim=1), torch.arange(5).split(2), "
                 "torch.arange(4).chunk(2))\n") ==
          "tensor([3, 1, 3, 1]) tensor([[3, 3],\n        [1, 1]]) (tensor([0, 1]), tensor([2, 3]), tensor([4])) "
          "(tensor([0, 1]), tensor([2, 3]))\n");
}

TEST_CASE("bindings: view methods", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "x = torch.arange(6)\n"
                 "print(x.view(2, 3).T.shape, x.reshape(3, -1).shape, torch.permute(x.view(1, 2, 3), (2, 0, 1)).shape, "
                 "x.view(1, 6, 1).squeeze().shape, x.unsqueeze(0).shape, torch.tensor([1, 2]).repeat(2, 2), "
                 "x.view(2, 3).flip(1))\n") ==
          "torch.Size([3, 2]) torch.Size([3, 2]) torch.Size([3, 1, 2]) torch.Size([6]) torch.Size([1, 6]) "
          "tensor([[1, 2, 1, 2],\n        [1, 2, 1, 2]]) tensor([[2, 1, 0],\n        [5, 4, 3]])\n");
}

TEST_CASE("bindings: argument errors", "[bindings]") {
    CHECK(error_of("import torch\ntorch.ones(2).add('a')\n") ==
          "TypeError: add(): argument 'other' (position 1) must be Tensor, not str");
    // add/sub/mul/div take a Python number as input (the argument parser's numbers-as-tensors list);
    // other ops refuse it.
    CHECK(error_of("import torch\ntorch.maximum(1, torch.ones(2))\n") ==
          "TypeError: maximum(): argument 'input' (position 1) must be Tensor, not int");
    CHECK(error_of("import torch\ntorch.ones(2) + 'a'\n") ==
          "TypeError: unsupported operand type(s) for +: 'Tensor' and 'str'");
    CHECK(error_of("import torch\ntorch.ones(2, 3) @ torch.ones(2, 3)\n") ==
          "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
    CHECK(error_of("import torch\ntorch.zeros(2, 'a')\n") ==
          "TypeError: zeros(): argument 'size' failed to unpack the object at pos 2 with error \"type must be tuple of "
          "ints,but got str\"");
    CHECK(error_of("import torch\ntorch.Tensor.add(1, 2)\n") ==
          "TypeError: descriptor 'add' for 'torch._C.TensorBase' objects doesn't apply to a 'int' object");
}

TEST_CASE("bindings: torch module constants and submodules", "[bindings]") {
    CHECK(
        out_of(
            "import torch\n"
            "print(torch.__version__, torch.cuda.is_available(), torch.cuda.device_count(), torch.get_default_dtype(), "
            "torch.is_tensor(torch.ones(1)), torch.is_tensor(1), torch.float is torch.float32)\n") ==
        "2.11.0 False 0 torch.float32 True False True\n");
}

TEST_CASE("bindings: each program starts with torch's defaults whatever an earlier one switched", "[bindings]") {
    // The playground runs program after program in one process: grad mode, the default dtype and
    // autocast set by one run must not leak into the next (as they would not across Python processes).
    CHECK(kiln::testing::program_output(
              "torch.set_grad_enabled(False)\n"
              "torch.set_default_dtype(torch.float64)\n"
              "torch.set_autocast_enabled('cpu', True)\n"
              "print(torch.is_grad_enabled(), torch.get_default_dtype(), torch.is_autocast_enabled('cpu'))\n") ==
          "False torch.float64 True\n");
    CHECK(kiln::testing::program_output(
              "print(torch.is_grad_enabled(), torch.get_default_dtype(), torch.is_autocast_enabled('cpu'))\n"
              "print(torch.ones(2, requires_grad=True).sum().grad_fn is not None, torch.ones(1).dtype)\n") ==
          "True torch.float32 False\nTrue torch.float32\n");
}

TEST_CASE("bindings: torch.unique(dim=...) sorts the slices lexicographically and collapses equal ones", "[bindings]") {
    // ATen's _unique_dim: rows of the tensor moved to dim 0, sorted (whatever `sorted` says), with the
    // inverse of each input slice and the count of each distinct one.
    CHECK(out_of("import torch\nx = torch.tensor([[1, 2], [3, 4], [1, 2], [0, 9]])\n"
                 "v, inv, cnt = x.unique(dim=0, return_inverse=True, return_counts=True)\n"
                 "print(v.tolist(), inv.tolist(), cnt.tolist())\n"
                 "print(torch.unique(x, dim=1, return_counts=True)[1].tolist(), torch.unique(x, dim=-1).shape)\n"
                 "print(torch.unique(torch.tensor([3, 1, 3]), dim=0, sorted=False).tolist())\n") ==
          "[[0, 9], [1, 2], [3, 4]] [1, 2, 1, 0] [1, 2, 1]\n[1, 1] torch.Size([4, 2])\n[1, 3]\n");
}

TEST_CASE("bindings: torch.nn.utils.fusion folds an eval BatchNorm into the layer before it", "[bindings]") {
    // fuse_conv_bn_eval / fuse_linear_bn_eval: weight * gamma / sqrt(var + eps) per output channel, bias
    // (b - mean) * that + beta; the fused copy computes what layer -> BatchNorm computes in eval.
    CHECK(out_of("import torch, torch.nn as nn\n"
                 "from torch.nn.utils.fusion import fuse_conv_bn_eval, fuse_linear_bn_eval\n"
                 "torch.manual_seed(0)\n"
                 "def warm(bn, x):\n"
                 "    bn.train(); bn(x); bn.eval()\n"
                 "conv, bn = nn.Conv2d(3, 4, 3, bias=False).eval(), nn.BatchNorm2d(4)\n"
                 "x = torch.randn(2, 3, 6, 6); warm(bn, conv(x) * 3 + 1)\n"
                 "f = fuse_conv_bn_eval(conv, bn)\n"
                 "print(torch.allclose(f(x), bn(conv(x)), atol=1e-5), conv.bias is None, type(f.bias).__name__, f.weight.requires_grad)\n"
                 "tc, tbn = nn.ConvTranspose2d(3, 5, 2).eval(), nn.BatchNorm2d(5)\n"
                 "warm(tbn, tc(x)); ft = fuse_conv_bn_eval(tc, tbn, transpose=True)\n"
                 "print(torch.allclose(ft(x), tbn(tc(x)), atol=1e-5))\n"
                 "lin, bn1 = nn.Linear(6, 4).eval(), nn.BatchNorm1d(4)\n"
                 "z = torch.randn(8, 6); warm(bn1, lin(z) - 2)\n"
                 "print(torch.allclose(torch.nn.utils.fuse_linear_bn_eval(lin, bn1)(z), bn1(lin(z)), atol=1e-5))\n"
                 "try:\n"
                 "    fuse_conv_bn_eval(conv.train(), bn)\n"
                 "except AssertionError as e:\n"
                 "    print('AssertionError:', e)\n"
                 "try:\n"
                 "    fuse_linear_bn_eval(lin, nn.BatchNorm1d(3).eval())\n"
                 "except AssertionError as e:\n"
                 "    print('AssertionError:', e)\n") ==
          "True True Parameter True\nTrue\nTrue\nAssertionError: Fusion only for eval!\n"
          "AssertionError: To fuse, linear.out_features == bn.num_features or bn.num_features == 1\n");
}

TEST_CASE("bindings: torchvision.ops.sigmoid_focal_loss and generalized_box_iou_loss", "[bindings]") {
    // Focal loss with gamma 0 and no alpha is BCE with logits; a confident right prediction is scaled
    // down by (1 - p_t)^gamma. GIoU loss: 0 for identical boxes, 1 - IoU + (C - U) / C otherwise
    // (disjoint unit boxes one apart: IoU 0, C 3, U 2 -> 4/3); integer boxes are upcast to float32.
    CHECK(out_of("import torch, torch.nn.functional as F\n"
                 "from torchvision.ops import sigmoid_focal_loss, generalized_box_iou_loss\n"
                 "x = torch.tensor([2.0, -1.0, 0.5]); t = torch.tensor([1.0, 0.0, 0.0])\n"
                 "print(torch.allclose(sigmoid_focal_loss(x, t, alpha=-1, gamma=0), F.binary_cross_entropy_with_logits(x, t, reduction='none')))\n"
                 "l = sigmoid_focal_loss(x, t)\n"
                 "print(l.shape, bool(l[0] < 0.25 * F.binary_cross_entropy_with_logits(x[:1], t[:1])), round(sigmoid_focal_loss(x, t, reduction='sum').item(), 4) == round(l.sum().item(), 4))\n"
                 "b1 = torch.tensor([[0, 0, 1, 1], [0, 0, 2, 2]]); b2 = torch.tensor([[2, 0, 3, 1], [0, 0, 2, 2]])\n"
                 "g = generalized_box_iou_loss(b1, b2)\n"
                 "print(g.dtype, [round(v, 4) for v in g.tolist()], round(generalized_box_iou_loss(b1, b2, reduction='mean').item(), 4))\n"
                 "try:\n"
                 "    sigmoid_focal_loss(x, t, reduction='max')\n"
                 "except ValueError as e:\n"
                 "    print('ValueError:', e)\n") ==
          "True\ntorch.Size([3]) True True\ntorch.float32 [1.3333, 0.0] 0.6667\n"
          "ValueError: Invalid Value for arg 'reduction': 'max \n Supported reduction modes: 'none', 'mean', 'sum'\n");
}

TEST_CASE("bindings: scaled_dot_product_attention(enable_gqa=True) repeats key/value heads", "[bindings]") {
    // Grouped-query attention (Llama-style K/V with fewer heads): the same as repeat_interleave of key
    // and value along the head dim first, eagerly and under torch.compile; gradients reach the small K.
    CHECK(out_of("import torch, torch.nn.functional as F\n"
                 "q = torch.randn(1, 4, 3, 8); k = torch.randn(1, 2, 3, 8); v = torch.randn(1, 2, 3, 8)\n"
                 "a = F.scaled_dot_product_attention(q, k, v, enable_gqa=True, is_causal=True)\n"
                 "b = F.scaled_dot_product_attention(q, k.repeat_interleave(2, 1), v.repeat_interleave(2, 1), is_causal=True)\n"
                 "f = torch.compile(lambda q, k, v: F.scaled_dot_product_attention(q, k, v, enable_gqa=True))\n"
                 "print(a.shape, torch.allclose(a, b), torch.allclose(f(q, k, v), F.scaled_dot_product_attention(q, k, v, enable_gqa=True), atol=1e-6))\n"
                 "k.requires_grad_(); F.scaled_dot_product_attention(q, k, v, enable_gqa=True).sum().backward(); print(k.grad.shape)\n"
                 "try:\n"
                 "    F.scaled_dot_product_attention(q, torch.randn(1, 3, 3, 8), torch.randn(1, 3, 3, 8), enable_gqa=True)\n"
                 "except RuntimeError as e:\n"
                 "    print('RuntimeError')\n") ==
          "torch.Size([1, 4, 3, 8]) True True\ntorch.Size([1, 2, 3, 8])\nRuntimeError\n");
}
