# Real-program corpus (tests/realworld, see README.md): a spatial transformer network: a localization
# net (Conv2d/MaxPool2d/ReLU in nn.Sequential) regresses a 2x3 affine matrix initialized to the
# identity (weight zeroed, bias copied from a tensor), F.affine_grid + F.grid_sample warp the input,
# then a small classifier with dropout; trained with SGD and nll_loss: the workflow of
# pytorch/tutorials intermediate_source/spatial_transformer_tutorial.py @
# c53e7d4efc0e39e455c531d21ec7db28ba220214. Written for Kiln, not copied; random 16x16 images.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 6, kernel_size=3)
        self.conv2 = nn.Conv2d(6, 8, kernel_size=3)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(8 * 2 * 2, 16)
        self.fc2 = nn.Linear(16, 10)
        self.localization = nn.Sequential(
            nn.Conv2d(1, 4, kernel_size=5),
            nn.MaxPool2d(2, stride=2),
            nn.ReLU(True),
            nn.Conv2d(4, 6, kernel_size=3),
            nn.MaxPool2d(2, stride=2),
            nn.ReLU(True)
        )
        self.fc_loc = nn.Sequential(
            nn.Linear(6 * 2 * 2, 8),
            nn.ReLU(True),
            nn.Linear(8, 3 * 2)
        )
        self.fc_loc[2].weight.data.zero_()
        self.fc_loc[2].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))

    def stn(self, x):
        xs = self.localization(x)
        xs = xs.view(-1, 6 * 2 * 2)
        theta = self.fc_loc(xs)
        theta = theta.view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return F.grid_sample(x, grid, align_corners=False)

    def forward(self, x):
        x = self.stn(x)
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
        x = x.view(-1, 8 * 2 * 2)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


torch.manual_seed(0)
model = Net()
x = torch.rand(8, 1, 16, 16)
with torch.no_grad():
    print(torch.allclose(model.stn(x), x, atol=1e-5))
theta = torch.tensor([[[0.0, -1.0, 0.0], [1.0, 0.0, 0.0]]])
grid = F.affine_grid(theta, (1, 1, 3, 3), align_corners=False)
print(grid.shape)
print(F.grid_sample(torch.arange(9.).view(1, 1, 3, 3), grid, align_corners=False))
target = torch.randint(0, 10, (8,))
optimizer = optim.SGD(model.parameters(), lr=0.05)
for epoch in range(1, 4):
    model.train()
    optimizer.zero_grad()
    loss = F.nll_loss(model(x), target)
    loss.backward()
    optimizer.step()
    print(f"Train Epoch: {epoch} Loss: {loss.item():.4f}")
model.eval()
with torch.no_grad():
    out = model(x)
    print(out.shape, f"{F.nll_loss(out, target, reduction='sum').item() / 8:.4f}")
    print(model.fc_loc[2].bias.abs().sum().item() > 0)
