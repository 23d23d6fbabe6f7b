# badinput: torch.jit.load('/proc/self/mem')
# expect-exit: 1
# expect-stderr: Error
import torch
torch.jit.load('/proc/self/mem')
