# badinput: a non-tensor whose __torch_function__ returns NotImplemented, passed to a native torch function
# expect-exit: 1
# expect-stderr: For more information, try re-running with TORCH_LOGS=not_implemented
import torch
class A:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented
torch.add(A(), 1)
