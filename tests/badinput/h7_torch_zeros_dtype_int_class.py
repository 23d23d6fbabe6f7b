# badinput: dtype=int is torch.int64
# expect-exit: 0
# expect-stdout: torch.int64 torch.float64 torch.bool
import torch
print(torch.zeros(2, dtype=int).dtype, torch.zeros(2, dtype=float).dtype, torch.zeros(2, dtype=bool).dtype)
