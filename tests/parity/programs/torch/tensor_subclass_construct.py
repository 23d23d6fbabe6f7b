# torch.Tensor subclasses: the ways PyTorch code makes instances (as_subclass, _make_subclass,
# the class called like torch.Tensor, a __new__ calling super().__new__ / _make_subclass with an
# __init__ storing extra data), isinstance/type of instances and of results, methods and Python
# attributes on the subclass, the repr's class-name prefix, data sharing with the source tensor.
import torch


class MyTensor(torch.Tensor):
    def double_it(self):
        return self * 2

    def describe(self):
        return f"{type(self).__name__} of shape {tuple(self.shape)}"


a = torch.tensor([1.0, 2.0, 3.0])
m = a.as_subclass(MyTensor)
print(type(m).__name__, isinstance(m, torch.Tensor), isinstance(m, MyTensor), type(a).__name__)
print(m)
print(m is a, m.data_ptr() == a.data_ptr())
m.tag = "hello"
print(m.tag, m.describe())
m[0] = 10.0
print(a)
print(m.double_it())
print(type(m.double_it()).__name__)

# the class called with data, like torch.Tensor
c = MyTensor([1.0, 2.0])
print(type(c).__name__, c, c.dtype)
d = MyTensor(torch.zeros(2, 3))
print(type(d).__name__, d.shape)
e = MyTensor(2, 2)
print(type(e).__name__, e.shape)

# _make_subclass: a detached alias with requires_grad set
src = torch.ones(2, 2)
b = torch.Tensor._make_subclass(MyTensor, src, True)
print(type(b).__name__, b.requires_grad, b.is_leaf, b.grad_fn)
print(b)
print(src.requires_grad)


# __new__ + __init__ carrying extra data (the usual "tagged tensor" shape)
class TaggedTensor(torch.Tensor):
    @staticmethod
    def __new__(cls, x, tag, *args, **kwargs):
        return super().__new__(cls, x, *args, **kwargs)

    def __init__(self, x, tag):
        self.tag = tag


t = TaggedTensor([1.0, 2.0, 3.0], "weights")
print(type(t).__name__, t.tag, t)
print(t.__dict__)


class MadeTensor(torch.Tensor):
    def __new__(cls, data, scale=1.0):
        inst = torch.Tensor._make_subclass(cls, data * scale, False)
        inst.scale = scale
        return inst


mt = MadeTensor(torch.arange(4.0), scale=0.5)
print(type(mt).__name__, mt.scale, mt)

# a subclass of a subclass
class Sub(MyTensor):
    pass


s = torch.randn(2).as_subclass(Sub)
print(type(s).__name__, isinstance(s, MyTensor), issubclass(Sub, torch.Tensor))
print([k.__name__ for k in Sub.__mro__[:3]])

# wide values: the prefix width sets the rows' indent
w = torch.arange(12.0).reshape(3, 4).as_subclass(MyTensor)
print(w)
print(repr(torch.tensor([[1, 2], [3, 4]]).as_subclass(Sub)))
print(torch.zeros(0).as_subclass(MyTensor))
print(torch.tensor(3.5).as_subclass(MyTensor))
print(torch.tensor([True, False]).as_subclass(MyTensor))

# errors
for make in (lambda: torch.ones(2).as_subclass(int), lambda: torch.Tensor._make_subclass(dict, torch.ones(2)),
             lambda: torch.ones(2).as_subclass(3)):
    try:
        make()
    except (TypeError, RuntimeError) as err:
        print(err)
