# badinput: batch_norm in eval without running stats
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
F.batch_norm(torch.zeros(2,3), None, None, training=False)
