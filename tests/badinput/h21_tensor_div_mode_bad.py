# badinput: div with an unknown rounding_mode
# expect-exit: 1
# expect-stderr: ValueError: div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'round'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.div(torch.ones(2), 2, rounding_mode='round')
