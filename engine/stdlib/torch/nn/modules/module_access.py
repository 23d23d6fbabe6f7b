# torch.nn.modules.module_access: nn.Module's methods that reach into a module tree by dotted path
# (get_parameter, get_buffer, set_submodule) and the ones that transform every tensor of a tree
# through _apply (to_empty, type, share_memory), written in Kiln's Python as PyTorch writes them
# (torch/nn/modules/module.py); Module in engine/bindings/nn.cpp forwards these names here.
import torch

__all__ = ["get_parameter", "get_buffer", "set_submodule", "_apply", "to_empty", "type", "share_memory",
           "parameters", "named_parameters", "buffers", "named_buffers", "children", "named_children", "modules",
           "named_modules"]


# The tree walks are generators, as in PyTorch: a module's members are listed (natively) at the first
# next(), and the generator is spent after one pass.
def parameters(self, recurse=True):
    yield from self._kiln_parameters(recurse)


def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
    yield from self._kiln_named_parameters(prefix, recurse, remove_duplicate)


def buffers(self, recurse=True):
    yield from self._kiln_buffers(recurse)


def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
    yield from self._kiln_named_buffers(prefix, recurse, remove_duplicate)


def children(self):
    yield from self._kiln_children()


def named_children(self):
    yield from self._kiln_named_children()


def modules(self):
    yield from self._kiln_modules()


def named_modules(self, memo=None, prefix="", remove_duplicate=True):
    yield from self._kiln_named_modules(memo, prefix, remove_duplicate)


for _f in (parameters, named_parameters, buffers, named_buffers, children, named_children, modules, named_modules):
    _f.__qualname__ = "Module." + _f.__name__
del _f


def get_parameter(self, target):
    module_path, _, param_name = target.rpartition(".")
    mod = self.get_submodule(module_path)
    if not hasattr(mod, param_name):
        raise AttributeError(mod._get_name() + " has no attribute `" + param_name + "`")
    param = getattr(mod, param_name)
    if not isinstance(param, torch.nn.Parameter):
        raise AttributeError("`" + param_name + "` is not an nn.Parameter")
    return param


def get_buffer(self, target):
    module_path, _, buffer_name = target.rpartition(".")
    mod = self.get_submodule(module_path)
    if not hasattr(mod, buffer_name):
        raise AttributeError(mod._get_name() + " has no attribute `" + buffer_name + "`")
    if buffer_name not in mod._buffers:
        raise AttributeError("`" + buffer_name + "` is not a buffer")
    return getattr(mod, buffer_name)


def set_submodule(self, target, module, strict=False):
    if target == "":
        raise ValueError("Cannot set the submodule without a target name!")
    atoms = target.split(".")
    if not isinstance(module, torch.nn.Module):
        raise ValueError("`" + "module" + f"` is not an nn.Module, found {module.__class__}")
    if len(atoms) == 1:
        parent = self
    else:
        parent = self.get_submodule(".".join(atoms[:-1]))
    if strict and not hasattr(parent, atoms[-1]):
        raise AttributeError(parent._get_name() + " has no attribute `" + atoms[-1] + "`")
    if hasattr(parent, atoms[-1]):
        mod = getattr(parent, atoms[-1])
        if not isinstance(mod, torch.nn.Module):
            raise AttributeError("`" + atoms[-1] + "` is not an nn.Module")
    setattr(parent, atoms[-1], module)


def _apply(self, fn, recurse=True):
    # PyTorch's rule for a tensor fn changes the parameter in place (param.data = fn(param)), so
    # optimizers holding the parameters keep working; gradients follow; buffers are replaced.
    if recurse:
        for module in self.children():
            module._apply(fn)
    for key, param in list(self._parameters.items()):
        if param is None:
            continue
        with torch.no_grad():
            param_applied = fn(param)
        param.data = param_applied
        if param.grad is not None:
            with torch.no_grad():
                grad_applied = fn(param.grad)
            param.grad.data = grad_applied
    for key, buf in list(self._buffers.items()):
        if buf is not None:
            self._buffers[key] = fn(buf)
    return self


def to_empty(self, *, device, recurse=True):
    return self._apply(lambda t: torch.empty_like(t, device=device), recurse=recurse)


def type(self, dst_type):
    return self._apply(lambda t: t.type(dst_type))


def share_memory(self):
    # one process: every tensor is already where the program's threads can see it
    return self
