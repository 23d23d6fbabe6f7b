# badinput: linalg.qr with an unknown mode
# expect-exit: 1
# expect-stderr: RuntimeError: qr received unrecognized mode 'bogus' but expected one of 'reduced' (default), 'r', or 'complete'
import torch
torch.linalg.qr(torch.eye(3), mode="bogus")
