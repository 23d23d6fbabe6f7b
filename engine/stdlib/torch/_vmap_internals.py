# torch._vmap_internals: PyTorch's legacy vmap (the batching rules before torch.func), kept by
# PyTorch 2.11 under its private name because torch.autograd.functional's vectorize=True path and
# older libraries import it: pytorch-minimize builds Hessians and Jacobians as `_vmap(vjp)(eye)`,
# an autograd.grad per row of the identity. Kiln maps through torch.func.vmap's per-sample loop
# (same results; random draws inside differ per sample, as the legacy batching gives them).
# `vmap` is the module's public-looking alias of it.
import functools

import torch

__all__ = []


def _vmap(func, in_dims=0, out_dims=0, allow_none_pass_through=False):
    @functools.wraps(func)
    def wrapped(*args):
        nones = []

        def body(*a):
            out = func(*a)
            if not allow_none_pass_through:
                return out
            # None outputs (a grad that does not reach an input) pass through unbatched: mapped as a
            # placeholder, then put back
            single = not isinstance(out, tuple)
            outs = (out,) if single else out
            nones[:] = [o is None for o in outs]
            outs = tuple(torch.zeros(()) if o is None else o for o in outs)
            return outs[0] if single else outs

        res = torch.func.vmap(body, in_dims, out_dims, randomness="different")(*args)
        if allow_none_pass_through and any(nones):
            if isinstance(res, tuple):
                return tuple(None if n else r for r, n in zip(res, nones))
            return None
        return res

    return wrapped


def vmap(func, in_dims=0, out_dims=0):
    return _vmap(func, in_dims, out_dims)
