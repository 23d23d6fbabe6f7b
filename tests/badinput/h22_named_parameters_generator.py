# badinput: named_parameters() and children() are generators
# expect-exit: 0
# expect-stdout: generator generator generator generator
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Sequential(nn.Linear(1, 1))
print(type(m.named_parameters()).__name__, type(m.children()).__name__, type(m.modules()).__name__, type(m.named_buffers()).__name__)
