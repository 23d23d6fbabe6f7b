# badinput: torch.ones(2, 2).gather(1, torch.tensor([[-1], [0]])) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.ones(2, 2).gather(1, torch.tensor([[-1], [0]]))
