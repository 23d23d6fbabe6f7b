# badinput: torch.jit.script of a lambda
# expect-exit: 1
# expect-stderr: RuntimeError: Expected a single top-level function
import torch
import torch.nn as nn
import torch.nn.functional as F
f = torch.jit.script(lambda x: x + 1)
