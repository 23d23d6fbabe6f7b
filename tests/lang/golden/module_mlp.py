import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    """A two-layer perceptron."""

    hidden: int = 32

    def __init__(self, d_in: int, d_out: int, *, dropout=0.1):
        super().__init__()
        self.fc1 = nn.Linear(d_in, self.hidden)
        self.fc2 = nn.Linear(self.hidden, d_out)
        self.p = dropout

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = F.relu(self.fc1(x))
        return self.fc2(h)


model = MLP(4, 2)
print(model)
