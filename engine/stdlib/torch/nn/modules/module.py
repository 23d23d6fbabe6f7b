# torch.nn.modules.module: nn.Module's hooks, written in Kiln's Python over the native Module
# (engine/bindings/nn.cpp).
#
# The register_* methods of nn.Module come here. Hooks live where PyTorch keeps them, in the
# instance's OrderedDicts _forward_pre_hooks, _forward_hooks, _backward_pre_hooks and _backward_hooks
# (plus the id sets for with_kwargs / always_call), keyed by the RemovableHandle's id. A module call
# finds them (Module.__call__ in nn.cpp checks the dicts) and runs _call_impl below instead of
# forward alone: pre-hooks may replace the arguments, forward hooks the result, in PyTorch's order.
# Full backward hooks wrap the inputs and outputs in an identity autograd.Function whose grad_fn
# hooks see the gradients at the module's boundary (_BackwardHook). Global hooks
# (register_module_forward_hook and friends) are not provided. load_state_dict and
# _load_from_state_dict are PyTorch's, below.
import warnings
from collections import OrderedDict, namedtuple
from collections.abc import Mapping

import torch
import torch.__future__
from torch.nn import Module
from torch.utils.hooks import RemovableHandle

__all__ = ["Module"]


def _hooks_dict(module, name):
    d = module.__dict__.get(name)
    if d is None:
        d = OrderedDict()
        module.__dict__[name] = d
    return d


def _register(module, dict_name, hook, prepend, extra=None):
    hooks = _hooks_dict(module, dict_name)
    handle = RemovableHandle(hooks, extra_dict=extra)
    hooks[handle.id] = hook
    if prepend:
        hooks.move_to_end(handle.id, last=False)
    return handle


def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
    with_kwargs_ids = _hooks_dict(self, "_forward_pre_hooks_with_kwargs")
    handle = _register(self, "_forward_pre_hooks", hook, prepend, extra=with_kwargs_ids)
    if with_kwargs:
        with_kwargs_ids[handle.id] = True
    return handle


def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
    with_kwargs_ids = _hooks_dict(self, "_forward_hooks_with_kwargs")
    always_ids = _hooks_dict(self, "_forward_hooks_always_called")
    handle = _register(self, "_forward_hooks", hook, prepend, extra=[with_kwargs_ids, always_ids])
    if with_kwargs:
        with_kwargs_ids[handle.id] = True
    if always_call:
        always_ids[handle.id] = True
    return handle


def _check_backward_kind(self, full):
    if self.__dict__.get("_is_full_backward_hook") is (not full):
        raise RuntimeError(
            "Cannot use both regular backward hooks and full backward hooks on a "
            "single Module. Please use only one of them."
        )
    self.__dict__["_is_full_backward_hook"] = full


def register_full_backward_pre_hook(self, hook, prepend=False):
    return _register(self, "_backward_pre_hooks", hook, prepend)


def register_full_backward_hook(self, hook, prepend=False):
    _check_backward_kind(self, True)
    return _register(self, "_backward_hooks", hook, prepend)


def register_backward_hook(self, hook):
    _check_backward_kind(self, False)
    return _register(self, "_backward_hooks", hook, False)


# ---- load_state_dict ---------------------------------------------------------------------------------
# PyTorch's algorithm: load_state_dict copies the dict (keeping its _metadata), then walks the module
# tree calling each module's _load_from_state_dict(state_dict, prefix, local_metadata, strict,
# missing_keys, unexpected_keys, error_msgs) -- Python overrides included (_NormBase's, torchvision's
# FrozenBatchNorm2d, user code) -- with the keys under the child's prefix, then the module's post-hooks;
# strict errors are reported together at the end. Pre-hooks run at the start of each module's
# _load_from_state_dict, parents first (the lazy modules, modules/lazy.py, materialize there).

_EXTRA_STATE_KEY_SUFFIX = "_extra_state"


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


class _WrappedHook:
    # The hook with the module first (with_module=True), as PyTorch's _WrappedHook(hook, module).
    def __init__(self, hook, module):
        self.hook = hook
        self.module = module

    def __call__(self, *args, **kwargs):
        return self.hook(self.module, *args, **kwargs)


def _register_load_state_dict_pre_hook(self, hook, with_module=False):
    return _register(self, "_load_state_dict_pre_hooks", _WrappedHook(hook, self) if with_module else hook, False)


def register_load_state_dict_pre_hook(self, hook):
    return _register_load_state_dict_pre_hook(self, hook, with_module=True)


def register_load_state_dict_post_hook(self, hook):
    return _register(self, "_load_state_dict_post_hooks", hook, False)


def register_state_dict_pre_hook(self, hook):
    # hook(module, prefix, keep_vars), run by state_dict (bindings/nn.cpp) before it takes the entries
    return _register(self, "_state_dict_pre_hooks", hook, False)


def get_extra_state(self):
    raise RuntimeError(
        "Reached a code path in Module.get_extra_state() that should never be called. "
        "Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml "
        "to report this bug."
    )


def set_extra_state(self, state):
    raise RuntimeError(
        "Reached a code path in Module.set_extra_state() that should never be called. "
        "Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml "
        "to report this bug."
    )


def _is_lazy(param):
    return isinstance(param, (torch.nn.UninitializedParameter, torch.nn.UninitializedBuffer))


def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                          error_msgs):
    for _, hook in _values(self, "_load_state_dict_pre_hooks"):
        hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)

    non_persistent = self._non_persistent_buffers_set
    local_state = {k: v for k, v in self._parameters.items() if v is not None}
    for k, v in self._buffers.items():
        if v is not None and k not in non_persistent:
            local_state[k] = v
    assign_to_params_buffers = local_metadata.get("assign_to_params_buffers", False)

    for name, param in local_state.items():
        key = prefix + name
        if key in state_dict:
            input_param = state_dict[key]
            if not torch.is_tensor(input_param):
                error_msgs.append(
                    f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like object from '
                    f"checkpoint but received {type(input_param)}"
                )
                continue
            is_param_lazy = _is_lazy(param)
            # Backward compatibility: loading 1-dim tensor from 0.3.* to version 0.4+
            if not is_param_lazy and len(param.shape) == 0 and len(input_param.shape) == 1:
                input_param = input_param[0]
            if not is_param_lazy and input_param.shape != param.shape:
                error_msgs.append(
                    f"size mismatch for {key}: copying a param with shape {input_param.shape} from checkpoint, "
                    f"the shape in current model is {param.shape}."
                )
                continue
            if param.is_meta and not input_param.is_meta and not assign_to_params_buffers:
                warnings.warn(
                    f"for {key}: copying from a non-meta parameter in the checkpoint to a meta "
                    "parameter in the current model, which is a no-op. (Did you mean to "
                    "pass `assign=True` to assign items in the state dictionary to their "
                    "corresponding key in the module instead of copying them in place?)"
                )
            try:
                with torch.no_grad():
                    if torch.__future__.get_swap_module_params_on_conversion():
                        # PyTorch's swap path: the loaded value (Tensor.module_load: other.detach() with
                        # assign, else self.copy_(other).detach()) is swapped into the parameter object
                        if hasattr(param, "module_load"):
                            new_input_param = param.module_load(input_param, assign=assign_to_params_buffers)
                        elif assign_to_params_buffers:
                            new_input_param = input_param.detach()
                        else:
                            new_input_param = param.clone().copy_(input_param).detach()
                        if id(new_input_param) == id(input_param) or id(new_input_param) == id(param):
                            raise RuntimeError(
                                "module_load returned one of self or other, please .detach() the result if "
                                "returning one of the inputs in module_load")
                        if isinstance(param, torch.nn.Parameter):
                            if not isinstance(new_input_param, torch.nn.Parameter):
                                new_input_param = torch.nn.Parameter(new_input_param,
                                                                     requires_grad=param.requires_grad)
                            else:
                                new_input_param.requires_grad_(param.requires_grad)
                        torch.utils.swap_tensors(param, new_input_param)
                        del new_input_param
                    elif assign_to_params_buffers:
                        if isinstance(param, torch.nn.Parameter):
                            if not isinstance(input_param, torch.nn.Parameter):
                                input_param = torch.nn.Parameter(input_param, requires_grad=param.requires_grad)
                            else:
                                input_param.requires_grad_(param.requires_grad)
                        setattr(self, name, input_param)
                    else:
                        param.copy_(input_param)
            except Exception as ex:
                error_msgs.append(
                    f'While copying the parameter named "{key}", whose dimensions in the model are {param.size()} '
                    f"and whose dimensions in the checkpoint are {input_param.size()}, an exception occurred : "
                    f"{ex.args}."
                )
        elif strict:
            missing_keys.append(key)

    extra_state_key = prefix + _EXTRA_STATE_KEY_SUFFIX
    if getattr(self.__class__, "set_extra_state", Module.set_extra_state) is not Module.set_extra_state:
        if extra_state_key in state_dict:
            self.set_extra_state(state_dict[extra_state_key])
        elif strict:
            missing_keys.append(extra_state_key)
    elif strict and (extra_state_key in state_dict):
        unexpected_keys.append(extra_state_key)

    if strict:
        children = self._modules
        for key in state_dict.keys():
            if key.startswith(prefix) and key != extra_state_key:
                input_name = key[len(prefix):].split(".", 1)
                # Must be Module if it have attributes
                if len(input_name) > 1:
                    if input_name[0] not in children:
                        unexpected_keys.append(key)
                elif input_name[0] not in local_state:
                    unexpected_keys.append(key)


def load_state_dict(self, state_dict, strict=True, assign=False):
    if not isinstance(state_dict, Mapping):
        raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")

    missing_keys = []
    unexpected_keys = []
    error_msgs = []

    # copy state_dict so _load_from_state_dict can modify it
    metadata = getattr(state_dict, "_metadata", None)
    state_dict = OrderedDict(state_dict)
    if metadata is not None:
        state_dict._metadata = metadata

    def load(module, local_state_dict, prefix=""):
        local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
        if assign:
            local_metadata["assign_to_params_buffers"] = assign
        module._load_from_state_dict(
            local_state_dict, prefix, local_metadata, True, missing_keys, unexpected_keys, error_msgs
        )
        for name, child in module._modules.items():
            if child is not None:
                child_prefix = prefix + name + "."
                child_state_dict = {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}
                load(child, child_state_dict, child_prefix)

        # Note that the hook can modify missing_keys and unexpected_keys.
        incompatible_keys = _IncompatibleKeys(missing_keys, unexpected_keys)
        for _, hook in _values(module, "_load_state_dict_post_hooks"):
            out = hook(module, incompatible_keys)
            assert out is None, (
                "Hooks registered with ``register_load_state_dict_post_hook`` are not"
                "expected to return new values, if incompatible_keys need to be modified,"
                "it should be done inplace."
            )

    load(self, state_dict)
    del load

    if strict:
        if len(unexpected_keys) > 0:
            error_msgs.insert(
                0, "Unexpected key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in unexpected_keys))
            )
        if len(missing_keys) > 0:
            error_msgs.insert(
                0, "Missing key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in missing_keys))
            )

    if len(error_msgs) > 0:
        raise RuntimeError(
            "Error(s) in loading state_dict for {}:\n\t{}".format(self.__class__.__name__, "\n\t".join(error_msgs))
        )
    return _IncompatibleKeys(missing_keys, unexpected_keys)


# ---- the call --------------------------------------------------------------------------------------


def _values(module, name):
    d = module.__dict__.get(name)
    return list(d.items()) if d else []


def _call_impl(self, *args, **kwargs):
    forward_call = self.forward
    kw_pre = self.__dict__.get("_forward_pre_hooks_with_kwargs") or {}
    for hook_id, hook in _values(self, "_forward_pre_hooks"):
        if hook_id in kw_pre:
            result = hook(self, args, kwargs)
            if result is not None:
                if isinstance(result, tuple) and len(result) == 2:
                    args, kwargs = result
                else:
                    raise RuntimeError(
                        "forward pre-hook must return None or a tuple of (new_args, new_kwargs), "
                        f"but got {result}."
                    )
        else:
            result = hook(self, args)
            if result is not None:
                if not isinstance(result, tuple):
                    result = (result,)
                args = result

    backward_hooks = _values(self, "_backward_hooks")
    full = self.__dict__.get("_is_full_backward_hook", False)
    backward_pre_hooks = _values(self, "_backward_pre_hooks")
    bw = None
    if (full and backward_hooks) or backward_pre_hooks:
        bw = _BackwardHook(self, [h for _, h in backward_hooks] if full else [], [h for _, h in backward_pre_hooks])
        args = bw.wrap_inputs(args)

    forward_hooks = _values(self, "_forward_hooks")
    if not forward_hooks:
        result = forward_call(*args, **kwargs)
    else:
        kw_fwd = self.__dict__.get("_forward_hooks_with_kwargs") or {}
        always = self.__dict__.get("_forward_hooks_always_called") or {}
        called = set()
        try:
            result = forward_call(*args, **kwargs)
            for hook_id, hook in forward_hooks:
                called.add(hook_id)
                if hook_id in kw_fwd:
                    hook_result = hook(self, args, kwargs, result)
                else:
                    hook_result = hook(self, args, result)
                if hook_result is not None:
                    result = hook_result
        except Exception:
            # always_call hooks run even when forward (or an earlier hook) raised; their errors are
            # reported as warnings so that the original exception propagates.
            for hook_id, hook in forward_hooks:
                if hook_id in always and hook_id not in called:
                    try:
                        if hook_id in kw_fwd:
                            hook(self, args, kwargs, None)
                        else:
                            hook(self, args, None)
                    except Exception as e:
                        import warnings

                        warnings.warn(
                            "forward hook with ``always_call=True`` raised an exception "
                            f"that was silenced as another error was raised in forward: {str(e)}"
                        )
            raise

    if bw is not None:
        result = bw.wrap_outputs(result)
    if backward_hooks and not full:
        _register_legacy_backward_hooks(self, result, [h for _, h in backward_hooks])
    return result


# ---- backward hooks ----------------------------------------------------------------------------------


class BackwardHookFunction(torch.autograd.Function):
    """The identity, as an autograd node whose grad_fn hooks see a module's boundary gradients."""

    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[a for a in args if not a.requires_grad])
        return tuple(a.view_as(a) for a in args)

    @staticmethod
    def backward(ctx, *grads):
        return grads


def _spread(indices, values, size):
    out = [None] * size
    for i, v in zip(indices, values):
        out[i] = v
    return tuple(out)


class _BackwardHook:
    """One module call's full backward hooks: what crosses the module's inputs and outputs.

    The outputs' identity node runs first in backward: it records the output gradients (after
    the backward pre-hooks, which may replace them). The inputs' identity node runs when the
    gradients reach the inputs: the user hooks get (module, grad_input, grad_output) and may
    replace grad_input. Arguments that are not tensors appear as None in grad_input.
    """

    def __init__(self, module, hooks, pre_hooks):
        self.module = module
        self.hooks = hooks
        self.pre_hooks = pre_hooks
        self.grad_outputs = None
        self.n_inputs = 0
        self.input_index = None
        self.n_outputs = 0
        self.output_index = None

    def _wrap(self, values):
        index = [i for i, v in enumerate(values) if isinstance(v, torch.Tensor)]
        tensors = [values[i] for i in index]
        if not (torch.is_grad_enabled() and any(t.requires_grad for t in tensors)):
            return values, None, None
        wrapped = BackwardHookFunction.apply(*tensors)
        grad_fn = next(t.grad_fn for t in wrapped if t.grad_fn is not None)
        out = list(values)
        for i, t in zip(index, wrapped):
            out[i] = t
        return tuple(out), index, grad_fn

    def wrap_inputs(self, args):
        self.n_inputs = len(args)
        args, self.input_index, grad_fn = self._wrap(args)
        if grad_fn is not None:
            # named `hook` as PyTorch's BackwardHook names its node hooks: the autograd engine's
            # "hook 'hook' has changed the size of value" names it when a user hook returns a wrong size
            def hook(grad_inputs, grad_outputs):
                return self._on_inputs(grad_inputs, grad_outputs)

            grad_fn.register_hook(hook)
        return args

    def wrap_outputs(self, result):
        single = isinstance(result, torch.Tensor)
        values = (result,) if single else result
        if not isinstance(values, tuple):
            return result
        self.n_outputs = len(values)
        values, self.output_index, grad_fn = self._wrap(values)
        if grad_fn is not None:
            def hook(grad_inputs, grad_outputs):
                return self._on_outputs(grad_inputs, grad_outputs)

            grad_fn.register_hook(hook)
        return values[0] if single else values

    def _on_outputs(self, grad_inputs, grad_outputs):
        self.grad_outputs = _spread(self.output_index, grad_outputs, self.n_outputs)
        replaced = False
        for hook in self.pre_hooks:
            new = hook(self.module, self.grad_outputs)
            if new is None:
                continue
            if len(new) != len(self.grad_outputs):
                raise RuntimeError(
                    "Backward pre hook returned an invalid number of grad_output, "
                    f"got {len(new)}, but expected {len(self.grad_outputs)}"
                )
            self.grad_outputs = new
            replaced = True
        result = tuple(self.grad_outputs[i] for i in self.output_index) if replaced else None
        if self.input_index is None:
            # No input requires grad: the gradients never reach the inputs, so the hooks run now.
            grad_inputs = (None,) * self.n_inputs
            for hook in self.hooks:
                r = hook(self.module, grad_inputs, self.grad_outputs)
                if r is not None and not (isinstance(r, tuple) and all(g is None for g in r)):
                    raise RuntimeError(
                        "Backward hook for Modules where no input requires gradient should always "
                        "return None or None for all gradients."
                    )
            self.grad_outputs = None
        return result

    def _on_inputs(self, grad_inputs, grad_outputs):
        if self.grad_outputs is None:
            # The gradient reached the inputs without passing through the module's outputs.
            return None
        res = _spread(self.input_index, grad_inputs, self.n_inputs)
        for hook in self.hooks:
            out = hook(self.module, res, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(res):
                raise RuntimeError(
                    "Backward hook returned an invalid number of grad_input, "
                    f"got {len(out)}, but expected {len(res)}"
                )
            res = out
        self.grad_outputs = None
        return tuple(res[i] for i in self.input_index)


def _register_legacy_backward_hooks(module, result, hooks):
    # register_backward_hook (the deprecated, non-full kind): the hooks run as post-hooks of the
    # node that made the module's (first tensor) output, with that node's gradients.
    var = result
    while not isinstance(var, torch.Tensor):
        if isinstance(var, dict):
            var = next(v for v in var.values() if isinstance(v, torch.Tensor))
        else:
            var = var[0]
    grad_fn = var.grad_fn
    if grad_fn is None:
        return
    for hook in hooks:

        def wrapped(grad_input, grad_output, hook=hook):
            return hook(module, grad_input, grad_output)

        grad_fn.register_hook(wrapped)


# ---- pickling: torch.save(model) and torch.load(f, weights_only=False) ----------------------------
# PyTorch pickles a module as copyreg.__newobj__(cls) plus its instance __dict__, which holds the
# tables Module.__init__ makes (in this order), the layer's own attributes (in_features, stride, ...)
# and the program's. Kiln keeps the tables and a built-in layer's attributes in C++, so __getstate__
# assembles PyTorch's layout (a file saved by Kiln loads in PyTorch) and __setstate__ reads it back
# (a file saved by PyTorch loads in Kiln): a built-in layer is made again by its constructor
# (_kiln_build_from_state), then gets the pickled parameters, buffers, children and attributes.
_TABLES_BEFORE_HOOKS = ("training", "_parameters", "_buffers", "_non_persistent_buffers_set")
_HOOK_ATTRS = ("_backward_pre_hooks", "_backward_hooks", "_is_full_backward_hook", "_forward_hooks",
               "_forward_hooks_with_kwargs", "_forward_hooks_always_called", "_forward_pre_hooks",
               "_forward_pre_hooks_with_kwargs", "_state_dict_hooks", "_state_dict_pre_hooks",
               "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks")


def __getstate__(self):
    own = self.__dict__
    state = {"training": self.training, "_parameters": dict(self._parameters), "_buffers": dict(self._buffers),
             "_non_persistent_buffers_set": set(self._non_persistent_buffers_set)}
    for name in _HOOK_ATTRS:
        state[name] = own.get(name, None if name == "_is_full_backward_hook" else OrderedDict())
    state["_modules"] = dict(self._modules)
    for name, value in self._kiln_layer_attributes():
        state[name] = value
    for name, value in own.items():
        if name not in state:
            state[name] = value
    return state


def __setstate__(self, state):
    self._kiln_build_from_state(state)
    nonpersistent = state.get("_non_persistent_buffers_set", ())
    # a None entry the rebuilt layer already holds (MultiheadAttention's q_proj_weight) stays as it is
    params, buffers = self._parameters, self._buffers
    for name, p in state.get("_parameters", {}).items():
        if p is not None or params.get(name, 0) is not None:
            self.register_parameter(name, p)
    for name, b in state.get("_buffers", {}).items():
        if b is not None or buffers.get(name, 0) is not None:
            self.register_buffer(name, b, persistent=name not in nonpersistent)
    for name, m in state.get("_modules", {}).items():
        self.add_module(name, m)
    own = self.__dict__
    cls = type(self)
    for name, value in state.items():
        if name in _TABLES_BEFORE_HOOKS or name == "_modules":
            continue
        if name in _HOOK_ATTRS:
            if value:  # Kiln makes the hook tables when a hook is registered
                own[name] = value
            continue
        attr = getattr(cls, name, None)
        if isinstance(attr, property) and attr.fset is None:
            continue  # derived by the layer (Conv2d.transposed), already right
        if own.get(name, own) is value:
            continue  # a constructor argument the layer already holds
        setattr(self, name, value)
    self.training = state.get("training", True)
