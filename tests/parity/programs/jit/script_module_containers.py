import os, torch
import torch.nn as nn
from typing import Dict, List, Optional
# Scripting a module built from PyTorch's own layers, as real models are: a `for` over an
# nn.ModuleList (plain, with enumerate), over an nn.ModuleDict's items()/keys()/values() and over
# an nn.Sequential is unrolled (emitUnrolledLoop: the body once per submodule, the index a constant,
# each child read by prim::GetAttr, printed getattr(layers, "0") in .code); the built-in layers
# nn.LayerNorm, nn.GELU, nn.Embedding, nn.Softmax, nn.Flatten, nn.SiLU and nn.LeakyReLU are
# scripted submodules (prim::CallMethod). Graph, code, the module tree and results against eager.
# Each configuration of a built-in layer is a class of its own (the Stack's Linear(4, 4) is a
# ___torch_mangle_N.Linear beside the Encoder's Linear(6, 6)), as PyTorch's concrete types.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 6, padding_idx=0)
        self.layers = nn.ModuleList([nn.Linear(6, 6) for _ in range(3)])
        self.norms = nn.ModuleList([nn.LayerNorm(6) for _ in range(3)])
        self.act = nn.GELU(approximate="tanh")
        self.heads = nn.ModuleDict({"cls": nn.Linear(6, 6), "reg": nn.Sequential(nn.Linear(6, 6), nn.SiLU())})

    def forward(self, ids, mask: Optional[torch.Tensor] = None) -> Dict[str, torch.Tensor]:
        x = self.emb(ids)
        for i, layer in enumerate(self.layers):
            x = x + self.act(layer(x)) * (i + 1)
        for norm in self.norms:
            x = norm(x)
        if mask is not None:
            x = x * mask.unsqueeze(-1)
        outs: Dict[str, torch.Tensor] = {}
        for name, head in self.heads.items():
            outs[name] = head(x)
        return outs


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Sequential(nn.Linear(4, 4), nn.LeakyReLU(0.2)), nn.Sequential(nn.Flatten(0, 1), nn.Softmax(dim=-1))])
        self.named = nn.ModuleDict({"a": nn.Linear(4, 4), "b": nn.Tanh()})

    def forward(self, x):
        keys: List[str] = []
        for k in self.named.keys():
            keys.append(k)
        for m in self.named.values():
            x = m(x)
        for b in self.blocks:
            x = b(x)
        return x, keys


torch.manual_seed(0)
for cls, args in [(Encoder, (torch.tensor([[1, 2, 0], [3, 0, 4]]), torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]))),
                  (Stack, (torch.randn(2, 3, 4),))]:
    eager = cls().eval()
    scripted = torch.jit.script(eager)
    print(str(scripted.graph).replace(HERE, ""))
    print(scripted.code)
    print(scripted)
    got, want = scripted(*args), eager(*args)
    if isinstance(got, dict):
        print({k: torch.allclose(v, want[k], atol=1e-6) for k, v in got.items()}, list(got.keys()))
    else:
        print(torch.allclose(got[0], want[0], atol=1e-6), got[1], got[0].shape)
