# torch.overrides.TorchFunctionMode as a context manager: every torch function (factories too),
# Tensor method, operator and property getter called inside reaches the mode's
# __torch_function__(func, types, args, kwargs) with the mode popped while it runs; results can be
# replaced; a nested mode sees calls first; leaving the block restores plain calls.
import torch
from torch.overrides import TorchFunctionMode


class FnLogger(TorchFunctionMode):
    def __init__(self):
        super().__init__()
        self.names = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        self.names.append(func.__name__)
        return func(*args, **kwargs)


with FnLogger() as log:
    x = torch.ones(2, 3)
    y = x + x
    z = torch.mul(y, 3)
    s = z.sum()
    n = y.shape
print(log.names)
print(s.item(), n)


class DoubleAdds(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        if func is torch.add:
            return out * 2
        return out


with DoubleAdds():
    print(torch.add(torch.ones(2), 1).tolist())
print(torch.add(torch.ones(2), 1).tolist())

with FnLogger() as outer:
    with FnLogger() as inner:
        torch.neg(torch.zeros(1))
print(inner.names, outer.names)
