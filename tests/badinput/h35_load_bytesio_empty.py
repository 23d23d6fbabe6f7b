# badinput: torch.load of an empty buffer
# expect-exit: 1
# expect-stderr: EOFError
import torch, io
torch.load(io.BytesIO(b""))
