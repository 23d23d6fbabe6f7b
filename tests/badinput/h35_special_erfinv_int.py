# badinput: special.erfinv of integers 1 and 2 (inf and nan, no error)
# expect-exit: 0
# expect-stdout: tensor([inf, nan])
import torch
print(torch.special.erfinv(torch.tensor([1, 2])))
