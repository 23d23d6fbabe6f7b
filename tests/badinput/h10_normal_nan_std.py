# badinput: normal nan std
# expect-exit: 1
# expect-stderr: RuntimeError: normal expects std >= 0.0, but found std nan
import torch
torch.normal(0.0, float("nan"), (2,))
