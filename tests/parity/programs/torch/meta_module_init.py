# nn.Module construction on the meta device (`with torch.device('meta')`, device='meta',
# torch.set_default_device), then to_empty and load_state_dict(assign=True) as in the
# module_load_state_dict_tips recipe. Meta initialization draws no random numbers.
import torch
import torch.nn as nn


class SomeModule(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.linears = nn.ModuleList([nn.Linear(size, size) for _ in range(3)])
        self.register_buffer("scale", torch.ones(size))

    def forward(self, x):
        return self.linears[2](self.linears[1](self.linears[0](x))) * self.scale


torch.manual_seed(0)
print(torch.get_default_device())
with torch.device("meta"):
    meta_m = SomeModule(4)
    print(torch.get_default_device(), torch.empty(1).device)
print(torch.get_default_device(), torch.empty(1).device)
print(meta_m.linears[0].weight)
print(meta_m.scale)
print([p.is_meta for p in meta_m.parameters()])
print(torch.rand(2))  # the generator is where it was: the meta layers drew nothing

torch.manual_seed(0)
m = SomeModule(4)
sd = m.state_dict()
res = meta_m.load_state_dict(sd, assign=True)
print(res)
w = meta_m.linears[0].weight
print(w.is_meta, torch.equal(w, m.linears[0].weight), type(w).__name__, w.requires_grad)
x = torch.ones(2, 4)
print(torch.equal(meta_m(x), m(x)))

with torch.device("meta"):
    lin = nn.Linear(3, 2)
print(lin)
print(lin.weight)
lin.to_empty(device="cpu")
print(lin.weight.device, lin.weight.shape, type(lin.weight).__name__, lin.weight.requires_grad)
torch.manual_seed(1)
lin.reset_parameters()
print(lin.weight)

lin2 = nn.Linear(3, 2, device="meta")
print(lin2.bias)
out = lin2(torch.ones(1, 3, device="meta"))
print(out)
out.sum().backward()
print(lin2.weight.grad)

torch.set_default_device("meta")
print(torch.zeros(2), nn.Linear(2, 2).weight.is_meta)
torch.set_default_device(None)
print(torch.zeros(2))
print(torch.device("meta") == torch.device("meta"), torch.get_default_device())
