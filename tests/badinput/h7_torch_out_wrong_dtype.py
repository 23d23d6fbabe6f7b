# badinput: out= of an integer dtype for a float result
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
torch.add(torch.ones(2), torch.ones(2), out=torch.empty(2, dtype=torch.long))
