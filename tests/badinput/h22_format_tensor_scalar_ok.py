# badinput: a format spec on a 0-d tensor
# expect-exit: 0
# expect-stdout: 0.12
import torch
import torch.nn as nn
import torch.nn.functional as F
print(f'{torch.tensor(0.123456):.2f}')
