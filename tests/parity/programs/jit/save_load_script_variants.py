# torch.jit.save / torch.jit.load of scripted modules of several shapes: a ModuleList iterated in
# forward, a Sequential, a LayerNorm, a registered buffer, an @torch.jit.export method with a
# default argument; saved to a buffer and to a path (ScriptModule.save), a loaded module saved
# again. Prints the loaded module's repr, parameter and state_dict names, the exported method and
# its code, and compares outputs with the scripted original.
import io
import os
import tempfile

import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])
        self.norm = nn.LayerNorm(4)
        self.register_buffer("scale", torch.tensor([0.5, 1.0, 1.5, 2.0]))
        self.act = nn.Sequential(nn.ReLU(), nn.Dropout(0.1))

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.act(self.norm(x)) * self.scale

    @torch.jit.export
    def describe(self, k: int = 2) -> int:
        return k * 3


m = torch.jit.script(Block())
buf = io.BytesIO()
torch.jit.save(m, buf)
buf.seek(0)
lm = torch.jit.load(buf)
print(lm)
print([n for n, _ in lm.named_parameters()])
print(list(lm.state_dict().keys()))
print([tuple(b.shape) for b in lm.buffers()])
print(lm.scale)
print(lm.describe(), lm.describe(5))
print(lm.describe.code.strip())
print(lm.training)
m.eval()
lm.eval()
print(lm.training)
x = torch.rand(2, 4)
print(torch.equal(lm(x), m(x)))

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "block.pt")
    lm.save(path)
    again = torch.jit.load(path)
print(type(again).__name__, again.original_name)
again.eval()
print(torch.equal(again(x), m(x)))
print(sum(p.numel() for p in again.parameters()))
