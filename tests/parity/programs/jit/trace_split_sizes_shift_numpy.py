# torch.jit.trace and torch.export over idioms of model-zoo code (Mamba's projections split by
# sizes, Conformer's `lengths >> 2`, PointNet's identity matrix from NumPy wrapped in Variable):
# torch.split / Tensor.split with a list of sizes record aten::split_with_sizes (an int records
# aten::split), tensor shifts record aten::__rshift__ / __lshift__, torch.from_numpy is a constant of
# the trace, and Variable(x) records nothing.
import warnings

import numpy as np
import torch
from torch import nn
from torch.autograd import Variable


class Projection(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 2 + 3 + 3)

    def forward(self, x, lengths):
        dt, b, c = torch.split(self.proj(x), [2, 3, 3], dim=-1)
        h1, h2 = x.split(2, -1)
        y = dt.sum(-1) + b.mean(-1) * c.amax(-1) + h1.sum(-1) - h2.sum(-1)
        iden = Variable(torch.from_numpy(np.array([1, 0, 0, 1]).astype(np.float32))).view(1, 4)
        return y, (lengths >> 2) - 1, lengths << 1, x[:, 0, :] + iden


def aten_kinds(graph):
    return [n.kind() for n in graph.nodes() if n.kind().startswith("aten::")]


torch.manual_seed(0)
m = Projection().eval()
x = torch.randn(2, 3, 4)
lengths = torch.tensor([13, 9])
ref = m(x, lengths)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    traced = torch.jit.trace(m, (x, lengths))
print([type(w.message).__name__ + ": " + str(w.message)[:40] for w in caught])
print(aten_kinds(traced.graph))
x2 = torch.randn(5, 3, 4)
lengths2 = torch.tensor([40, 8, 7, 3, 100])
for a, b in zip(traced(x2, lengths2), m(x2, lengths2)):
    print(tuple(a.shape), a.dtype, torch.allclose(a, b, atol=1e-6))
print(traced(x, lengths)[1].tolist(), traced(x, lengths)[2].tolist())

ep = torch.export.export(m, (x, lengths))
print([str(n.target) for n in ep.graph.nodes if n.op == "call_function" and ("split" in str(n.target) or "shift" in str(n.target))])
print(all(torch.allclose(a, b) for a, b in zip(ep.module()(x, lengths), ref)))
print(torch.ops.aten.__rshift__.Scalar(torch.tensor([16, 5]), 2))
