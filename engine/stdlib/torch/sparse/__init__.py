# torch.sparse and sparse COO tensors: torch.sparse_coo_tensor, Tensor.to_sparse(), to_dense(),
# indices()/values()/coalesce()/is_coalesced(), torch.sparse.mm / torch.spmm / sparse @ dense,
# torch.sparse.sum, printed as PyTorch prints them (tensor(indices=tensor(...), values=tensor(...),
# size=(2, 3), nnz=3, layout=torch.sparse_coo)).
#
# A sparse COO tensor is a SparseCOOTensor: an int64 indices tensor [sparse_dim, nnz], a dense values
# tensor [nnz, *dense_shape] and a size, as ATen's SparseTensorImpl holds them. Kiln's native tensors
# are all strided, so this is a Python object rather than a torch.Tensor (isinstance(s, torch.Tensor)
# is False); torch functions reach it through __torch_function__ (torch.mm, torch.matmul, torch.add,
# torch.sum, ...), and the operations are compositions of dense ops on the indices and values:
# coalesce sorts the linearised indices (torch.unique) and sums duplicates with index_add in their
# order; sparse @ dense gathers the dense rows at the column indices, scales them by the values and
# index_adds them into the output rows, so autograd gives the gradient with respect to the dense
# operand (and to the values) as PyTorch's sparse.mm does.
import torch

__all__ = ["SparseCOOTensor", "sparse_coo_tensor", "mm", "sum", "addmm", "FloatTensor", "DoubleTensor", "LongTensor"]


def _size_tuple(size):
    return tuple(int(s) for s in size)


class SparseCOOTensor:
    __module__ = "torch.sparse"
    # autograd.Function's save_for_backward keeps one as it is (bindings/autograd_function.cpp)
    __kiln_sparse_coo__ = True

    def __init__(self, indices, values, size, coalesced=False):
        self._ind = indices
        self._vals = values
        self._shape = torch.Size(_size_tuple(size))
        self._coalesced = coalesced

    # ---- attributes -------------------------------------------------------------------------------
    @property
    def shape(self):
        return self._shape

    def size(self, dim=None):
        if dim is None:
            return self._shape
        return self._shape[dim]

    def dim(self):
        return len(self._shape)

    @property
    def ndim(self):
        return len(self._shape)

    def numel(self):
        n = 1
        for s in self._shape:
            n *= s
        return n

    @property
    def dtype(self):
        return self._vals.dtype

    @property
    def device(self):
        return self._vals.device

    @property
    def is_cuda(self):
        return self._vals.is_cuda

    @property
    def layout(self):
        return torch.sparse_coo

    @property
    def is_sparse(self):
        return True

    @property
    def is_sparse_csr(self):
        return False

    @property
    def requires_grad(self):
        return self._vals.requires_grad

    def requires_grad_(self, requires_grad=True):
        self._vals.requires_grad_(requires_grad)
        return self

    @property
    def grad_fn(self):
        return self._vals.grad_fn

    @property
    def grad(self):
        # A leaf sparse tensor's gradient: sparse, on its own indices (what torch.sparse.mm's
        # backward gives a sparse operand: the dense gradient masked to the operand's pattern).
        g = self._vals.grad
        return None if g is None else SparseCOOTensor(self._ind, g, self._shape, self._coalesced)

    def is_floating_point(self):
        return self._vals.is_floating_point()

    def is_complex(self):
        return self._vals.is_complex()

    def sparse_dim(self):
        return self._ind.shape[0]

    def dense_dim(self):
        return self._vals.dim() - 1

    def _nnz(self):
        return self._ind.shape[1]

    def _indices(self):
        return self._ind

    def _values(self):
        return self._vals

    def indices(self):
        if not self._coalesced:
            raise RuntimeError("Cannot get indices on an uncoalesced tensor, please call .coalesce() first")
        return self._ind

    def values(self):
        if not self._coalesced:
            raise RuntimeError("Cannot get values on an uncoalesced tensor, please call .coalesce() first")
        return self._vals

    def is_coalesced(self):
        return self._coalesced

    # ---- conversions ------------------------------------------------------------------------------
    def coalesce(self):
        if self._coalesced:
            return self
        nnz = self._nnz()
        sd = self.sparse_dim()
        if nnz == 0:
            return SparseCOOTensor(self._ind, self._vals, self._shape, True)
        lin = torch.zeros(nnz, dtype=torch.int64, device=self._ind.device)
        for d in range(sd):
            lin = lin * self._shape[d] + self._ind[d]
        uniq, inverse = torch.unique(lin, sorted=True, return_inverse=True)
        values = torch.zeros((uniq.shape[0],) + tuple(self._vals.shape[1:]), dtype=self._vals.dtype,
                             device=self._vals.device).index_add(0, inverse, self._vals)
        rows = []
        rest = uniq
        for d in range(sd - 1, -1, -1):
            rows.append(torch.remainder(rest, self._shape[d]))
            rest = torch.div(rest, self._shape[d], rounding_mode="floor")
        rows.reverse()
        indices = torch.stack(rows) if rows else torch.zeros(0, uniq.shape[0], dtype=torch.int64)
        return SparseCOOTensor(indices, values, self._shape, True)

    def to_dense(self, dtype=None, *, masked_grad=None):
        sd = self.sparse_dim()
        out = torch.zeros(tuple(self._shape), dtype=self._vals.dtype, device=self._vals.device)
        if self._nnz() > 0:
            out = out.index_put(tuple(self._ind[d] for d in range(sd)), self._vals, accumulate=True)
        return out if dtype is None else out.to(dtype)

    def to_sparse(self, sparse_dim=None, *, layout=None, blocksize=None, dense_dim=None):
        if layout is not None and layout != torch.sparse_coo:
            raise NotImplementedError(f"Conversion from Sparse to {_layout_name(layout)} is not implemented in Kiln")
        if sparse_dim is not None and sparse_dim != self.sparse_dim():
            raise RuntimeError(f"to_sparse: conversion from Sparse to Sparse with sparse_dim argument !=self.sparse_dim() "
                               f"is not supported")
        return self

    def to_sparse_coo(self):
        return self

    def detach(self):
        return SparseCOOTensor(self._ind, self._vals.detach(), self._shape, self._coalesced)

    def clone(self):
        return SparseCOOTensor(self._ind.clone(), self._vals.clone(), self._shape, self._coalesced)

    def to(self, *args, **kwargs):
        return SparseCOOTensor(self._ind.to(*[a for a in args if not isinstance(a, torch.dtype)],
                                            **{k: v for k, v in kwargs.items() if k != "dtype"}),
                               self._vals.to(*args, **kwargs), self._shape, self._coalesced)

    def cpu(self):
        return SparseCOOTensor(self._ind.cpu(), self._vals.cpu(), self._shape, self._coalesced)

    def cuda(self, device=None):
        return SparseCOOTensor(self._ind.cuda(device), self._vals.cuda(device), self._shape, self._coalesced)

    def float(self):
        return SparseCOOTensor(self._ind, self._vals.float(), self._shape, self._coalesced)

    def double(self):
        return SparseCOOTensor(self._ind, self._vals.double(), self._shape, self._coalesced)

    def type(self, dtype=None):
        if dtype is None:
            return {"torch.float32": "torch.sparse.FloatTensor", "torch.float64": "torch.sparse.DoubleTensor",
                    "torch.int64": "torch.sparse.LongTensor"}.get(str(self.dtype), "torch.sparse.Tensor")
        return self.to(dtype)

    # ---- shape ops ----------------------------------------------------------------------------------
    def t(self):
        if self.dim() > 2:
            raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {self.dim()}D")
        return self.transpose(0, 1) if self.dim() == 2 else self

    def transpose(self, dim0, dim1):
        n = self.dim()
        d0, d1 = dim0 % n, dim1 % n
        sd = self.sparse_dim()
        if (d0 < sd) != (d1 < sd):
            raise RuntimeError(f"transpose(): cannot transpose between sparse and dense dimensions ({d0} and {d1})")
        shape = list(self._shape)
        shape[d0], shape[d1] = shape[d1], shape[d0]
        if d0 < sd:
            order = list(range(sd))
            order[d0], order[d1] = order[d1], order[d0]
            return SparseCOOTensor(self._ind[order], self._vals, shape, False)
        return SparseCOOTensor(self._ind, self._vals.transpose(d0 - sd + 1, d1 - sd + 1), shape, self._coalesced)

    @property
    def T(self):
        return self.t()

    # ---- arithmetic ---------------------------------------------------------------------------------
    def _with_values(self, values):
        return SparseCOOTensor(self._ind, values, self._shape, self._coalesced)

    def mul(self, other):
        if isinstance(other, (int, float, bool)) or (isinstance(other, torch.Tensor) and other.dim() == 0):
            return self._with_values(self._vals * other)
        if isinstance(other, SparseCOOTensor):
            return _from_dense_pattern(self.to_dense() * other.to_dense(), self, other)
        if isinstance(other, torch.Tensor):
            # sparse * dense keeps the sparse pattern: each value times the dense entry at its index
            c = self.coalesce()
            dense = other.expand(tuple(self._shape))
            picked = dense[tuple(c._ind[d] for d in range(c.sparse_dim()))]
            return c._with_values(c._vals * picked)
        return NotImplemented

    __mul__ = mul

    def __rmul__(self, other):
        return self.mul(other)

    def div(self, other):
        if isinstance(other, (int, float)) or (isinstance(other, torch.Tensor) and other.dim() == 0):
            return self._with_values(self._vals / other)
        raise RuntimeError("Sparse division requires a scalar or zero-dim dense tensor divisor (got shape "
                           f"{list(other.shape)} for divisor)")

    __truediv__ = div

    def __neg__(self):
        return self._with_values(-self._vals)

    def neg(self):
        return -self

    def add(self, other, *, alpha=1):
        if isinstance(other, SparseCOOTensor):
            if other.shape != self.shape:
                raise RuntimeError(f"add: expected 'self' and 'other' to have same size, but self has size "
                                   f"{list(self.shape)} while other has size {list(other.shape)} (FYI: dense-sparse "
                                   f"addition does not currently support broadcasting)")
            return SparseCOOTensor(torch.cat([self._ind, other._ind], 1),
                                   torch.cat([self._vals, other._vals * alpha if alpha != 1 else other._vals]),
                                   self._shape, False)
        if isinstance(other, torch.Tensor):
            # ATen's add_out_sparse_cpu: a sparse self takes only sparse others
            raise RuntimeError("add(sparse, dense) is not supported. Use add(dense, sparse) instead.")
        return NotImplemented

    __add__ = add

    def __radd__(self, other):
        if isinstance(other, torch.Tensor):
            return other + self.to_dense()
        return NotImplemented

    def sub(self, other, *, alpha=1):
        return self.add(other, alpha=-alpha)

    __sub__ = sub

    def pow(self, exponent):
        return self.coalesce()._with_values(self.coalesce()._vals ** exponent)

    __pow__ = pow

    def abs(self):
        return self._with_values(self._vals.abs())

    def sqrt(self):
        return self.coalesce()._with_values(self.coalesce()._vals.sqrt())

    def relu(self):
        return self._with_values(self._vals.relu()) if self._coalesced else self.coalesce().relu()

    def mm(self, other):
        return mm(self, other)

    def matmul(self, other):
        return _matmul(self, other)

    __matmul__ = matmul

    def __rmatmul__(self, other):
        # dense @ sparse
        return mm(other, self)

    def sum(self, dim=None, keepdim=False, dtype=None):
        if dim is None:
            r = self._vals.sum()
            return r if dtype is None else r.to(dtype)
        return sum(self, dim, dtype)

    # ---- printing -----------------------------------------------------------------------------------
    def __repr__(self):
        return _repr(self)

    __str__ = __repr__

    def __len__(self):
        if self.dim() == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._shape[0]

    def __bool__(self):
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        handler = _HANDLED.get(getattr(func, "__name__", ""))
        if handler is None:
            name = getattr(func, "__name__", str(func))
            raise NotImplementedError(f"Could not run 'aten::{name}' with arguments from the 'SparseCPU' backend: "
                                      f"Kiln's sparse COO tensors support to_dense, coalesce, mm/matmul, add, mul, sum "
                                      f"and transpose")
        return handler(*args, **kwargs)


def _layout_name(layout):
    return {"torch.sparse_csr": "SparseCsr", "torch.sparse_csc": "SparseCsc", "torch.sparse_bsr": "SparseBsr",
            "torch.sparse_bsc": "SparseBsc", "torch.strided": "Strided"}.get(repr(layout), repr(layout))


def _from_dense_pattern(dense, *sparse):
    ind = torch.cat([s._ind for s in sparse], 1)
    t = SparseCOOTensor(ind, torch.zeros(ind.shape[1], dtype=dense.dtype), dense.shape, False).coalesce()
    return t._with_values(dense[tuple(t._ind[d] for d in range(t.sparse_dim()))])


# ---- printing (torch/_tensor_str.py's sparse branch) ----------------------------------------------

def _body(t, indent):
    # The contents of repr(t) without "tensor(" and its suffixes, re-indented for `indent` columns.
    if t.numel() == 0:
        return "[]" + ", size=" + str(tuple(t.shape))
    # PyTorch formats the contents for `indent` columns (line wrapping uses linewidth - indent):
    # the same as the plain repr's 7 columns with the line width narrowed by the difference.
    opts = torch.get_printoptions()
    torch.set_printoptions(linewidth=opts["linewidth"] - (indent - 7), sci_mode=opts["sci_mode"])
    try:
        text = repr(t.detach())
    finally:
        torch.set_printoptions(linewidth=opts["linewidth"], sci_mode=opts["sci_mode"])
    inner = text[len("tensor("):-1]
    cut = inner.find(", dtype=")
    if cut < 0:
        cut = inner.find(",\n       dtype=")
    if cut >= 0:
        inner = inner[:cut]
    return inner.replace("\n" + " " * 7, "\n" + " " * indent)


def _default_dtype(dtype):
    d = torch.get_default_dtype()
    complex_default = torch.complex128 if d == torch.float64 else torch.complex64
    return dtype in (d, complex_default, torch.int64, torch.bool)


def _repr(s):
    indent = len("tensor(")
    suffixes = []
    if s.is_cuda:
        suffixes.append("device='" + str(s.device) + "'")
    suffixes.append("size=" + str(tuple(s.shape)))
    suffixes.append("nnz=" + str(s._nnz()))
    if not _default_dtype(s.dtype):
        suffixes.append("dtype=" + str(s.dtype))
    ind_prefix = "indices=tensor("
    val_prefix = "values=tensor("
    body = (ind_prefix + _body(s._ind, indent + len(ind_prefix)) + "),\n" + " " * indent + val_prefix
            + _body(s._vals, indent + len(val_prefix)) + ")")
    suffixes.append("layout=torch.sparse_coo")
    if s._vals.grad_fn is not None:
        suffixes.append("grad_fn=<" + type(s._vals.grad_fn).__name__ + ">")
    elif s._vals.requires_grad:
        suffixes.append("requires_grad=True")
    out = "tensor(" + body
    last = len(out) - out.rfind("\n") + 1
    force = True
    for suffix in suffixes:
        if force or last + len(suffix) + 2 > 80:
            out += ",\n" + " " * indent + suffix
            last = indent + len(suffix)
            force = False
        else:
            out += ", " + suffix
            last += len(suffix) + 2
    return out + ")"


# ---- construction ----------------------------------------------------------------------------------

def sparse_coo_tensor(indices, values, size=None, *, dtype=None, device=None, pin_memory=False, requires_grad=False,
                      check_invariants=None, is_coalesced=None):
    if not isinstance(indices, torch.Tensor):
        indices = torch.tensor(indices, dtype=torch.int64)
    if not isinstance(values, torch.Tensor):
        values = torch.tensor(values, dtype=dtype)
    elif dtype is not None:
        values = values.to(dtype)
    if device is not None:
        values = values.to(device)
        indices = indices.to(device)
    if indices.dim() != 2:
        raise RuntimeError(f"indices must be sparse_dim x nnz, but got: {list(indices.shape)}")
    if indices.is_floating_point():
        raise RuntimeError(f"indices must be an int64 tensor")
    indices = indices.to(torch.int64)
    if values.dim() == 0:
        values = values.reshape(1).expand(indices.shape[1]).clone() if indices.shape[1] != 1 else values.reshape(1)
    sparse_dim = indices.shape[0]
    nnz = indices.shape[1]
    if values.shape[0] != nnz:
        raise RuntimeError(f"indices and values must have same nnz, but got nnz from indices: {nnz}, nnz from "
                           f"values: {values.shape[0]}")
    dense_shape = tuple(values.shape[1:])
    if size is None:
        if nnz == 0:
            computed = [0] * sparse_dim
        else:
            computed = [int(v) + 1 for v in indices.max(1).values.tolist()]
        size = tuple(computed) + dense_shape
    else:
        size = _size_tuple(size)
        if len(size) != sparse_dim + len(dense_shape):
            raise RuntimeError(f"number of dimensions must be sparse_dim ({sparse_dim}) + dense_dim ({len(dense_shape)}), "
                               f"but got {len(size)}")
        if tuple(size[sparse_dim:]) != dense_shape:
            raise RuntimeError(f"values has incorrect size, expected {list(size[sparse_dim:])}, got {list(dense_shape)}")
        if check_invariants and nnz > 0:
            mins = indices.min(1).values.tolist()
            maxs = indices.max(1).values.tolist()
            for d in range(sparse_dim):
                if mins[d] < 0:
                    raise RuntimeError(f"found negative index {mins[d]} for dim {d}")
                if maxs[d] >= size[d]:
                    raise RuntimeError(f"size is inconsistent with indices: for dim {d}, size is {size[d]} but found "
                                       f"index {maxs[d]}")
    result = SparseCOOTensor(indices, values, size, bool(is_coalesced) or nnz <= 1)
    if requires_grad:
        result._vals = result._vals.detach().requires_grad_(True)
    return result


_legacy_warned = []


def _legacy(dtype, name):
    # torch.sparse.FloatTensor(indices, values, size) & co: PyTorch's legacy constructors, still in
    # GNN code (pygcn's sparse_mx_to_torch_sparse_tensor); deprecated there with a warning.
    def ctor(*args, device=None):
        if not _legacy_warned:
            import warnings
            _legacy_warned.append(True)
            warnings.warn("torch.sparse.SparseTensor(indices, values, shape, *, device=) is deprecated.  Please use "
                          "torch.sparse_coo_tensor(indices, values, shape, dtype=, device=).", UserWarning, stacklevel=2)
        if len(args) == 3:
            return sparse_coo_tensor(args[0], args[1], args[2], dtype=dtype, device=device)
        if len(args) == 2 and isinstance(args[0], torch.Tensor) and isinstance(args[1], torch.Tensor):
            return sparse_coo_tensor(args[0], args[1], dtype=dtype, device=device)
        sizes = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
        sizes = tuple(int(v) for v in sizes)
        return SparseCOOTensor(torch.zeros(len(sizes), 0, dtype=torch.int64),
                               torch.zeros(0, dtype=dtype, device=device), sizes, True)

    ctor.__name__ = name
    ctor.__qualname__ = name
    return ctor


FloatTensor = _legacy(torch.float32, "FloatTensor")
DoubleTensor = _legacy(torch.float64, "DoubleTensor")
LongTensor = _legacy(torch.int64, "LongTensor")


def _dense_to_sparse(self, sparse_dim=None, *, layout=None, blocksize=None, dense_dim=None):
    if layout is not None and layout != torch.sparse_coo:
        raise NotImplementedError(f"Conversion from Strided to {_layout_name(layout)} is not implemented in Kiln")
    n = self.dim()
    sd = n if sparse_dim is None else sparse_dim
    if dense_dim is not None:
        sd = n - dense_dim
    if sd < 0 or sd > n:
        raise RuntimeError(f"sparse_dim must be in [0, {n}], got {sd}")
    if sd == 0:
        return SparseCOOTensor(torch.zeros(0, 1, dtype=torch.int64), self.unsqueeze(0), self.shape, True)
    flat = self.reshape(tuple(self.shape[:sd]) + (-1,)) if sd < n else self
    mask = (flat != 0).any(-1) if sd < n else (self != 0)
    idx = torch.nonzero(mask).t().contiguous()
    values = self[tuple(idx[d] for d in range(sd))]
    return SparseCOOTensor(idx, values, self.shape, True)


def _dense_to_sparse_coo(self):
    return _dense_to_sparse(self)


def _dense_to_dense(self, dtype=None, *, masked_grad=None):
    return self if dtype is None else self.to(dtype)


def _dense_coalesce(self):
    raise RuntimeError("coalesce expected sparse coordinate tensor layout but got Strided")


def _dense_is_coalesced(self):
    raise RuntimeError("is_coalesced expected sparse coordinate tensor layout but got Strided")


def _dense_sparse_dim(self):
    return 0


def _dense_dense_dim(self):
    return self.dim()


# ---- products and reductions -------------------------------------------------------------------------

def mm(mat1, mat2, reduce="sum"):
    if not isinstance(mat1, SparseCOOTensor):
        if isinstance(mat2, SparseCOOTensor):
            # dense @ sparse: (sparse^T @ dense^T)^T
            return mm(mat2.t(), mat1.t()).t()
        return torch.mm(mat1, mat2)
    if isinstance(mat2, SparseCOOTensor):
        return _from_dense_pattern_product(mat1, mat2)
    if reduce != "sum":
        raise NotImplementedError(f"torch.sparse.mm: reduce='{reduce}' is not supported for COO tensors in Kiln")
    if mat1.dim() != 2 or mat2.dim() != 2:
        raise RuntimeError(f"addmm: matrices expected, got {mat1.dim()}D, {mat2.dim()}D tensors")
    if mat1.sparse_dim() != 2:
        raise RuntimeError(f"addmm: expected first two dims to be sparse (indices has size 2 at first dim), but got "
                           f"{mat1.sparse_dim()} sparse dims")
    if mat1.shape[1] != mat2.shape[0]:
        # ATen's s_addmm_out_sparse_dense checks the dense operand against the sparse one's columns
        raise RuntimeError(f"addmm: Argument #3 (dense): Expected dim 0 size {mat1.shape[1]}, got {mat2.shape[0]}")
    if mat1.dtype != mat2.dtype:
        raise RuntimeError(f"expected mat1 and mat2 to have the same dtype, but got: {mat1.dtype} != {mat2.dtype}")
    s = mat1.coalesce()
    rows, cols = s._ind[0], s._ind[1]
    contrib = s._vals.unsqueeze(1) * mat2[cols]
    out = torch.zeros(mat1.shape[0], mat2.shape[1], dtype=mat2.dtype, device=mat2.device)
    return out.index_add(0, rows, contrib)


def _from_dense_pattern_product(a, b):
    dense = mm(a, b.to_dense())
    return _dense_to_sparse(dense)


def _smm(input, mat):
    return _dense_to_sparse(mm(input, mat))


def _matmul(a, b):
    if isinstance(a, SparseCOOTensor) and isinstance(b, torch.Tensor) and b.dim() == 1:
        return mm(a, b.unsqueeze(1)).squeeze(1)
    return mm(a, b)


def addmm(mat, mat1, mat2, *, beta=1.0, alpha=1.0):
    return mat * beta + mm(mat1, mat2) * alpha


def sum(input, dim=None, dtype=None):
    if not isinstance(input, SparseCOOTensor):
        return input.sum() if dim is None else input.sum(dim)
    if dim is None:
        r = input._vals.sum()
        return r if dtype is None else r.to(dtype)
    dims = [dim] if isinstance(dim, int) else list(dim)
    n = input.dim()
    dims = sorted(set(d % n for d in dims))
    sd = input.sparse_dim()
    sparse_red = [d for d in dims if d < sd]
    dense_red = [d - sd + 1 for d in dims if d >= sd]
    vals = input._vals.sum(dense_red) if dense_red else input._vals
    if dtype is not None:
        vals = vals.to(dtype)
    keep = [d for d in range(sd) if d not in sparse_red]
    shape = [input.shape[d] for d in range(n) if d not in dims]
    if not keep:
        # every sparse dim reduced: a dense tensor
        return vals.sum(0)
    return SparseCOOTensor(input._ind[keep], vals, shape, False).coalesce()


def _t_add(input, other, *, alpha=1, out=None):
    if isinstance(input, SparseCOOTensor):
        return input.add(other, alpha=alpha)
    return other.__radd__(input) if alpha == 1 else input + other.to_dense() * alpha


def _t_mul(input, other, *, out=None):
    if isinstance(input, SparseCOOTensor):
        return input.mul(other)
    return other.mul(input)


def _t_sum(input, dim=None, keepdim=False, *, dtype=None):
    return sum(input, dim, dtype)


_HANDLED = {
    "mm": mm, "matmul": _matmul, "spmm": mm, "add": _t_add, "mul": _t_mul, "sum": _t_sum,
    "transpose": lambda x, d0, d1: x.transpose(d0, d1), "t": lambda x: x.t(), "neg": lambda x: -x,
    "addmm": lambda mat, m1, m2, *, beta=1, alpha=1: addmm(mat, m1, m2, beta=beta, alpha=alpha),
    "abs": lambda x: x.abs(), "sqrt": lambda x: x.sqrt(), "relu": lambda x: x.relu(),
}
