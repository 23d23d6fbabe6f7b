# The second batch of torch functions and Tensor methods that real programs call, composed in Python
# from Kiln's native differentiable ops (bindings/linalg_py.cpp forwards torch.<name> to <name> here
# and Tensor.<name> to _method_<name>; Tensor.<name>_ runs _method_<name> through run_inplace, so
# version counters, leaf checks and the "result type can't be cast" refusal are the native ones).
#
# Gradients follow the compositions (grad_fn names are those of the pieces, not PyTorch's dedicated
# nodes such as XlogyBackward0). Ops that would be faster or capture better as native kernels are
# marked "native candidate": a pointwise.def row (xlogy, sinc, copysign, logaddexp, signbit) would
# fuse under Inductor, where these compositions become several kernels.
import math
import warnings

import torch

_inf = float("inf")


def _named(name, fields, values):
    import torch.linalg
    return torch.linalg._named(name, fields, values)


def _is_t(x):
    return isinstance(x, torch.Tensor)


def _wrap_dim(dim, nd):
    n = max(nd, 1)
    if dim < -n or dim >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim % n


def _type_name(x):
    return type(x).__name__


def _scalar_type(dt):
    # c10's ScalarType spelling used in PyTorch's messages ("Float", "Long").
    return {torch.float32: "Float", torch.float64: "Double", torch.int64: "Long", torch.bool: "Bool",
            torch.float16: "Half", torch.bfloat16: "BFloat16", torch.uint8: "Byte", torch.int8: "Char",
            torch.int16: "Short", torch.int32: "Int"}.get(dt, str(dt))


def _operands(a, b, fn, float_op):
    # Two operands of a binary op, either one possibly a Python number: both as tensors of the
    # promoted dtype (PyTorch's result_type; a float op lifts integral results to the default float).
    if not _is_t(a) and not _is_t(b):
        raise TypeError(f"{fn}() received an invalid combination of arguments - got ({_type_name(a)}, {_type_name(b)}), "
                        "but expected at least one Tensor")
    dt = torch.result_type(a, b)
    if float_op and not dt.is_floating_point:
        dt = torch.get_default_dtype()
    ta = a.to(dt) if _is_t(a) else torch.tensor(a, dtype=dt)
    tb = b.to(dt) if _is_t(b) else torch.tensor(b, dtype=dt)
    return ta, tb


def _torch_warn(msg, where, category=UserWarning, stacklevel=3):
    # A warning PyTorch raises in C++ (TORCH_WARN / TORCH_WARN_ONCE, a non-verbatim c10::Warning): its
    # Python warning handler appends the raising source line, with the path of PyTorch's build tree,
    # and attributes the warning to the calling Python line. `where` is "path/in/pytorch.cpp:LINE" of
    # PyTorch 2.11; stacklevel 3 is the program's call of the public function that called this.
    warnings.warn(f"{msg} (Triggered internally at /pytorch/{where}.)", category, stacklevel=stacklevel)


def _require_float_kernel(t, kernel):
    if not t.is_floating_point():
        raise NotImplementedError(f'"{kernel}" not implemented for \'{_scalar_type(t.dtype)}\'')


# ---- membership -------------------------------------------------------------------------------------

def isin(elements, test_elements, *, assume_unique=False, invert=False):
    # Native candidate: PyTorch sorts for large inputs; this compares in chunks (O(N*M) work).
    if not _is_t(elements) and not _is_t(test_elements):
        raise TypeError(f"isin() received an invalid combination of arguments - got ({_type_name(elements)}, "
                        f"{_type_name(test_elements)}), but expected one of: (Tensor elements, Tensor test_elements), "
                        "(Scalar element, Tensor test_elements), (Tensor elements, Scalar test_element)")
    for t in (elements, test_elements):
        if _is_t(t) and t.dtype == torch.bool:
            raise RuntimeError("Unsupported input type encountered for isin(): Bool")
    e = elements.detach() if _is_t(elements) else torch.tensor(elements)
    t = (test_elements.detach() if _is_t(test_elements) else torch.tensor(test_elements)).reshape(-1)
    flat = e.reshape(-1)
    if t.numel() == 0 or flat.numel() == 0:
        r = torch.zeros(e.shape, dtype=torch.bool)
    else:
        step = max(1, (1 << 22) // t.numel())
        parts = []
        start = 0
        while start < flat.numel():
            chunk = flat[start:start + step]
            parts.append((chunk.unsqueeze(1) == t.unsqueeze(0)).any(1))
            start += step
        r = (torch.cat(parts) if len(parts) > 1 else parts[0]).reshape(e.shape)
    return r.logical_not() if invert else r


# ---- splitting and rotating -------------------------------------------------------------------------

def tensor_split(input, indices_or_sections, dim=0):
    if input.dim() == 0:
        raise RuntimeError("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims")
    d = _wrap_dim(dim, input.dim())
    ios = indices_or_sections
    if _is_t(ios):
        if ios.dtype != torch.int64:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to have dtype of long, but got "
                               f"{_scalar_type(ios.dtype)}")
        if ios.dim() > 1:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                               f"one-dimensional tensor, but got a tensor with {ios.dim()} dims")
        ios = int(ios.item()) if ios.dim() == 0 else ios.tolist()
    lead = (slice(None),) * d
    if isinstance(ios, int):
        if ios <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {ios}")
        n = input.shape[d]
        base, extra = divmod(n, ios)
        out = []
        start = 0
        for i in range(ios):
            size = base + 1 if i < extra else base
            out.append(input.narrow(d, start, size))
            start += size
        return tuple(out)
    # indices: slices [prev, idx) with Python's slice rules (negative indices wrap, ends clamp)
    out = []
    prev = 0
    for idx in ios:
        out.append(input[lead + (slice(prev, idx),)])
        prev = idx
    out.append(input[lead + (slice(prev, None),)])
    return tuple(out)


def _split_fixed(input, ios, name, min_dims, dim):
    if input.dim() < min_dims:
        raise RuntimeError(f"torch.{name} requires a tensor with at least {min_dims} dimension, but got a tensor with "
                           f"{input.dim()} dimensions!")
    if isinstance(ios, int):
        size = input.shape[dim]
        if ios == 0 or size % ios != 0:
            raise RuntimeError(f"torch.{name} attempted to split along dimension {dim}, but the size of the dimension "
                               f"{size} is not divisible by the split_size {ios}!")
    return tensor_split(input, ios, dim)


def hsplit(input, indices_or_sections):
    return _split_fixed(input, indices_or_sections, "hsplit", 1, 1 if input.dim() > 1 else 0)


def vsplit(input, indices_or_sections):
    return _split_fixed(input, indices_or_sections, "vsplit", 2, 0)


def dsplit(input, indices_or_sections):
    return _split_fixed(input, indices_or_sections, "dsplit", 3, 2)


def rot90(input, k=1, dims=(0, 1)):
    dims = list(dims)
    nd = input.dim()
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if nd < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {nd}")
    if dims[0] == dims[1] or abs(dims[0] - dims[1]) == nd:
        raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {dims[0]} and dim1 = {dims[1]}")
    if not (-nd <= dims[0] < nd):
        raise RuntimeError(f"Rotation dim0 out of range, dim0 = {dims[0]}")
    if not (-nd <= dims[1] < nd):
        raise RuntimeError(f"Rotation dim1 out of range, dim1 = {dims[1]}")
    k = (4 + (k % 4)) % 4
    if k == 1:
        return input.flip([dims[1]]).transpose(dims[0], dims[1])
    if k == 2:
        return input.flip(dims)
    if k == 3:
        return input.flip([dims[0]]).transpose(dims[0], dims[1])
    return input.clone()


# ---- pointwise (native candidates: pointwise.def rows) -------------------------------------------------

def _need_tensors(fn, a, b):
    # the ops whose schemas take Tensor operands only (no Scalar overload): the argument parser's error
    for pos, (name, v) in enumerate((("input", a), ("other", b)), 1):
        if not _is_t(v):
            raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be Tensor, not {_type_name(v)}")


def _logaddexp_common(a, b, fn, base2):
    _need_tensors(fn, a, b)
    a, b = _operands(a, b, fn, False)
    _require_float_kernel(a, fn + "_cpu")
    m = torch.maximum(a, b)
    d = -(a - b).abs()
    r = m + ((d * math.log(2.0)).exp().log1p() / math.log(2.0) if base2 else d.exp().log1p())
    # equal infinities (a - b is nan): the value itself, as PyTorch's kernel special-cases. (abs/eq
    # rather than isinf so that torch.compile's aten re-trace finds every op in Kiln's op table.)
    return torch.where((m.abs() == _inf) & (a == b), m, r)


def logaddexp(input, other, *, out=None):
    return _out(_logaddexp_impl(input, other), out)


def _logaddexp_impl(input, other):
    return _logaddexp_common(input, other, "logaddexp", False)


def logaddexp2(input, other, *, out=None):
    return _out(_logaddexp2_impl(input, other), out)


def _logaddexp2_impl(input, other):
    return _logaddexp_common(input, other, "logaddexp2", True)


def xlogy(input, other, *, out=None):
    return _out(_xlogy_impl(input, other), out)


def _xlogy_impl(input, other):
    x, y = _operands(input, other, "xlogy", True)
    # x == 0 gives 0 (unless y is nan). log is taken of 1 only where it would not be finite there
    # (y <= 0, y = inf), so that x's gradient is PyTorch's xlogy(grad, y) (log y even where x == 0,
    # 0 where x == 0 and y <= 0) and neither the value nor y's gradient picks up log(0) = -inf.
    finite_log = (y > 0) & (y < math.inf)
    one = (x == 0) & (y == y) & ~finite_log  # y == y: not nan (eq traces where isnan has no op-table entry)
    return x * torch.where(one, torch.ones_like(y), y).log()


def sinc(input, *, out=None):
    return _out(_sinc_impl(input), out)


def _sinc_impl(input):
    x = input if input.is_floating_point() else input.to(torch.get_default_dtype())
    zero = x == 0
    px = torch.where(zero, torch.ones_like(x), x) * math.pi
    return torch.where(zero, torch.ones_like(x), px.sin() / px)


def signbit(input, *, out=None):
    return _out(_signbit_impl(input), out)


def _signbit_impl(input):
    x = input.detach()
    if x.dtype == torch.bool:
        return torch.zeros(x.shape, dtype=torch.bool)
    if not x.is_floating_point():
        return x < 0
    # -0.0 has its sign bit set: 1 / -0.0 is -inf
    return (x < 0) | ((x == 0) & ((1.0 / x) < 0))


def copysign(input, other, *, out=None):
    return _out(_copysign_impl(input, other), out)


def _copysign_impl(input, other):
    if not _is_t(input):
        raise TypeError(f"copysign() received an invalid combination of arguments - got ({_type_name(input)}, "
                        f"{_type_name(other)}), but expected one of: (Tensor input, Tensor other), "
                        "(Tensor input, Number other)")
    x, y = _operands(input, other, "copysign", True)
    a = x.abs()
    return torch.where(_signbit_impl(y), -a, a)


def float_power(input, exponent, *, out=None):
    if out is not None and out.dtype != torch.float64:
        raise RuntimeError(f"the output given to float_power has dtype {_scalar_type(out.dtype)} but the operation's "
                           "result requires dtype Double")
    return _out(_float_power_impl(input, exponent), out)


def _float_power_impl(input, exponent):
    if not _is_t(input) and not _is_t(exponent):
        raise TypeError(f"float_power() received an invalid combination of arguments - got ({_type_name(input)}, "
                        f"{_type_name(exponent)}), but expected at least one Tensor")
    base = input.to(torch.float64) if _is_t(input) else float(input)
    exp = exponent.to(torch.float64) if _is_t(exponent) else float(exponent)
    if not _is_t(base):
        return torch.pow(base, exp)
    return base.pow(exp)


def _method_float_power_(self, exponent):
    if self.dtype != torch.float64:
        raise RuntimeError(f"the base given to float_power_ has dtype {_scalar_type(self.dtype)} but the operation's "
                           "result requires dtype Double")
    return _float_power_impl(self, exponent)


def _int_operands(a, b, fn):
    if not _is_t(a) or not _is_t(b):
        bad, pos, name = (a, 1, "input") if not _is_t(a) else (b, 2, "other")
        raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be Tensor, not {_type_name(bad)}")
    dt = torch.result_type(a, b)
    if dt.is_floating_point or dt == torch.bool:
        raise NotImplementedError(f'"{fn}_cpu" not implemented for \'{_scalar_type(dt)}\'')
    return a.detach().to(dt), b.detach().to(dt)


def gcd(input, other, *, out=None):
    return _out(_gcd_impl(input, other), out)


def _gcd_impl(input, other):
    a, b = _int_operands(input, other, "gcd")
    a, b = torch.broadcast_tensors(a.abs(), b.abs())
    a, b = a.clone(), b.clone()
    # Euclid's algorithm on every element at once, until every remainder is 0.
    while bool((b != 0).any()):
        nz = b != 0
        r = torch.where(nz, a % torch.where(nz, b, torch.ones_like(b)), torch.zeros_like(a))
        a = torch.where(nz, b, a)
        b = r
    return a


def lcm(input, other, *, out=None):
    return _out(_lcm_impl(input, other), out)


def _lcm_impl(input, other):
    a, b = _int_operands(input, other, "lcm")
    g = _gcd_impl(a, b)
    safe = torch.where(g == 0, torch.ones_like(g), g)
    return torch.where(g == 0, torch.zeros_like(g), (a // safe * b).abs())


def frexp(input):
    if not input.is_floating_point():
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    x = input.detach()
    finite_nz = x.isfinite() & (x != 0)
    ax = torch.where(finite_nz, x.abs(), torch.ones_like(x)).to(torch.float64)
    e = ax.log2().floor() + 1
    m = ax / torch.pow(2.0, e)
    # log2 can round across a power of two: bring the mantissa back into [0.5, 1)
    e = torch.where(m >= 1, e + 1, torch.where(m < 0.5, e - 1, e))
    e = torch.where(finite_nz, e, torch.zeros_like(e))
    # Kiln has no int32: the exponent is int64 where PyTorch returns int32.
    exponent = e.to(torch.int64)
    mantissa = input / torch.pow(2.0, e).to(input.dtype)
    return _named("frexp", ("mantissa", "exponent"), (mantissa, exponent))


def ldexp(input, other, *, out=None):
    return _out(_ldexp_impl(input, other), out)


def _ldexp_impl(input, other):
    _need_tensors("ldexp", input, other)
    return torch.mul(input, torch.pow(2.0, other))


# ---- products ---------------------------------------------------------------------------------------

def inner(input, other, *, out=None):
    if input.dim() == 0 or other.dim() == 0:
        r = input * other
    else:
        if input.shape[-1] != other.shape[-1]:
            raise RuntimeError(f"inner() the last dimension must match on both input tensors but got shapes "
                               f"{list(input.shape)} and {list(other.shape)}")
        r = torch.tensordot(input, other, dims=([input.dim() - 1], [other.dim() - 1]))
    return _out(r, out)


def vdot(input, other, *, out=None):
    # for real dtypes PyTorch's vdot is dot (conjugation is the identity); complex vectors: the sum of
    # conj(input) * other (BLAS's dotc), with ATen's checks
    if input.is_complex() or other.is_complex():
        if input.dim() != 1 or other.dim() != 1:
            raise RuntimeError(f"1D tensors expected, but got {input.dim()}D and {other.dim()}D tensors")
        if input.dtype != other.dtype:
            raise RuntimeError(f"dot : expected both vectors to have same dtype, but found "
                               f"{_scalar_type(input.dtype)} and {_scalar_type(other.dtype)}")
        if input.numel() != other.numel():
            raise RuntimeError(f"inconsistent tensor size, expected tensor [{input.numel()}] and src "
                               f"[{other.numel()}] to have the same number of elements, but got "
                               f"{input.numel()} and {other.numel()} elements respectively")
        return _out((input.conj() * other).sum(), out)
    return torch.dot(input, other, out=out) if out is not None else torch.dot(input, other)


def ger(input, vec2, *, out=None):
    return _out(torch.outer(input, vec2), out)


def _out(result, out):
    # out=: written by a native out= op (resizing, dtype and autograd checks as PyTorch's); bool
    # results through eq, since add would promote them to int64.
    if out is None:
        return result
    if result.dtype == torch.bool:
        return torch.eq(result, True, out=out)
    return torch.add(result, 0, out=out)


def _scaled_sum(input, prod, beta, alpha):
    # beta * input + alpha * prod, with beta == 0 ignoring input (nan and inf included), as BLAS does
    r = prod if alpha == 1 else prod * alpha
    if beta == 0:
        return r.expand(r.shape) if r.dim() else r
    return r + (input if beta == 1 else input * beta)


def addmv(input, mat, vec, *, beta=1, alpha=1, out=None):
    if not (mat.dim() == 2 and vec.dim() == 1 and input.dim() <= 1):
        raise RuntimeError(f"vector + matrix @ vector expected, got {input.dim()}, {mat.dim()}, {vec.dim()}")
    if not (mat.shape[1] == vec.shape[0] and (mat.shape[0] == input.numel() or input.numel() == 1)):
        size0 = input.shape[0] if input.dim() else input.numel()
        raise RuntimeError(f"size mismatch, got input ({size0}), mat ({mat.shape[0]}x{mat.shape[1]}), "
                           f"vec ({vec.shape[0]})")
    r = _scaled_sum(input, torch.mv(mat, vec), beta, alpha)
    return _out(r, out)


def addr(input, vec1, vec2, *, beta=1, alpha=1, out=None):
    if vec1.dim() != 1:
        raise RuntimeError(f"addr: Expected 1-D argument vec1, but got {vec1.dim()}-D")
    if vec2.dim() != 1:
        raise RuntimeError(f"addr: Expected 1-D argument vec2, but got {vec2.dim()}-D")
    r = _scaled_sum(input, torch.outer(vec1, vec2), beta, alpha)
    return _out(r.expand(vec1.shape[0], vec2.shape[0]) if r.shape != (vec1.shape[0], vec2.shape[0]) else r, out)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    if batch1.dim() != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if batch2.dim() != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    if batch1.shape[0] != batch2.shape[0]:
        raise RuntimeError(f"batch1 and batch2 must have same number of batches, got {batch1.shape[0]} and "
                           f"{batch2.shape[0]}")
    if batch1.shape[2] != batch2.shape[1]:
        raise RuntimeError(f"Incompatible matrix sizes for bmm ({batch1.shape[1]}x{batch1.shape[2]} and "
                           f"{batch2.shape[1]}x{batch2.shape[2]})")
    prod = torch.bmm(batch1, batch2).sum(0)
    r = _scaled_sum(input, prod, beta, alpha)
    return _out(r, out)


# ---- indexing -----------------------------------------------------------------------------------------

def _check_index_bounds(index, size, message, negative=True):
    # A data-dependent check (graph break under torch.compile) kept in its own function: the callers
    # then hold no comprehension cells across the break, which Kiln's Dynamo resume functions do not
    # restore yet. negative: indices from -size count (wrapped); message gets the first bad index.
    flat = index.reshape(-1)
    bad = ((flat < -size) if negative else (flat < 0)) | (flat >= size)
    if bool(bad.any()):
        raise IndexError(message.format(i=int(flat[bad.nonzero()[0, 0]])))


def _flat_positions(shape, key):
    # The flat (row-major) positions an indexing key selects, by indexing an arange with it: every rule
    # of advanced indexing applies, and the op stays functional (no writes into a new tensor, which
    # torch.compile would have to track).
    n = 1
    for s in shape:
        n *= s
    return torch.arange(n).reshape(shape)[key]


def index_fill(input, dim, index, value):
    d = _wrap_dim(dim, input.dim())
    if index.dtype != torch.int64:
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    if _is_t(value) and value.dim() != 0:
        raise RuntimeError(f"index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                           f"{value.dim()} dimension(s).")
    if index.dim() > 1:
        raise RuntimeError("Index has to be a vector/scalar")
    size = input.shape[d] if input.dim() > 0 else 1
    _check_index_bounds(index, size, "index {i} is out of bounds for dimension " + str(d) + " with size " + str(size))
    # the filled positions along dim, compared rather than written (functional under torch.compile)
    mask = (torch.arange(size).unsqueeze(1) == (index.reshape(-1) % size).unsqueeze(0)).any(1)
    if input.dim() > 0:
        shape = [1] * input.dim()
        shape[d] = size
        mask = mask.reshape(shape)
    else:
        mask = mask.reshape(())
    v = value.to(input.dtype) if _is_t(value) else torch.tensor(value).to(input.dtype)
    return torch.where(mask, v, input)


def _method_index_fill(self, dim, index, value):
    return index_fill(self, dim, index, value)


def put(input, index, source, accumulate=False):
    if index.dtype != torch.int64:
        raise RuntimeError(f"put_(): Expected a long tensor for index, but got {_scalar_type(index.dtype)}")
    if input.dtype != source.dtype:
        raise RuntimeError(f"put_(): self and source expected to have the same dtype, but got self.dtype = "
                           f"{_scalar_type(input.dtype)} and source.dtype = {_scalar_type(source.dtype)}")
    if source.numel() != index.numel():
        raise IndexError(f"put_(): Expected source and index to have the same number of elements, but got "
                           f"source.numel() = {source.numel()}, index.numel() = {index.numel()}")
    n = input.numel()
    if n == 0 and index.numel() != 0:
        raise IndexError("put_(): Tried to put elements into an empty tensor")
    flat_idx = index.reshape(-1)
    _check_index_bounds(flat_idx, n, "out of range: tried to access index {i} on a tensor of " + str(n) + " elements.")
    flat = input.reshape(-1)
    r = torch.index_put(flat, (flat_idx % max(n, 1),), source.reshape(-1), accumulate)  # native (ops/index_ext.h)
    return r.reshape(input.shape)


def _method_put(self, index, source, accumulate=False):
    return put(self, index, source, accumulate)


def masked_scatter(input, mask, source):
    if input.dtype != source.dtype:
        # masked_scatter__cpu's check, its missing space after "got" included
        raise RuntimeError(f"masked_scatter: expected self and source to have same dtypes but got"
                           f"{_scalar_type(input.dtype)} and {_scalar_type(source.dtype)}")
    if mask.dtype != torch.bool:
        # the CPU kernel's check, on the TensorIterator's input ScalarType ("Long", "Byte")
        raise RuntimeError(f"masked_scatter_ only supports boolean masks, but got mask with dtype "
                           f"{_scalar_type(mask.dtype)}")
    m, x = torch.broadcast_tensors(mask, input)
    flat = m.reshape(-1)
    count = int(flat.sum())
    if count > source.numel():
        raise RuntimeError("Number of elements of source < number of ones in mask")
    # the k-th True position (row-major) takes source's k-th element
    k = (flat.to(torch.int64).cumsum(0) - 1).clamp(min=0)
    src = source.reshape(-1)
    taken = src[k] if src.numel() > 0 else torch.zeros(flat.shape, dtype=input.dtype)
    return torch.where(m, taken.reshape(x.shape), x)


def _method_masked_scatter(self, mask, source):
    return masked_scatter(self, mask, source)


def _method_masked_scatter_(self, mask, source):
    # in place, the mask broadcasts to self (not self to the mask): expand's own error otherwise
    return masked_scatter(self, mask.expand(self.shape), source)


# ---- predicates and conversions --------------------------------------------------------------------

def is_nonzero(input):
    n = input.numel()
    if n == 0:
        raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
    if n > 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return bool(input.item() != 0)


def _assert(condition, message):
    # torch._assert: Python's assert as a function call, which symbolic tracing and scripting can see
    # (torchvision's models check input shapes with it).
    assert condition, message


def is_same_size(input, other):
    return tuple(input.shape) == tuple(other.shape)


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    if _is_t(obj):
        # PyTorch's asarray on a tensor: copied when asked to, or (copy=None) when the device or
        # dtype differs; otherwise aliased, and then requires_grad is set on that same tensor
        # (a leaf passed with requires_grad=True comes back as itself, now requiring grad).
        r = obj
        wrong_device = device is not None and torch.device(device) != obj.device
        wrong_dtype = dtype is not None and dtype != obj.dtype
        if copy or (copy is None and (wrong_device or wrong_dtype)):
            if wrong_device or wrong_dtype:
                r = obj.to(device=device if device is not None else obj.device,
                           dtype=dtype if dtype is not None else obj.dtype, copy=bool(copy))
            else:
                r = obj.clone()
        else:
            if wrong_device:
                raise ValueError(f"can't alias tensor from device '{obj.device}' to '{torch.device(device)}'.")
            if wrong_dtype:
                raise ValueError(f"can't alias tensor with dtype '{_scalar_type(obj.dtype)}' into dtype "
                                 f"'{_scalar_type(dtype)}'.")
        if not r.is_leaf:
            return r if requires_grad else r.detach()
        r.requires_grad_(requires_grad)
        return r
    else:
        import numpy
        if isinstance(obj, numpy.ndarray):
            r = torch.from_numpy(obj)
            if dtype is not None and dtype != r.dtype:
                r = r.to(dtype)
            elif copy:
                r = r.clone()
        else:
            if copy is False:
                raise ValueError("can't alias arbitrary sequence into a tensor. Use copy=True or copy=None.")
            r = torch.tensor(obj, dtype=dtype)
    if device is not None:
        r = r.to(device)
    if requires_grad:
        r = r.detach() if r is obj else r
        r.requires_grad_(True)
    return r


_warned = {"default_tensor_type": False}


def set_default_tensor_type(t, /):
    if not _warned["default_tensor_type"]:
        _warned["default_tensor_type"] = True
        _torch_warn("torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
                    "torch.set_default_dtype() and torch.set_default_device() as alternatives.",
                    "torch/csrc/tensor/python_tensor.cpp:434")
    name = t if isinstance(t, str) else getattr(t, "__module__", "") + "." + getattr(t, "__name__", "")
    if isinstance(t, str) or name.startswith("torch.cuda."):
        if name.startswith("torch.cuda."):
            raise RuntimeError(f"torch.set_default_tensor_type({name}): Kiln makes tensors on the CPU by default and "
                               "has no CUDA default tensor types; use torch.set_default_dtype() and pass device='cuda' "
                               "where a tensor is made")
        parts = name.split(".")
        obj = torch
        for p in parts[1:] if parts[0] == "torch" else parts:
            obj = getattr(obj, p)
        t = obj
    floats = {torch.FloatTensor: torch.float32, torch.DoubleTensor: torch.float64, torch.HalfTensor: torch.float16,
              torch.BFloat16Tensor: torch.bfloat16}
    others = [getattr(torch, n) for n in ("LongTensor", "BoolTensor", "IntTensor", "ShortTensor", "CharTensor",
                                          "ByteTensor") if hasattr(torch, n)]
    for k, dt in floats.items():
        if t is k:
            torch.set_default_dtype(dt)
            return
    if any(t is o for o in others):
        raise TypeError("only floating-point types are supported as the default type")
    raise TypeError("invalid type object: only floating-point types are supported as the default type")


def _atleast(args, fn, one):
    tensors = args[0] if len(args) == 1 else args
    if isinstance(tensors, (list, tuple)):
        for t in tensors:
            if not _is_t(t):
                raise TypeError(f"{fn}() received an invalid combination of arguments - got (tuple of {_type_name(t)})")
        return tuple(one(t) for t in tensors)
    if not _is_t(tensors):
        raise TypeError(f"{fn}() received an invalid combination of arguments - got ({_type_name(tensors)}, ), "
                        "but expected one of: (Tensor input), (tuple of Tensors tensors)")
    return one(tensors)


def atleast_1d(*tensors):
    return _atleast(tensors, "atleast_1d", lambda t: t.reshape(1) if t.dim() == 0 else t)


def atleast_2d(*tensors):
    def one(t):
        if t.dim() == 0:
            return t.reshape(1, 1)
        if t.dim() == 1:
            return t.unsqueeze(0)
        return t
    return _atleast(tensors, "atleast_2d", one)


def atleast_3d(*tensors):
    def one(t):
        if t.dim() == 0:
            return t.reshape(1, 1, 1)
        if t.dim() == 1:
            return t.unsqueeze(0).unsqueeze(-1)
        if t.dim() == 2:
            return t.unsqueeze(-1)
        return t
    return _atleast(tensors, "atleast_3d", one)


# ---- statistics --------------------------------------------------------------------------------------

def cov(input, *, correction=1, fweights=None, aweights=None):
    if input.dim() > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    x = input.reshape(1, -1) if input.dim() < 2 else input
    n_obs = x.shape[1]
    w = None
    if fweights is not None:
        if fweights.dim() > 1:
            raise RuntimeError(f"cov(): expected fweights to have one or fewer dimensions but got fweights with "
                               f"{fweights.dim()} dimensions")
        if fweights.is_floating_point():
            raise RuntimeError(f"cov(): expected fweights to have integral dtype but got fweights with "
                               f"{_scalar_type(fweights.dtype)} dtype")
        if fweights.numel() != n_obs:
            raise RuntimeError(f"cov(): expected fweights to have the same numel as there are observations in the "
                               f"input but got {fweights.numel()} != {n_obs}")
        if n_obs > 0 and int(fweights.min()) < 0:
            raise RuntimeError("cov(): fweights cannot be negative")
        w = fweights
    if aweights is not None:
        if aweights.dim() > 1:
            raise RuntimeError(f"cov(): expected aweights to have one or fewer dimensions but got aweights with "
                               f"{aweights.dim()} dimensions")
        if not aweights.is_floating_point():
            raise RuntimeError(f"cov(): expected aweights to have floating point dtype but got aweights with "
                               f"{_scalar_type(aweights.dtype)} dtype")
        if aweights.numel() != n_obs:
            raise RuntimeError(f"cov(): expected aweights to have the same numel as there are observations in the "
                               f"input but got {aweights.numel()} != {n_obs}")
        if n_obs > 0 and float(aweights.min()) < 0:
            raise RuntimeError("cov(): aweights cannot be negative")
        w = aweights if w is None else w * aweights
    if w is None:
        w_sum = n_obs
        avg = x.sum(1) / w_sum
    else:
        w_sum = w.sum()
        avg = (x * w).sum(1) / w_sum
    if w is not None and correction != 0:
        if aweights is not None:
            norm = w_sum - correction * (w * aweights).sum() / w_sum
        else:
            norm = w_sum - correction
    elif w is not None:
        norm = w_sum
    else:
        norm = n_obs - correction
    if float(norm) <= 0:
        _torch_warn("cov(): degrees of freedom is <= 0. Correction should be strictly less than the number of "
                    "observations.", "aten/src/ATen/native/Correlation.cpp:129")
        norm = norm * 0 if _is_t(norm) else 0
    xc = x - avg.unsqueeze(1)
    c = torch.mm(xc, (xc if w is None else xc * w).t())
    return (c / norm).squeeze()


def corrcoef(input):
    if input.dim() > 2:
        raise RuntimeError(f"corrcoef(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    c = cov(input)
    if c.dim() == 0:
        return c / c
    std = c.diagonal().sqrt()
    c = c / std.reshape(-1, 1)
    c = c / std.reshape(1, -1)
    return c.clamp(-1, 1)


def _nth_of_equals(n):
    # The index libstdc++'s std::nth_element(idx, idx + 0, idx + n) leaves first when its comparator
    # orders no two entries (PyTorch's nanmedian comparator on an all-nan slice): introselect swaps
    # the middle entry to the front as pivot, partitions by swapping the ends inward, keeps the left
    # part while it is longer than 3, then insertion-sorts it (which moves nothing).
    idx = list(range(n))
    first, last = 0, n
    while last - first > 3:
        mid = first + (last - first) // 2
        idx[first], idx[mid] = idx[mid], idx[first]
        lo, hi = first + 1, last
        while True:
            hi -= 1
            if not lo < hi:
                break
            idx[lo], idx[hi] = idx[hi], idx[lo]
            lo += 1
        last = lo
    return idx[first]


def nanmedian(input, dim=None, keepdim=False):
    # The lower median of the non-nan values (nan where a slice is all nan): the k-th entry of an
    # ascending stable sort, which puts nans last; PyTorch's nth_element comparator breaks ties by
    # index, so it picks the same entry. An all-nan slice's index is whichever entry nth_element
    # leaves first when nothing compares (_nth_of_equals).
    if dim is None:
        x = input.reshape(-1)
        if x.numel() == 0:
            return torch.full((), float("nan"), dtype=input.dtype)
        _, order = x.detach().sort(stable=True)
        cnt = int((~x.detach().isnan()).sum())
        k = max(cnt - 1, 0) // 2
        return x[order[k]]
    nd = input.dim()
    d = _wrap_dim(dim, nd)
    x = input if nd > 0 else input.reshape(1)
    if x.shape[d] == 0:
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")  # median's shared kernel
    _, order = x.detach().sort(dim=d, stable=True)
    cnt = (~x.detach().isnan()).sum(d, keepdim=True)
    k = (cnt - 1).clamp(min=0) // 2
    idx = torch.where(cnt == 0, _nth_of_equals(x.shape[d]), order.gather(d, k))
    values = x.gather(d, idx)
    if not keepdim or nd == 0:
        values, idx = values.squeeze(d), idx.squeeze(d)
    if nd == 0:
        values, idx = values.reshape(()), idx.reshape(())
    return _named("nanmedian", ("values", "indices"), (values, idx))


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    x = input.detach()
    if dim is None:
        flat = x.reshape(-1)
        n = flat.numel()
        if n == 0:
            out, inverse, counts = flat.clone(), torch.zeros(x.shape, dtype=torch.int64), torch.zeros(0, dtype=torch.int64)
        else:
            # a group starts where the value changes (built functionally, no writes into `start`)
            start = torch.cat([torch.ones(1, dtype=torch.bool), flat[1:] != flat[:-1]])
            out = flat[start]
            gid = start.to(torch.int64).cumsum(0) - 1
            inverse = gid.reshape(x.shape)
            counts = torch.zeros(out.numel(), dtype=torch.int64).scatter_add(0, gid, torch.ones(n, dtype=torch.int64))
    else:
        d = _wrap_dim(dim, x.dim())
        n = x.shape[d]
        moved = x.movedim(d, 0).reshape(n, -1)
        start = torch.cat([torch.ones(1, dtype=torch.bool), (moved[1:] != moved[:-1]).any(1)])
        keep = start.nonzero().reshape(-1)
        out = x.index_select(d, keep)
        gid = start.to(torch.int64).cumsum(0) - 1
        inverse = gid
        counts = torch.zeros(keep.numel(), dtype=torch.int64).scatter_add(0, gid, torch.ones(n, dtype=torch.int64))
    if return_inverse and return_counts:
        return out, inverse, counts
    if return_inverse:
        return out, inverse
    if return_counts:
        return out, counts
    return out


def _method_unique_consecutive(self, return_inverse=False, return_counts=False, dim=None):
    return unique_consecutive(self, return_inverse, return_counts, dim)


def renorm(input, p, dim, maxnorm):
    if not float(p) > 0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if not float(maxnorm) >= 0:
        # the double as a C++ stream writes it (-1, 0.5, 1e-07)
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {float(maxnorm):g}")
    nd = input.dim()
    if nd <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {nd} dimensions")
    d = _wrap_dim(dim, nd)
    others = [i for i in range(nd) if i != d]
    # norms of 16-bit inputs in float32, as PyTorch's kernel accumulates them
    acc = input.to(torch.float32) if input.dtype in (torch.float16, torch.bfloat16) else input
    norm = torch.linalg.vector_norm(acc, float(p), dim=others, keepdim=True)
    factor = torch.where(norm > maxnorm, maxnorm / (norm + 1e-7), torch.ones_like(norm))
    return input * factor.to(input.dtype)


# ---- integration -------------------------------------------------------------------------------------

def _zeros_except(y, dim):
    shape = [s for i, s in enumerate(y.shape) if i != dim]
    return torch.zeros(shape, dtype=y.dtype)


def _x_viewed(x, y, dim, name):
    if x.dim() == 1:
        if x.shape[0] != y.shape[dim]:
            raise RuntimeError(f"{name}: There must be one `x` value for each sample point")
        shape = [1] * y.dim()
        shape[dim] = x.shape[0]
        return x.reshape(shape)
    if x.dim() < y.dim():
        return x.reshape([1] * (y.dim() - x.dim()) + list(x.shape))
    return x


def trapezoid(y, x=None, *, dx=None, dim=-1, _fn="trapezoid"):
    if x is not None and dx is not None:
        raise TypeError("trapezoid() received an invalid combination of arguments - got (Tensor, Tensor, dx=...), "
                        "but expected one of: (Tensor y, Tensor x, *, int dim), (Tensor y, *, Number dx, int dim)")
    d = _wrap_dim(dim, y.dim())
    if y.shape[d] == 0:
        return _zeros_except(y, d)
    n = y.shape[d]
    if x is not None and not _is_t(x):
        raise TypeError(f"{_fn}() received an invalid combination of arguments - got (Tensor, {_type_name(x)}), "
                        "but expected one of: (Tensor y, Tensor x, *, int dim), (Tensor y, *, Number dx, int dim)")
    if x is None:
        if y.dtype == torch.bool:
            raise RuntimeError("trapezoid: received a bool input for `y`, but bool is not supported")
        step = 1 if dx is None else dx
        return (y.sum(d) - (y.select(d, 0) + y.select(d, -1)) * 0.5) * step
    if y.dtype == torch.bool or x.dtype == torch.bool:
        raise RuntimeError("trapezoid: received a bool input for `x` or `y`, but bool is not supported")
    xv = _x_viewed(x, y, d, "trapezoid")
    m = xv.shape[d]
    dxs = xv.narrow(d, 1, m - 1) - xv.narrow(d, 0, m - 1)
    return (dxs * (y.narrow(d, 0, n - 1) + y.narrow(d, 1, n - 1))).sum(d) / 2.0


def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim, _fn="trapz")


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    _fn = "cumulative_trapezoid"
    if x is not None and dx is not None:
        raise TypeError("cumulative_trapezoid() received an invalid combination of arguments - got (Tensor, Tensor, "
                        "dx=...), but expected one of: (Tensor y, Tensor x, *, int dim), (Tensor y, *, Number dx, int dim)")
    d = _wrap_dim(dim, y.dim())
    n = y.shape[d]
    if x is not None and not _is_t(x):
        raise TypeError(f"{_fn}() received an invalid combination of arguments - got (Tensor, {_type_name(x)}), "
                        "but expected one of: (Tensor y, Tensor x, *, int dim), (Tensor y, *, Number dx, int dim)")
    left = y.narrow(d, 0, max(n - 1, 0))
    right = y.narrow(d, 1, max(n - 1, 0)) if n > 0 else left
    if x is None:
        if y.dtype == torch.bool:
            raise RuntimeError("cumulative_trapezoid: received a bool input for `y`, but bool is not supported")
        step = 1 if dx is None else dx
        return (step / 2.0 * (left + right)).cumsum(d)
    if y.dtype == torch.bool or x.dtype == torch.bool:
        raise RuntimeError("cumulative_trapezoid: received a bool input for `x` or `y`, but bool is not supported")
    xv = _x_viewed(x, y, d, "cumulative_trapezoid")
    m = xv.shape[d]
    dxs = xv.narrow(d, 1, m - 1) - xv.narrow(d, 0, m - 1)
    return (dxs * (left + right)).cumsum(d) / 2.0


# ---- diagonals ---------------------------------------------------------------------------------------

def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    nd = input.dim() + 1
    d1 = _wrap_dim(dim1, nd)
    d2 = _wrap_dim(dim2, nd)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    x = input if input.dim() > 0 else input.reshape(1)
    L = x.shape[-1]
    eye = torch.eye(L, dtype=torch.bool)
    mat = torch.where(eye, x.unsqueeze(-1), torch.zeros((), dtype=input.dtype))  # (..., L, L)
    k = abs(offset)
    if k:
        lead = list(mat.shape[:-2])
        zc = torch.zeros(lead + [L, k], dtype=input.dtype)
        zr = torch.zeros(lead + [k, L + k], dtype=input.dtype)
        if offset > 0:   # element i at (i, i + k)
            mat = torch.cat([torch.cat([zc, mat], -1), zr], -2)
        else:            # element i at (i + k, i)
            mat = torch.cat([zr, torch.cat([mat, zc], -1)], -2)
    # the two new dims (last two of mat) go to positions d1 and d2
    rest = list(range(nd - 2))
    perm = [0] * nd
    src = iter(rest)
    for pos in range(nd):
        if pos == d1:
            perm[pos] = nd - 2
        elif pos == d2:
            perm[pos] = nd - 1
        else:
            perm[pos] = next(src)
    return mat.permute(perm)


def _method_diag_embed(self, offset=0, dim1=-2, dim2=-1):
    return diag_embed(self, offset, dim1, dim2)


def diagflat(input, offset=0):
    return torch.diag(input.reshape(-1), offset)


# ---- Tensor-only methods ------------------------------------------------------------------------------

def _method_sum_to_size(self, *size):
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        size = size[0]
    size = list(size)
    shape = list(self.shape)
    lead = len(shape) - len(size)
    ok = lead >= 0 and all(s == t or s == 1 for s, t in zip(size, shape[lead:]))
    if not ok:
        raise RuntimeError(f"size {{{size}}} is not expandable to size {{{shape}}}.")
    r = self
    if lead > 0:
        r = r.sum(list(range(lead)))
    dims = [i for i, (s, t) in enumerate(zip(size, shape[lead:])) if s == 1 and t != 1]
    if dims:
        r = r.sum(dims, keepdim=True)
    return r


def _check_python_map(self, name, other=None):
    if self.requires_grad or (other is not None and other.requires_grad):
        raise RuntimeError(f"Can't call {name}() on Variable that requires grad. Use var.detach().{name}() instead.")
    if self.device.type != "cpu":
        raise TypeError(f"{name} is only implemented on CPU tensors")


def _write_values(self, values):
    with torch.no_grad():
        self.copy_(torch.tensor(values, dtype=self.dtype).reshape(self.shape))
    return self


def _flat(t):
    v = t.reshape(-1).tolist()
    return v


def _method_apply_(self, callable):
    _check_python_map(self, "apply_")
    return _write_values(self, [callable(v) for v in _flat(self)])


def _method_map_(self, tensor, callable):
    _check_python_map(self, "map_", tensor)
    if tensor.dtype != self.dtype:
        # at::Tensor::toString() names the legacy type: CPUFloatType
        raise TypeError(f"map_: expected CPU{_scalar_type(self.dtype)}Type for 'other' (got "
                        f"CPU{_scalar_type(tensor.dtype)}Type)")
    other = tensor.expand(self.shape)
    return _write_values(self, [callable(a, b) for a, b in zip(_flat(self), _flat(other))])


# ---- Tensor.<name> and Tensor.<name>_ (bindings/linalg_py.cpp forwards to _method_<name>) -------------
# Methods whose Python form is the torch function with self first.
_method_tensor_split = tensor_split
_method_hsplit = hsplit
_method_vsplit = vsplit
_method_dsplit = dsplit
_method_rot90 = rot90
_method_logaddexp = logaddexp
_method_logaddexp2 = logaddexp2
_method_cov = cov
_method_corrcoef = corrcoef
_method_diagflat = diagflat
_method_xlogy = xlogy
_method_sinc = sinc
_method_copysign = copysign
_method_float_power = float_power
_method_gcd = gcd
_method_lcm = lcm
_method_signbit = signbit
_method_inner = inner
_method_vdot = vdot
_method_ger = ger
_method_addmv = addmv
_method_addr = addr
_method_addbmm = addbmm
_method_is_nonzero = is_nonzero
_method_is_same_size = is_same_size
_method_nanmedian = nanmedian
_method_renorm = renorm
_method_frexp = frexp
_method_ldexp = ldexp

# In-place forms: the out-of-place result that run_inplace writes into self.
_method_index_fill_ = _method_index_fill
_method_put_ = _method_put
_method_renorm_ = renorm
_method_xlogy_ = xlogy
_method_copysign_ = copysign
_method_sinc_ = sinc
_method_gcd_ = gcd
_method_lcm_ = lcm
_method_ldexp_ = ldexp
_method_addmv_ = addmv
_method_addr_ = addr
_method_addbmm_ = addbmm


def _method_addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    return torch.addmm(self, mat1, mat2, beta=beta, alpha=alpha)


def _method_baddbmm_(self, batch1, batch2, *, beta=1, alpha=1):
    return torch.baddbmm(self, batch1, batch2, beta=beta, alpha=alpha)


def _method_logical_not_(self):
    return self.logical_not()


def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    """torch.logspace: base ** (steps points from start to end), ATen's RangeFactories kernel: the first half
    counted up from start, the second down from end, so both ends are exact."""
    if isinstance(steps, bool) or not isinstance(steps, int):
        raise TypeError(f"logspace(): argument 'steps' (position 3) must be int, not {_type_name(steps)}")
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    start = float(start.item() if isinstance(start, torch.Tensor) else start)
    end = float(end.item() if isinstance(end, torch.Tensor) else end)
    base = float(base)
    index = torch.arange(steps, dtype=torch.float64)
    if steps == 1:
        exponent = index + start
    else:
        step = (end - start) / (steps - 1)
        exponent = torch.where(index < steps // 2, start + step * index, end - step * (steps - 1 - index))
    result = torch.pow(base, exponent).to(dtype)
    if device is not None:
        result = result.to(device)
    if requires_grad:
        result.requires_grad_(True)
    if out is not None:
        out.resize_(result.shape)
        out.copy_(result)
        return out
    return result


# ravel: a flattened view when the input is contiguous, else a flattened copy (at::ravel:
# self.contiguous().view(-1)).
def ravel(input):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"ravel(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    return input.contiguous().view(-1)


def _method_ravel(self):
    return ravel(self)


# isposinf / isneginf: elementwise comparisons with +-inf; integer and bool inputs have no infinities
# (all False), complex ones are refused (ATen's isposinf/isneginf checks).
def _inf_test(input, name, sign):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if input.is_complex():
        raise RuntimeError(f"{name} does not support complex inputs.")
    if not input.is_floating_point():
        return torch.zeros(input.shape, dtype=torch.bool, device=input.device)
    return input == sign * _inf


def isposinf(input, *, out=None):
    r = _inf_test(input, "isposinf", 1.0)
    if out is not None:
        out.resize_(r.shape)
        return out.copy_(r)
    return r


def isneginf(input, *, out=None):
    r = _inf_test(input, "isneginf", -1.0)
    if out is not None:
        out.resize_(r.shape)
        return out.copy_(r)
    return r


def _method_isposinf(self):
    return isposinf(self)


def _method_isneginf(self):
    return isneginf(self)


# isreal: True where the imaginary part is 0 (every element of a non-complex tensor).
def isreal(input):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"isreal(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if not input.is_complex():
        return torch.ones(input.shape, dtype=torch.bool, device=input.device)
    return input.imag == 0


def _method_isreal(self):
    return isreal(self)


def _method_dist(self, other, p=2):
    return torch.dist(self, other, p)


# Tensor.new_empty_strided: torch.empty_strided with this tensor's dtype and device by default.
def _method_new_empty_strided(self, size, stride, *, dtype=None, layout=None, device=None, pin_memory=False,
                              requires_grad=False):
    return torch.empty_strided(size, stride, dtype=self.dtype if dtype is None else dtype,
                               device=self.device if device is None else device, requires_grad=requires_grad)


# torch.gradient: numpy.gradient's estimate, as PyTorch implements it: second-order central
# differences inside, one-sided differences of order edge_order (1 or 2) at the two ends, along each
# dim asked for; spacing is one number for every dim, one number per dim, or one coordinate tensor
# per dim (non-uniform spacing: the weighted three-point formula).
def gradient(input, *, spacing=1, dim=None, edge_order=1):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"gradient(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    nd = input.dim()
    # ATen's pre_check_gradient, in its order: dtype, spacing's length, edge_order, dims, sizes
    if input.dtype == torch.uint8:
        raise RuntimeError("torch.gradient does not support uint8 input.")
    if isinstance(dim, int):
        dim = [dim]
    if isinstance(spacing, (list, tuple)):
        if dim is None and len(spacing) != nd:
            raise RuntimeError(
                f"torch.gradient expected spacing to be unspecified, a scalar, or a list of length equal to "
                f"'self.dim() = {nd}', since dim argument was not given, but got a list of length {len(spacing)}")
        if dim is not None and len(spacing) != len(dim):
            raise RuntimeError(
                f"torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim arguments "
                f"to have the same length, but got a spacing argument of length {len(spacing)} and a dim argument "
                f"of length {len(dim)}.")
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    dims = list(range(nd)) if dim is None else list(dim)
    for i, d in enumerate(dims):
        if d < -nd or d >= nd:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-nd}, {nd - 1}], but got {d})")
        dims[i] = d + nd if d < 0 else d
    if len(set(dims)) != len(dims):
        raise RuntimeError(f"dim {dims[0]} appears multiple times in the list of dims")
    for d in dims:
        if input.shape[d] < edge_order + 1:
            raise RuntimeError("torch.gradient expected each dimension size to be at least edge_order+1")
    spacings = list(spacing) if isinstance(spacing, (list, tuple)) else [spacing] * len(dims)
    if not input.is_floating_point() and not input.is_complex():
        input = input.to(torch.get_default_dtype())
    out = []
    for d, h in zip(dims, spacings):
        n = input.shape[d]

        def sl(a, b):
            return input.narrow(d, a, b - a)

        if isinstance(h, torch.Tensor) and h.dim() == 1:
            x = h.to(input.dtype)
            shape = [1] * nd
            shape[d] = n - 2
            hl = (x[1:-1] - x[:-2]).reshape(shape)
            hr = (x[2:] - x[1:-1]).reshape(shape)
            a = -hr / (hl * (hl + hr))
            b = (hr - hl) / (hl * hr)
            c = hl / (hr * (hl + hr))
            inner = a * sl(0, n - 2) + b * sl(1, n - 1) + c * sl(2, n)
            if edge_order == 1:
                first = (sl(1, 2) - sl(0, 1)) / (x[1] - x[0])
                last = (sl(n - 1, n) - sl(n - 2, n - 1)) / (x[n - 1] - x[n - 2])
            else:
                h1, h2 = x[1] - x[0], x[2] - x[1]
                first = (-(2 * h1 + h2) / (h1 * (h1 + h2)) * sl(0, 1) + (h1 + h2) / (h1 * h2) * sl(1, 2)
                         - h1 / (h2 * (h1 + h2)) * sl(2, 3))
                h1, h2 = x[n - 2] - x[n - 3], x[n - 1] - x[n - 2]
                last = (h2 / (h1 * (h1 + h2)) * sl(n - 3, n - 2) - (h1 + h2) / (h1 * h2) * sl(n - 2, n - 1)
                        + (2 * h2 + h1) / (h2 * (h1 + h2)) * sl(n - 1, n))
        else:
            h = float(h.item() if isinstance(h, torch.Tensor) else h)
            inner = (sl(2, n) - sl(0, n - 2)) / (2 * h)
            if edge_order == 1:
                first = (sl(1, 2) - sl(0, 1)) / h
                last = (sl(n - 1, n) - sl(n - 2, n - 1)) / h
            else:
                first = (-1.5 * sl(0, 1) + 2 * sl(1, 2) - 0.5 * sl(2, 3)) / h
                last = (0.5 * sl(n - 3, n - 2) - 2 * sl(n - 2, n - 1) + 1.5 * sl(n - 1, n)) / h
        out.append(torch.cat([first, inner, last], d))
    return tuple(out)


# torch.sym_float / sym_int / sym_max / sym_min: PyTorch's SymInt-aware forms of float(), int(), max()
# and min() (torch/__init__.py). Kiln has no SymInt objects at run time (a compiled graph runs on real
# Python numbers), so each is the builtin on plain numbers; Dynamo records float(n) / int(n) of a
# symbolic int as a torch.sym_float / torch.sym_int node, as PyTorch's BuiltinVariable does.
def sym_float(a):
    return float(a)


def sym_int(a):
    if isinstance(a, float):
        return math.trunc(a)
    return int(a)


def sym_max(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return float(max(a, b))
    return max(a, b)


def sym_min(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return float(min(a, b))
    return min(a, b)


def _method_module_load(self, other, assign=False):
    # Tensor.module_load (PyTorch's _tensor.py): what load_state_dict(..., assign=) stores for this
    # parameter or buffer on its swap path, a tensor subclass overriding it through __torch_function__
    # (the dispatch wraps this method): other detached, or self's copy of it.
    if assign:
        return other.detach()
    return self.copy_(other).detach()


# torch._is_all_true / torch._is_any_true: ATen's reductions of a bool tensor to a 0-d bool tensor
# (torch._check and symbolic shapes use them); other dtypes fail ATen's internal assert.
def _is_all_true(input):
    if input.dtype != torch.bool:
        raise RuntimeError("_is_all_true: expected a bool tensor, got " + str(input.dtype))
    return input.all()


def _is_any_true(input):
    if input.dtype != torch.bool:
        raise RuntimeError("_is_any_true: expected a bool tensor, got " + str(input.dtype))
    return input.any()
