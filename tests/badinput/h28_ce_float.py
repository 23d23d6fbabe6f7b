# badinput: cross_entropy with float class-index targets
# expect-exit: 1
# expect-stderr: RuntimeError: expected scalar type Long but found Float
import torch
import torch.nn.functional as F
y = F.cross_entropy(torch.randn(3, 5), torch.tensor([1., 2., 3.]))
