# badinput: margin_ranking_loss of different sizes
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
F.margin_ranking_loss(torch.zeros(2), torch.zeros(3), torch.ones(2))
