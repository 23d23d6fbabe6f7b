# __torch_function__ on torch.Tensor subclasses, PyTorch's protocol: a classmethod handler sees
# (func, types, args, kwargs) for torch functions, Tensor methods, operators and properties
# (func.__name__: "add" for `a + b`, "__get__" for a property), may call
# super().__torch_function__ (run + re-wrap), run func itself under
# torch._C.DisableTorchFunctionSubclass (no re-wrap), return its own results or NotImplemented;
# handler order with two subclasses; _disabled_torch_function_impl as a class's handler.
import torch
import torch.nn.functional as F

log = []


class LoggingTensor(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        log.append(func.__name__)
        return super().__torch_function__(func, types, args, kwargs)


x = torch.tensor([1.0, -2.0, 3.0]).as_subclass(LoggingTensor)
y = x + 1
print(log, type(y).__name__)
log.clear()
z = torch.mul(x, 2)
z2 = x.sum()
z3 = F.relu(x)
z4 = torch.cat([x, torch.ones(1)])
print(log, [type(t).__name__ for t in (z, z2, z3, z4)])
log.clear()
shape = x.shape
dt = x.dtype
print(log, shape, dt)
log.clear()
w = x[1:]
x2 = x * x
x3 = x @ x
print(log)
log.clear()
print(torch.is_tensor(x), isinstance(x, torch.Tensor))
print(log)


# a handler that computes on plain tensors and returns them (no re-wrap)
class Plain(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        with torch._C.DisableTorchFunctionSubclass():
            return func(*args, **kwargs)


p = torch.arange(3.0).as_subclass(Plain)
print(type(p + 1).__name__, type(p.exp()).__name__, (p + 1).tolist())
print(torch._C._is_torch_function_enabled())
with torch._C.DisableTorchFunctionSubclass():
    print(torch._C._is_torch_function_enabled())
    print(type(torch.arange(3.0).as_subclass(LoggingTensor) + 1).__name__)
print(torch._C._is_torch_function_enabled())


# a handler overriding one function and passing the rest on
class Clamped(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func is torch.add:
            return super().__torch_function__(torch.sub, types, args, kwargs)
        if func.__name__ == "sum":
            return "sum is disabled"
        return super().__torch_function__(func, types, args, kwargs)


c = torch.tensor([5.0, 6.0]).as_subclass(Clamped)
print(torch.add(c, 1), c.sum(), c.mean())


# NotImplemented from every handler: TypeError naming the function and the types
class Refuses(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented


r = torch.ones(2).as_subclass(Refuses)
try:
    torch.add(r, 1)
except TypeError as e:
    print("TypeError:", e)
try:
    r.add(1)
except TypeError as e:
    print("TypeError:", e)


# two subclasses: the subclass's handler runs first; types lists both
seen = []


class A(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        seen.append(("A", cls.__name__, sorted(t.__name__ for t in types)))
        return super().__torch_function__(func, types, args, kwargs or {})


class B(A):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        seen.append(("B", cls.__name__, sorted(t.__name__ for t in types)))
        return super().__torch_function__(func, types, args, kwargs or {})


a = torch.ones(2).as_subclass(A)
b = torch.ones(2).as_subclass(B)
out = torch.add(a, b)
print(seen, type(out).__name__)


# an unrelated second subclass: the default handler declines, the other one answers
class C(torch.Tensor):
    pass


class D(torch.Tensor):
    pass


try:
    torch.add(torch.ones(1).as_subclass(C), torch.ones(1).as_subclass(D))
except TypeError as e:
    print("TypeError:", str(e).split(":")[0])


# the disabled handler: a subclass whose results stay plain tensors
class NoTF(torch.Tensor):
    __torch_function__ = torch._C._disabled_torch_function_impl


n = torch.ones(2).as_subclass(NoTF)
print(type(n + 1).__name__, type(n.sum()).__name__, type(n).__name__)
print(torch.overrides.has_torch_function((n,)), torch.overrides.has_torch_function((x,)))
print(torch.overrides.has_torch_function_unary(torch.ones(1)), torch.overrides.is_tensor_like(x))
