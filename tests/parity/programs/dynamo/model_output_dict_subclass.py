# torch.compile of functions that build or fill an OrderedDict dataclass subclass in the shape of
# Hugging Face's ModelOutput (attributes mirrored into keys by __setitem__, a __setattr__ that
# writes keys only for fields already present, __post_init__ over dataclasses.fields): the keys,
# attributes and values must be those of the eager call. Also a dict subclass with attributes read
# and written in a compiled function.
import torch
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


class Bag(OrderedDict):
    pass


def fill(bag):
    v = bag.loss
    if v is not None:
        bag["loss"] = v
    bag["n"] = bag.count + 1
    return bag


x, y = torch.ones(2), torch.zeros(2)
for f, args in ((build, (x, y)), (build_only, (x,))):
    e = f(*args)
    c = torch.compile(f, backend="eager")(*args)
    print(f.__name__, list(e.keys()), list(c.keys()), e.loss, c.loss, torch.equal(e.logits, c.logits))
b1 = Bag(); b1.loss = None; b1.count = 3
b2 = Bag(); b2.loss = None; b2.count = 3
print(list(fill(b1).items()), list(torch.compile(fill, backend="eager")(b2).items()), b2.loss, b2.count)
