# torch.sparse and the sparse COO layout (torch.sparse_coo_tensor, Tensor.to_sparse, torch.spmm).
#
# Graph code keeps its normalized adjacency matrix sparse: tkipf/pygcn builds it with
# torch.sparse.FloatTensor(indices, values, shape) and multiplies with torch.spmm, Diego999/pyGAT's
# SpGAT with torch.sparse_coo_tensor inside an autograd.Function, whisper registers a mask as
# `.to_sparse()`. Kiln's tensors are strided only, so a COO tensor here is a Python object holding
# PyTorch's two parts: `indices` (int64, sparse_dim x nnz) and `values` (nnz x dense dims), with the
# size and the coalesced flag. Every operation is written with dense Kiln ops over those parts (a
# sparse @ dense product is an index_add of values * dense rows), so autograd flows into `values` and
# the dense operand as in PyTorch, and torch.compile sees ordinary ops.
#
# What is here: construction (sparse_coo_tensor, the legacy torch.sparse.FloatTensor/DoubleTensor/
# LongTensor(indices, values, size) constructors, Tensor.to_sparse), the tensor's attributes
# (is_sparse, layout, shape/size(), dtype, device, _nnz, sparse_dim/dense_dim, _indices/_values,
# indices/values on coalesced tensors), coalesce, to_dense, t/transpose, type and device conversions,
# scalar multiplication/division, addition of two sparse tensors, and products with dense matrices
# and vectors (torch.mm / spmm / matmul / sparse.mm, addmm, `@`), plus PyTorch's repr. Other
# operations on a sparse tensor raise NotImplementedError naming the operation, through
# __torch_function__ for torch functions and __getattr__ for methods.

import torch

__all__ = ["mm", "addmm", "sum", "FloatTensor", "DoubleTensor", "LongTensor", "IntTensor", "ByteTensor",
           "BoolTensor", "HalfTensor", "sparse_coo_tensor", "spmm", "layout", "strided", "sparse_coo"]


class layout:
    """torch.layout: how a tensor's elements are stored (torch.strided, torch.sparse_coo)."""

    __module__ = "torch"

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name

    def __reduce__(self):
        return self._name


strided = layout("strided")
sparse_coo = layout("sparse_coo")


def _size_tuple(size):
    if isinstance(size, int):
        return (size,)
    return tuple(int(s) for s in size)


class Tensor:
    """A tensor in the sparse COO layout: indices (sparse_dim x nnz, int64) and values (nnz x dense dims)."""

    # PyTorch has one Tensor type for every layout; the class prints as torch.Tensor as PyTorch's does
    __module__ = "torch"
    # autograd.Function's ctx.save_for_backward accepts this object as a tensor (bindings/autograd_function.cpp)
    __kiln_sparse_coo__ = True
    is_sparse = True
    is_sparse_csr = False
    is_quantized = False
    is_nested = False

    def __init__(self, indices, values, size, coalesced=False):
        self._i = indices
        self._v = values
        self._shape = torch.Size(size)
        self._coalesced = coalesced
        self._requires_grad = False

    # ---- attributes -------------------------------------------------------------------------------
    @property
    def layout(self):
        return sparse_coo

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
        return self._v.dtype

    @property
    def device(self):
        return self._v.device

    @property
    def is_cuda(self):
        return self._v.is_cuda

    @property
    def is_cpu(self):
        return self._v.is_cpu

    @property
    def requires_grad(self):
        return self._requires_grad or self._v.requires_grad

    @property
    def grad_fn(self):
        return self._v.grad_fn

    @property
    def is_leaf(self):
        return self._v.is_leaf

    def requires_grad_(self, requires_grad=True):
        self._v.requires_grad_(requires_grad)
        self._requires_grad = requires_grad
        return self

    def is_floating_point(self):
        return self._v.is_floating_point()

    def is_coalesced(self):
        return self._coalesced

    def sparse_dim(self):
        return self._i.shape[0]

    def dense_dim(self):
        return self._v.dim() - 1

    def _nnz(self):
        return self._i.shape[1]

    def _indices(self):
        return self._i

    def _values(self):
        return self._v

    def indices(self):
        if not self._coalesced:
            raise RuntimeError("Cannot get indices on an uncoalesced tensor, please call .coalesce() first")
        return self._i

    def values(self):
        if not self._coalesced:
            raise RuntimeError("Cannot get values on an uncoalesced tensor, please call .coalesce() first")
        return self._v

    def element_size(self):
        return self._v.element_size()

    # ---- conversions ------------------------------------------------------------------------------
    def coalesce(self):
        """Sorted indices without duplicates; the values of repeated indices are summed."""
        if self._coalesced:
            return self
        nnz = self._nnz()
        if nnz == 0:
            return Tensor(self._i, self._v, self._shape, True)
        lin = _linear_index(self._i, self._shape[:self.sparse_dim()])
        uniq, inverse = torch.unique(lin, sorted=True, return_inverse=True)
        values = torch.zeros((uniq.shape[0],) + tuple(self._v.shape[1:]), dtype=self._v.dtype,
                             device=self._v.device).index_add(0, inverse, self._v)
        indices = _unravel(uniq, self._shape[:self.sparse_dim()])
        return Tensor(indices, values, self._shape, True)

    def to_dense(self, dtype=None):
        out = torch.zeros(tuple(self._shape), dtype=self._v.dtype, device=self._v.device)
        if self._nnz():
            out = out.index_put(tuple(self._i[d] for d in range(self.sparse_dim())), self._v, accumulate=True)
        return out if dtype is None else out.to(dtype)

    def to_sparse(self, *args, **kwargs):
        return self

    def _with_values(self, values):
        return Tensor(self._i, values, self._shape, self._coalesced)

    def to(self, *args, **kwargs):
        values = self._v.to(*args, **kwargs)
        return Tensor(self._i.to(values.device), values, self._shape, self._coalesced)

    def cuda(self, *args, **kwargs):
        values = self._v.cuda(*args, **kwargs)
        return Tensor(self._i.to(values.device), values, self._shape, self._coalesced)

    def cpu(self):
        return Tensor(self._i.cpu(), self._v.cpu(), self._shape, self._coalesced)

    def float(self):
        return self._with_values(self._v.float())

    def double(self):
        return self._with_values(self._v.double())

    def half(self):
        return self._with_values(self._v.half())

    def long(self):
        return self._with_values(self._v.long())

    def int(self):
        return self._with_values(self._v.int())

    def bool(self):
        return self._with_values(self._v.bool())

    def type(self, dtype=None):
        if dtype is None:
            return {torch.float32: "torch.sparse.FloatTensor", torch.float64: "torch.sparse.DoubleTensor",
                    torch.int64: "torch.sparse.LongTensor", torch.int32: "torch.sparse.IntTensor",
                    torch.uint8: "torch.sparse.ByteTensor", torch.bool: "torch.sparse.BoolTensor",
                    torch.float16: "torch.sparse.HalfTensor"}.get(self.dtype, "torch.sparse.Tensor")
        return self._with_values(self._v.to(dtype))

    def detach(self):
        return Tensor(self._i, self._v.detach(), self._shape, self._coalesced)

    def clone(self):
        return Tensor(self._i.clone(), self._v.clone(), self._shape, self._coalesced)

    def t(self):
        if self.sparse_dim() != 2 or self.dense_dim() != 0:
            raise RuntimeError(f"t() expects a tensor with <= 2 sparse and 0 dense dimensions, but got "
                               f"{self.sparse_dim()} sparse and {self.dense_dim()} dense dimensions")
        return self.transpose(0, 1)

    def transpose(self, dim0, dim1):
        n = self.dim()
        dim0 = dim0 + n if dim0 < 0 else dim0
        dim1 = dim1 + n if dim1 < 0 else dim1
        if dim0 >= self.sparse_dim() or dim1 >= self.sparse_dim():
            raise RuntimeError("transpose of a sparse tensor's dense dimensions is not supported in Kiln")
        order = list(range(self.sparse_dim()))
        order[dim0], order[dim1] = order[dim1], order[dim0]
        size = list(self._shape)
        size[dim0], size[dim1] = size[dim1], size[dim0]
        return Tensor(self._i[order], self._v, size, False)

    # ---- arithmetic -------------------------------------------------------------------------------
    def mul(self, other):
        if isinstance(other, Tensor):
            raise NotImplementedError("sparse * sparse is not supported in Kiln")
        if isinstance(other, torch.Tensor) and other.dim() > 0:
            raise NotImplementedError("sparse * dense is not supported in Kiln (only a scalar factor)")
        return self._with_values(self._v * other)

    __mul__ = mul
    __rmul__ = mul

    def div(self, other):
        if isinstance(other, (Tensor, torch.Tensor)) and not (isinstance(other, torch.Tensor) and other.dim() == 0):
            raise NotImplementedError("sparse / tensor is not supported in Kiln (only a scalar divisor)")
        return self._with_values(self._v / other)

    __truediv__ = div

    def __neg__(self):
        return self._with_values(-self._v)

    def add(self, other, alpha=1):
        if isinstance(other, Tensor):
            if tuple(other.shape) != tuple(self._shape):
                raise RuntimeError(f"add: expected 'self' and 'other' to have same size, but self has size "
                                   f"{list(self._shape)} while other has size {list(other.shape)} (FYI: dense-sparse "
                                   f"addition does not currently support broadcasting)")
            return Tensor(torch.cat([self._i, other._i], 1), torch.cat([self._v, other._v * alpha], 0),
                          self._shape, False)
        if isinstance(other, torch.Tensor):
            # sparse + dense is dense, as in PyTorch
            return self.to_dense() + other * alpha
        raise NotImplementedError("sparse + scalar is not supported in Kiln")

    __add__ = add

    def __radd__(self, other):
        return self.add(other)

    def __sub__(self, other):
        return self.add(other, alpha=-1)

    def sum(self, dim=None):
        if dim is None:
            return self._v.sum()
        return sum(self, dim)

    def mm(self, mat2):
        return mm(self, mat2)

    def matmul(self, other):
        return _matmul(self, other)

    __matmul__ = matmul

    def __rmatmul__(self, other):
        return _matmul(other, self)

    def __len__(self):
        if not self._shape:
            raise TypeError("len() of a 0-d tensor")
        return self._shape[0]

    # ---- printing ---------------------------------------------------------------------------------
    def __repr__(self, *, tensor_contents=None):
        # torch/_tensor_str.py for the sparse layout: indices and values each printed as a tensor
        # body under its prefix, then size, nnz, a non-default dtype and the layout, the first of
        # these suffixes on a new line
        indent = len("tensor(")
        ip, vp = "indices=tensor(", "values=tensor("
        body = (ip + _body(self._i.detach(), indent + len(ip)) + "),\n" + " " * indent + vp
                + _body(self._v.detach(), indent + len(vp)) + ")")
        suffixes = ["size=" + str(tuple(self._shape)), "nnz=" + str(self._nnz())]
        if self.dtype not in (torch.get_default_dtype(), torch.int64, torch.bool):
            suffixes.append("dtype=" + str(self.dtype))
        suffixes.append("layout=" + str(sparse_coo))
        if self._v.grad_fn is not None:
            suffixes.append("grad_fn=<" + type(self._v.grad_fn).__name__ + ">")
        elif self.requires_grad:
            suffixes.append("requires_grad=True")
        return _add_suffixes("tensor(" + body, suffixes, indent)

    __str__ = __repr__

    # ---- dispatch of torch functions --------------------------------------------------------------
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", str(func))
        impl = _TORCH_FUNCTIONS.get(name)
        if impl is None:
            raise NotImplementedError(f"torch.{name} is not supported for sparse COO tensors in Kiln")
        return impl(*args, **kwargs)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if hasattr(torch.zeros(0), name):
            raise NotImplementedError(f"Tensor.{name} is not supported for sparse COO tensors in Kiln")
        raise AttributeError(f"'Tensor' object has no attribute '{name}'")


def _body(t, indent):
    # A tensor's printed elements (what torch._tensor_str._tensor_str returns) at a new indent: the
    # dense repr without its "tensor(" head, its dtype suffix and its closing parenthesis, with the
    # continuation lines shifted from the dense indent (7) to `indent`.
    # PyTorch fits floor((linewidth - indent) / element width) elements on a line, so the dense repr
    # (indent 7) is made with the line width narrowed by the extra indent
    width = torch.get_printoptions()["linewidth"]
    torch.set_printoptions(linewidth=width - (indent - len("tensor(")))
    try:
        text = repr(t)
    finally:
        torch.set_printoptions(linewidth=width)
    text = text[len("tensor("):-1]
    for key in ("dtype=", "size="):
        cut = text.rfind(key)
        if cut != -1:
            text = text[:cut].rstrip().rstrip(",")
    if t.numel() == 0:
        # PyTorch names the shape of empty indices/values: "indices=tensor([], size=(2, 0))"
        text += ", size=" + str(tuple(t.shape))
    return text.replace("\n", "\n" + " " * (indent - len("tensor(")))


def _add_suffixes(text, suffixes, indent):
    # torch._tensor_str._add_suffixes with force_newline (a sparse tensor's first suffix starts a line)
    parts = [text]
    last_line_len = len(text) - text.rfind("\n") + 1
    force_newline = True
    for suffix in suffixes:
        if force_newline or last_line_len + len(suffix) + 2 > 80:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
            force_newline = False
        else:
            parts.append(", " + suffix)
            last_line_len += len(suffix) + 2
    parts.append(")")
    return "".join(parts)


def _linear_index(indices, sizes):
    lin = torch.zeros(indices.shape[1], dtype=torch.int64, device=indices.device)
    for d, s in enumerate(sizes):
        lin = lin * s + indices[d]
    return lin


def _unravel(lin, sizes):
    rows = []
    for s in reversed(list(sizes)):
        rows.append(lin % s)
        lin = torch.div(lin, s, rounding_mode="floor")
    return torch.stack(rows[::-1]) if rows else torch.zeros((0, lin.shape[0]), dtype=torch.int64)


# ---- construction ---------------------------------------------------------------------------------

def sparse_coo_tensor(indices, values, size=None, *, dtype=None, device=None, pin_memory=False, requires_grad=False,
                      check_invariants=None, is_coalesced=None):
    indices = torch.as_tensor(indices, device=device)
    if indices.dtype != torch.int64:
        indices = indices.long()
    values = torch.as_tensor(values, dtype=dtype, device=device)
    if indices.dim() != 2:
        raise RuntimeError(f"indices must be sparse_dim x nnz, but got: {list(indices.shape)}")
    sparse_dim, nnz = indices.shape
    if values.dim() == 0:
        raise RuntimeError("values must have at least one dimension (the nnz dimension)")
    if values.shape[0] != nnz:
        raise RuntimeError(f"indices and values must have same nnz, but got nnz from indices: {nnz}, "
                           f"nnz from values: {values.shape[0]}")
    if size is None:
        if nnz == 0:
            sizes = (0,) * sparse_dim
        else:
            sizes = tuple(int(m) + 1 for m in indices.max(1)[0].tolist())
        size = sizes + tuple(values.shape[1:])
    size = _size_tuple(size)
    if len(size) != sparse_dim + values.dim() - 1:
        raise RuntimeError(f"number of dimensions must be sparse_dim ({sparse_dim}) + dense_dim "
                           f"({values.dim() - 1}), but got {len(size)}")
    if nnz:
        lo = indices.min(1)[0].tolist()
        hi = indices.max(1)[0].tolist()
        for d in range(sparse_dim):
            if lo[d] < 0:
                raise RuntimeError(f"found negative index {lo[d]} for dim {d}")
            if hi[d] >= size[d]:
                raise RuntimeError(f"size is inconsistent with indices: for dim {d}, size is {size[d]} but found "
                                   f"index {hi[d]}")
    t = Tensor(indices, values, size, bool(is_coalesced) or nnz <= 1)
    if requires_grad:
        t.requires_grad_(True)
    return t


def _legacy(dtype, name):
    def ctor(*args, device=None):
        # torch.sparse.FloatTensor(indices, values, size) / (indices, values) / (*sizes): PyTorch's
        # legacy constructors, deprecated in favour of sparse_coo_tensor
        import warnings
        if len(args) >= 2 and isinstance(args[0], torch.Tensor):
            warnings.warn("torch.sparse.SparseTensor(indices, values, shape, *, device=) is deprecated.  "
                          "Please use torch.sparse_coo_tensor(indices, values, shape, dtype=, device=).", stacklevel=2)
            size = args[2] if len(args) > 2 else None
            values = args[1]
            if values.dtype != dtype:
                raise RuntimeError(f"expected scalar type {_scalar_name(dtype)} but found {_scalar_name(values.dtype)}")
            return sparse_coo_tensor(args[0], values, size, device=device)
        sizes = _size_tuple(args[0]) if len(args) == 1 and not isinstance(args[0], int) else _size_tuple(args)
        return Tensor(torch.zeros((len(sizes), 0), dtype=torch.int64), torch.zeros((0,), dtype=dtype), sizes, True)
    ctor.__name__ = ctor.__qualname__ = name
    return ctor


def _scalar_name(dtype):
    return {torch.float32: "Float", torch.float64: "Double", torch.int64: "Long", torch.int32: "Int",
            torch.uint8: "Byte", torch.bool: "Bool", torch.float16: "Half"}.get(dtype, str(dtype))


FloatTensor = _legacy(torch.float32, "FloatTensor")
DoubleTensor = _legacy(torch.float64, "DoubleTensor")
LongTensor = _legacy(torch.int64, "LongTensor")
IntTensor = _legacy(torch.int32, "IntTensor")
ByteTensor = _legacy(torch.uint8, "ByteTensor")
BoolTensor = _legacy(torch.bool, "BoolTensor")
HalfTensor = _legacy(torch.float16, "HalfTensor")


def _to_sparse(self, sparse_dim=None, *, layout=None, blocksize=None, dense_dim=None):
    """Tensor.to_sparse(): the nonzero elements of a strided tensor in the COO layout (coalesced)."""
    if layout is not None and layout is not sparse_coo:
        raise NotImplementedError(f"Tensor.to_sparse(layout={layout}) is not supported in Kiln")
    sd = self.dim() if sparse_dim is None else sparse_dim
    if sd > self.dim():
        raise RuntimeError(f"sparse_dim must be at most the number of dimensions ({self.dim()}), but got {sd}")
    if sd == self.dim():
        mask = self != 0
    else:
        mask = (self != 0).flatten(sd).any(-1)
    indices = mask.nonzero().t().contiguous()
    values = self[tuple(indices[d] for d in range(sd))]
    return Tensor(indices, values, self.shape, True)


# ---- products --------------------------------------------------------------------------------------

def _sparse_dense_mm(s, d):
    if s.sparse_dim() != 2 or s.dense_dim() != 0:
        raise RuntimeError("sparse @ dense needs a 2-D sparse matrix with no dense dimensions")
    if d.dim() == 1:
        if s.shape[1] != d.shape[0]:
            raise RuntimeError(f"size mismatch, got input ({s.shape[0]}), mat ({s.shape[0]}x{s.shape[1]}), "
                               f"vec ({d.shape[0]})")
        out = torch.zeros(s.shape[0], dtype=torch.promote_types(s.dtype, d.dtype), device=d.device)
        return out.index_add(0, s._i[0], s._v * d[s._i[1]])
    if d.dim() != 2:
        raise RuntimeError(f"mm: expected a 2-D dense matrix, but got a {d.dim()}-D tensor")
    if s.shape[1] != d.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({s.shape[0]}x{s.shape[1]} and "
                           f"{d.shape[0]}x{d.shape[1]})")
    out = torch.zeros((s.shape[0], d.shape[1]), dtype=torch.promote_types(s.dtype, d.dtype), device=d.device)
    return out.index_add(0, s._i[0], s._v.unsqueeze(1) * d[s._i[1]])


def mm(mat1, mat2, reduce=None):
    """torch.sparse.mm / torch.mm / torch.spmm: sparse @ dense is dense; dense @ sparse is dense."""
    if reduce is not None:
        raise NotImplementedError("torch.sparse.mm(reduce=...) is not supported in Kiln")
    if isinstance(mat1, Tensor) and isinstance(mat2, Tensor):
        return sparse_coo_tensor_from_dense(_sparse_dense_mm(mat1, mat2.to_dense()))
    if isinstance(mat1, Tensor):
        return _sparse_dense_mm(mat1, mat2)
    if isinstance(mat2, Tensor):
        # dense @ sparse = (sparse^T @ dense^T)^T
        return _sparse_dense_mm(mat2.t(), mat1.t()).t()
    return torch.mm(mat1, mat2)


def sparse_coo_tensor_from_dense(d):
    return _to_sparse(d)


def _matmul(a, b):
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        return mm(a, b)
    return torch.matmul(a, b)


def spmm(mat1, mat2):
    return mm(mat1, mat2)


def addmm(mat, mat1, mat2, *, beta=1, alpha=1):
    """torch.sparse.addmm / torch.addmm with a sparse mat1: beta * mat + alpha * (mat1 @ mat2)."""
    return beta * mat + alpha * mm(mat1, mat2)


def sum(input, dim=None, dtype=None):
    """torch.sparse.sum: all elements (a 0-d tensor), or summed over `dim` (dense when only dense dims remain)."""
    if dim is None:
        s = input._v.sum()
        return s if dtype is None else s.to(dtype)
    d = input.to_dense().sum(dim)
    return d if dtype is None else d.to(dtype)


def _addmm_dispatch(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    return addmm(input, mat1, mat2, beta=beta, alpha=alpha)


def _not_sparse(name):
    def f(*args, **kwargs):
        raise NotImplementedError(f"torch.{name} is not supported for sparse COO tensors in Kiln")
    return f


_TORCH_FUNCTIONS = {
    "mm": mm, "spmm": spmm, "matmul": _matmul, "addmm": _addmm_dispatch,
    "t": lambda x: x.t(), "transpose": lambda x, d0, d1: x.transpose(d0, d1),
    "mul": lambda a, b: a.mul(b) if isinstance(a, Tensor) else b.mul(a),
    "div": lambda a, b: a.div(b), "add": lambda a, b, alpha=1: a.add(b, alpha=alpha) if isinstance(a, Tensor)
    else b.add(a, alpha=alpha),
    "neg": lambda a: -a, "numel": lambda a: a.numel(), "is_tensor": lambda a: True,
    "is_floating_point": lambda a: a.is_floating_point(),
}
