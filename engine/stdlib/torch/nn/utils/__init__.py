# torch.nn.utils' Python part: runs in the module's dict after the native factory (bindings/nn.cpp:
# clip_grad_norm_, clip_grad_value_) and adds parameters_to_vector / vector_to_parameters and
# PyTorch 2.6's two halves of clip_grad_norm_, get_total_norm and clip_grads_with_norm_ (for
# training loops that log the norm or clip gradients gathered across ranks).

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


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The norm of the tensors' norms (clip_grad_norm_'s total norm), over any iterable of tensors."""
    if isinstance(tensors, torch.Tensor):
        tensors = [tensors]
    else:
        tensors = list(tensors)
    norm_type = float(norm_type)
    if len(tensors) == 0:
        return torch.tensor(0.0)
    first_device = tensors[0].device
    norms = [torch.linalg.vector_norm(t, norm_type) for t in tensors]
    total_norm = torch.linalg.vector_norm(torch.stack([n.to(first_device) for n in norms]), norm_type)
    if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it cannot be "
            "clipped. To disable this error and scale the gradients by the non-finite norm anyway, set "
            "`error_if_nonfinite=False`")
    return total_norm


def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    """Scales the parameters' gradients in place by max_norm / (total_norm + 1e-6), at most 1."""
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    grads = [p.grad for p in parameters if p.grad is not None]
    max_norm = float(max_norm)
    if len(grads) == 0:
        return
    clip_coef = max_norm / (total_norm + 1e-6)
    # clamped at 1 without a branch on its value (no host synchronization, as PyTorch)
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    for g in grads:
        g.mul_(clip_coef_clamped.to(g.device))


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    # The pre-0.4 name without the trailing underscore, which old training loops still call: PyTorch
    # keeps it as a @deprecated wrapper (a FutureWarning pointing at the caller) of clip_grad_norm_.
    import warnings
    warnings.warn(
        "`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.",
        FutureWarning,
        stacklevel=2,
    )
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


from torch.nn.utils.weight_norm import remove_weight_norm, weight_norm  # noqa: E402
from torch.nn.utils.spectral_norm import remove_spectral_norm, spectral_norm  # noqa: E402
from torch.nn.utils import parametrize, parametrizations, stateless  # noqa: E402,F401
from torch.nn.utils.fusion import (  # noqa: E402,F401
    fuse_conv_bn_eval, fuse_conv_bn_weights, fuse_linear_bn_eval, fuse_linear_bn_weights)
from torch.nn.utils.init import skip_init  # noqa: E402,F401
