# functorch: the package PyTorch 2.x still ships for programs written against functorch 0.x. Its
# transforms are torch.func's, each warning once per call site as PyTorch's torch/_functorch/
# deprecated.py does (a FutureWarning naming the torch.func replacement); make_functional and
# make_functional_with_buffers return PyTorch's FunctionalModule / FunctionalModuleWithBuffers (a
# deep copy of the module called with the given tensors through torch.func.functional_call).
# Not here: functorch.dim, functorch.experimental, functorch.compile (AOT autograd's old entry).
import copy
import warnings

import torch
import torch.func as _func
import torch.nn as nn

__version__ = torch.__version__


def _get_warning(api, new_api=None):
    if new_api is None:
        new_api = f"torch.func.{api}"
    return (
        f"We've integrated functorch into PyTorch. As the final step of the "
        f"integration, `functorch.{api}` is deprecated as of PyTorch "
        f"2.0 and will be deleted in a future version of PyTorch >= 2.3. "
        f"Please use `{new_api}` instead; see the PyTorch 2.0 release notes "
        f"and/or the `torch.func` migration guide for more details "
        f"https://pytorch.org/docs/main/func.migrating.html"
    )


def _warn_deprecated(api, new_api=None):
    warnings.warn(_get_warning(api, new_api), FutureWarning, stacklevel=3)


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    _warn_deprecated("vmap", "torch.vmap")
    return _func.vmap(func, in_dims, out_dims, randomness, chunk_size=chunk_size)


def grad(func, argnums=0, has_aux=False):
    _warn_deprecated("grad")
    return _func.grad(func, argnums, has_aux)


def grad_and_value(func, argnums=0, has_aux=False):
    _warn_deprecated("grad_and_value")
    return _func.grad_and_value(func, argnums, has_aux)


def vjp(func, *primals, has_aux=False):
    _warn_deprecated("vjp")
    return _func.vjp(func, *primals, has_aux=has_aux)


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    _warn_deprecated("jvp")
    return _func.jvp(func, primals, tangents, strict=strict, has_aux=has_aux)


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    _warn_deprecated("jacrev")
    return _func.jacrev(func, argnums, has_aux=has_aux, chunk_size=chunk_size,
                        _preallocate_and_copy=_preallocate_and_copy)


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    _warn_deprecated("jacfwd")
    return _func.jacfwd(func, argnums, has_aux, randomness=randomness)


def hessian(func, argnums=0):
    _warn_deprecated("hessian")
    return _func.hessian(func, argnums=argnums)


def _named(module, buffers):
    # every tensor by its dotted name, tied ones once (named_parameters' own deduplication)
    items = module.named_buffers() if buffers else module.named_parameters()
    names, tensors = [], []
    for name, t in items:
        names.append(name)
        tensors.append(t)
    return tuple(names), tuple(tensors)


class FunctionalModule(nn.Module):
    """A module called as func(params, *args): the parameters are arguments instead of state."""

    def __init__(self, stateless_model, param_names, names_map=None):
        super().__init__()
        self.stateless_model = stateless_model
        self.param_names = param_names
        self.names_map = names_map

    @staticmethod
    def _create_from(model, disable_autograd_tracking=False):
        model_copy = copy.deepcopy(model)
        names, params = _named(model_copy, False)
        if disable_autograd_tracking:
            for p in params:
                p.requires_grad_(False)
        return FunctionalModule(model_copy, names), params

    def forward(self, params, *args, **kwargs):
        return _func.functional_call(self.stateless_model, dict(zip(self.param_names, params)), args, kwargs)


class FunctionalModuleWithBuffers(nn.Module):
    """A module called as func(params, buffers, *args)."""

    def __init__(self, stateless_model, param_names, buffer_names, param_names_map=None, buffer_names_map=None):
        super().__init__()
        self.stateless_model = stateless_model
        self.param_names = param_names
        self.buffer_names = buffer_names
        self.all_names_map = {}

    @staticmethod
    def _create_from(model, disable_autograd_tracking=False):
        model_copy = copy.deepcopy(model)
        names, params = _named(model_copy, False)
        buffer_names, buffers = _named(model_copy, True)
        if disable_autograd_tracking:
            for p in params:
                p.requires_grad_(False)
        return FunctionalModuleWithBuffers(model_copy, names, buffer_names), params, buffers

    def forward(self, params, buffers, *args, **kwargs):
        state = dict(zip(self.param_names, params))
        state.update(zip(self.buffer_names, buffers))
        return _func.functional_call(self.stateless_model, state, args, kwargs)


def make_functional(model, disable_autograd_tracking=False):
    _warn_deprecated("make_functional", "torch.func.functional_call")
    if len(tuple(model.buffers())) > 0:
        raise RuntimeError("make_functional(model): `model` has buffers. Please use "
                           "make_functional_with_buffers(model) instead.")
    return FunctionalModule._create_from(model, disable_autograd_tracking=disable_autograd_tracking)


def make_functional_with_buffers(model, disable_autograd_tracking=False):
    _warn_deprecated("make_functional_with_buffers", "torch.func.functional_call")
    return FunctionalModuleWithBuffers._create_from(model, disable_autograd_tracking=disable_autograd_tracking)


def combine_state_for_ensemble(models):
    _warn_deprecated("combine_state_for_ensemble", "torch.func.stack_module_state")
    if len(models) == 0:
        raise RuntimeError("combine_state_for_ensemble: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or all(not m.training for m in models)):
        raise RuntimeError("combine_state_for_ensemble: Expected all models to have the same training/eval mode.")
    model0_typ = type(models[0])
    if not all(type(m) == model0_typ for m in models):
        raise RuntimeError("combine_state_for_ensemble: Expected all models to be of the same class.")
    funcs, params, buffers = zip(*[FunctionalModuleWithBuffers._create_from(m) for m in models])
    params = tuple(torch.stack(ps).detach() for ps in zip(*params))
    buffers = tuple(torch.stack(bs).detach() for bs in zip(*buffers))
    return funcs[0], params, buffers
