# badinput: a TorchDispatchMode active while torch.tensor gets a list that holds itself (and one nested 5000 deep): the overloaded-argument scan looked into the list without end (C stack overflow); now the op's own errors
# expect-exit: 0
# expect-stdout: tensor([2., 2.])
import torch
from torch.utils._python_dispatch import TorchDispatchMode
class M(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))
selfref = [1]
selfref.append(selfref)
with M():
    try:
        torch.tensor(selfref)
    except Exception as e:
        print(type(e).__name__, e)
    deep = 1.0
    for i in range(5000):
        deep = [deep]
    try:
        torch.tensor(deep)
    except Exception as e:
        print(type(e).__name__, str(e)[:60])
    print(torch.add(torch.ones(2), torch.ones(2)))
