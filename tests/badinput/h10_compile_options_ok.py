# badinput: compile options ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: torch.Size([1, 2])
import torch
import torch.nn as nn
f = torch.compile(nn.Linear(2, 2), options={"max-autotune": True, "triton.cudagraphs": False})
print(f(torch.ones(1, 2)).shape)
