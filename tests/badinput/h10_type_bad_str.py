# badinput: type bad str
# expect-exit: 1
# expect-stderr: ValueError: invalid type: 'foo'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).type("foo")
