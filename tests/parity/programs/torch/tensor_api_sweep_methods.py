# Tensor methods and torch functions an API sweep found missing: adjoint, hardshrink and histogram as
# methods, the always-false layout flags, names/has_names/rename(None), output_nr, dim_order, the
# deprecated triangular_solve, split_with_sizes and the unsafe_ spellings, unravel_index, the
# deprecated inclusive torch.range, the inter-op thread count, set_warn_always, F.*_with_indices,
# torch.special.ndtr.
import warnings

import torch

m = torch.arange(6.0).reshape(2, 3)
print("adjoint", m.adjoint(), torch.adjoint(m).shape, m.adjoint()._base is m)
print("batched", torch.arange(24.0).reshape(2, 3, 4).adjoint().shape)
c = torch.complex(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[0.5, -1.0], [2.0, 0.0]]))
print("complex", c.adjoint())
try:
    torch.tensor([1.0, 2.0]).adjoint()
except RuntimeError as e:
    print("RuntimeError:", e)
g = torch.ones(2, 3, requires_grad=True)
(g.adjoint() * torch.arange(6.0).reshape(3, 2)).sum().backward()
print(g.grad)

x = torch.tensor([-1.0, -0.3, 0.0, 0.4, 2.0])
print("hardshrink", x.hardshrink(), x.hardshrink(0.35), x.hardshrink(lambd=1.5))
h = torch.tensor([1.0, 2.0, 1.0, 4.0, 2.5])
print("histogram", h.histogram(4))
print("histogram range", h.histogram(bins=3, range=(0.0, 3.0)))
print("histogram edges", h.histogram(torch.tensor([0.0, 1.5, 5.0]), weight=torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0])))
print("histogram density", h.histogram(2, density=True).hist)

t = torch.zeros(2, 3)
print("flags", t.is_quantized, t.is_nested, t.is_mkldnn, t.is_sparse, t.is_meta)
print("names", t.names, torch.tensor(1.0).names, t.has_names())
r = t.rename(None)
print("rename(None)", r.names, r.shape, t.refine_names(None, None).names)

leaf = torch.ones(3, requires_grad=True)
a, b = (leaf * 2).split([1, 2])
print("output_nr", leaf.output_nr, a.output_nr, b.output_nr, torch.ones(2).output_nr)
vals, idx = torch.max(leaf.unsqueeze(0) * 3, dim=1)
print("output_nr max", vals.output_nr, idx.output_nr)

print("dim_order", torch.empty(2, 3, 4).dim_order(), torch.empty(2, 3, 4).permute(2, 0, 1).dim_order())
print("dim_order cl", torch.empty(2, 3, 4, 5).to(memory_format=torch.channels_last).dim_order())
print("dim_order 0d/1d", torch.tensor(1.0).dim_order(), torch.empty(5).dim_order())
print("dim_order transposed", torch.empty(3, 4).t().dim_order(), torch.empty(1, 4).t().dim_order())

A = torch.tensor([[2.0, 1.0, -1.0], [0.0, 3.0, 0.5], [0.0, 0.0, 4.0]])
B = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    sol = torch.triangular_solve(B, A)
print(len(caught), str(caught[0].message).split(" (Triggered")[0] if caught else None)
print(sol)
print(torch.allclose(A @ sol.solution, B), sol.cloned_coefficient.data_ptr() != A.data_ptr())
print("lower", torch.triangular_solve(B, A.t(), upper=False).solution)
print("transpose", torch.triangular_solve(B, A, transpose=True).solution)
print("unitriangular", torch.triangular_solve(B, A, unitriangular=True).solution)
print("method", B.triangular_solve(A).solution.shape)
print("batched", [s.shape for s in torch.triangular_solve(torch.ones(2, 3, 1), A)])
Ag = A.clone().requires_grad_()
Bg = B.clone().requires_grad_()
torch.triangular_solve(Bg, Ag).solution.sum().backward()
print("grads", Bg.grad, Ag.grad)
for args in ((torch.ones(3), A), (B, torch.ones(3, 2)), (B.double(), A), (torch.ones(2, 2), A)):
    try:
        torch.triangular_solve(*args)
    except RuntimeError as e:
        print("RuntimeError:", e)

s = torch.arange(10)
print("split_with_sizes", s.split_with_sizes([3, 7]), torch.split_with_sizes(s, (5, 5)))
print("unsafe", s.unsafe_chunk(3), torch.unsafe_split(s, 4), s.unsafe_split_with_sizes([2, 8]))

print("unravel_index", torch.unravel_index(torch.tensor(4), (3, 2)))
print("unravel_index", torch.unravel_index(torch.tensor([4, 1, 5]), (3, 2)))
print("unravel_index", torch.unravel_index(torch.tensor([[22, 41], [7, 0]]), (7, 6)))
print("unravel_index int", torch.unravel_index(torch.tensor([3, 9]), 10))
for bad in ((torch.tensor([1.0]), (2, 2)), (torch.tensor([1]), (2, -2)), (torch.tensor([1]), (2, 2.0))):
    try:
        torch.unravel_index(*bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("range", torch.range(1, 4), torch.range(0, 1, 0.25), torch.range(5, 1, -2))
print(len(caught), caught[0].category.__name__, caught[0].message)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print("range dtype", torch.range(1, 3, dtype=torch.int64), torch.range(0, 1, 0.1).shape)
    for args in ((0, 1, 0), (0, 5, -1)):
        try:
            torch.range(*args)
        except RuntimeError as e:
            print("RuntimeError:", e)

print("interop", isinstance(torch.get_num_interop_threads(), int), torch.get_num_interop_threads() > 0)
torch.set_num_interop_threads(2)
print("interop", torch.get_num_interop_threads())
try:
    torch.set_num_interop_threads(3)
except RuntimeError as e:
    print("RuntimeError:", e)
print("warn_always", torch.is_warn_always_enabled())
torch.set_warn_always(True)
print("warn_always", torch.is_warn_always_enabled())
torch.set_warn_always(False)
print("cxx11 abi", torch.compiled_with_cxx11_abi())

import torch.nn.functional as F

inp = torch.arange(16.0).reshape(1, 1, 4, 4)
print("max_pool2d_with_indices", F.max_pool2d_with_indices(inp, 2))
print("adaptive_max_pool2d_with_indices", F.adaptive_max_pool2d_with_indices(inp, 2))
print("max_pool1d_with_indices", F.max_pool1d_with_indices(torch.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2))
nx = torch.tensor([-3.0, -1.5, -1.0, 0.0, 0.5, 2.0], requires_grad=True)
print("ndtr", torch.special.ndtr(nx.detach()), torch.special.ndtr(torch.tensor([0, 1])))
torch.special.ndtr(nx).sum().backward()
print("ndtr grad", nx.grad)
print("ndtr float64", torch.special.ndtr(torch.tensor([-10.0, 10.0], dtype=torch.float64)))
