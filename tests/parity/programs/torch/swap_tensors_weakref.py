# torch.utils.swap_tensors refuses a tensor that a weak reference points to (t1 checked first, then t2),
# and swaps once the reference is gone: contents, class and __dict__ trade places while each Python
# object keeps its identity. A weakref to a module (not its parameters) does not stop swapping them.
import weakref

import torch
import torch.nn as nn

t1 = torch.zeros(2)
t2 = torch.ones(3)
r = weakref.ref(t1)
print(weakref.getweakrefcount(t1), weakref.getweakrefcount(t2))
for a, b in ((t1, t2), (t2, t1)):
    try:
        torch.utils.swap_tensors(a, b)
    except RuntimeError as e:
        print("RuntimeError:", e)
print(t1.tolist(), t2.tolist())
del r
print(weakref.getweakrefcount(t1))
ids = (id(t1), id(t2))
t1.tag = "first"
torch.utils.swap_tensors(t1, t2)
print(t1.tolist(), t2.tolist(), (id(t1), id(t2)) == ids, t2.tag, hasattr(t1, "tag"))

w = weakref.ref(t2, lambda ref: None)
try:
    torch.utils.swap_tensors(t1, t2)
except RuntimeError as e:
    print("RuntimeError:", e)
w = None
torch.utils.swap_tensors(t1, t2)
print(t1.tolist(), t2.tolist())

m = nn.Linear(2, 2)
mref = weakref.ref(m)
p = nn.Parameter(torch.full((2, 2), 3.0))
with torch.no_grad():
    torch.utils.swap_tensors(m.weight, p)
print(m.weight.tolist(), mref() is m, type(m.weight).__name__)
