# badinput: nll_loss with float targets
# expect-exit: 1
# expect-stderr: RuntimeError: expected scalar type Long but found Float
import torch
import torch.nn.functional as F
y = F.nll_loss(torch.randn(3, 5), torch.tensor([1., 2., 3.]))
