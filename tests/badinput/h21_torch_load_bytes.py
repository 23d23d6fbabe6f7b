# badinput: torch.load of a bytes object
# expect-exit: 1
# expect-stderr: AttributeError: 'bytes' object has no attribute 'tell'. You can only torch.load from a file that is seekable. Please pre-load the data into a buffer like io.BytesIO and try to load from it instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.load(b'abc')
