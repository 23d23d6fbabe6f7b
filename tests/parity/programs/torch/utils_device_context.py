import functools
import torch
import torch.utils._device
from torch.overrides import TorchFunctionMode
# torch.utils._device: the factory set a TorchFunctionMode tests `func in` (lit-llama's
# EmptyInitOnDevice fills in dtype/device for exactly these), DeviceContext and set_device.
ctors = torch.utils._device._device_constructors()
print(all(f in ctors for f in (torch.zeros, torch.ones, torch.empty, torch.randn, torch.arange, torch.full,
                              torch.tensor, torch.eye, torch.linspace)))
print(any(f in ctors for f in (torch.add, torch.matmul, torch.zeros_like, torch.cat)))


class DefaultDtype(TorchFunctionMode):
    def __init__(self, dtype):
        super().__init__()
        self.dtype = dtype

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in torch.utils._device._device_constructors() and kwargs.get("dtype") is None:
            kwargs["dtype"] = self.dtype
        return func(*args, **kwargs)


with DefaultDtype(torch.float64):
    a = torch.zeros(2)
    b = torch.ones(2, 2)
    c = torch.arange(3.0)
    d = a + 1
print(a.dtype, b.dtype, c.dtype, d.dtype, torch.zeros(1).dtype)
with torch.utils._device.DeviceContext("meta"):
    m = torch.empty(3, 4)
    lin = torch.nn.Linear(2, 2)
print(m.device, m.shape, lin.weight.device)


@torch.utils._device.set_device("meta")
def build():
    return torch.randn(2)


print(build().device, torch.randn(1).device, isinstance(build, functools.partial))
