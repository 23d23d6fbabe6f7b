# Real-program corpus (tests/realworld, see README.md): torch.export on the shapes of modules the
# export docs use for their graph-signature and decomposition examples: a module whose forward
# mutates a registered buffer in place (a BUFFER_MUTATION output), one with a non-persistent buffer
# and a tensor constant, one returning a tuple of outputs computed from two inputs that share a
# dynamic dimension declared with torch.export.dims, and ExportedProgram.run_decompositions()
# lowering the training IR (in-place ops, aten.linear) to core ATen. The workflow of the
# torch.export documentation (pytorch/pytorch docs/source/export.rst, "ExportedProgram" and
# "Exporting to core ATen" sections) and pytorch/tutorials intermediate_source/torch_export_tutorial.py
# @ 5130967035247c8343376ee69f49d6e10d61eaca. Written for Kiln, not copied.
import torch
import torch.nn as nn
from torch.export import dims, export


class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.my_parameter = nn.Parameter(torch.tensor(2.0))
        self.register_buffer("my_buffer1", torch.tensor(3.0))
        self.register_buffer("my_buffer2", torch.tensor(4.0))

    def forward(self, x1, x2):
        output = (x1 + self.my_parameter) * self.my_buffer1 + x2 * self.my_buffer2
        self.my_buffer2.add_(1.0)
        return output


torch.manual_seed(0)
m = Counter()
x1, x2 = torch.randn(3), torch.randn(3)
ep = export(m, (x1, x2))
print(ep.graph)
print(ep.graph_signature)
print(ep.graph_signature.buffers_to_mutate)
print(m.my_buffer2)
out = ep.module()(x1, x2)
print(torch.allclose(out, (x1 + 2.0) * 3.0 + x2 * 4.0))


class Scaler(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("offset", torch.ones(4), persistent=False)
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x) + self.offset


ep = export(Scaler(), (torch.randn(2, 4),))
print(ep.graph_signature)
print(sorted(ep.state_dict.keys()), sorted(ep.constants.keys()))


class TwoHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 8)
        self.head_a = nn.Linear(8, 3)
        self.head_b = nn.Linear(8, 1)

    def forward(self, x, y):
        h = torch.tanh(self.enc(x) + self.enc(y))
        return self.head_a(h), torch.sigmoid(self.head_b(h)).squeeze(-1)


torch.manual_seed(0)
model = TwoHeads()
batch, seq = dims("batch", "seq", min=1, max=64)
args = (torch.randn(4, 5, 6), torch.randn(4, 5, 6))
ep = export(model, args, dynamic_shapes={"x": {0: batch, 1: seq}, "y": {0: batch, 1: seq}})
print(ep.range_constraints)
a, b = ep.module()(torch.randn(2, 7, 6), torch.randn(2, 7, 6))
print(a.shape, b.shape)
print([n.op for n in ep.graph.nodes].count("placeholder"))
core = ep.run_decompositions()
print(type(core).__name__)
print(sorted({n.target.__name__ for n in core.graph.nodes if n.op == "call_function"}))
x, y = torch.randn(3, 2, 6), torch.randn(3, 2, 6)
ra, rb = model(x, y)
ca, cb = core.module()(x, y)
print(torch.allclose(ra, ca, atol=1e-6), torch.allclose(rb, cb, atol=1e-6))
