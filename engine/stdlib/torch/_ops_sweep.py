# torch functions and Tensor methods that an API sweep of issue 28 found missing (hasattr over the
# names PyTorch's documentation lists): the ones real programs call, composed in Python from Kiln's
# native ops as PyTorch composes them where it does. bindings/linalg_py.cpp forwards torch.<name> to <name>
# here and Tensor.<name> to _method_<name>; Tensor.<name>_ runs _method_<name> through run_inplace.
import builtins
import itertools
import math
import operator
import warnings

import torch

from torch._ops_more import _scalar_type


def _named(name, fields, values):
    import torch.linalg
    return torch.linalg._named(name, fields, values)


# ---- mvlgamma (ATen's UnaryOps.cpp: the arguments x - i/2 for i = p-1 .. 0, lgamma, summed) ----------
# The kernel is native (torch._kiln_mvlgamma, ops/multigamma.cpp): PyTorch's mvlgamma is an op with its
# own derivative (MvlgammaBackward0), not a composition whose grad_fn would be its last add's.
def _mvlgamma(input, p):
    return torch._kiln_mvlgamma(input, p)


def mvlgamma(input, p, *, out=None):
    r = _mvlgamma(input, p)
    return r if out is None else out.resize_(r.shape).copy_(r)


def _method_mvlgamma(self, p):
    return _mvlgamma(self, p)


def multigammaln(input, p, *, out=None):  # torch.special.multigammaln
    return mvlgamma(input, p, out=out)


# ---- triangular_solve (deprecated; ATen's BatchLinearAlgebra.cpp) ------------------------------------
_warned = set()


def _triangular_solve(input, A, upper=True, transpose=False, unitriangular=False):
    if input.dim() < 2:
        raise RuntimeError(f"torch.triangular_solve: Expected b to have at least 2 dimensions, but it has "
                           f"{input.dim()} dimensions instead")
    if A.dim() < 2:
        raise RuntimeError(f"torch.triangular_solve: Expected A to have at least 2 dimensions, but it has "
                           f"{A.dim()} dimensions instead")
    if input.dtype != A.dtype:
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type {_scalar_type(input.dtype)} "
                           f"and A of type {_scalar_type(A.dtype)} instead.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} matrices")
    if A.shape[-1] != input.shape[-2]:
        raise RuntimeError(f"Incompatible matrix sizes for triangular_solve: each A matrix is {A.shape[-1]} by "
                           f"{A.shape[-1]} but each b matrix is {input.shape[-2]} by {input.shape[-1]}")
    if "triangular_solve" not in _warned:  # TORCH_WARN_ONCE
        _warned.add("triangular_solve")
        from torch._ops_more import _torch_warn
        _torch_warn("torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangular"
                    "and will be removed in a future PyTorch release.\n"
                    "torch.linalg.solve_triangular has its arguments reversed and does not return a copy of one of "
                    "the inputs.\nX = torch.triangular_solve(B, A).solution\nshould be replaced with\n"
                    "X = torch.linalg.solve_triangular(A, B).",
                    "aten/src/ATen/native/BatchLinearAlgebra.cpp:2341", stacklevel=4)
    batch = torch.broadcast_shapes(input.shape[:-2], A.shape[:-2])
    b = input.expand(batch + input.shape[-2:])
    a = A.expand(batch + A.shape[-2:])
    m = a.mT if transpose else a
    solution = torch.linalg.solve_triangular(m, b, upper=(upper != transpose), unitriangular=unitriangular)
    return _named("triangular_solve", ("solution", "cloned_coefficient"), (solution, a.clone()))


def triangular_solve(input, A, upper=True, transpose=False, unitriangular=False, *, out=None):
    r = _triangular_solve(input, A, upper, transpose, unitriangular)
    if out is None:
        return r
    out[0].resize_(r[0].shape).copy_(r[0])
    out[1].resize_(r[1].shape).copy_(r[1])
    return _named("triangular_solve", ("solution", "cloned_coefficient"), (out[0], out[1]))


def _method_triangular_solve(self, A, upper=True, transpose=False, unitriangular=False):
    return _triangular_solve(self, A, upper, transpose, unitriangular)


# ---- adjoint (ATen's _adjoint: the conjugate transpose of the last two dims, a view) ------------------
def adjoint(input):
    if input.dim() < 2:
        raise RuntimeError(f"tensor.adjoint() is only supported on matrices or batches of matrices. "
                           f"Got {input.dim()}-D tensor.")
    t = input.transpose(-2, -1)
    return t.conj() if input.is_complex() else t


def _method_adjoint(self):
    return adjoint(self)


# ---- methods over functions Kiln has --------------------------------------------------------------
def _method_hardshrink(self, lambd=0.5):
    return torch.nn.functional.hardshrink(self, lambd)


def _method_histogram(self, bins=100, *, range=None, weight=None, density=False):
    return torch.histogram(self, bins, range=range, weight=weight, density=density)


# split_with_sizes and the unsafe_ spellings (whose outputs PyTorch lets in-place ops change without
# the view checks): the same pieces as split/chunk.
def _method_split_with_sizes(self, split_sizes, dim=0):
    return torch.split(self, list(split_sizes), dim)


def split_with_sizes(input, split_sizes, dim=0):
    return _method_split_with_sizes(input, split_sizes, dim)


def unsafe_split(input, split_size, dim=0):
    return torch.split(input, split_size, dim)


def unsafe_chunk(input, chunks, dim=0):
    return torch.chunk(input, chunks, dim)


def _method_unsafe_split(self, split_size, dim=0):
    return torch.split(self, split_size, dim)


def _method_unsafe_chunk(self, chunks, dim=0):
    return torch.chunk(self, chunks, dim)


def _method_unsafe_split_with_sizes(self, split_sizes, dim=0):
    return torch.split(self, list(split_sizes), dim)


# ---- dim_order (torch/_tensor.py over _prims_common.compute_elementwise_output_logical_to_physical_perm)
def _method_dim_order(self, *, ambiguity_check=False):
    if not isinstance(ambiguity_check, (bool, list)):
        raise TypeError("ambiguity_check must be bool or list of torch.memory_format")
    ndim = self.dim()
    if ndim == 0:
        return ()
    if ndim == 1:
        return (0,)
    # the short cuts come first: a tensor that is both (a size-1 channel) takes the sort below
    contiguous, channels_last = self.is_contiguous(), ndim == 4 and self.is_contiguous(memory_format=torch.channels_last)
    if contiguous and not channels_last:
        return tuple(builtins.range(ndim))
    if channels_last and not contiguous:
        return (0, *builtins.range(2, ndim), 1)
    shape, strides = self.shape, self.stride()

    def should_swap(a, b):
        # 1: dim b belongs before dim a in memory order (larger stride outside), -1: keep, 0: no opinion
        sa, sb = strides[a], strides[b]
        if sa == 0 or sb == 0:
            return 0
        if sa < sb:
            return -1
        if sa > sb:
            return 1
        if shape[a] > shape[b]:
            return 1
        return 0

    perm = list(reversed(builtins.range(ndim)))
    for i in builtins.range(1, ndim):
        dim1 = i
        for dim0 in reversed(builtins.range(i)):
            c = should_swap(perm[dim0], perm[dim1])
            if c > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif c < 0:
                break
    return tuple(reversed(perm))


# ---- named tensors: Kiln's tensors are never named ---------------------------------------------------
def _method_has_names(self):
    return False


def _named_refusal(op):
    return RuntimeError(f"{op}: Kiln does not implement named tensors (a prototype feature of PyTorch); every "
                        f"tensor's names are all None. Index dimensions by position instead.")


def _method_rename(self, *names, **rename_map):
    if rename_map or any(n is not None for n in names):
        raise _named_refusal("rename")
    return self.view_as(self)


def _method_rename_(self, *names, **rename_map):
    if rename_map or any(n is not None for n in names):
        raise _named_refusal("rename_")
    return self


def _method_refine_names(self, *names):
    if any(n is not None for n in names):
        raise _named_refusal("refine_names")
    return self


# ---- torch functions --------------------------------------------------------------------------------
def unravel_index(indices, shape):
    # torch/functional.py's unravel_index over _unravel_index
    if indices.is_complex() or indices.is_floating_point() or indices.dtype == torch.bool:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    if isinstance(shape, int):
        shape = torch.Size([shape])
    elif isinstance(shape, (list, tuple)):
        for dim in shape:
            if not isinstance(dim, int):
                raise TypeError(f"expected 'shape' sequence to only contain ints, but got {type(dim)}")
        shape = torch.Size(shape)
    else:
        raise TypeError(f"expected 'shape' to be int or sequence of ints, but got {type(shape)}")
    if not all(dim >= 0 for dim in shape):
        raise ValueError(f"'shape' cannot have negative values, but got {tuple(shape)}")
    coefs = list(reversed(list(itertools.accumulate(reversed(shape[1:] + torch.Size([1])), func=operator.mul))))
    res = indices.unsqueeze(-1).floor_divide(torch.tensor(coefs, device=indices.device, dtype=torch.int64)) % \
        torch.tensor(shape, device=indices.device, dtype=torch.int64)
    return res.unbind(-1)


def range(start=0, end=None, step=1, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    # The deprecated inclusive range (ATen's range_out): floor((end - start) / step) + 1 values
    # start + i * step, computed in double; the default dtype even for integer bounds.
    if end is None:
        raise TypeError("range() missing 1 required positional arguments: \"end\"")
    warnings.warn("torch.range is deprecated and will be removed in a future release because its behavior is "
                  "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
                  "[start, end).", UserWarning, stacklevel=2)
    start, end, step = (float(v.item()) if isinstance(v, torch.Tensor) else float(v) for v in (start, end, step))
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(start) and math.isfinite(end)):
        raise RuntimeError(f"unsupported range: {start} -> {end}")
    if not ((step > 0 and end >= start) or (step < 0 and end <= start)):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    n = int(math.floor((end - start) / step)) + 1
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    r = (torch.arange(n, dtype=torch.float64) * step + start).to(dtype)
    if device is not None:
        r = r.to(device)
    if out is not None:
        return out.resize_(r.shape).copy_(r)
    return r.requires_grad_(requires_grad) if requires_grad else r


_interop_threads = [None]


def get_num_interop_threads():
    # Kiln runs no inter-op pool (ops run one after another on the calling thread); the count
    # answers what was set, else PyTorch's default (the intra-op default: the physical cores).
    return _interop_threads[0] if _interop_threads[0] is not None else torch.get_num_threads()


def set_num_interop_threads(num):
    if not isinstance(num, int) or isinstance(num, bool):
        raise RuntimeError(f"set_num_interop_threads expects an int, but got {type(num).__name__}")
    if num <= 0:
        raise RuntimeError("Expected positive number of threads")
    if _interop_threads[0] is not None:
        raise RuntimeError("Error: cannot set number of interop threads after parallel work has started or "
                           "set_num_interop_threads called")
    _interop_threads[0] = num


_warn_always = [False]


def set_warn_always(b, /):
    _warn_always[0] = bool(b)


def is_warn_always_enabled():
    return _warn_always[0]


def compiled_with_cxx11_abi():
    return True
