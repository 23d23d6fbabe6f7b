# badinput: a __torch_function__ that answers every torch function with a constant: dispatch still reaches it
# expect-exit: 0
# expect-stdout: 42 42 handled
import torch
class A:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return 42
print(torch.add(A(), 1), torch.cat([torch.ones(1), A()]), "handled")
