# torch.utils.tensorboard: SummaryWriter (torch.utils.tensorboard.writer), imported by most training
# scripts to log losses. Kiln writes no TensorBoard event files (there is no TensorBoard to read them
# here): the writer makes its log directory as PyTorch's does and keeps what it is given in memory.
from torch.utils.tensorboard.writer import SummaryWriter

__all__ = ["SummaryWriter"]
