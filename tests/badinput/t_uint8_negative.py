# badinput: t uint8 negative (issue 31 sweep)
# expect-exit: 0
# expect-stdout: tensor([255], dtype=torch.uint8)
import torch
print(torch.tensor([-1]).to(torch.uint8))
