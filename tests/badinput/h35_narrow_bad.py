# badinput: torch API misuse: narrow bad
# expect-exit: 1
# expect-stderr: RuntimeError: start (3) + length (5) exceeds dimension size (5).
import torch
torch.ones(5).narrow(0, 3, 5)
