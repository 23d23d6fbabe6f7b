# badinput: torch.compile with an unknown keyword
# expect-exit: 1
# expect-stderr: TypeError: compile() got an unexpected keyword argument 'fulgraph'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.compile(lambda x: x, fulgraph=True)
