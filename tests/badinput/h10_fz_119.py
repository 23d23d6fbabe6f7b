# badinput: torch.nn.init.trunc_normal_(torch.ones(3), a=2, b=-2) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.init.trunc_normal_(torch.ones(3), a=2, b=-2)
