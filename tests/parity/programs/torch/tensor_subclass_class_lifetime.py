# A tensor subclass's instances keep their class alive: after `del T` (or when the function that
# defined a local subclass returns) type(t) is still T, and ops on the instance still give T.
# (Kiln's TensorObj held only a raw pointer to its class: type(t) read freed memory.)
import gc

import torch


class T(torch.Tensor):
    pass


t = torch.arange(3.0).as_subclass(T)
del T
gc.collect()
print(type(t).__name__, type(t).__mro__[1].__name__)
u = t + 1
print(type(u).__name__, u.tolist())


def make():
    class Local(torch.Tensor):
        tag = "local"

    return torch.zeros(2).as_subclass(Local)


v = make()
gc.collect()
print(type(v).__name__, type(v).tag, isinstance(v, torch.Tensor))
w = v * 2
print(type(w).__name__, type(w).tag)
del v, w
gc.collect()
p = torch.nn.Parameter(torch.ones(2))
print(type(p).__name__, p.requires_grad)
