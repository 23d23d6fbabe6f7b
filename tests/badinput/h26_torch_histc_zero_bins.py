# badinput: torch.histc with bins=0 (PyTorch 2.11 words it as torch.histogram())
# expect-exit: 1
# expect-stderr: RuntimeError: torch.histogram(): bins must be > 0, but got 0 for dimension 0
import torch
torch.histc(torch.ones(3), bins=0)
