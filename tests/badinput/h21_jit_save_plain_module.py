# badinput: torch.jit.save of an unscripted module
# expect-exit: 1
# expect-stderr: AttributeError: 'Linear' object has no attribute 'save'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.jit.save(nn.Linear(2,2), 'h21_never_written.pt')
