# badinput: torch.nn.functional.conv2d(torch.ones(1, 1, 3, 3), torch.ones(1, 1, 1, 1), padding=-1) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.conv2d(torch.ones(1, 1, 3, 3), torch.ones(1, 1, 1, 1), padding=-1)
