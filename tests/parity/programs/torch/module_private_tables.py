import torch
import torch.nn as nn
# Module._modules / _parameters / _buffers, the dicts real code walks and writes (probe 3:
# AntixK/PyTorch-VAE's GammaVAE.weight_init loops over self._modules; hand-written containers
# register children through self._modules[name] = layer).
torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(4, 3), nn.ReLU())
        self.dec = nn.Linear(3, 4)
        self.skip = None
        self.register_buffer("steps", torch.zeros(1))
        self.register_buffer("tmp", None)
        self.scale = nn.Parameter(torch.ones(2))
        self.weight_init()

    def weight_init(self):
        for block in self._modules:
            mods = self._modules[block]
            print("init", block, type(mods).__name__)
            if isinstance(mods, nn.Sequential):
                for m in mods:
                    if isinstance(m, nn.Linear):
                        nn.init.constant_(m.bias, 0.5)


class Chain(nn.Module):
    def __init__(self, *layers):
        super().__init__()
        for idx, layer in enumerate(layers):
            self._modules[str(idx)] = layer

    def forward(self, x):
        for layer in self._modules.values():
            x = layer(x)
        return x


b = Block()
print(list(b._modules.keys()))
print([(k, v is None) for k, v in b._modules.items()])
print(list(b._parameters), list(b._buffers))
print({k: (None if v is None else tuple(v.shape)) for k, v in b._buffers.items()})
print(b._parameters["scale"] is b.scale, isinstance(b._modules, dict), len(b._modules))
print(list(b.enc._modules), list(b.enc[0]._parameters), b.enc[0]._buffers)
print("dec" in b._modules, "missing" in b._modules, b._modules.get("missing"))
print(b.enc[0].bias)

c = Chain(nn.Linear(4, 2), nn.Tanh(), nn.Linear(2, 1))
print(c)
print(len(list(c.parameters())), [n for n, _ in c.named_parameters()])
print(c(torch.ones(3, 4)).shape)
del c._modules["1"]
print(list(c._modules), hasattr(c, "1"))
c._parameters["gain"] = nn.Parameter(torch.full((1,), 2.0))
print([n for n, _ in c.named_parameters()], c.gain)
c._buffers["count"] = torch.tensor(3)
print(list(c.state_dict().keys()))
print(b._modules)
