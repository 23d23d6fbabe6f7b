# The repr of a module saved with torch.jit.save and read back with torch.jit.load: a
# RecursiveScriptModule whose extra_repr is its original_name and whose submodules (every one,
# parameterless layers too) are RecursiveScriptModules printed the same way, nested containers
# indented. Traced modules of several shapes: a Sequential, a module with a nested container, a
# single layer, a module holding a ModuleList; and that the loaded module still computes the same.
import io

import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.act = nn.Sequential(nn.ReLU(), nn.Tanh())

    def forward(self, x):
        return self.act(self.fc(x))


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])
        self.norm = nn.LayerNorm(4)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)


x = torch.randn(2, 4)
for m in [nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 1)), Block(), nn.Linear(4, 2), Stack()]:
    traced = torch.jit.trace(m, x)
    buf = io.BytesIO()
    torch.jit.save(traced, buf)
    buf.seek(0)
    loaded = torch.jit.load(buf)
    print(loaded)
    print(loaded.original_name, torch.allclose(loaded(x), m(x)))
