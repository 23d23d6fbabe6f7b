import torch
import warnings
# check_inputs that take another branch make torch.jit.trace raise TracingCheckError.

def f(x):
    if x.sum() > 0:
        return x + 1
    return x - 1

def g(x):
    return x * 3

pos = torch.tensor([1., 2.])
neg = torch.tensor([-4., 1.])
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    try:
        torch.jit.trace(f, pos, check_inputs=[(neg,)])
        print("no error")
    except Exception as e:
        print(type(e).__name__)
        print(str(e).strip().split("\n")[0])
        print("Graphs differed" in str(e))
    tg = torch.jit.trace(g, pos, check_inputs=[(neg,), (torch.ones(3),)])
    print(tg(neg))
    tf = torch.jit.trace(f, pos, check_inputs=[(torch.tensor([5.]),)])
    print(tf(neg))
