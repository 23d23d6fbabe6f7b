# badinput: conv bad padding str
# expect-exit: 1
# expect-stderr: ValueError: Invalid padding string 'foo', should be one of {'valid', 'same'}
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 8, 3, padding="foo")
