// Backward and module hooks (engine/bindings/autograd_hooks.cpp, torch/nn/modules/module.py), end to
// end through the interpreter. The expected values follow PyTorch's engine order: a tensor's hooks
// run on its gradient first (in registration order), then retain_grad and autograd.grad see the
// hooked gradient; grad_fn pre-hooks run before the node, post-hooks after it; module pre-hooks,
// forward, forward hooks; full backward hooks see (grad_input, grad_output) at the module boundary.
// (The parity programs torch/autograd_tensor_hooks.py and torch/nn_module_hooks.py print the same
// cases for PyTorch goldens.)
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_error;
using kiln::testing::program_output;

TEST_CASE("Tensor.register_hook: order, replacement, retain_grad and removal", "[bindings][autograd][hooks]") {
    CHECK(program_output(R"(
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
seen = []
h1 = x.register_hook(lambda g: seen.append(g.tolist()))
h2 = x.register_hook(lambda g: g * 2)
y = x * x
y.retain_grad()
y.register_hook(lambda g: g + 1)
y.sum().backward()
print(seen, x.grad.tolist(), y.grad.tolist())
h2.remove()
x.grad = None
(x * 3).sum().backward()
print(seen[-1], x.grad.tolist())
with x.register_hook(lambda g: g * 0):
    pass
x.grad = None
(x * 3).sum().backward()
print(x.grad.tolist(), h2.id - h1.id, type(h1).__module__)
)") == "[[4.0, 8.0, 12.0]] [8.0, 16.0, 24.0] [2.0, 2.0, 2.0]\n"
           "[3.0, 3.0, 3.0] [3.0, 3.0, 3.0]\n"
           "[3.0, 3.0, 3.0] 1 torch.utils.hooks\n");
}

TEST_CASE("Tensor.register_hook: summed gradient, autograd.grad, grad_fn hooks", "[bindings][autograd][hooks]") {
    // b is used twice: its hook runs once, on the summed gradient 2b + 1 = 13.
    CHECK(program_output(R"(
a = torch.tensor(2.0, requires_grad=True)
b = a * 3
calls = []
b.register_hook(lambda g: calls.append(g.item()))
(b * b + b).backward()
print(calls, a.grad.item())
p = torch.tensor([1.0, -1.0], requires_grad=True)
p.register_hook(lambda g: g * 10)
print(torch.autograd.grad((p * p).sum(), p)[0].tolist())
u = torch.zeros(2, requires_grad=True)
v = u.exp()
w = v.sum()
log = []
v.grad_fn.register_prehook(lambda go: log.append(("pre", go[0].tolist())))
v.grad_fn.register_hook(lambda gi, go: log.append(("post", gi[0].tolist(), go[0].tolist())))
w.grad_fn.register_hook(lambda gi, go: (gi[0] * 0.5,))
w.backward()
print(log, u.grad.tolist())
)") == "[13.0] 39.0\n"
           "[20.0, -20.0]\n"
           "[('pre', [0.5, 0.5]), ('post', [0.5, 0.5], [0.5, 0.5])] [0.5, 0.5]\n");
}

TEST_CASE("Tensor.register_hook: PyTorch's errors", "[bindings][autograd][hooks]") {
    CHECK(program_error("torch.ones(2).register_hook(lambda g: g)\n") ==
          "RuntimeError: cannot register a hook on a tensor that doesn't require gradient");
    CHECK(program_error("q = torch.ones(3, requires_grad=True)\nq.register_hook(lambda g: g.sum())\n(q * 2).sum().backward()\n") ==
          "RuntimeError: hook '<lambda>' has changed the size of value");
    CHECK(program_error("q = torch.ones(3, requires_grad=True)\ndef five(g):\n    return 5\nq.register_hook(five)\n"
                        "(q * 2).sum().backward()\n") == "TypeError: expected Variable, but hook returned 'int'");
    CHECK(program_error("q = torch.ones(3, requires_grad=True)\ndef dbl(g):\n    return g.double()\nq.register_hook(dbl)\n"
                        "(q * 2).sum().backward()\n") ==
          "RuntimeError: hook 'dbl' has changed the type of value (was torch.FloatTensor got torch.DoubleTensor)");
    CHECK(program_error("u = torch.ones(2, requires_grad=True)\nv = u.exp()\nv.grad_fn.register_hook(lambda gi, go: gi[0])\n"
                        "v.sum().backward()\n") == "TypeError: expected tuple, but hook returned 'Tensor'");
}

TEST_CASE("nn.Module forward hooks and pre-hooks", "[bindings][nn][hooks]") {
    CHECK(program_output(R"(
order = []
lin = nn.Linear(2, 2)
lin.register_forward_pre_hook(lambda m, args: order.append("pre1"))
lin.register_forward_pre_hook(lambda m, args: order.append("pre0"), prepend=True)
h = lin.register_forward_hook(lambda m, args, out: order.append("fwd1"))
lin.register_forward_hook(lambda m, args, out: order.append("fwd0"), prepend=True)
lin(torch.ones(1, 2))
h.remove()
lin(torch.ones(1, 2))
print(order)
scale = nn.Identity()
scale.register_forward_pre_hook(lambda m, args: args[0] * 10)
scale.register_forward_hook(lambda m, args, out: out + 1)
print(scale(torch.tensor([1.0, 2.0])).tolist())
class Add(nn.Module):
    def forward(self, a, b=0.0):
        return a + b
add = Add()
add.register_forward_pre_hook(lambda m, args, kwargs: (args, {"b": torch.tensor(100.0)}), with_kwargs=True)
add.register_forward_hook(lambda m, args, kwargs, out: out * 2, with_kwargs=True)
print(add(torch.tensor([1.0])).tolist())
class Boom(nn.Module):
    def forward(self, x):
        raise ValueError("boom")
boom = Boom()
boom.register_forward_hook(lambda m, args, out: print("always", out), always_call=True)
try:
    boom(torch.ones(1))
except ValueError as e:
    print("ValueError:", e)
)") == "['pre0', 'pre1', 'fwd0', 'fwd1', 'pre0', 'pre1', 'fwd0']\n"
           "[11.0, 21.0]\n"
           "[202.0]\n"
           "always None\n"
           "ValueError: boom\n");
}

TEST_CASE("nn.Module full backward hooks and pre-hooks", "[bindings][nn][hooks]") {
    CHECK(program_output(R"(
net = nn.Linear(3, 2)
x = torch.randn(4, 3, requires_grad=True)
seen = []
net.register_full_backward_hook(lambda m, gi, go: seen.append((type(m).__name__, gi[0].shape, go[0].shape)))
net(x).sum().backward()
print(seen, torch.allclose(x.grad, net.weight.sum(0).expand(4, 3)))
net2 = nn.Linear(3, 3)
x2 = torch.ones(1, 3, requires_grad=True)
net2.register_full_backward_hook(lambda m, gi, go: (torch.zeros_like(gi[0]),))
net2(x2).sum().backward()
print(x2.grad.tolist(), net2.weight.grad.tolist()[0])
net3 = nn.Linear(3, 1)
net3.register_full_backward_pre_hook(lambda m, go: (go[0] * 0,))
net3(torch.ones(2, 3)).sum().backward()
print(net3.weight.grad.tolist(), net3.bias.grad.tolist())
net4 = nn.Linear(2, 2)
seen4 = []
net4.register_full_backward_hook(lambda m, gi, go: seen4.append((gi, go[0].shape)))
net4(torch.ones(3, 2)).sum().backward()
print(seen4)
)") == "[('Linear', torch.Size([4, 3]), torch.Size([4, 2]))] True\n"
           "[[0.0, 0.0, 0.0]] [1.0, 1.0, 1.0]\n"
           "[[0.0, 0.0, 0.0]] [0.0]\n"
           "[((None,), torch.Size([3, 2]))]\n");
    CHECK(program_error("net = nn.Linear(2, 2)\nnet.register_full_backward_hook(lambda m, gi, go: None)\n"
                        "net.register_backward_hook(lambda m, gi, go: None)\n") ==
          "RuntimeError: Cannot use both regular backward hooks and full backward hooks on a single Module. Please use "
          "only one of them.");
}

TEST_CASE("backward(inputs=...) accumulates only into the given tensors", "[bindings][autograd]") {
    CHECK(program_output(R"(
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = a * b
h = c * c
h.backward(inputs=[a])
print(a.grad, b.grad)
torch.autograd.backward((a * b * 2,), inputs=(b,))
print(a.grad, b.grad)
)") == "tensor(36.) None\ntensor(36.) tensor(4.)\n");
}
