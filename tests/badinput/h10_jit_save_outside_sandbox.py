# badinput: jit save outside sandbox
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied: '/etc/h10_model.pt'
import torch
import torch.nn as nn
m = torch.jit.trace(nn.Linear(3, 4), torch.zeros(1, 3))
torch.jit.save(m, "/etc/h10_model.pt")
