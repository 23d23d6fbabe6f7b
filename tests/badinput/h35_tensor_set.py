# badinput: torch API misuse: tensor set
# expect-exit: 1
# expect-stderr: RuntimeError: Could not infer dtype of set
import torch
torch.tensor({1, 2})
