// [hardening]: inputs that used to crash the process or corrupt memory end in a Python exception
// instead. Sizes: the byte count of every allocation is checked for overflow (a product that wrapped
// made a tiny buffer that later writes ran past); a negative target of expand is refused before a
// view is built. Traps: integer division by -1 wraps as two's complement (x86's idiv raises SIGFPE on
// INT64_MIN / -1), eagerly and in compiled kernels (interpreter and generated C++ share
// ops/pointwise_math.h). C++ exceptions the engine does not translate itself become Python ones.
#include <catch2/catch.hpp>

#include "support/program.h"

using kiln::testing::program_error;
using kiln::testing::program_output;

TEST_CASE("sizes whose byte count overflows are refused before allocating", "[hardening]") {
    CHECK(program_error("torch.empty(2**62)") ==
          "RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904]");
    CHECK(program_error("torch.zeros(2**32, 2**32)") ==
          "RuntimeError: Storage size calculation overflowed with sizes=[4294967296, 4294967296]");
    CHECK(program_error("torch.ones(2**21, 2**21, 2**22)") ==
          "RuntimeError: Storage size calculation overflowed with sizes=[2097152, 2097152, 4194304]");
    // float64: the element count fits, the byte count does not.
    CHECK(program_error("torch.zeros(2**61, dtype=torch.float64)") ==
          "RuntimeError: Storage size calculation overflowed with sizes=[2305843009213693952]");
    // A zero anywhere makes an empty tensor whatever the other sizes are.
    CHECK(program_output("print(torch.zeros(0, 2**62).shape)") == "torch.Size([0, 4611686018427387904])\n");
}

TEST_CASE("expand to a negative size is an error, not a view", "[hardening]") {
    CHECK(program_error("torch.ones(1).expand(-2)") == "RuntimeError: Trying to create tensor with negative dimension -2: [-2]");
    CHECK(program_error("torch.ones(3, 1).expand(3, -5)") ==
          "RuntimeError: Trying to create tensor with negative dimension -5: [3, -5]");
    CHECK(program_output("print(torch.ones(3, 1).expand(-1, 2).shape)") == "torch.Size([3, 2])\n");
}

TEST_CASE("integer division by -1 wraps instead of trapping", "[hardening]") {
    const std::string setup = "x = torch.tensor([-9223372036854775807 - 1, 7, -7, 0])\n";
    const std::string expected =
        "[-9223372036854775808, -7, 7, 0]\n"
        "[0, 0, 0, 0]\n"
        "[0, 0, 0, 0]\n"
        "[-9223372036854775808, -7, 7, 0]\n";
    CHECK(program_output(setup +
                         "print((x // -1).tolist())\n"
                         "print((x % -1).tolist())\n"
                         "print(torch.fmod(x, -1).tolist())\n"
                         "print(x.div(-1, rounding_mode='trunc').tolist())\n") == expected);
    // The same through a compiled graph (the kernel interpreter; KILN_CPP_JIT=0 in ctest).
    CHECK(program_output(setup +
                         "f = torch.compile(lambda x: (x // -1, x % -1, torch.fmod(x, -1), x.div(-1, rounding_mode='trunc')))\n"
                         "for t in f(x):\n"
                         "    print(t.tolist())\n") == expected);
    // Other divisors are unchanged.
    CHECK(program_output("y = torch.tensor([-7, 7])\n"
                         "print((y // 2).tolist(), (y % 3).tolist(), (y // -2).tolist(), torch.fmod(y, -2).tolist())\n") ==
          "[-4, 3] [2, 1] [3, -4] [-1, 1]\n");
}

TEST_CASE("a long autograd chain runs backward and is freed without deep C++ recursion", "[hardening]") {
    // 100k nodes, each holding the previous one through its input edge and (for mul by a tensor) its
    // saved tensor: freeing them recursed once per node and overflowed the stack.
    CHECK(program_output("x = torch.ones(2, requires_grad=True)\n"
                         "w = torch.full((2,), 1.0)\n"
                         "y = x\n"
                         "for i in range(100000):\n"
                         "    y = y * w if i % 2 else y + 0.0\n"
                         "y.sum().backward()\n"
                         "print(x.grad)\n"
                         "z = x * 1.0\n"
                         "for i in range(100000):\n"
                         "    z = z * w\n"
                         "del z\n"
                         "print('freed')\n") == "tensor([1., 1.])\nfreed\n");
}

TEST_CASE("torch.tensor refuses data nested deeper than PyTorch's 128 dimensions", "[hardening]") {
    CHECK(program_error("d = 1.0\n"
                        "for _ in range(30000):\n"
                        "    d = [d]\n"
                        "torch.tensor(d)\n") == "ValueError: too many dimensions 'list'");
    CHECK(program_output("d = 1.0\n"
                         "for _ in range(20):\n"
                         "    d = [d]\n"
                         "print(torch.tensor(d).dim())\n") == "20\n");
}

TEST_CASE("in-place writes that overlap an input are PyTorch's partial-overlap error", "[hardening]") {
    const std::string overlap =
        "RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
        "single memory location. Please clone() the tensor before performing the operation.";
    // Each used to compute silently from elements already overwritten.
    CHECK(program_error("a = torch.arange(6.)\na[1:].add_(a[:-1])") == overlap);
    CHECK(program_error("a = torch.arange(6.)\na[1:].copy_(a[:-1])") == overlap);
    CHECK(program_error("a = torch.arange(6.)\ntorch.add(a[:3], 1, out=a[1:4])") == overlap);
    CHECK(program_error("m = torch.zeros(2, 2)\nm.add_(m.t())") == overlap);
    // The same elements in the same layout, and disjoint views of one storage, are fine.
    CHECK(program_output("a = torch.arange(6.)\na.add_(a[:])\na[:3].mul_(a[3:])\nprint(a)") ==
          "tensor([ 0., 16., 40.,  6.,  8., 10.])\n");
}

TEST_CASE("in-place ops through views respect autograd", "[hardening]") {
    CHECK(program_error("x = torch.ones(3, requires_grad=True)\nx[0].mul_(2)") ==
          "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.");
    // y[0] *= 3 changes y: its gradient goes through the multiplication (CopySlices), not around it.
    CHECK(program_output("x = torch.ones(3, requires_grad=True)\ny = x * 2\ny[0].mul_(3)\ny.sum().backward()\nprint(x.grad)") ==
          "tensor([6., 2., 2.])\n");
}

TEST_CASE("self-containing objects end in RecursionError, not a C stack overflow", "[hardening]") {
    CHECK(program_error("e = ValueError()\ne.args = (e,)\nrepr(e)") ==
          "RecursionError: maximum recursion depth exceeded while getting the repr of an object");
    CHECK(program_error("e = ValueError()\ne.args = (e,)\nstr(e)") ==
          "RecursionError: maximum recursion depth exceeded while getting the str of an object");
    CHECK(program_error("a = {}\nb = {1: a}\na[1] = b\na == b") == "RecursionError: maximum recursion depth exceeded in comparison");
    CHECK(program_output("m = torch.nn.Module()\nm.add_module('me', m)\nprint(len(list(m.modules())))") == "1\n");
    CHECK(program_error("m = torch.nn.Module()\nm.add_module('me', m)\nrepr(m)") == "RecursionError: maximum recursion depth exceeded");
    CHECK(program_error("m = torch.nn.Module()\nm.add_module('me', m)\nm.state_dict()") ==
          "RecursionError: maximum recursion depth exceeded");
}

TEST_CASE("TorchScript int arithmetic wraps and shifts are shifts", "[hardening]") {
    CHECK(program_output("@torch.jit.script\n"
                         "def f(a: int, b: int):\n"
                         "    return a // b, a % b, -a, a * b\n"
                         "print(f(-9223372036854775807 - 1, -1))\n") ==
          "(-9223372036854775808, 0, -9223372036854775808, -9223372036854775808)\n");
    CHECK(program_output("@torch.jit.script\n"
                         "def g(x):\n"
                         "    return x << 2, x >> 1\n"
                         "print(g(torch.tensor([3, -5])))\n") == "(tensor([ 12, -20]), tensor([ 1, -3]))\n");
}
