# Real-program corpus (tests/realworld, see README.md): a tour of torch.compile as the intermediate
# tutorial gives it: compiling a function and a module, comparing with eager, a custom backend that
# prints the captured FX graph and returns gm.forward, a data-dependent branch that breaks the graph,
# the torch._dynamo.explain summary, recompilation on a new input shape, and a compiled training step:
# the workflow of pytorch/tutorials intermediate_source/torch_compile_tutorial.py @
# 4c449dc746b0b4c67b73c56ee38cb11caa1adf48. Written for Kiln, not copied.
from typing import List

import torch
import torch._dynamo


def foo(x, y):
    a = torch.sin(x)
    b = torch.cos(y)
    return a + b


torch.manual_seed(0)
x, y = torch.randn(10, 10), torch.randn(10, 10)
opt_foo = torch.compile(foo)
print(torch.allclose(opt_foo(x, y), foo(x, y), atol=1e-5))  # Inductor's sin/cos may differ by an ulp


@torch.compile
def opt_foo2(x, y):
    a = torch.sin(x)
    b = torch.cos(y)
    return a + b


print(torch.allclose(opt_foo2(x, y), foo(x, y), atol=1e-5))


class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(10, 10)

    def forward(self, x):
        return torch.nn.functional.relu(self.lin(x))


mod = MyModule()
opt_mod = torch.compile(mod)
print(torch.allclose(opt_mod(x), mod(x), atol=1e-5))


def custom_backend(gm: torch.fx.GraphModule, example_inputs: List[torch.Tensor]):
    print("custom backend called with FX graph:")
    print(gm.code.strip())
    print([tuple(t.shape) for t in example_inputs])
    return gm.forward


torch._dynamo.reset()
opt_model = torch.compile(foo, backend=custom_backend)
print(torch.allclose(opt_model(x, y), foo(x, y)))


def bar(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


torch._dynamo.reset()
opt_bar = torch.compile(bar, backend=custom_backend)
inp1, inp2 = torch.randn(4), torch.randn(4)
print(torch.allclose(opt_bar(inp1, inp2), bar(inp1, inp2)))
print(torch.allclose(opt_bar(inp1, -inp2), bar(inp1, -inp2)))
explanation = torch._dynamo.explain(bar)(inp1, inp2)
print(explanation.graph_count, explanation.graph_break_count, len(explanation.break_reasons))

torch._dynamo.reset()
calls = []


def counting_backend(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward


f = torch.compile(foo, backend=counting_backend)
f(torch.randn(3), torch.randn(3))
f(torch.randn(3), torch.randn(3))
f(torch.randn(5), torch.randn(5))
print("compilations", len(calls))

model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)


@torch.compile
def train_step(xb, yb):
    loss = torch.nn.functional.mse_loss(model(xb), yb)
    loss.backward()
    return loss


xb, yb = torch.randn(32, 8), torch.randn(32, 1)
for step in range(4):
    optimizer.zero_grad()
    loss = train_step(xb, yb)
    optimizer.step()
    print(step, f"{loss.item():.4f}")
