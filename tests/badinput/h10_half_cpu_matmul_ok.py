# badinput: half cpu matmul ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: torch.float16
import torch
import torch.nn as nn
import torch.nn.functional as F
print((torch.ones(2, 2, dtype=torch.float16) @ torch.ones(2, 2, dtype=torch.float16)).dtype)
