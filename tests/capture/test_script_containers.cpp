// torch.jit.script of modules built from PyTorch's containers and layers, run as Python programs:
// a loop over a ModuleList/ModuleDict is unrolled over the submodules of that very container (each
// container of another shape is a class of its own, mangled as PyTorch's concrete types are), and
// the built-in layers real models hold (LayerNorm, GELU, Embedding, Softmax, Flatten, SiLU,
// LeakyReLU) script to the calls their forwards make, with eager's results.
#include "support/check.h"
#include "support/program.h"

using kiln::testing::program_output;

TEST_CASE("script containers: loops over ModuleList/ModuleDict unroll over each container's own children",
          "[script][jit]") {
    std::string out = program_output(R"PY(
import torch
import torch.nn as nn
from typing import Dict

class A(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])
        self.heads = nn.ModuleDict({"cls": nn.Linear(3, 3), "reg": nn.Linear(3, 3)})
    def forward(self, x) -> Dict[str, torch.Tensor]:
        for i, layer in enumerate(self.layers):
            x = layer(x) * (i + 1)
        out: Dict[str, torch.Tensor] = {}
        for k, h in self.heads.items():
            out[k] = h(x)
        return out

class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.LayerNorm(3), nn.GELU(), nn.SiLU(), nn.LeakyReLU(0.3), nn.Softmax(dim=-1)])
        self.heads = nn.ModuleDict({"a": nn.Flatten(0, 1)})
        self.emb = nn.Embedding(5, 3, padding_idx=0)
    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        for h in self.heads.values():
            x = h(x)
        return x

torch.manual_seed(0)
a, b = A().eval(), B().eval()
sa, sb = torch.jit.script(a), torch.jit.script(b)
x = torch.randn(2, 3)
print(sorted(sa(x).keys()), all(torch.allclose(v, a(x)[k]) for k, v in sa(x).items()))
ids = torch.tensor([[1, 0], [4, 2]])
print(sb(ids).shape, torch.allclose(sb(ids), b(ids), atol=1e-6))
print(type(sb.layers).__name__)
print('getattr(layers, "0")' in sa.code)
)PY");
    CHECK(out == "['cls', 'reg'] True\ntorch.Size([4, 3]) True\nRecursiveScriptModule\nTrue\n");
}

TEST_CASE("script containers: a loop over a dict or list attribute is still a loop", "[script][jit]") {
    // Only a module container is unrolled: self.weights.items() on a Dict attribute and a list
    // attribute loop as prim::Loop over their keys and items.
    std::string out = program_output(R"PY(
import torch
import torch.nn as nn
from typing import Dict, List

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights: Dict[str, float] = {"a": 1.0, "b": 2.0}
        self.steps: List[int] = [1, 2, 3]
    def forward(self, x):
        for k, v in self.weights.items():
            x = x * v
        for s in self.steps:
            x = x + s
        return x

m = torch.jit.script(M())
print(m(torch.ones(1)), "prim::Loop" in str(m.graph))
)PY");
    CHECK(out == "tensor([8.]) True\n");
}
