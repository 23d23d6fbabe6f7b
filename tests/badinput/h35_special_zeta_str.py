# badinput: special.zeta with a str as other
# expect-exit: 1
# expect-stderr: must be Tensor, not str
import torch
torch.special.zeta(torch.tensor([2.0]), "a")
