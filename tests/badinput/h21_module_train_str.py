# badinput: model.train('no')
# expect-exit: 1
# expect-stderr: ValueError: training mode is expected to be boolean
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(2,2).train('no')
