# badinput: nn module call recursion (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
import torch.nn as nn
class M(nn.Module):
    def forward(self, x):
        return self(x)
M()(torch.ones(1))
