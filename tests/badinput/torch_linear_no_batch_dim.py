# badinput: nn.Linear on a 0-dim tensor
# expect-exit: 1
# expect-stderr: RuntimeError
import torch
torch.nn.Linear(1, 1)(torch.tensor(1.0))
