# badinput: linalg.cross of length-4 vectors
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.cross: inputs dimension -1 must have length 3. Got 4 and 4
import torch
torch.linalg.cross(torch.ones(4), torch.ones(4))
