# badinput: torch.jit.trace of a module
# expect-exit: 0
# expect-stdout: TopLevelTracedModule
import torch
import torch.nn as nn
import torch.nn.functional as F
m = torch.jit.trace(nn.Linear(2, 2), torch.ones(1, 2))
print(type(m).__name__)
