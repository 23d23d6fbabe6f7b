import dataclasses
import torch
# Creating instances of user classes inside compiled code: PyTorch 2.11 inlines `__init__`
# (UserDefinedObjectVariable, its attributes tracked as side effects of a new object), so a plain
# class, a class with a method and a dataclass leave the function one graph.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


class Point:
    def __init__(self, x, scale):
        self.x = x
        self.scale = scale

    def value(self):
        return self.x * self.scale


class Child(Point):
    def __init__(self, x):
        super().__init__(x, 3.0)
        self.extra = x.sum()

    def value(self):
        return super().value() + self.extra


@dataclasses.dataclass
class Pair:
    a: torch.Tensor
    b: torch.Tensor
    w: float = 0.5

    def mix(self):
        return self.a * self.w + self.b


def plain(x):
    p = Point(x, 2.0)
    return p.value() + 1


def inherited(x):
    c = Child(x)
    return c.value()


def dataclass_fn(x):
    q = Pair(x.sin(), x.cos())
    return q.mix(), q.w


def attr_updates(x):
    p = Point(x, 2)
    p.scale = p.scale + 1
    p.x = p.x - 1
    return p.value()


x = torch.arange(4.0)
for fn in (plain, inherited, dataclass_fn, attr_updates):
    torch._dynamo.reset()
    print("==", fn.__name__)
    print(torch.compile(fn, backend=show)(x))
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(x)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    for r in ex.break_reasons:
        print(r.reason.splitlines()[0])
