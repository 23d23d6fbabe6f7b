# badinput: torch API misuse: stack empty
# expect-exit: 1
# expect-stderr: RuntimeError: stack expects a non-empty TensorList
import torch
torch.stack([])
