# badinput: torch API misuse: reshape two neg
# expect-exit: 1
# expect-stderr: RuntimeError: only one dimension can be inferred
import torch
torch.ones(6).reshape(-1, -1)
