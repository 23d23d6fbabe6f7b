# badinput: torch API misuse: tensor from generator
# expect-exit: 1
# expect-stderr: RuntimeError: Could not infer dtype of generator
import torch
torch.tensor(x for x in range(3))
