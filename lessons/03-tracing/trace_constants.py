import torch
import warnings

# Python numbers computed from tensors become constants of the trace.
def scale_by_max(x):
    m = x.max().item()      # a Python float: the trace keeps its value, not the op
    return x / m

def pad_to_len(x):
    n = len(x)              # a Python int from the shape: also frozen
    return x + n

a = torch.tensor([1.0, 2.0, 4.0])
b = torch.tensor([3.0, 6.0, 12.0])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    t1 = torch.jit.trace(scale_by_max, a)
    t2 = torch.jit.trace(pad_to_len, a)
print("TracerWarnings:", len([x for x in w if x.category.__name__ == "TracerWarning"]))
print("eager :", scale_by_max(b))
print("traced:", t1(b))             # still divides by 4.0, the max of a
c = torch.tensor([1.0, 1.0, 1.0, 1.0, 1.0])
print("eager :", pad_to_len(c))
print("traced:", t2(c))             # still adds 3, the length of a
