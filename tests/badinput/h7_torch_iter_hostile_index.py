# badinput: a user object with __index__ as a tensor index
# expect-exit: 0
# expect-stdout: tensor(1)
import torch
class I:
    def __index__(self): return 1
print(torch.arange(3)[I()])
