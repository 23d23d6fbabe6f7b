# What torch.jit.trace records for tensors made inside the traced function, as PyTorch's
# internal_new_from_data dispatches with the tracer on: torch.from_numpy's tensor is
# aten::lift_fresh of a constant; torch.tensor / torch.as_tensor of Python data trace `.to(device,
# dtype, non_blocking, copy)` on a constant (torch.tensor then detach_(), recorded as
# aten::detach); of an ndarray, lift_fresh then to; of a traced tensor, the data keeps flowing
# (torch.tensor detaches and copies it, as_tensor converts it) though the TracerWarning says
# constants.
import warnings

import numpy as np
import torch


def kinds(graph):
    return [n.kind() for n in graph.nodes() if n.kind().startswith("aten::")]


def to_inputs(graph):
    # the number of inputs of each aten::to node, read from the printed graph
    calls = [line.split("aten::to(", 1)[1].split(")", 1)[0] for line in str(graph).splitlines() if "= aten::to(" in line]
    return [len(c.split(",")) for c in calls]


def from_list(x):
    return x + torch.tensor([1.0, 2.0])


def from_list_as_tensor(x):
    return x * torch.as_tensor([3.0, 4.0], dtype=torch.float64)


def from_numpy(x):
    return x - torch.from_numpy(np.array([0.5, 1.5], dtype=np.float32))


def from_ndarray_tensor(x):
    return x + torch.tensor(np.array([1, 2]), dtype=torch.float32)


def from_ndarray_as_tensor(x):
    return x + torch.as_tensor(np.array([10.0, 20.0]))


def from_traced_tensor(x):
    return torch.tensor(x * 2) + 1


def from_traced_as_tensor(x):
    return torch.as_tensor(x + 1, dtype=torch.float64) * 2


x = torch.tensor([1.0, -1.0])
x2 = torch.tensor([4.0, 8.0])
for fn in [from_list, from_list_as_tensor, from_numpy, from_ndarray_tensor, from_ndarray_as_tensor,
           from_traced_tensor, from_traced_as_tensor]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(fn, (x,), check_trace=False)
    print(fn.__name__, kinds(traced.graph), to_inputs(traced.graph))
    print("   ", sorted({w.category.__name__ + ": " + str(w.message)[:40] for w in caught
                          if w.category.__name__ in ("DeprecationWarning", "TracerWarning")}))
    print("   ", traced(x2), torch.equal(traced(x2), fn(x2)))
