# badinput: torch.jit.load of a missing file
# expect-exit: 1
# expect-stderr: ValueError: The provided filename no_such_model_kiln.pt does not exist
import torch
torch.jit.load('no_such_model_kiln.pt')
