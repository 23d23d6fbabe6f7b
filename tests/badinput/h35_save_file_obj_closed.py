# badinput: torch.save to a closed BytesIO
# expect-exit: 1
# expect-stderr: ValueError: I/O operation on closed file.
import torch, io
b = io.BytesIO()
b.close()
torch.save(torch.ones(1), b)
