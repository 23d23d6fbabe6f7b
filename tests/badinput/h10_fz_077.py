# badinput: torch.nn.functional.pixel_shuffle(torch.ones(1, 4, 2, 2), 0) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.pixel_shuffle(torch.ones(1, 4, 2, 2), 0)
