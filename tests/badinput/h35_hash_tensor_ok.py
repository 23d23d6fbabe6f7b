# badinput: a tensor as a dict key (identity hash)
# expect-exit: 0
# expect-stdout: 1
import torch
d = {torch.ones(1): 1}
print(len(d))
