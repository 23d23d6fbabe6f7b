# badinput: cat of float and int64 promotes
# expect-exit: 0
# expect-stdout: torch.float32
import torch
print(torch.cat([torch.ones(1), torch.ones(1, dtype=torch.int64)]).dtype)
