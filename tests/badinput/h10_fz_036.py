# badinput: torch.ones(3).as_strided((3,), (-1,)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.ones(3).as_strided((3,), (-1,))
