# torch.func (functorch's transforms) on Kiln's tape autograd: functional_call, grad,
# grad_and_value, vjp, jvp, jacrev, jacfwd, hessian, vmap.
#
# How each is done (same values as PyTorch for pure functions; not PyTorch's mechanism):
# - grad/vjp/jacrev run the function on inputs made differentiable (a fresh leaf, or a view of an
#   input that already has history, so an enclosing transform still sees the dependency) and call
#   torch.autograd.grad. When another transform encloses this one (a level counter), or an input
#   already requires grad, the gradients are taken with create_graph=True so the enclosing level can
#   differentiate them (hessian = jacfwd(jacrev(f)), grad(grad(f))); at the outermost level results
#   come back detached, as functorch's unwrapped tensors print.
# - jvp (and so jacfwd's forward-mode meaning) uses the double-vjp identity: with g(u) = J^T u
#   (a vjp taken with create_graph=True at a dummy cotangent u), J t = d<g(u), t>/du. jacfwd computes
#   the Jacobian row by row in reverse mode, which has the same values.
# - vmap runs the function once per batch element (slices along in_dims) and stacks the results
#   along out_dims. randomness='same' replays one RNG state for every element, 'different' lets
#   each element draw fresh numbers, and 'error' (the default) refuses a function that moved the
#   generator, as PyTorch refuses random ops under it.
# - functional_call swaps the given tensors into the module's parameter/buffer slots for the call
#   (torch._C._functorch._swap_tensor) and puts the originals back afterwards.
import torch

__all__ = ["functional_call", "grad", "grad_and_value", "vjp", "jvp", "jacrev", "jacfwd", "hessian", "vmap",
           "stack_module_state", "linearize"]

_state = {"level": 0}


# ---- pytrees: tuples, lists, dicts of leaves ------------------------------------------------------

def _flatten(tree):
    if isinstance(tree, (tuple, list)):
        leaves = []
        specs = []
        for x in tree:
            l, s = _flatten(x)
            leaves.extend(l)
            specs.append(s)
        return leaves, ("tuple" if isinstance(tree, tuple) else "list", specs, None)
    if isinstance(tree, dict):
        leaves = []
        specs = []
        keys = list(tree.keys())
        for k in keys:
            l, s = _flatten(tree[k])
            leaves.extend(l)
            specs.append(s)
        return leaves, ("dict", specs, keys)
    return [tree], ("leaf", None, None)


def _unflatten(leaves, spec):
    it = iter(leaves)
    return _build(it, spec)


def _build(it, spec):
    kind, children, keys = spec
    if kind == "leaf":
        return next(it)
    items = [_build(it, c) for c in children]
    if kind == "tuple":
        return tuple(items)
    if kind == "list":
        return items
    return {k: v for k, v in zip(keys, items)}


def _tree_map(fn, tree):
    leaves, spec = _flatten(tree)
    return _unflatten([fn(x) for x in leaves], spec)


# ---- levels --------------------------------------------------------------------------------------

class _Level:
    def __enter__(self):
        _state["level"] += 1
        return self

    def __exit__(self, *exc):
        _state["level"] -= 1
        return False


def _nested():
    return _state["level"] > 1


def _make_input(x):
    # A differentiable stand-in for x: a view keeps an enclosing level's history.
    if not isinstance(x, torch.Tensor):
        return x
    if x.requires_grad:
        return x.view_as(x)
    return x.detach().requires_grad_(True)


def _finish(x, keep):
    if isinstance(x, torch.Tensor) and not keep:
        return x.detach()
    return x


def _grads(outputs, inputs, grad_outputs, create_graph):
    diff_in = [x for x in inputs if isinstance(x, torch.Tensor) and x.requires_grad]
    pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if isinstance(o, torch.Tensor) and o.requires_grad]
    found = []
    if diff_in and pairs:
        found = torch.autograd.grad([p[0] for p in pairs], diff_in, grad_outputs=[p[1] for p in pairs],
                                    retain_graph=True, create_graph=create_graph, allow_unused=True)
    result = []
    j = 0
    for x in inputs:
        if isinstance(x, torch.Tensor) and x.requires_grad:
            g = found[j] if found else None
            j += 1
            result.append(torch.zeros_like(x) if g is None else g)
        else:
            result.append(torch.zeros_like(x) if isinstance(x, torch.Tensor) else None)
    return result


def _argnums_tuple(argnums, nargs, api):
    if isinstance(argnums, int):
        nums = (argnums,)
    else:
        nums = tuple(argnums)
        if len(nums) == 0:
            raise RuntimeError(f"{api}: argnums must be non-empty")
    out = []
    for a in nums:
        if not isinstance(a, int):
            raise RuntimeError(f"{api}: argnums must be int or Tuple[int, ...], got: {type(argnums)}")
        if a < -nargs or a >= nargs:
            raise RuntimeError(f"Got argnums={a}, but only {nargs} positional inputs")
        out.append(a % nargs if nargs else a)
    return tuple(out)


# ---- functional_call -----------------------------------------------------------------------------

def _resolve(module, name):
    parts = name.split(".")
    for p in parts[:-1]:
        module = getattr(module, p)
    return module, parts[-1]


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights=True, strict=False):
    from torch._C._functorch import _swap_tensor
    if isinstance(parameter_and_buffer_dicts, dict):
        mapping = parameter_and_buffer_dicts
    elif isinstance(parameter_and_buffer_dicts, (tuple, list)):
        mapping = {}
        counts = {}
        for d in parameter_and_buffer_dicts:
            for k, v in d.items():
                counts[k] = counts.get(k, 0) + 1
                mapping[k] = v
        repeated = [k for k, n in counts.items() if n > 1]
        if repeated:
            raise ValueError(f"{repeated} appeared in multiple dictionaries; behavior of functional call is ambiguous")
    else:
        raise ValueError(f"Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of dicts, "
                         f"but got {type(parameter_and_buffer_dicts)}")
    if strict:
        expected = set(k for k, _ in module.named_parameters()) | set(k for k, _ in module.named_buffers())
        missing = sorted(expected - set(mapping.keys()))
        unexpected = sorted(set(mapping.keys()) - expected)
        if missing or unexpected:
            msg = "Error(s) in reparametrizing for " + type(module).__name__ + ":\n\t"
            parts = []
            if unexpected:
                parts.append("Unexpected key(s): " + ", ".join(repr(k) for k in unexpected) + ".")
            if missing:
                parts.append("Missing key(s): " + ", ".join(repr(k) for k in missing) + ".")
            raise RuntimeError(msg + "\n\t".join(parts))
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    if kwargs is None:
        kwargs = {}
    restore = []
    try:
        for name, value in mapping.items():
            owner, leaf = _resolve(module, name)
            kind, old = _swap_tensor(owner, leaf, value)
            if kind is None:
                had = leaf in owner.__dict__
                old = owner.__dict__.get(leaf)
                object.__setattr__(owner, leaf, value)
                restore.append((owner, leaf, None, old, had))
            else:
                restore.append((owner, leaf, kind, old, True))
        return module(*args, **kwargs)
    finally:
        for owner, leaf, kind, old, had in reversed(restore):
            if kind is None:
                if had:
                    object.__setattr__(owner, leaf, old)
                else:
                    object.__delattr__(owner, leaf)
            else:
                _swap_tensor(owner, leaf, old)


def stack_module_state(models):
    if len(models) == 0:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    params = {}
    for name, _ in models[0].named_parameters():
        params[name] = torch.stack([dict(m.named_parameters())[name].detach() for m in models]).requires_grad_(True)
    buffers = {}
    for name, _ in models[0].named_buffers():
        buffers[name] = torch.stack([dict(m.named_buffers())[name] for m in models])
    return params, buffers


# ---- grad, grad_and_value, vjp --------------------------------------------------------------------

def grad_and_value(func, argnums=0, has_aux=False):
    def wrapper(*args, **kwargs):
        nums = _argnums_tuple(argnums, len(args), "grad_and_value")
        with _Level():
            keep = _nested()
            args = list(args)
            diff = {}
            for a in nums:
                keep = keep or any(isinstance(x, torch.Tensor) and x.requires_grad for x in _flatten(args[a])[0])
                args[a] = _tree_map(_make_input, args[a])
                diff[a] = args[a]
            with torch.enable_grad():
                output = func(*args, **kwargs)
            aux = None
            if has_aux:
                if not (isinstance(output, tuple) and len(output) == 2):
                    raise RuntimeError("grad_and_value(f)(*args): output of function f should be a tuple: (output, aux) "
                                       "if has_aux is True")
                output, aux = output
            if not isinstance(output, torch.Tensor):
                raise RuntimeError(f"grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got {type(output)}")
            if output.dim() != 0:
                raise RuntimeError("grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor with "
                                   f"{output.dim()} dims. Maybe you wanted to use the vjp or jacrev APIs instead?")
            outer = keep
            flat = []
            specs = []
            for a in nums:
                leaves, spec = _flatten(diff[a])
                flat.append(leaves)
                specs.append(spec)
            all_leaves = [x for leaves in flat for x in leaves]
            gs = _grads([output], all_leaves, [torch.ones_like(output)], outer)
            gs = [_finish(g, outer) for g in gs]
            result = []
            j = 0
            for leaves, spec in zip(flat, specs):
                result.append(_unflatten(gs[j:j + len(leaves)], spec))
                j += len(leaves)
            g = result[0] if isinstance(argnums, int) else tuple(result)
            value = _finish(output, outer)
            if has_aux:
                return g, (value, _tree_map(lambda x: _finish(x, outer), aux))
            return g, value
    return wrapper


def grad(func, argnums=0, has_aux=False):
    gv = grad_and_value(func, argnums, has_aux)

    def wrapper(*args, **kwargs):
        g, value = gv(*args, **kwargs)
        if has_aux:
            return g, value[1]
        return g
    return wrapper


def vjp(func, *primals, has_aux=False):
    with _Level():
        keep = _nested() or any(isinstance(x, torch.Tensor) and x.requires_grad for x in _flatten(primals)[0])
        diff = _tree_map(_make_input, primals)
        with torch.enable_grad():
            output = func(*diff)
        aux = None
        if has_aux:
            if not (isinstance(output, tuple) and len(output) == 2):
                raise RuntimeError("vjp(f, *primals): output of function f should be a tuple: (output, aux) if has_aux is True")
            output, aux = output
    out_leaves, out_spec = _flatten(output)
    for o in out_leaves:
        if not isinstance(o, torch.Tensor):
            raise RuntimeError(f"vjp(f, *primals): Expected f to be a function that has non-empty output and returns a "
                               f"Tensor or a pytree of Tensors, got {type(o)}")
    in_leaves, in_spec = _flatten(diff)

    def vjp_fn(*cotangents):
        ct = cotangents[0] if len(cotangents) == 1 and not isinstance(output, (tuple, list)) else cotangents
        if len(cotangents) == 1 and isinstance(output, (tuple, list, dict)):
            ct = cotangents[0]
        ct_leaves, _ = _flatten(ct)
        if len(ct_leaves) != len(out_leaves):
            raise RuntimeError("Expected pytree structure of cotangents to be the same as pytree structure of outputs "
                               "to the function.")
        for o, c in zip(out_leaves, ct_leaves):
            if tuple(o.shape) != tuple(c.shape):
                raise RuntimeError(f"Mismatch in shape: grad_output[0] has a shape of {c.shape} and output[0] has a "
                                   f"shape of {o.shape}.")
        with _Level():
            nested = keep or _nested() or any(isinstance(c, torch.Tensor) and c.requires_grad for c in ct_leaves)
            gs = _grads(out_leaves, in_leaves, ct_leaves, nested)
        gs = [_finish(g, nested) for g in gs]
        return _unflatten(gs, in_spec)

    out = _tree_map(lambda x: _finish(x, keep), output)
    if has_aux:
        return out, vjp_fn, _tree_map(lambda x: _finish(x, keep), aux)
    return out, vjp_fn


# ---- jvp (double vjp) ----------------------------------------------------------------------------

def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    if not isinstance(primals, (tuple, list)):
        raise RuntimeError("jvp(f, primals, tangents): Expected primals to be a tuple. E.g. it should be valid to call "
                           "f(*primals).")
    p_leaves, p_spec = _flatten(tuple(primals))
    t_leaves, _ = _flatten(tuple(tangents))
    if len(p_leaves) != len(t_leaves):
        raise RuntimeError("jvp(f, primals, tangents): Expected primals and tangents to have the same python structure.")
    for p, t in zip(p_leaves, t_leaves):
        if tuple(p.shape) != tuple(t.shape):
            raise RuntimeError(f"jvp(f, primals, tangents): Expected primals and tangents to have the same shape. "
                               f"Got primals.shape={p.shape} and tangents.shape={t.shape}")
    with _Level():
        keep = _nested() or any(isinstance(x, torch.Tensor) and x.requires_grad for x in p_leaves + t_leaves)
        diff_leaves = [_make_input(x) for x in p_leaves]
        diff = _unflatten(diff_leaves, p_spec)
        with torch.enable_grad():
            output = func(*diff)
            aux = None
            if has_aux:
                output, aux = output
            out_leaves, out_spec = _flatten(output)
            dummies = [torch.zeros_like(o).requires_grad_(True) for o in out_leaves]
            # g(u) = J^T u, kept differentiable in u.
            gs = _grads(out_leaves, diff_leaves, dummies, True)
            pairs = [(g, t) for g, t in zip(gs, t_leaves) if g is not None and g.requires_grad]
            if pairs:
                found = torch.autograd.grad([p[0] for p in pairs], dummies, grad_outputs=[p[1] for p in pairs],
                                            create_graph=keep, allow_unused=True)
            else:
                found = [None] * len(dummies)
        tang = [torch.zeros_like(o) if f is None else f for o, f in zip(out_leaves, found)]
    out = _unflatten([_finish(o, keep) for o in out_leaves], out_spec)
    tan = _unflatten([_finish(t, keep) for t in tang], out_spec)
    if has_aux:
        return out, tan, _tree_map(lambda x: _finish(x, keep), aux)
    return out, tan


def linearize(func, *primals):
    out = func(*primals)

    def jvp_fn(*tangents):
        return jvp(func, primals, tangents)[1]
    return out, jvp_fn


# ---- jacrev, jacfwd, hessian ---------------------------------------------------------------------

def _jacobian_table(outs, ins, keep):
    # Jacobians of every output leaf with respect to every input leaf, each shaped
    # out.shape + in.shape. Row by row (one vjp per output element) or column by column (one jvp per
    # input element through the double-vjp identity: one vjp g(u) = J^T u kept differentiable in u,
    # then d<g(u), e_i>/du = J e_i), whichever takes fewer backward passes. Same values either way.
    out_total = sum(o.numel() for o in outs)
    in_total = sum(x.numel() for x in ins)
    table = [[None] * len(ins) for _ in outs]
    if in_total + 1 < out_total:
        dummies = [torch.zeros_like(o).requires_grad_(True) for o in outs]
        gs = _grads(outs, ins, dummies, True)
        for k, x in enumerate(ins):
            cols = [[] for _ in outs]
            g = gs[k]
            for e in range(x.numel()):
                found = None
                if g is not None and g.requires_grad:
                    sel = torch.zeros(x.numel(), dtype=g.dtype)
                    sel[e] = 1.0
                    found = torch.autograd.grad([g], dummies, grad_outputs=[sel.reshape(g.shape)], retain_graph=True,
                                                create_graph=keep, allow_unused=True)
                for j, o in enumerate(outs):
                    c = None if found is None else found[j]
                    cols[j].append(torch.zeros_like(o) if c is None else c)
            for j, o in enumerate(outs):
                if x.numel() == 0:
                    jac = torch.zeros(tuple(o.shape) + tuple(x.shape), dtype=x.dtype)
                else:
                    jac = torch.stack(cols[j], dim=-1).reshape(tuple(o.shape) + tuple(x.shape))
                table[j][k] = _finish(jac, keep)
        return table
    for j, o in enumerate(outs):
        rows = [[] for _ in ins]
        flat_o = o.reshape(-1)
        for i in range(flat_o.numel()):
            sel = torch.zeros_like(flat_o)
            sel[i] = 1.0
            gs = _grads([o], ins, [sel.reshape(o.shape)], keep)
            for k, g in enumerate(gs):
                rows[k].append(g)
        for k, x in enumerate(ins):
            if flat_o.numel() == 0:
                jac = torch.zeros(tuple(o.shape) + tuple(x.shape), dtype=x.dtype)
            else:
                jac = torch.stack(rows[k]).reshape(tuple(o.shape) + tuple(x.shape))
            table[j][k] = _finish(jac, keep)
    return table


def _jacobian(func, argnums, has_aux, api):
    def wrapper(*args, **kwargs):
        nums = _argnums_tuple(argnums, len(args), api)
        with _Level():
            keep = _nested()
            args = list(args)
            diff = {}
            for a in nums:
                keep = keep or any(isinstance(x, torch.Tensor) and x.requires_grad for x in _flatten(args[a])[0])
                args[a] = _tree_map(_make_input, args[a])
                diff[a] = args[a]
            with torch.enable_grad():
                output = func(*args, **kwargs)
            aux = None
            if has_aux:
                if not (isinstance(output, tuple) and len(output) == 2):
                    raise RuntimeError(f"{api}(f, ...)(*args): output of function f should be a tuple: (output, aux) "
                                       "if has_aux is True")
                output, aux = output
            out_leaves, out_spec = _flatten(output)
            for o in out_leaves:
                if not isinstance(o, torch.Tensor):
                    raise RuntimeError(f"{api}(f, ...)(*args): Expected f to be a function that has non-empty output "
                                       f"and returns a Tensor or a pytree of Tensors, got {type(o)}")
            in_flat = []
            in_specs = []
            for a in nums:
                leaves, spec = _flatten(diff[a])
                in_flat.append(leaves)
                in_specs.append(spec)
            all_in = [x for leaves in in_flat for x in leaves]
            # per output leaf: a list (per input leaf) of Jacobians shaped out.shape + in.shape
            jac_table = _jacobian_table(out_leaves, all_in, keep)
            per_out = []
            for jacs in jac_table:
                # regroup per argnum
                grouped = []
                j = 0
                for leaves, spec in zip(in_flat, in_specs):
                    grouped.append(_unflatten(jacs[j:j + len(leaves)], spec))
                    j += len(leaves)
                per_out.append(grouped[0] if isinstance(argnums, int) else tuple(grouped))
            result = _unflatten(per_out, out_spec)
            if has_aux:
                return result, _tree_map(lambda x: _finish(x, keep), aux)
            return result
    return wrapper


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    return _jacobian(func, argnums, has_aux, "jacrev")


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    return _jacobian(func, argnums, has_aux, "jacfwd")


def hessian(func, argnums=0):
    return jacfwd(jacrev(func, argnums), argnums)


# ---- vmap ------------------------------------------------------------------------------------------

def _leaf_dims(in_dim, arg):
    # in_dim for one argument: an int/None for every leaf, or a pytree prefix matching arg.
    leaves, spec = _flatten(arg)
    if in_dim is None or isinstance(in_dim, int):
        return leaves, spec, [in_dim] * len(leaves)
    dims_leaves, dims_spec = _flatten(in_dim)
    if len(dims_leaves) != len(leaves):
        raise ValueError("vmap(f, in_dims=..., ...)(<inputs>): in_dims is not compatible with the structure of "
                         "`inputs`. in_dims has structure " + str(in_dim) + " but inputs has a different structure")
    return leaves, spec, dims_leaves


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    if randomness not in ("error", "different", "same"):
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or 'same'. Got {randomness}")

    def wrapped(*args, **kwargs):
        name = getattr(func, "__name__", "fn")
        if isinstance(in_dims, (tuple, list)):
            if len(in_dims) != len(args):
                raise ValueError(f"vmap({name}, in_dims={tuple(in_dims)}, ...)(<inputs>): in_dims is not compatible "
                                 f"with the structure of `inputs`. in_dims has structure {tuple(in_dims)} but inputs "
                                 f"has {len(args)} elements")
            dims = list(in_dims)
        elif in_dims is None or isinstance(in_dims, int):
            dims = [in_dims] * len(args)
        else:
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...): expected `in_dims` to be int or a (potentially "
                             f"nested) tuple matching the structure of inputs, got: {type(in_dims)}.")
        per_arg = []
        size = None
        sizes = []
        for a, d in zip(args, dims):
            leaves, spec, ld = _leaf_dims(d, a)
            for x, dd in zip(leaves, ld):
                if dd is None:
                    continue
                if not isinstance(x, torch.Tensor):
                    raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={dd} for an input "
                                     f"but the input is of type {type(x)}. We cannot vmap over non-Tensor arguments, "
                                     "please use None as the respective in_dim")
                if dd < -x.dim() or dd >= x.dim():
                    raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={dd} for some input, "
                                     f"but that input is a Tensor of dimensionality {x.dim()} so expected in_dim to "
                                     f"satisfy -{x.dim()} <= in_dim < {x.dim()}.")
                sizes.append(x.shape[dd])
            per_arg.append((leaves, spec, ld))
        if not sizes:
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): at least one input must be a Tensor "
                             "with a non-None in_dim")
        size = sizes[0]
        if any(s != size for s in sizes):
            raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                             f"{sizes} for the mapped dimension")
        rng = torch.get_rng_state() if randomness in ("same", "error") else None
        results = []
        for b in range(size):
            if randomness == "same":
                torch.set_rng_state(rng)
            call_args = []
            for leaves, spec, ld in per_arg:
                sliced = [x if dd is None else x.select(dd, b) for x, dd in zip(leaves, ld)]
                call_args.append(_unflatten(sliced, spec))
            results.append(func(*call_args, **kwargs))
            if randomness == "error" and b == 0 and not torch.equal(rng, torch.get_rng_state()):
                # The function drew random numbers (the generator moved), which 'error' forbids.
                torch.set_rng_state(rng)
                raise RuntimeError("vmap: called random operation while in randomness error mode. Please either use "
                                   "the 'same' or 'different' randomness flags on vmap or perform the randomness "
                                   "operation out of vmap")
        out_leaves_per = [_flatten(r) for r in results]
        spec = out_leaves_per[0][1]
        n = len(out_leaves_per[0][0])
        if isinstance(out_dims, int) or out_dims is None:
            od = [out_dims] * n
        else:
            od, _ = _flatten(out_dims)
            if len(od) != n:
                raise ValueError(f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not compatible with "
                                 "the structure of `outputs`.")
        stacked = []
        for k in range(n):
            items = [leaves[k] for leaves, _ in out_leaves_per]
            if od[k] is None:
                stacked.append(items[0])
                continue
            for x in items:
                if not isinstance(x, torch.Tensor):
                    raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type {type(x)}. "
                                     "Did you mean to set out_dims= to None for output?")
            stacked.append(torch.stack(items, dim=od[k]))
        return _unflatten(stacked, spec)
    return wrapped
