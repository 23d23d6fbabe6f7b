# badinput: torch.compile with backend=42
# expect-exit: 1
# expect-stderr: Error
import torch
torch.compile(lambda x: x + 1, backend=42)(torch.ones(2))
