# Subclasses of nn.Parameter: construction through Parameter.__new__ (also from an own __new__ or
# __init__ keeping extra attributes), isinstance and repr ("Parameter containing:" then the class
# name), registration in modules and optimizers, and results of operations on them staying plain
# tensors (Parameter's __torch_function__ is _disabled_torch_function_impl).
import torch
import torch.nn as nn


class MyParam(nn.Parameter):
    pass


p = MyParam(torch.ones(2))
print(type(p).__name__, isinstance(p, nn.Parameter), isinstance(p, torch.Tensor), p.requires_grad, p.is_leaf)
print(p)
q = MyParam(torch.zeros(2, 2), requires_grad=False)
print(q.requires_grad)
print(q)
print(type(p * 2).__name__, type((p * 2).grad_fn).__name__, type(p.sum()).__name__)
print(nn.Parameter.__torch_function__ is torch._C._disabled_torch_function_impl)


class TaggedParam(nn.Parameter):
    def __new__(cls, data, tag=None):
        obj = super().__new__(cls, data)
        obj.tag = tag
        return obj


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = TaggedParam(torch.full((2, 3), 0.5), tag="decay")
        self.b = nn.Parameter(torch.zeros(2))

    def forward(self, x):
        return x @ self.w.t() + self.b


net = Net()
print([(n, type(t).__name__) for n, t in net.named_parameters()])
print(net.w.tag, getattr(net.b, "tag", None))
decay = [t for t in net.parameters() if getattr(t, "tag", None) == "decay"]
print(len(decay), decay[0] is net.w)
opt = torch.optim.SGD([{"params": decay, "weight_decay": 0.1}, {"params": [net.b]}], lr=0.5)
out = net(torch.ones(1, 3)).sum()
out.backward()
opt.step()
print(type(net.w).__name__, net.w.tag, net.w.data)
print(net.b.data)
sd = net.state_dict()
print({k: type(v).__name__ for k, v in sd.items()})
