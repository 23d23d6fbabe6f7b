# torch.Tensor (torch/_tensor.py), nn.Module and its layers, optimizers and DataLoader are Python
# classes in PyTorch, so programs assign to them: `torch.Tensor.cuda = lambda self, *a, **k: self`
# to run CUDA-only scripts on the CPU, extra methods, a wrapped Module.__call__ or forward, and undo
# it with del or by restoring the original. PyTorch's C types (torch.Size, torch.dtype,
# torch.device) stay immutable with CPython's TypeError.
import torch
import torch.nn as nn

torch.manual_seed(0)

orig_cuda = torch.Tensor.cuda
torch.Tensor.cuda = lambda self, *args, **kwargs: self
torch.nn.Module.cuda = lambda self, *args, **kwargs: self
x = torch.ones(2, 3).cuda()
print(x.device, x.cuda(0).shape)
net = nn.Sequential(nn.Linear(3, 2), nn.ReLU()).cuda()
print(type(net).__name__, net(x).shape)


def describe(self):
    return f"{tuple(self.shape)} {self.dtype}"


torch.Tensor.describe = describe
print(x.describe(), torch.zeros(4, dtype=torch.int64).describe())
print(hasattr(torch.Tensor, "describe"), nn.Parameter(torch.ones(1)).describe())
del torch.Tensor.describe
print(hasattr(torch.Tensor, "describe"), hasattr(x, "describe"))
torch.Tensor.cuda = orig_cuda
print(torch.Tensor.cuda is orig_cuda)

# a class attribute on a layer class, seen by its instances and subclasses
nn.Linear.tag = "dense"
class Dense(nn.Linear):
    pass


print(nn.Linear(2, 2).tag, Dense(2, 2).tag)
del nn.Linear.tag
print(hasattr(nn.Linear(2, 2), "tag"))

# wrapping forward on a layer class (what profilers and debugging hooks do)
calls = []
orig_forward = nn.Linear.forward


def counting_forward(self, input):
    calls.append(tuple(input.shape))
    return orig_forward(self, input)


nn.Linear.forward = counting_forward
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
print(model(torch.randn(5, 3)).shape, calls)
nn.Linear.forward = orig_forward
model(torch.randn(2, 3))
print(len(calls))

# an optimizer method
orig_zero = torch.optim.SGD.zero_grad
torch.optim.SGD.zero_grad = lambda self, set_to_none=True: calls.append("zero")
opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt.zero_grad()
print(calls[-1])
torch.optim.SGD.zero_grad = orig_zero

for cls in (torch.Size, torch.dtype, torch.device):
    try:
        cls.extra = 1
    except TypeError as e:
        print("TypeError:", e)
