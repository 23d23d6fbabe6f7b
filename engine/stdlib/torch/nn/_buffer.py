# torch.nn.Buffer (PyTorch 2.5+, torch/nn/parameter.py): `self.x = nn.Buffer(t, persistent=False)` in a
# Module registers x as a buffer, as register_buffer does. As in PyTorch, Buffer(...) returns a plain
# tensor (t.detach(), keeping requires_grad) marked with `persistent` and `_is_buffer`; isinstance(x,
# nn.Buffer) reads that mark through the metaclass, and Module.__setattr__ (native, bindings/nn.cpp)
# registers a marked tensor with its persistent flag. Kiln's stdlib cannot subclass the native Tensor
# type while torch.nn is being built, so Buffer derives from object: isinstance(x, nn.Buffer) behaves
# as in PyTorch; issubclass(nn.Buffer, torch.Tensor) is False.
import torch


class _BufferMeta(type):
    # Make `isinstance(t, Buffer)` return True for a tensor that has the _is_buffer flag.
    def __instancecheck__(self, instance):
        if self is Buffer:
            return isinstance(instance, torch.Tensor) and getattr(instance, "_is_buffer", False)
        return super().__instancecheck__(instance)


class Buffer(metaclass=_BufferMeta):
    r"""A kind of Tensor that should not be considered a model parameter.

    Buffers are Tensor subclasses that have a very special property when used with Module s: when
    they are assigned as Module attributes they are automatically added to the list of its buffers.
    """

    def __new__(cls, data=None, *, persistent=True):
        if data is None:
            data = torch.empty(0)
        t = data.detach().requires_grad_(data.requires_grad)
        t.persistent = persistent
        t._is_buffer = True
        return t
