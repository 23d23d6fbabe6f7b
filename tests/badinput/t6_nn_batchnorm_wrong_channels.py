# badinput: nn batchnorm wrong channels (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: running_mean should contain 3 elements not 4
import torch
import torch.nn as nn
nn.BatchNorm1d(4)(torch.ones(2, 3))
