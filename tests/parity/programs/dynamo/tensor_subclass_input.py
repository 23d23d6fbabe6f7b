# torch.compile on functions and modules that receive torch.Tensor subclass instances: results
# keep the subclass (as the default __torch_function__ makes them in eager mode), a handler that
# rewrites an op still applies, Parameter subclasses inside a compiled module compile like
# Parameters, and the same function keeps working for plain tensors afterwards.
import torch


class MyTensor(torch.Tensor):
    pass


class Negated(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func is torch.add:
            func = torch.sub
        return super().__torch_function__(func, types, args, kwargs)


@torch.compile(backend="eager")
def f(x, y):
    return torch.add(x, y).relu() * 2


a = torch.tensor([1.0, -2.0, 3.0])
b = torch.tensor([0.5, 0.5, 0.5])
r = f(a.as_subclass(MyTensor), b)
print(type(r).__name__, r.tolist())
r = f(a.as_subclass(Negated), b)
print(type(r).__name__, r.tolist())
r = f(a, b)
print(type(r).__name__, r.tolist())


class MyParam(torch.nn.Parameter):
    pass


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = MyParam(torch.full((3, 2), 0.25))

    def forward(self, x):
        return x @ self.w


net = Net()
cnet = torch.compile(net, backend="eager")
out = cnet(torch.ones(2, 3))
print(type(out).__name__, out.tolist())
out.sum().backward()
print(net.w.grad.tolist())
out = cnet(torch.ones(2, 3).as_subclass(MyTensor))
print(type(out).__name__, out.tolist())
