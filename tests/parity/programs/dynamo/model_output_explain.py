import torch
import torch._dynamo
# torch.compile of functions that build a Hugging Face-style ModelOutput (an OrderedDict dataclass
# subclass whose __setattr__/__setitem__ mirror fields into keys, __post_init__ over dataclasses.fields,
# to_tuple): PyTorch 2.11 traces the object as a user-defined dict (one graph, no break), names nodes
# after the locals of the inlined __post_init__, and returns the object rebuilt. A dict subclass passed
# in is filled without a graph.
from collections import OrderedDict
from dataclasses import dataclass, fields
from typing import Optional


class MO(OrderedDict):
    def __post_init__(self):
        for field in fields(self):
            v = getattr(self, field.name)
            if v is not None:
                self[field.name] = v

    def __setattr__(self, name, value):
        if name in self.keys() and value is not None:
            super().__setitem__(name, value)
        super().__setattr__(name, value)

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        super().__setattr__(key, value)

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclass
class Out(MO):
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None


def build(x, y):
    out = Out(logits=x * 2)
    out.loss = (x - y).pow(2).mean()
    return out


def build_only(x):
    return Out(logits=x + 1)


def use_out(x):
    o = Out(loss=x.sum(), logits=x * 3)
    return o["logits"] + o.loss, o.to_tuple()[0], len(o)


class Bag(OrderedDict):
    pass


def fill(bag):
    v = bag.loss
    if v is not None:
        bag["loss"] = v
    bag["n"] = bag.count + 1
    return bag


def show(name, fn, *args):
    torch._dynamo.reset()
    e = torch._dynamo.explain(fn)(*args)
    print(name, "graphs", e.graph_count, "breaks", e.graph_break_count, "ops", e.op_count)
    for r in e.break_reasons:
        print("  reason:", r.reason.split("\n")[0])
        print("  stack:", [(fs.name, fs.lineno) for fs in r.user_stack])
    for g in e.graphs:
        print(g.code.strip())


x, y = torch.ones(2), torch.zeros(2)
show("build", build, x, y)
show("build_only", build_only, x)
show("use_out", use_out, x)
b = Bag(); b.loss = None; b.count = 3
show("fill", fill, b)
b = Bag(); b.loss = torch.ones(1); b.count = 3
show("fill2", fill, b)
