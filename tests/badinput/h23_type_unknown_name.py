# badinput: x.type('torch.Foo')
# expect-exit: 1
# expect-stderr: ValueError: invalid type: 'torch.Foo'
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(2).type("torch.Foo"))
