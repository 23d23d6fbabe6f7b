# badinput: PyTorch misuse: load none path
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'tell'. You can only torch.load from a file that is seekable. Please
import torch
torch.load(None)
