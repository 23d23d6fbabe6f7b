# torch.distributed.fsdp.wrap: the auto-wrap policies FullyShardedDataParallel(auto_wrap_policy=...)
# applies to a model's submodules (each chosen submodule becomes an FSDP unit of its own), with
# PyTorch's signatures: policy(module, recurse, nonwrapped_numel) -> bool, called with recurse=True to
# ask whether to descend and recurse=False to ask whether to wrap.
import functools

import torch.nn as nn

__all__ = ["always_wrap_policy", "lambda_auto_wrap_policy", "transformer_auto_wrap_policy",
           "size_based_auto_wrap_policy", "enable_wrap", "wrap", "CustomPolicy", "ModuleWrapPolicy"]


def always_wrap_policy(*args, **kwargs):
    return True


def lambda_auto_wrap_policy(module, recurse, nonwrapped_numel, lambda_fn):
    if recurse:
        return True
    return lambda_fn(module)


def transformer_auto_wrap_policy(module, recurse, nonwrapped_numel, transformer_layer_cls):
    if recurse:
        return True
    return isinstance(module, tuple(transformer_layer_cls))


def size_based_auto_wrap_policy(module, recurse, nonwrapped_numel, min_num_params=int(1e8), force_leaf_modules=None,
                                exclude_wrap_modules=None):
    force_leaf_modules = (size_based_auto_wrap_policy.FORCE_LEAF_MODULES if force_leaf_modules is None
                          else force_leaf_modules)
    exclude_wrap_modules = (size_based_auto_wrap_policy.EXCLUDE_WRAP_MODULES if exclude_wrap_modules is None
                            else exclude_wrap_modules)
    is_large = nonwrapped_numel >= min_num_params
    if recurse:
        return is_large and not isinstance(module, tuple(force_leaf_modules))
    return is_large and not isinstance(module, tuple(exclude_wrap_modules))


size_based_auto_wrap_policy.EXCLUDE_WRAP_MODULES = {nn.ModuleList, nn.ModuleDict}
size_based_auto_wrap_policy.FORCE_LEAF_MODULES = {nn.MultiheadAttention}


class ModuleWrapPolicy:
    def __init__(self, module_classes):
        self._module_classes = set(module_classes)

    def __call__(self, module, recurse, *args, **kwargs):
        return True if recurse else isinstance(module, tuple(self._module_classes))


class CustomPolicy:
    def __init__(self, lambda_fn):
        self._lambda_fn = lambda_fn

    def __call__(self, module, recurse, *args, **kwargs):
        return True if recurse else bool(self._lambda_fn(module))


def _numel(module):
    return sum(p.numel() for p in module.parameters())


def _wrap_children(root, policy, kwargs):
    # post-order, as PyTorch's _recursive_wrap: a child is wrapped after its own children
    from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
    for name, child in list(root.named_children()):
        if isinstance(child, FSDP):
            continue
        if policy(module=child, recurse=True, nonwrapped_numel=_numel(child)):
            _wrap_children(child, policy, kwargs)
        if policy(module=child, recurse=False, nonwrapped_numel=_numel(child)):
            setattr(root, name, FSDP(child, **kwargs))


_wrap_kwargs = None


class enable_wrap:
    def __init__(self, *, wrapper_cls, **wrapper_kwargs):
        self.kwargs = dict(wrapper_kwargs, wrapper_cls=wrapper_cls)

    def __enter__(self):
        global _wrap_kwargs
        self._old = _wrap_kwargs
        _wrap_kwargs = self.kwargs

    def __exit__(self, *exc):
        global _wrap_kwargs
        _wrap_kwargs = self._old


def wrap(module, **wrap_overrides):
    if _wrap_kwargs is None:
        return module
    kwargs = dict(_wrap_kwargs)
    kwargs.update(wrap_overrides)
    cls = kwargs.pop("wrapper_cls")
    return cls(module, **kwargs)


del functools
