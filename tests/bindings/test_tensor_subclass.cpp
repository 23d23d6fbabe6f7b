// torch.Tensor subclasses (bindings/tensor_subclass.cpp: as_subclass, _make_subclass, Tensor.__new__,
// Parameter.__new__) and the __torch_function__ protocol on them (bindings/fx.cpp: the default
// Tensor.__torch_function__ re-wrapping results, handlers on methods, operators and properties,
// DisableTorchFunctionSubclass, the disabled handler, PyTorch's dispatch order and errors).
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_output;

TEST_CASE("tensor subclass: construction keeps the class, data and attributes", "[bindings][tensor_subclass]") {
    CHECK(program_output(R"PY(
import torch
class MyTensor(torch.Tensor):
    def twice(self):
        return self * 2
a = torch.tensor([1.0, 2.0])
m = a.as_subclass(MyTensor)
m.tag = 7
m[0] = 5.0
print(type(m).__name__, m is a, a.tolist(), m.tag, isinstance(m, torch.Tensor))
print(m)
print(type(m.twice()).__name__, m.twice().tolist())
c = MyTensor([3.0])
print(type(c).__name__, c.tolist())
b = torch.Tensor._make_subclass(MyTensor, torch.ones(2), True)
print(type(b).__name__, b.requires_grad, b.is_leaf)
class Tagged(torch.Tensor):
    @staticmethod
    def __new__(cls, x, tag):
        return super().__new__(cls, x)
    def __init__(self, x, tag):
        self.tag = tag
t = Tagged([1.0, 2.0], "w")
print(type(t).__name__, t.tag, t.tolist())
)PY") == "MyTensor False [5.0, 2.0] 7 True\n"
             "MyTensor([5., 2.])\n"
             "MyTensor [10.0, 4.0]\n"
             "MyTensor [3.0]\n"
             "MyTensor True True\n"
             "Tagged w [1.0, 2.0]\n");
}

TEST_CASE("tensor subclass: the default __torch_function__ re-wraps tensor results", "[bindings][tensor_subclass]") {
    CHECK(program_output(R"PY(
import torch
class MyTensor(torch.Tensor):
    pass
m = torch.arange(4.0).as_subclass(MyTensor)
p = torch.ones(4)
res = [m + 1, p + m, torch.add(p, m), m.sum(), m[1:], torch.cat([p, m]), m.view(2, 2), m.data]
print([type(r).__name__ for r in res])
print(type(m.split(2)).__name__, [type(r).__name__ for r in m.split(2)], type(m.shape).__name__, type(m.tolist()).__name__)
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.as_subclass(MyTensor) * 3
print(type(y.grad_fn).__name__)
y.sum().backward()
print(x.grad.tolist())
)PY") == "['MyTensor', 'MyTensor', 'MyTensor', 'MyTensor', 'MyTensor', 'MyTensor', 'MyTensor', 'MyTensor']\n"
             "tuple ['MyTensor', 'MyTensor'] Size list\n"
             "AliasBackward0\n"
             "[3.0, 3.0]\n");
}

TEST_CASE("tensor subclass: handlers see func, types, args and kwargs", "[bindings][tensor_subclass]") {
    CHECK(program_output(R"PY(
import torch
log = []
class Logged(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        log.append((func.__name__, [t.__name__ for t in types], len(args), sorted((kwargs or {}).keys())))
        return super().__torch_function__(func, types, args, kwargs)
x = torch.ones(2).as_subclass(Logged)
x + 1
torch.sum(x, dim=0)
x.shape
with torch._C.DisableTorchFunctionSubclass():
    x * 2
print(log)
class Plain(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        with torch._C.DisableTorchFunctionSubclass():
            return func(*args, **(kwargs or {}))
print(type(torch.ones(1).as_subclass(Plain) + 1).__name__)
class NoTF(torch.Tensor):
    __torch_function__ = torch._C._disabled_torch_function_impl
print(type(torch.ones(1).as_subclass(NoTF) + 1).__name__)
)PY") == "[('add', ['Logged'], 2, []), ('sum', ['Logged'], 1, ['dim']), ('__get__', ['Logged'], 1, [])]\n"
             "Tensor\nTensor\n");
}

TEST_CASE("tensor subclass: dispatch order and the all-NotImplemented error", "[bindings][tensor_subclass]") {
    CHECK(program_output(R"PY(
import torch
order = []
class A(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        order.append("A")
        return NotImplemented
class B(A):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        order.append("B")
        return NotImplemented
try:
    torch.mul(torch.ones(1).as_subclass(A), torch.ones(1).as_subclass(B))
except TypeError as e:
    print(e)
print(order)
)PY") == "Multiple dispatch failed for 'torch.mul'; all __torch_function__ handlers returned NotImplemented:\n\n"
             "  - tensor subclass <class '__main__.B'>\n"
             "  - tensor subclass <class '__main__.A'>\n\n"
             "For more information, try re-running with TORCH_LOGS=not_implemented\n"
             "['B', 'A']\n");
}

TEST_CASE("tensor subclass: nn.Parameter subclasses", "[bindings][tensor_subclass]") {
    CHECK(program_output(R"PY(
import torch
class MyParam(torch.nn.Parameter):
    pass
p = MyParam(torch.ones(2))
print(type(p).__name__, isinstance(p, torch.nn.Parameter), p.requires_grad)
print(p)
print(type(p * 2).__name__)
)PY") == "MyParam True True\nParameter containing:\nParameter(MyParam([1., 1.], requires_grad=True))\nTensor\n");
}

TEST_CASE("tensor subclass: torch.compile runs a frame with a subclass input eagerly", "[bindings][tensor_subclass]") {
    CHECK(program_output(R"PY(
import torch
class MyTensor(torch.Tensor):
    pass
@torch.compile(backend="eager")
def f(x):
    return (x + 1).relu()
r = f(torch.tensor([-3.0, 1.0]).as_subclass(MyTensor))
print(type(r).__name__, r.tolist())
)PY") == "MyTensor [0.0, 2.0]\n");
}
