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

TEST_CASE("script containers: nn.MultiheadAttention scripts, called with every default and unpacked", "[script][jit]") {
    // The layer's forward comes from torch.nn._scripted_layers: a caller's prim::CallMethod passes
    // all eight arguments (PyTorch's defaults as constants) and gets a (Tensor, Tensor?) back; the
    // scripted results equal eager's with masks, need_weights off, per-head weights and batch_first.
    std::string out = program_output(R"PY(
import torch
import torch.nn as nn

class Blk(nn.Module):
    def __init__(self, bf):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2, batch_first=bf)
    def forward(self, x, mem, mask, kpm):
        a, w = self.attn(x, x, x, attn_mask=mask)
        b = self.attn(x, mem, mem, key_padding_mask=kpm, need_weights=False)[0]
        c, w2 = self.attn(x, mem, mem, average_attn_weights=False)
        return a + b + c, w, w2

torch.manual_seed(0)
for bf in (False, True):
    m = Blk(bf).eval()
    s = torch.jit.script(m)
    x = torch.randn(2, 5, 8) if bf else torch.randn(5, 2, 8)
    mem = torch.randn(2, 3, 8) if bf else torch.randn(3, 2, 8)
    mask = torch.triu(torch.ones(5, 5, dtype=torch.bool), 1)
    kpm = torch.tensor([[False, False, True], [False, True, False]])
    print([torch.allclose(p, q, atol=1e-6) for p, q in zip(s(x, mem, mask, kpm), m(x, mem, mask, kpm))])
g = str(s.graph)
print(', %x.1, %x.1, %x.1, %' in g, "(Tensor, Tensor?) = prim::CallMethod" in g)
print(s.attn.out_proj.original_name)
)PY");
    CHECK(out == "[True, True, True]\n[True, True, True]\nTrue True\nNonDynamicallyQuantizableLinear\n");
}

TEST_CASE("script containers: a list unpacked into several targets is a prim::ListUnpack", "[script][jit]") {
    std::string out = program_output(R"PY(
import torch
from typing import List

@torch.jit.script
def f(w, xs: List[int]):
    q, k, v = w.chunk(3)
    a, b = xs
    return q + k - v, a - b

out, d = f(torch.arange(6.0).reshape(3, 2), [7, 3])
print(out.tolist(), d)
print("prim::ListUnpack" in str(f.graph))
try:
    f(torch.ones(3, 2), [1, 2, 3])
except RuntimeError as e:
    print("Expected 2 elements in a list but found 3" in str(e))
)PY");
    CHECK(out == "[[-2.0, -1.0]] 4\nTrue\nTrue\n");
}
