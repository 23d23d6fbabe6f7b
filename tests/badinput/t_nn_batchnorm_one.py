# badinput: t nn batchnorm one (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Expected more than 1 value per channel when training, got input size torch.Size([1, 2])
import torch
m = torch.nn.BatchNorm1d(2)
m(torch.ones(1, 2))
