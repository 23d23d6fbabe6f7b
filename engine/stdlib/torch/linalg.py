# torch.linalg's composite functions, run in the dict of the native torch.linalg module
# (bindings/linalg_py.cpp), which already holds the decompositions (inv, det, slogdet, solve,
# cholesky, eigh, svd, qr, matrix_exp and their *_ex forms) and LinAlgError.
#
# Everything here is built from differentiable ops, so autograd follows the compositions (PyTorch
# has dedicated grad_fns for some: LinalgVectorNormBackward0 prints differently, the values agree).
# Also the deprecated torch-level spellings the native torch module forwards here: torch.svd
# (U, S, V with some=True), torch.qr, torch.cholesky, torch.logdet, torch.pinverse, torch.chain_matmul,
# torch.cholesky_solve/cholesky_inverse, torch.lu/lu_unpack/lu_solve. eig/eigvals are native
# (ops/linalg_eig.cpp, LAPACK geev's algorithm). Not here: ldl_factor.
import math
import warnings

import torch

_inf = float("inf")


def _out(result, out):
    # out=: the result written into `out` by a native out= op (resizing and the autograd check as
    # PyTorch's out= variants), then `out` returned.
    if out is None:
        return result
    return torch.add(result, 0, out=out)


def _dims_of(x, dim):
    if dim is None:
        return None
    if isinstance(dim, int):
        return (dim,)
    return tuple(dim)


def _check_float(x, fn):
    if not x.is_floating_point() and not x.is_complex():
        raise RuntimeError(f"{fn}: Expected a floating point or complex tensor as input. Got {_scalar_name(x.dtype)}")


def _scalar_name(dt):
    names = {torch.int64: "Long", torch.bool: "Bool", torch.float32: "Float", torch.float64: "Double",
             torch.float16: "Half", torch.bfloat16: "BFloat16"}
    return names.get(dt, str(dt))


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    if not isinstance(x, torch.Tensor) or isinstance(ord, str) or not (dim is None or isinstance(dim, (int, tuple, list))):
        # the binding's parser errors (a str order, a str dim); the common calls skip the check
        args = (x, ord, dim, keepdim)
        kwargs = {"dtype": dtype} if out is None else {"dtype": dtype, "out": out}
        torch._kiln_check_signature("linalg_vector_norm", args, kwargs)
    if dtype is not None:
        x = x.to(dtype)
    _check_float(x, "linalg.vector_norm")
    dims = _dims_of(x, dim)
    a = x.abs()
    if dims is None:
        a = a.reshape(-1) if not keepdim else a
        dims = tuple(range(a.dim())) if keepdim else (0,)
        if x.dim() == 0 and not keepdim:
            a = a.reshape(1)
    if ord == _inf:
        r = a.amax(dim=dims, keepdim=keepdim)
    elif ord == -_inf:
        r = a.amin(dim=dims, keepdim=keepdim)
    elif ord == 0:
        r = (a != 0).to(a.dtype).sum(dim=dims, keepdim=keepdim)
    elif ord == 1:
        r = a.sum(dim=dims, keepdim=keepdim)
    elif ord == 2:
        r = (x.norm(p=2, dim=list(dims), keepdim=keepdim) if dim is not None and not x.is_complex()
             else a.norm(p=2, dim=list(dims), keepdim=keepdim))
    else:
        r = a.pow(ord).sum(dim=dims, keepdim=keepdim).pow(1.0 / ord)
    return _out(r, out)


def _move_matrix_dims(A, dim):
    d0, d1 = dim
    nd = A.dim()
    d0 %= nd
    d1 %= nd
    if d0 == d1:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({dim[0]}, {dim[1]})")
    perm = [i for i in range(nd) if i != d0 and i != d1] + [d0, d1]
    return A.permute(perm), d0, d1


def _restore_keepdim(r, d0, d1):
    lo, hi = min(d0, d1), max(d0, d1)
    return r.unsqueeze(lo).unsqueeze(hi)


def _order_text(ord):
    # ATen streams the order as a C++ double: 3.0 prints "3", 0.5 "0.5", infinity "inf"
    return "%g" % ord


def _is_int_seq(d):
    return isinstance(d, int) or (isinstance(d, (list, tuple)) and all(isinstance(i, int) for i in d))


def _plain_matrix_norm_call(args, kwargs):
    # the calls whose every argument has a type the parser takes; only the others are parsed
    # (torch._kiln_check_signature), which keeps that call out of compiled graphs
    n = len(args)
    if n > 4 or (n >= 1 and not isinstance(args[0], torch.Tensor)):
        return False
    ord = args[1] if n >= 2 else kwargs.get("ord", "fro")
    dim = args[2] if n >= 3 else kwargs.get("dim", (-2, -1))
    keepdim = args[3] if n >= 4 else kwargs.get("keepdim", False)
    for k in kwargs:
        if k not in ("A", "ord", "dim", "keepdim", "dtype", "out"):
            return False
    return isinstance(ord, (int, float, str)) and _is_int_seq(dim) and isinstance(keepdim, bool)


def matrix_norm(*args, **kwargs):
    # PyTorch's binding parses the call first (a dim that is not ints is the parser's TypeError),
    # then ATen's linalg_matrix_norm checks in its order: the order, A's rank and dtype, dim.
    if not _plain_matrix_norm_call(args, kwargs):
        torch._kiln_check_signature("linalg_matrix_norm", args, kwargs)
    return _matrix_norm(*args, **kwargs)


def _matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    if isinstance(ord, str):
        if ord not in ("fro", "nuc"):
            raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    elif abs(ord) not in (1, 2, _inf):
        raise RuntimeError(f"linalg.matrix_norm: Order {_order_text(ord)} not supported.")
    if dtype is not None:
        A = A.to(dtype)
    if A.dim() < 2:
        raise RuntimeError(f"linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    _check_float(A, "linalg.matrix_norm")
    dim = [dim] if isinstance(dim, int) else list(dim)
    if len(dim) != 2:
        raise RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got " + " ".join(str(d) for d in dim))
    nd = A.dim()
    for d in dim:
        if d < -nd or d >= nd:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-nd}, {nd - 1}], but got {d})")
    d0, d1 = dim[0] % nd, dim[1] % nd
    if d0 == d1:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({d0}, {d1})")
    dim = (d0, d1)
    if ord == "fro":
        return vector_norm(A, 2, dim, keepdim, out=out)
    B, d0, d1 = _move_matrix_dims(A, dim)
    if ord == "nuc":
        r = svdvals(B).sum(-1)
    elif ord == 2:
        r = svdvals(B).amax(-1)
    elif ord == -2:
        r = svdvals(B).amin(-1)
    elif ord in (1, -1):
        s = B.abs().sum(-2)
        r = s.amax(-1) if ord == 1 else s.amin(-1)
    else:
        s = B.abs().sum(-1)
        r = s.amax(-1) if ord == _inf else s.amin(-1)
    if keepdim:
        r = _restore_keepdim(r, d0, d1)
    return _out(r, out)


def norm(A, ord=None, dim=None, keepdim=False, *, out=None, dtype=None):
    if dim is not None:
        dims = _dims_of(A, dim)
        if len(dims) == 1:
            return vector_norm(A, 2 if ord is None else ord, dims, keepdim, dtype=dtype, out=out)
        if len(dims) == 2:
            return matrix_norm(A, "fro" if ord is None else ord, dims, keepdim, dtype=dtype, out=out)
        raise RuntimeError(f"linalg.norm: If dim is specified, it mut be of length 1 or 2. Got {list(dims)}")
    if ord is not None:
        if isinstance(ord, str):
            # ATen's string-ord overload: a matrix norm over dims (0, 1), for a 1-D input too
            # (whose matrix_norm then refuses it)
            if A.dim() not in (1, 2):
                raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {A.dim()}D.")
            return matrix_norm(A, ord, (0, 1), keepdim, dtype=dtype, out=out)
        if A.dim() == 1:
            return vector_norm(A, ord, None, keepdim, dtype=dtype, out=out)
        if A.dim() == 2:
            return matrix_norm(A, ord, (-2, -1), keepdim, dtype=dtype, out=out)
        raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {A.dim()}D.")
    return vector_norm(A, 2, None, keepdim, dtype=dtype, out=out)


def eigvalsh(A, UPLO="L", *, out=None):
    return _out(eigh(A, UPLO)[0], out)


def svdvals(A, *, driver=None, out=None):
    return _out(svd(A, full_matrices=False)[1], out)


def cond(A, p=None, *, out=None):
    if p is None or p == 2:
        s = svdvals(A)
        return _out(s.amax(-1) / s.amin(-1), out)
    if p == -2:
        s = svdvals(A)
        return _out(s.amin(-1) / s.amax(-1), out)
    return _out(matrix_norm(A, p) * matrix_norm(inv(A), p), out)


def _tolerance(S, A, atol, rtol, hermitian_largest=None):
    smax = S.amax(-1, keepdim=True) if S.numel() > 0 else S.sum(-1, keepdim=True)
    if atol is None and rtol is None:
        rtol = torch.finfo(A.dtype).eps * max(A.shape[-2], A.shape[-1])
        atol = 0.0
    elif rtol is None:
        rtol = 0.0 if (not isinstance(atol, torch.Tensor) and atol > 0) else torch.finfo(A.dtype).eps * max(A.shape[-2], A.shape[-1])
    if atol is None:
        atol = 0.0
    if isinstance(rtol, torch.Tensor):
        rtol = rtol.unsqueeze(-1)
    if isinstance(atol, torch.Tensor):
        atol = atol.unsqueeze(-1)
    tol = smax * rtol
    if isinstance(atol, torch.Tensor):
        tol = torch.maximum(tol, atol.to(tol.dtype))
    elif atol > 0:
        tol = tol.clamp(min=atol)
    return tol


def pinv(A, *, atol=None, rtol=None, hermitian=False, out=None):
    if out is not None:
        return _out(pinv(A, atol=atol, rtol=rtol, hermitian=hermitian), out)
    _check_float(A, "linalg.pinv")
    if hermitian:
        L, V = eigh(A)
        tol = _tolerance(L.abs(), A, atol, rtol)
        Linv = torch.where(L.abs() > tol, L.reciprocal(), torch.zeros_like(L))
        return (V * Linv.unsqueeze(-2)) @ V.transpose(-2, -1)
    U, S, Vh = svd(A, full_matrices=False)
    tol = _tolerance(S, A, atol, rtol)
    Sinv = torch.where(S > tol, S.reciprocal(), torch.zeros_like(S))
    return (Vh.transpose(-2, -1) * Sinv.unsqueeze(-2)) @ U.transpose(-2, -1)


def matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None, out=None):
    if out is not None:
        return _out(matrix_rank(A, tol, hermitian, atol=atol, rtol=rtol), out)
    _check_float(A, "linalg.matrix_rank")
    if tol is not None:
        atol, rtol = tol, 0.0
    S = eigvalsh(A).abs() if hermitian else svdvals(A)
    t = _tolerance(S, A, atol, rtol)
    return (S > t).sum(-1)


def matrix_power(A, n, *, out=None):
    if out is not None:
        return _out(matrix_power(A, n), out)
    if not isinstance(A, torch.Tensor):
        raise TypeError(f"linalg_matrix_power(): argument 'input' (position 1) must be Tensor, not {type(A).__name__}")
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_power: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.matrix_power: A must be batches of square matrices, but they are "
                           f"{A.shape[-2]} by {A.shape[-1]} matrices")
    if not isinstance(n, int):
        raise TypeError(f"matrix_power(): argument 'n' (position 2) must be int, not {type(n).__name__}")
    if n == 0:
        return torch.eye(A.shape[-1], dtype=A.dtype).expand(A.shape).clone()
    if n < 0:
        A = inv(A)
        n = -n
    if n == 1:
        return A.clone()
    result = None
    base = A
    while n > 0:
        if n & 1:
            result = base if result is None else result @ base
        n >>= 1
        if n > 0:
            base = base @ base
    return result


def multi_dot(tensors, *, out=None):
    if out is not None:
        return _out(multi_dot(tensors), out)
    tensors = list(tensors)
    if len(tensors) < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {len(tensors)}")
    first_1d = tensors[0].dim() == 1
    last_1d = tensors[-1].dim() == 1
    ts = list(tensors)
    if first_1d:
        ts[0] = ts[0].unsqueeze(0)
    if last_1d:
        ts[-1] = ts[-1].unsqueeze(-1)
    for i, t in enumerate(ts):
        if t.dim() != 2:
            if i == 0:
                raise RuntimeError(f"multi_dot(): the first tensor must be 1D or 2D but got {tensors[0].dim()}D")
            if i == len(ts) - 1:
                raise RuntimeError(f"multi_dot(): the last tensor must be 1D or 2D but got {tensors[-1].dim()}D")
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got {t.dim()}D")
    r = ts[0]
    for t in ts[1:]:
        r = r.mm(t)
    if first_1d and last_1d:
        return r.reshape(())
    if first_1d:
        return r.squeeze(0)
    if last_1d:
        return r.squeeze(-1)
    return r


def cross(input, other, *, dim=-1, out=None):
    return _out(torch.cross(input, other, dim=dim), out)


def vecdot(x, y, *, dim=-1, out=None):
    return _out((x * y).sum(dim), out)


def matmul(input, other, *, out=None):
    return _out(torch.matmul(input, other), out)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    return torch.diagonal(A, offset, dim1, dim2)


def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    T = A.triu() if upper else A.tril()
    if unitriangular:
        n = A.shape[-1]
        eye = torch.eye(n, dtype=A.dtype)
        T = T * (1 - eye) + eye
    return solve(T, B, left=left, out=out)


def lstsq(A, B, rcond=None, *, driver=None):
    _check_float(A, "torch.linalg.lstsq")
    if driver is None:
        driver = "gelsy"
    if driver not in ("gels", "gelsy", "gelsd", "gelss"):
        raise RuntimeError(f"torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
    vector = B.dim() == A.dim() - 1
    Bm = B.unsqueeze(-1) if vector else B
    if A.shape[-2] != Bm.shape[-2]:
        raise RuntimeError(f"torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
    m, n = A.shape[-2], A.shape[-1]
    U, S, Vh = svd(A, full_matrices=False)
    if rcond is None:
        rcond = torch.finfo(A.dtype).eps * max(m, n)
    smax = S.amax(-1, keepdim=True)
    keep = S > rcond * smax
    Sinv = torch.where(keep, S.reciprocal(), torch.zeros_like(S))
    X = (Vh.transpose(-2, -1) * Sinv.unsqueeze(-2)) @ (U.transpose(-2, -1) @ Bm)
    rank = keep.sum(-1)
    empty = torch.empty(0, dtype=A.dtype)
    residuals = empty
    # LAPACK leaves residuals behind for m > n: gels always, gelss/gelsd only when every matrix has
    # full rank, gelsy never.
    if m > n and (driver == "gels" or (driver in ("gelss", "gelsd") and bool((rank == n).all()))):
        residuals = ((A @ X - Bm) ** 2).sum(-2)
        if vector:
            residuals = residuals.squeeze(-1)
    if vector:
        X = X.squeeze(-1)
    sv = S.detach() if driver in ("gelsd", "gelss") else empty
    rk = rank if driver != "gels" else torch.empty(0, dtype=torch.int64)
    return _named("linalg_lstsq", ("solution", "residuals", "rank", "singular_values"), (X, residuals, rk, sv))


def householder_product(A, tau, *, out=None):
    # Q = H_1 ... H_k with H_i = I - tau_i v_i v_i^T, v_i = (0, ..., 0, 1, A[i+1:, i]): the first n
    # columns (LAPACK's orgqr), applied right to left to the identity.
    if A.dim() < 2:
        raise RuntimeError("torch.linalg.householder_product: input must have at least 2 dimensions.")
    m, n = A.shape[-2], A.shape[-1]
    if m < n:
        raise RuntimeError("torch.linalg.householder_product: input.shape[-2] must be greater than or equal to "
                           "input.shape[-1]")
    k = tau.shape[-1]
    if n < k:
        raise RuntimeError("torch.linalg.householder_product: input.shape[-1] must be greater than or equal to "
                           "tau.shape[-1]")
    batch = list(A.shape[:-2])
    Q = torch.eye(m, dtype=A.dtype).expand(batch + [m, m])
    for i in range(k - 1, -1, -1):
        parts = []
        if i > 0:
            parts.append(torch.zeros(batch + [i], dtype=A.dtype))
        parts.append(torch.ones(batch + [1], dtype=A.dtype))
        if i + 1 < m:
            parts.append(A[..., i + 1:, i])
        v = torch.cat(parts, -1)
        t = tau[..., i].unsqueeze(-1).unsqueeze(-1)
        Q = Q - t * (v.unsqueeze(-1) @ (v.unsqueeze(-2) @ Q))
    return _out(Q[..., :n], out)


def _prod(shape):
    p = 1
    for s in shape:
        p *= s
    return p


def tensorinv(A, ind=2, *, out=None):
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    left, right = list(A.shape[:ind]), list(A.shape[ind:])
    if _prod(left) != _prod(right):
        raise RuntimeError(f"Expected self to satisfy the requirement prod(self.shape[ind:]) == "
                           f"prod(self.shape[:ind]), but got {_prod(right)} != {_prod(left)}")
    return _out(inv(A.reshape(_prod(left), _prod(right))).reshape(right + left), out)


def tensorsolve(A, B, dims=None, *, out=None):
    if dims is not None:
        dims = [d % A.dim() for d in dims]
        rest = [d for d in range(A.dim()) if d not in dims]
        A = A.permute(rest + list(dims))
    result_shape = list(A.shape[B.dim():])
    if _prod(A.shape[:B.dim()]) != _prod(result_shape):
        raise RuntimeError("Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == "
                           "prod(self.shape[:other.ndim]), but got " + str(_prod(result_shape)) + " != "
                           + str(_prod(A.shape[:B.dim()])))
    x = solve(A.reshape(B.numel(), _prod(result_shape)), B.reshape(-1))
    return _out(x.reshape(result_shape), out)


def vander(x, *, N=None):
    if x.dim() < 1:
        raise RuntimeError("linalg.vander: x must have at least one dimension")
    n = x.shape[-1] if N is None else N
    if n <= 1 and N is not None and N < 1:
        raise RuntimeError("N must be greater than 1.")
    powers = torch.arange(n, dtype=torch.int64)
    base = x.unsqueeze(-1)
    return base ** powers if not x.is_floating_point() else base ** powers.to(x.dtype)


def lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None):
    # A = P L U rebuilt from the factors (differentiable in LU and B), then solved.
    P, L, U = _lu_unpack(LU, pivots)
    A = P @ L @ U
    if adjoint:
        A = A.transpose(-2, -1)
    return solve(A, B, left=left, out=out)


# ---- the torch-level spellings ---------------------------------------------------------------------

def _torch_svd(input, some=True, compute_uv=True, *, out=None):
    if not compute_uv:
        # ATen's svd: only the singular values (svdvals, differentiable as such); U and V are zeros
        # of the full (m, m) and (n, n) shapes whatever `some` says.
        S = svdvals(input)
        m, n = input.shape[-2], input.shape[-1]
        batch = tuple(input.shape[:-2])
        U = torch.zeros(batch + (m, m), dtype=input.dtype, device=input.device)
        V = torch.zeros(batch + (n, n), dtype=input.dtype, device=input.device)
        return _named("svd", ("U", "S", "V"), (U, S, V))
    U, S, Vh = svd(input, full_matrices=not some)
    return _named("svd", ("U", "S", "V"), (U, S, Vh.transpose(-2, -1)))


def _torch_slogdet(A, *, out=None):
    s, l = slogdet(A)
    return _named("slogdet", ("sign", "logabsdet"), (s, l))


def _logdet(A):
    s, l = slogdet(A)
    return torch.where(s < 0, torch.full_like(l, float("nan")), l)


def _pinverse(input, rcond=1e-15):
    return pinv(input, rtol=rcond)


_warned = set()


def _warn_once(key, msg):
    if key not in _warned:
        _warned.add(key)
        warnings.warn(msg, UserWarning, stacklevel=3)


def _torch_cholesky(input, upper=False, *, out=None):
    _warn_once("cholesky", "torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a "
                           "future PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\n"
                           "L = torch.linalg.cholesky(A)\nand\nU = torch.cholesky(A, upper=True)\nshould be replaced "
                           "with\nU = torch.linalg.cholesky(A).mH\nThis transform will produce equivalent results for "
                           "all valid (symmetric positive definite) inputs.")
    return cholesky(input, upper=upper)


def _torch_qr(input, some=True, *, out=None):
    _warn_once("qr", "torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch "
                     "release.\nThe boolean parameter 'some' has been replaced with a string parameter 'mode'.\n"
                     "Q, R = torch.qr(A, some)\nshould be replaced with\n"
                     "Q, R = torch.linalg.qr(A, 'reduced' if some else 'complete')")
    Q, R = qr(input, "reduced" if some else "complete")
    return _named("qr", ("Q", "R"), (Q, R))


def _chain_matmul(*matrices, out=None):
    _warn_once("chain_matmul", "torch.chain_matmul is deprecated and will be removed in a future PyTorch release. "
                               "Use torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather "
                               "than multiple parameters.")
    if len(matrices) == 1:
        return matrices[0].clone()
    return multi_dot(matrices)


def _torch_lu(A, pivot=True, get_infos=False, out=None):
    # ATen's _lu_with_info warns once per process (TORCH_WARN_ONCE), for torch.lu and Tensor.lu alike
    _warn_once("lu", "torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and "
                     "will be removed in a future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\n"
                     "should be replaced with\nLU, pivots = torch.linalg.lu_factor(A, compute_pivots)\nand\n"
                     "LU, pivots, info = torch.lu(A, compute_pivots, get_infos=True)\nshould be replaced with\n"
                     "LU, pivots, info = torch.linalg.lu_factor_ex(A, compute_pivots)")
    LU, pivots, info = lu_factor_ex(A, pivot=pivot)
    if get_infos:
        return LU, pivots, info
    return LU, pivots


def _torch_lu_solve(b, LU_data, LU_pivots, *, out=None):
    _warn_once("lu_solve", "torch.lu_solve is deprecated in favor of torch.linalg.lu_solve and will be removed in a "
                           "future PyTorch release.\nNote that torch.linalg.lu_solve has its arguments reversed.\n"
                           "X = torch.lu_solve(B, LU, pivots)\nshould be replaced with\n"
                           "X = torch.linalg.lu_solve(LU, pivots, B)")
    return lu_solve(LU_data, LU_pivots, b, out=out)


def _cholesky_solve(B, L, upper=False, *, out=None):
    A = L.transpose(-2, -1) @ L if upper else L @ L.transpose(-2, -1)
    return solve(A, B)


def _cholesky_inverse(L, upper=False, *, out=None):
    A = L.transpose(-2, -1) @ L if upper else L @ L.transpose(-2, -1)
    return inv(A)
