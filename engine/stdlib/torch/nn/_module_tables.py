# Module._modules, Module._parameters and Module._buffers for Kiln's native nn.Module, whose tables
# live in C++. PyTorch keeps them as plain dicts that programs read (`for name, m in
# self._modules.items()`, `self._modules[name]`) and sometimes write (`self._modules[str(i)] = layer`
# in hand-written containers, `del self._modules[name]`). Each access gives a dict of the table's
# current entries (None entries included, in registration order); writes and deletes through it go to
# the module (add_module / register_parameter / register_buffer / delattr), so the module sees them.
# The dict is a snapshot: a later registration on the module does not show in an older one.
# A plain tensor written into _parameters goes into the slot as it is, leaf or not: PyTorch's dict
# takes anything, and meta-learning code relies on it (`module._parameters['weight'] = w - lr * g`,
# learned optimizers writing views of one flat tensor), reading it back through module.weight,
# parameters() and the layer's forward.


class _ModuleTable(dict):
    def __init__(self, owner, kind, items):
        dict.__init__(self, items)
        self._owner = owner
        self._kind = kind

    def __setitem__(self, key, value):
        owner = self._owner
        if self._kind == "_modules":
            owner.add_module(key, value)
        elif self._kind == "_parameters":
            _set_parameter_slot(owner, key, value)
        else:
            # PyTorch's dict write leaves _non_persistent_buffers_set alone: a buffer registered with
            # persistent=False stays out of state_dict (Module._apply's `self._buffers[key] = fn(buf)`,
            # i.e. to_empty/to/half keep nanochat's rotary cos/sin non-persistent).
            owner.register_buffer(key, value, persistent=key not in owner._non_persistent_buffers_set)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key):
        dict.__delitem__(self, key)
        delattr(self._owner, key)

    def pop(self, key, *default):
        if key in self:
            value = dict.__getitem__(self, key)
            self.__delitem__(key)
            return value
        return dict.pop(self, key, *default)

    def update(self, other=(), **kwargs):
        items = other.items() if hasattr(other, "items") else other
        for k, v in items:
            self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)


def _set_parameter_slot(owner, key, value):
    import torch
    if value is None or isinstance(value, torch.nn.Parameter) or not isinstance(value, torch.Tensor):
        owner.register_parameter(key, value)  # None, a Parameter, or the TypeError for a non-tensor
        return
    from torch._C._functorch import _swap_tensor
    if key not in owner._parameters:
        owner.register_parameter(key, None)  # a new name: make the slot, then fill it
    _swap_tensor(owner, key, value)


def table(module, kind, items):
    # items: the (name, value) entries in registration order, from the native module
    return _ModuleTable(module, kind, items)
