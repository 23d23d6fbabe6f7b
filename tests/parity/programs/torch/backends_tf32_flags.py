# torch.backends.cudnn.allow_tf32 (a property of the object standing in sys.modules, True by default)
# and torch.backends.cuda.matmul.allow_tf32 (the float32 matmul precision seen as a flag): set, read
# back, restored by cudnn.flags(); the other cudnn flags are kept as set.
import torch
import torch.backends.cudnn as cudnn
print(torch.backends.cudnn.allow_tf32, cudnn.benchmark)
torch.backends.cudnn.allow_tf32 = False
cudnn.benchmark = True
print(cudnn.allow_tf32, torch.backends.cudnn.benchmark)
with torch.backends.cudnn.flags(enabled=True, allow_tf32=True):
    print(cudnn.allow_tf32)
print(cudnn.allow_tf32, cudnn.deterministic)
torch.backends.cuda.matmul.allow_tf32 = True
print(torch.get_float32_matmul_precision(), torch.backends.cuda.matmul.allow_tf32)
torch.set_float32_matmul_precision("highest")
print(torch.backends.cuda.matmul.allow_tf32)
from torch.backends import cudnn as c2
print(c2 is cudnn)
