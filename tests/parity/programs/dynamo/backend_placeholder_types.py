import torch
import torch.nn as nn
# The type Dynamo records for each graph input (node.type, printed in gm.code's signature and in
# str(gm.graph)): the class of the value the frame held, so a module's parameters are
# torch.nn.parameter.Parameter and its buffers and plain inputs torch.Tensor; a Parameter passed
# as an argument keeps its class too.


def show(gm, example_inputs):
    print(gm.code.strip())
    print(gm.graph)
    print([(n.name, n.type) for n in gm.graph.nodes if n.op == "placeholder"])
    print([type(a).__name__ for a in example_inputs])
    return gm


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.scale = nn.Parameter(torch.tensor([2.0, 0.5]))
        self.register_buffer("shift", torch.tensor([0.25, -0.25]))

    def forward(self, x):
        return self.fc(x) * self.scale + self.shift


torch.manual_seed(0)
m = Net()
x = torch.tensor([[1.0, 2.0, 3.0]])
out = torch.compile(m, backend=show)(x)
print(torch.allclose(out, m(x)))

torch._dynamo.reset()
w = nn.Parameter(torch.tensor([1.0, -1.0]))


def f(a, p):
    return (a * p).sum()


print(torch.compile(f, backend=show)(torch.tensor([3.0, 4.0]), w).item())
