# badinput: a module whose forward calls itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch.nn as nn
class M(nn.Module):
    def forward(self, x):
        return self(x)
M()(1)
