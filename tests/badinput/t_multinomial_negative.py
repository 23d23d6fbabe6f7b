# badinput: t multinomial negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: probability tensor contains either `inf`, `nan` or element < 0
import torch
torch.multinomial(torch.tensor([1.0, -1.0]), 1)
