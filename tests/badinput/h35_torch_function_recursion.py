# badinput: torch API misuse: torch function recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
class T(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))
x = torch.ones(2).as_subclass(T)
print(type(x + 1).__name__)
