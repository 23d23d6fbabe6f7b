# badinput: expand with -1 in a new leading dimension
# expect-exit: 1
# expect-stderr: RuntimeError: The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0
import torch
torch.ones(2).expand(-1, 2)
