# badinput: model.train('eval')
# expect-exit: 1
# expect-stderr: ValueError: training mode is expected to be boolean
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(1, 1).train('eval')
