# badinput: torch.take with a float index
# expect-exit: 1
# expect-stderr: RuntimeError: take(): Expected a long tensor for index, but got Float
import torch
torch.take(torch.ones(3), torch.tensor([0.0]))
