# badinput: torch API misuse: normal neg std
# expect-exit: 1
# expect-stderr: RuntimeError: normal expects std >= 0.0, but found std -1
import torch
torch.normal(0.0, -1.0, (3,))
