# badinput: a Module whose extra_repr calls repr(self)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch.nn as nn
class M(nn.Module):
    def extra_repr(self):
        return repr(self)
print(nn.Sequential(M()))
