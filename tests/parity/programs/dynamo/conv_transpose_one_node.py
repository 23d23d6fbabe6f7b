import torch
import torch.nn as nn
import torch.nn.functional as F
# A transposed convolution is one call in a Dynamo graph (torch.conv_transpose1d/2d/3d: C functions in
# PyTorch, so never inlined), as nn.ConvTranspose2d layers (a DCGAN-style generator) and as functional
# calls with output_padding, groups and dilation; compiled (inductor) forward and training match eager.

torch.manual_seed(0)
graphs = []


def record(gm, example_inputs):
    graphs.append([n.target.__name__ for n in gm.graph.nodes if n.op == "call_function"])
    return gm


G = nn.Sequential(
    nn.ConvTranspose2d(8, 6, 4, 1, 0, bias=False),
    nn.ReLU(True),
    nn.ConvTranspose2d(6, 4, 4, 2, 1, bias=False),
    nn.ReLU(True),
    nn.ConvTranspose2d(4, 3, 4, 2, 1, bias=False),
    nn.Tanh(),
)
z = torch.randn(2, 8, 1, 1)
y = torch.compile(G, backend=record)(z)
print(graphs[-1])
print(tuple(y.shape), torch.allclose(y, G(z), atol=1e-6))


def f(x1, w1, x3, w3, b3):
    a = F.conv_transpose1d(x1, w1, stride=3, padding=1, output_padding=2, groups=2, dilation=2)
    b = F.conv_transpose3d(x3, w3, b3, stride=(1, 2, 2), padding=(0, 1, 0))
    return a.sin(), b.relu()


args = (torch.randn(2, 4, 7), torch.randn(4, 3, 3), torch.randn(1, 2, 3, 4, 4), torch.randn(2, 3, 2, 3, 2), torch.randn(3))
torch._dynamo.reset()
out = torch.compile(f, backend=record)(*args)
print(graphs[-1])
ref = f(*args)
print([tuple(o.shape) for o in out], all(torch.allclose(a, b, atol=1e-5) for a, b in zip(out, ref)))

torch._dynamo.reset()
torch.manual_seed(1)
G.double()
z = torch.randn(3, 8, 1, 1, dtype=torch.float64)
loss = G(z).pow(2).sum()
loss.backward()
ge = [p.grad.clone() for p in G.parameters()]
G.zero_grad()
cg = torch.compile(G)
closs = cg(z).pow(2).sum()
closs.backward()
print(torch.allclose(loss, closs), all(torch.allclose(a, p.grad) for a, p in zip(ge, G.parameters())))
y2 = torch.compile(f)(*args)
print(all(torch.allclose(a, b, atol=1e-5) for a, b in zip(y2, ref)))
