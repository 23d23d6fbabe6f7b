# badinput: torch API misuse: tensor dict
# expect-exit: 1
# expect-stderr: RuntimeError: Could not infer dtype of dict
import torch
torch.tensor({"a": 1})
