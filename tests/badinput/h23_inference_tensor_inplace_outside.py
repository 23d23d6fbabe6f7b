# badinput: in-place on an inference tensor outside inference_mode
# expect-exit: 1
# expect-stderr: RuntimeError: Inplace update to inference tensor outside InferenceMode is not allowed.
import torch
import torch.nn as nn
import torch.nn.functional as F
with torch.inference_mode():
    y=torch.ones(2)
y.add_(1)
