# badinput: BCEWithLogitsLoss with integer targets
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
import torch.nn as nn
y = nn.BCEWithLogitsLoss()(torch.randn(3), torch.tensor([0, 1, 1]))
