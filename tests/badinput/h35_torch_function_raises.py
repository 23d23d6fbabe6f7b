# badinput: torch API misuse: torch function raises
# expect-exit: 1
# expect-stderr: RuntimeError: tf says no
import torch
class T(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        raise RuntimeError("tf says no")
x = torch.ones(2).as_subclass(T)
x + 1
