# badinput: special.multigammaln with p=0
# expect-exit: 1
# expect-stderr: RuntimeError: p has to be greater than or equal to 1
import torch
print(torch.special.multigammaln(torch.tensor([2.0]), 0))
