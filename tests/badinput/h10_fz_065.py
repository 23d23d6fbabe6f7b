# badinput: torch.nn.functional.max_pool2d(torch.ones(1, 1, 4, 4), 2, padding=2) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.max_pool2d(torch.ones(1, 1, 4, 4), 2, padding=2)
