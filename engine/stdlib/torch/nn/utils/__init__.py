# torch.nn.utils' Python part: runs in the module's dict after the native factory (bindings/nn.cpp:
# clip_grad_norm_, clip_grad_value_) and adds parameters_to_vector / vector_to_parameters.

import torch


def _typename(obj):
    # torch.typename
    if isinstance(obj, torch.Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = type(obj).__module__ or ""
        qualname = type(obj).__qualname__
    if module in {"", "builtins"}:
        return qualname
    return f"{module}.{qualname}"


def _check_param_device(param, old_param_device):
    if old_param_device is None:
        return param.get_device() if param.is_cuda else -1
    if param.is_cuda:
        warn = param.get_device() != old_param_device
    else:
        warn = old_param_device != -1
    if warn:
        raise TypeError("Found two parameters on different devices, this is currently not supported.")
    return old_param_device


def parameters_to_vector(parameters):
    param_device = None
    vec = []
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        vec.append(param.view(-1))
    return torch.cat(vec)


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, torch.Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {_typename(vec)}")
    param_device = None
    pointer = 0
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        num_param = param.numel()
        param.data = vec[pointer : pointer + num_param].view_as(param).data
        pointer += num_param


from torch.nn.utils.weight_norm import remove_weight_norm, weight_norm  # noqa: E402
from torch.nn.utils.spectral_norm import remove_spectral_norm, spectral_norm  # noqa: E402
from torch.nn.utils import parametrize, parametrizations  # noqa: E402,F401
from torch.nn.utils.fusion import (  # noqa: E402,F401
    fuse_conv_bn_eval, fuse_conv_bn_weights, fuse_linear_bn_eval, fuse_linear_bn_weights)
