# badinput: movedim with a repeated destination
# expect-exit: 1
# expect-stderr: RuntimeError: movedim: repeated dim in `destination` ([1, 1])
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(2,3).movedim((0,1),(1,1)))
