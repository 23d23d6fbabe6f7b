# badinput: torch.nn.functional.avg_pool2d(torch.ones(1, 1, 4, 4), 2, padding=3) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.avg_pool2d(torch.ones(1, 1, 4, 4), 2, padding=3)
