# The per-sample-gradients recipe: functional_call over (params, buffers) dicts, vmap(grad(...))
# with in_dims=(None, None, 0, 0), checked against a loop of autograd.grad calls; plus
# functional_call's own behaviour (module state restored, strict keys, buffers, kwargs) and
# stack_module_state for model ensembling.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, vmap, grad, stack_module_state

torch.manual_seed(0)


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, 1)
        self.bn = nn.BatchNorm2d(4)
        self.fc1 = nn.Linear(4 * 6 * 6, 16)
        self.fc2 = nn.Linear(16, 5)

    def forward(self, x):
        x = F.relu(self.bn(self.conv1(x)))
        x = F.max_pool2d(x, 2)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        return F.log_softmax(self.fc2(x), dim=1)


def loss_fn(predictions, targets):
    return F.nll_loss(predictions, targets)


model = SmallCNN().eval()
batch = 6
data = torch.randn(batch, 1, 14, 14)
targets = torch.randint(5, (batch,))


def compute_grad(sample, target):
    prediction = model(sample.unsqueeze(0))
    loss = loss_fn(prediction, target.unsqueeze(0))
    return torch.autograd.grad(loss, list(model.parameters()))


per_sample = [compute_grad(data[i], targets[i]) for i in range(batch)]
per_sample = [torch.stack(shards) for shards in zip(*per_sample)]

params = {k: v.detach() for k, v in model.named_parameters()}
buffers = {k: v.detach() for k, v in model.named_buffers()}
print("params", list(params.keys()))
print("buffers", list(buffers.keys()))


def compute_loss(params, buffers, sample, target):
    predictions = functional_call(model, (params, buffers), (sample.unsqueeze(0),))
    return loss_fn(predictions, target.unsqueeze(0))


ft_per_sample = vmap(grad(compute_loss), in_dims=(None, None, 0, 0))(params, buffers, data, targets)
for (name, ft), ref in zip(ft_per_sample.items(), per_sample):
    print(name, list(ft.shape), torch.allclose(ref, ft, atol=1e-6, rtol=1e-5), f"{ft.abs().sum().item():.4f}")
print("requires_grad after", ft_per_sample["fc2.weight"].requires_grad, ft_per_sample["fc2.weight"].grad_fn)

# functional_call swaps tensors only for the call
lin = nn.Linear(3, 2)
x = torch.ones(1, 3)
before = lin(x)
zeros = {"weight": torch.zeros(2, 3), "bias": torch.full((2,), 7.0)}
print("swapped", functional_call(lin, zeros, (x,)))
print("restored", torch.equal(lin(x), before), type(lin.weight).__name__)
print("partial dict", functional_call(lin, {"bias": torch.zeros(2)}, x).shape)
class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(2.0))

    def forward(self, x, shift=0.0):
        return x * self.scale + shift


print("kwargs", functional_call(Scaled(), {"scale": torch.tensor(3.0)}, (torch.ones(2),), {"shift": 1.0}))
try:
    functional_call(lin, {"weight": torch.zeros(2, 3), "extra": torch.zeros(1)}, (x,), strict=True)
except RuntimeError as e:
    print("strict:", e)
try:
    functional_call(lin, ({"bias": torch.zeros(2)}, {"bias": torch.ones(2)}), (x,))
except ValueError as e:
    print("duplicate:", e)

# gradients flow to the swapped-in tensors
w = torch.randn(2, 3, requires_grad=True)
out = functional_call(lin, {"weight": w}, (torch.ones(4, 3),)).sum()
out.backward()
print("grad to swapped weight", w.grad)

# model ensembling
models = [nn.Linear(3, 2) for _ in range(4)]
p, b = stack_module_state(models)
print("stacked", {k: list(v.shape) for k, v in p.items()})
base = nn.Linear(3, 2)


def fmodel(params, buffers, x):
    return functional_call(base, (params, buffers), (x,))


xin = torch.randn(5, 3)
ens = vmap(fmodel, in_dims=(0, 0, None))(p, b, xin)
ref = torch.stack([m(xin) for m in models])
print("ensemble", list(ens.shape), torch.allclose(ens, ref, atol=1e-6))
