# torch.nn.utils.init: skip_init, as torch/nn/utils/init.py defines it: the module is built on the
# meta device (no initialization runs on real memory) and moved to the final device uninitialized
# with to_empty. Kiln's built-in layers are native classes without an inspectable signature; their
# constructors take device= as PyTorch's do, so the check applies to Python classes only.

import torch


def skip_init(module_cls, *args, **kwargs):
    if not issubclass(module_cls, torch.nn.Module):
        raise RuntimeError(f"Expected a Module; got {module_cls}")
    try:
        import inspect  # here, not at the top: `import torch` must not load inspect (the page defers it)
        takes_device = "device" in inspect.signature(module_cls).parameters
    except ValueError:  # a native layer class
        takes_device = True
    if not takes_device:
        raise RuntimeError("Module must support a 'device' arg to skip initialization")
    final_device = kwargs.pop("device", "cpu")
    kwargs["device"] = "meta"
    return module_cls(*args, **kwargs).to_empty(device=final_device)
