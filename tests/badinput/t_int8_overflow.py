# badinput: t int8 overflow (issue 31 sweep)
# expect-exit: 0
# expect-stdout: tensor([-128], dtype=torch.int8)
import torch
print(torch.tensor([127], dtype=torch.int8) + 1)
