# torch.nn.utils.stateless: PyTorch 1.12's functional_call, deprecated since PyTorch 2.0 in favour of
# torch.func.functional_call, which it calls. As in PyTorch each call warns (a FutureWarning at the
# caller's line) and then runs the module with the given parameters and buffers in place of its own.
import warnings

import torch

__all__ = ["functional_call"]


def functional_call(module, parameters_and_buffers, args=None, kwargs=None, *, tie_weights=True, strict=False):
    warnings.warn("`torch.nn.utils.stateless.functional_call` is deprecated as of PyTorch 2.0 and will be removed in a "
                  "future version of PyTorch. Please use `torch.func.functional_call` instead which is a drop-in "
                  "replacement.", FutureWarning, stacklevel=2)
    if args is None:
        args = ()
    return torch.func.functional_call(module, parameters_and_buffers, args, kwargs, tie_weights=tie_weights,
                                      strict=strict)
