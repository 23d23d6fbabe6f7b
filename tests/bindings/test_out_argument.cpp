// out= on torch functions (bindings/torch_module.cpp write_out): the result lands in the given
// tensor, which is returned; a differently shaped out is resized; narrowing casts and autograd
// through out= raise PyTorch's errors.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_error;
using kiln::testing::program_output;

TEST_CASE("out= writes into the given tensor", "[bindings][out]") {
    CHECK(program_output(R"(
o = torch.empty(3)
r = torch.add(torch.ones(3), torch.ones(3), out=o)
print(r is o, o)
z = torch.empty(0)
torch.cat([torch.ones(2), torch.zeros(1)], out=z)
print(z, z.shape)
d = torch.zeros(2, dtype=torch.float64)
torch.mul(torch.tensor([1.5, 2.0]), 2, out=d)
print(d)
s = torch.empty(2, 2)
torch.stack([torch.ones(2), torch.zeros(2)], out=s)
print(s)
a = torch.empty(4)
torch.arange(4, out=a)
print(a)
)") == "True tensor([2., 2., 2.])\n"
           "tensor([1., 1., 0.]) torch.Size([3])\n"
           "tensor([3., 4.], dtype=torch.float64)\n"
           "tensor([[1., 1.],\n        [0., 0.]])\n"
           "tensor([0., 1., 2., 3.])\n");
    CHECK(program_error("o = torch.empty(2, dtype=torch.long)\ntorch.add(torch.ones(2), 1, out=o)\n") ==
          "RuntimeError: result type Float can't be cast to the desired output type Long");
    CHECK(program_error("x = torch.ones(2, requires_grad=True)\no = torch.empty(2)\ntorch.mul(x, 2, out=o)\n") ==
          "RuntimeError: mul(): functions with out=... arguments don't support automatic differentiation, but one of "
          "the arguments requires grad.");
}

TEST_CASE("deprecated add_(Number alpha, Tensor other) overloads, LSTM hx as a list, device queries", "[bindings]") {
    CHECK(program_output(R"(
p = torch.ones(3)
g = torch.tensor([1.0, 2.0, 3.0])
p.add_(-0.5, g)
print(p, torch.ones(2).sub(2, torch.ones(2)), p.is_xpu, p.is_mps)
lstm = nn.LSTM(2, 3)
h = [torch.zeros(1, 1, 3), torch.zeros(1, 1, 3)]
out, (hn, cn) = lstm(torch.ones(4, 1, 2), h)
print(out.shape, hn.shape, cn.shape)
)") == "tensor([ 0.5000,  0.0000, -0.5000]) tensor([-1., -1.]) False False\n"
           "torch.Size([4, 1, 3]) torch.Size([1, 1, 3]) torch.Size([1, 1, 3])\n");
}
