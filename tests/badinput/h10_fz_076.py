# badinput: torch.nn.functional.pixel_shuffle(torch.ones(1, 3, 2, 2), 2) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.pixel_shuffle(torch.ones(1, 3, 2, 2), 2)
