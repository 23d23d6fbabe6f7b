# badinput: torch.save to a path outside the sandbox
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
import torch
torch.save(torch.ones(2), '/tmp/../nonexistent_kiln_dir/x.pt')
