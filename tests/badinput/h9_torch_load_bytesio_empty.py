# badinput: torch.load of an empty BytesIO
# expect-exit: 1
# expect-stderr: Error
import torch, io
torch.load(io.BytesIO(b''))
