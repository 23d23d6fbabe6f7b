# badinput: torch.full with a str fill value
# expect-exit: 1
# expect-stderr: TypeError: full(): argument 'fill_value' (position 2) must be Number, not str
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.full((2,), "a"))
