# badinput: a __torch_function__ that raises: the error reaches the caller unchanged
# expect-exit: 1
# expect-stderr: ValueError: refused torch.mul
import torch
class A:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        raise ValueError("refused " + func.__module__ + "." + func.__name__)
torch.mul(torch.ones(2), A())
