# badinput: a Module's __getattr__ that reads a missing attribute of itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
class M(torch.nn.Module):
    def __getattr__(self, name):
        return self.missing
M().x
