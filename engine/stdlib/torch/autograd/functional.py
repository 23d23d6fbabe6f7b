# torch.autograd.functional: jacobian, hessian, vjp, jvp, hvp, vhp on torch.autograd.grad.
#
# PyTorch's conventions: `inputs` is a Tensor or a tuple of Tensors, and results mirror it (a
# Tensor for a Tensor, tuples for tuples); outputs come back detached unless create_graph=True.
# jvp uses the double-backward identity (PyTorch does the same here); jacobian's
# strategy='forward-mode' and vectorize=True give the same values, computed row by row in reverse
# mode.
import torch

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


def _tensors_of(inp, arg_name, fn_name):
    # PyTorch's _as_tuple's check: a Tensor or a tuple of Tensors (a list is neither), checked element by
    # element with its wording; returns the tuple and whether `inp` was a single Tensor.
    is_tuple = isinstance(inp, tuple)
    if not is_tuple:
        inp = (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, torch.Tensor):
            if is_tuple:
                raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but "
                                f"the value at index {i} has type {type(el)}.")
            raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but the "
                            f"given {arg_name} has type {type(el)}.")
    return inp, not is_tuple


# PyTorch's private helpers of torch/autograd/functional.py under their names and conventions, which
# libraries import (pytorch-minimize's ScipyMinimizer builds Jacobians from them with
# torch._vmap_internals._vmap): _as_tuple returns (was it a tuple, the tuple), or the bare tuple
# when given no names.
def _as_tuple_nocheck(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _as_tuple(inp, arg_name=None, fn_name=None):
    if arg_name is None and fn_name is None:
        return _as_tuple_nocheck(inp)
    tup, single = _tensors_of(inp, arg_name, fn_name)
    return not single, tup


def _tuple_postprocess(res, to_unpack):
    # undoes _as_tuple: to_unpack is one flag, or two for a tuple of tuples (outer, inner)
    if isinstance(to_unpack, tuple):
        assert len(to_unpack) == 2
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        if not to_unpack[0]:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _grad_postprocess(inputs, create_graph):
    # detached unless the caller asked for a graph, through nested tuples
    if isinstance(inputs[0], torch.Tensor):
        if not create_graph:
            return tuple(inp.detach() for inp in inputs)
        return inputs
    return tuple(_grad_postprocess(inp, create_graph) for inp in inputs)


def _construct_standard_basis_for(tensors, tensor_numels):
    # the N x N identity (N = sum of the numels) split by columns into one chunk per tensor, each of
    # that tensor's dtype and device
    assert len(tensors) == len(tensor_numels)
    assert len(tensors) > 0
    total_numel = sum(tensor_numels)
    chunks = tuple(tensor.new_zeros(total_numel, tensor_numel) for tensor, tensor_numel in zip(tensors, tensor_numels))
    diag_start_idx = 0
    for chunk, numel in zip(chunks, tensor_numels):
        chunk.diagonal(diag_start_idx).fill_(1)
        diag_start_idx -= numel
    return chunks


_OUTPUTS = "outputs of the user-provided function"


def _prepare(inputs, create_graph):
    out = []
    for x in inputs:
        if create_graph and x.requires_grad:
            out.append(x.view_as(x))
        else:
            out.append(x.detach().requires_grad_(True))
    return tuple(out)


def _grad(outputs, inputs, grad_outputs, create_graph):
    outs = [(o, g) for o, g in zip(outputs, grad_outputs) if o.requires_grad]
    if not outs:
        return [torch.zeros_like(x) for x in inputs]
    gs = torch.autograd.grad([o for o, _ in outs], list(inputs), grad_outputs=[g for _, g in outs],
                             retain_graph=True, create_graph=create_graph, allow_unused=True)
    return [torch.zeros_like(x) if g is None else g for x, g in zip(inputs, gs)]


def _fix(x, create_graph):
    return x if create_graph else x.detach()


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    inputs_t, single_in = _tensors_of(inputs, "inputs", "vjp")
    with torch.enable_grad():
        inp = _prepare(inputs_t, create_graph)
        outputs = func(*inp)
        outs_t, single_out = _tensors_of(outputs, _OUTPUTS, "vjp")
        if v is None:
            if len(outs_t) != 1 or outs_t[0].numel() != 1:
                raise RuntimeError("The vector v can only be None if the user-provided function returns a single "
                                   "Tensor with a single element.")
            vs = (torch.ones_like(outs_t[0]),)
        else:
            vs, _ = _tensors_of(v, "v", "vjp")
        gs = _grad(outs_t, inp, vs, create_graph)
    outs = tuple(_fix(o, create_graph) for o in outs_t)
    gs = tuple(_fix(g, create_graph) for g in gs)
    return (outs[0] if single_out else outs), (gs[0] if single_in else gs)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    inputs_t, single_in = _tensors_of(inputs, "inputs", "jvp")
    with torch.enable_grad():
        inp = _prepare(inputs_t, create_graph)
        outputs = func(*inp)
        outs_t, single_out = _tensors_of(outputs, _OUTPUTS, "jvp")
        if v is None:
            if len(inputs_t) != 1 or inputs_t[0].numel() != 1:
                raise RuntimeError("The vector v can only be None if the input to the user-provided function is a "
                                   "single Tensor with a single element.")
            vs = (torch.ones_like(inputs_t[0]),)
        else:
            vs, _ = _tensors_of(v, "v", "jvp")
        dummies = [torch.zeros_like(o).requires_grad_(True) for o in outs_t]
        gs = _grad(outs_t, inp, dummies, True)
        pairs = [(g, t) for g, t in zip(gs, vs) if g.requires_grad]
        if pairs:
            res = torch.autograd.grad([p[0] for p in pairs], dummies, grad_outputs=[p[1] for p in pairs],
                                      create_graph=create_graph, allow_unused=True)
        else:
            res = [None] * len(dummies)
        res = [torch.zeros_like(o) if r is None else r for o, r in zip(outs_t, res)]
    outs = tuple(_fix(o, create_graph) for o in outs_t)
    res = tuple(_fix(r, create_graph) for r in res)
    return (outs[0] if single_out else outs), (res[0] if single_out else res)


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    if strategy not in ("forward-mode", "reverse-mode"):
        raise ValueError('Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
                         'function has more outputs than inputs, "forward-mode" tends to be more performant. '
                         'Otherwise, prefer to use "reverse-mode".')
    inputs_t, single_in = _tensors_of(inputs, "inputs", "jacobian")
    with torch.enable_grad():
        inp = _prepare(inputs_t, create_graph)
        outputs = func(*inp)
        outs_t, single_out = _tensors_of(outputs, _OUTPUTS, "jacobian")
        from torch.func import _jacobian_table
        table = _jacobian_table(list(outs_t), list(inp), create_graph)
        result = [row[0] if single_in else tuple(row) for row in table]
    return result[0] if single_out else tuple(result)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    inputs_t, single_in = _tensors_of(inputs, "inputs", "hessian")

    def jac_func(*inp):
        out = func(*inp)
        if not _tensors_of(out, _OUTPUTS, "hessian")[1]:
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a single element")
        with torch.enable_grad():
            gs = _grad([out.reshape(())], inp, [torch.ones((), dtype=out.dtype)], True)
        return tuple(gs)

    res = jacobian(jac_func, inputs_t, create_graph=create_graph, strict=strict)
    if single_in:
        return res[0][0]
    return res


def vhp(func, inputs, v=None, create_graph=False, strict=False, _name="vhp"):
    inputs_t, single_in = _tensors_of(inputs, "inputs", _name)
    if v is not None:
        vs, _ = _tensors_of(v, "v", _name)
    elif len(inputs_t) != 1 or inputs_t[0].nelement() != 1:
        raise RuntimeError("The vector v can only be None if the input to the user-provided function is a single "
                           "Tensor with a single element.")
    else:
        vs = (torch.ones_like(inputs_t[0]),)
    with torch.enable_grad():
        inp = _prepare(inputs_t, True)
        out = func(*inp)
        outs_t, single_out = _tensors_of(out, _OUTPUTS, _name)
        if not single_out:
            raise RuntimeError(f"The function given to {_name} should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError(f"The Tensor returned by the function given to {_name} should contain a single element")
        gs = _grad([out], inp, [torch.ones_like(out)], True)
        res = _grad(gs, inp, vs, create_graph)
    out = _fix(out, create_graph)
    res = tuple(_fix(r, create_graph) for r in res)
    return out, (res[0] if single_in else res)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    # The Hessian of a scalar function is symmetric, so H v = v^T H.
    return vhp(func, inputs, v, create_graph, strict, _name="hvp")
