# badinput: torch.nn.functional.adaptive_avg_pool2d(torch.ones(1, 1, 4, 4), -1) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.adaptive_avg_pool2d(torch.ones(1, 1, 4, 4), -1)
