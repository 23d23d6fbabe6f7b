# Scripted solver code (pytorch-minimize's trust-region helpers): x.view(-1) / x.view(n) with one int
# (the int is packed into view's size list on the conversion pass; view.dtype's ScalarType takes no
# plain int before that), torch.atleast_1d/2d/3d on a tensor and on a list, torch.triangular_solve and
# torch.linalg.solve_triangular; dtype arguments keep matching their ScalarType formals.
import warnings
from typing import List, Tuple

import torch
from torch import Tensor

warnings.simplefilter("ignore")


@torch.jit.script
def flat(x: Tensor, n: int) -> Tuple[Tensor, Tensor]:
    return x.view(-1), x.reshape(n)


print(flat.graph)
a, b = flat(torch.arange(4.0).view(2, 2), 4)
print(a, b)


@torch.jit.script
def atl(x: Tensor, s: Tensor) -> Tuple[Tensor, Tensor, Tensor, List[Tensor]]:
    return torch.atleast_1d(s), torch.atleast_2d(x), torch.atleast_3d(x), torch.atleast_2d([s, x])


r = atl(torch.ones(3), torch.tensor(2.0))
print([tuple(t.shape) for t in r[:3]], [tuple(t.shape) for t in r[3]])


@torch.jit.script
def smallest(U: Tensor, w: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    U = torch.atleast_2d(U)
    v = torch.triangular_solve(w.view(-1, 1), U)[0].view(-1)
    vt = torch.triangular_solve(w.view(-1, 1), U, upper=True, transpose=True)[0].view(-1)
    x = torch.linalg.solve_triangular(U, w.view(-1, 1), upper=True, unitriangular=True).view(-1)
    return v, vt, x


U = torch.tensor([[2.0, 1.0, 0.5], [0.0, 4.0, -1.0], [0.0, 0.0, 3.0]])
for t in smallest(U, torch.tensor([1.0, 2.0, 3.0])):
    print([round(v, 4) for v in t.tolist()])


@torch.jit.script
def casts(x: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    return x.to(torch.float64), torch.zeros(2, dtype=torch.int64), x.sum(dtype=torch.float64)


print([t.dtype for t in casts(torch.ones(2))])
