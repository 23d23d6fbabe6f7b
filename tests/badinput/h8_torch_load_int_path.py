# badinput: PyTorch misuse: load int path
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'tell'. You can only torch.load from a file that is seekable. Please pre-l
import torch
torch.load(5)
