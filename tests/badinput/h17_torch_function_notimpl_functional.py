# badinput: a non-tensor whose __torch_function__ returns NotImplemented, passed to a Python-level torch.nn.functional
# expect-exit: 1
# expect-stderr: TypeError: no implementation found for 'torch.nn.functional.relu' on types that implement __torch_function__: [<class '__main__.A'>]
import torch
import torch.nn.functional as F
class A:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented
F.relu(A())
