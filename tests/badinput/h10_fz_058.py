# badinput: torch.linalg.matrix_power(torch.ones(2, 2), -1) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: torch._C._LinAlgError:
import torch
import torch.nn.functional as F
torch.linalg.matrix_power(torch.ones(2, 2), -1)
