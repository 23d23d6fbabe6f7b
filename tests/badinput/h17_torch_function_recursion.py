# badinput: a __torch_function__ that calls the function again with itself among the arguments, forever
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
class A:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))
torch.add(A(), 1)
