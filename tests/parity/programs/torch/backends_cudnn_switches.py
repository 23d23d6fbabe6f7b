# torch.backends.cudnn's enabled / benchmark / deterministic switches (the GPU convolutions read them
# where the machine has cuDNN): set, read back, restored by flags(); is_acceptable is False for CPU
# tensors; a CPU convolution does not depend on them; torch.use_deterministic_algorithms round-trips.
import torch
import torch.nn.functional as F
import torch.backends.cudnn as cudnn

print(cudnn.enabled, cudnn.benchmark, cudnn.deterministic)
with cudnn.flags(enabled=False, benchmark=True, deterministic=True):
    print(cudnn.enabled, cudnn.benchmark, cudnn.deterministic)
print(cudnn.enabled, cudnn.benchmark, cudnn.deterministic)
print(cudnn.is_acceptable(torch.zeros(2)))
torch.manual_seed(0)
x = torch.randn(2, 3, 8, 8)
w = torch.randn(4, 3, 3, 3)
y1 = F.conv2d(x, w, padding=1)
cudnn.enabled = False
cudnn.deterministic = True
y2 = F.conv2d(x, w, padding=1)
print(torch.equal(y1, y2), tuple(y2.shape))
cudnn.enabled = True
print(cudnn.enabled, cudnn.deterministic)
torch.use_deterministic_algorithms(True)
print(torch.are_deterministic_algorithms_enabled())
torch.use_deterministic_algorithms(False)
print(torch.are_deterministic_algorithms_enabled())
print(type(cudnn.version()).__name__ in ("int", "NoneType"))
