# badinput: torch.complex of float32 and float64 parts
# expect-exit: 1
# expect-stderr: RuntimeError: Expected object of scalar type Float but got scalar type Double for second argument
import torch
torch.complex(torch.ones(2), torch.ones(2, dtype=torch.float64))
