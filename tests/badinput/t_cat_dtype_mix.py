# badinput: t cat dtype mix (issue 31 sweep)
# expect-exit: 0
# expect-stdout: torch.float32
import torch
print(torch.cat([torch.ones(2), torch.ones(2, dtype=torch.int64)]).dtype)
