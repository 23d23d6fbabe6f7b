# badinput: torch.nn.Upsample(size=0)(torch.ones(1, 1, 4)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.Upsample(size=0)(torch.ones(1, 1, 4))
