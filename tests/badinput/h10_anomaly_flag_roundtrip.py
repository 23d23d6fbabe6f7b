# badinput: anomaly flag roundtrip (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: False
import torch
import torch.nn as nn
print(torch.is_anomaly_enabled())
with torch.autograd.set_detect_anomaly(True):
    print(torch.is_anomaly_enabled())
print(torch.is_anomaly_enabled())
