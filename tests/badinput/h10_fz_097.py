# badinput: torch.nn.Transformer(d_model=8, nhead=2)(torch.ones(3, 1, 8), torch.ones(2, 1, 9)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.Transformer(d_model=8, nhead=2)(torch.ones(3, 1, 8), torch.ones(2, 1, 9))
