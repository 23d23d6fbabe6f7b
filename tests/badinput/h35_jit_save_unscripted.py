# badinput: torch.jit.save of a plain nn.Module
# expect-exit: 1
# expect-stderr: AttributeError: 'Linear' object has no attribute 'save'
import torch
torch.jit.save(torch.nn.Linear(2, 2), "x.pt")
