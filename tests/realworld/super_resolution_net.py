# Real-program corpus (tests/realworld, see README.md): a sub-pixel convolution super-resolution
# network (convolutions, PixelShuffle, orthogonal_ init with calculate_gain('relu')), MSE training
# with Adam, PSNR from math.log10: the workflow of pytorch/examples super_resolution (model.py,
# main.py) @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied; random images.
from math import log10

import torch
import torch.nn as nn
import torch.nn.init as init
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self, upscale_factor):
        super(Net, self).__init__()
        self.relu = nn.ReLU()
        self.conv1 = nn.Conv2d(1, 16, (5, 5), (1, 1), (2, 2))
        self.conv2 = nn.Conv2d(16, 16, (3, 3), (1, 1), (1, 1))
        self.conv3 = nn.Conv2d(16, 8, (3, 3), (1, 1), (1, 1))
        self.conv4 = nn.Conv2d(8, upscale_factor ** 2, (3, 3), (1, 1), (1, 1))
        self.pixel_shuffle = nn.PixelShuffle(upscale_factor)
        self._initialize_weights()

    def forward(self, x):
        x = self.relu(self.conv1(x))
        x = self.relu(self.conv2(x))
        x = self.relu(self.conv3(x))
        return self.pixel_shuffle(self.conv4(x))

    def _initialize_weights(self):
        init.orthogonal_(self.conv1.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv2.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv3.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv4.weight)


torch.manual_seed(123)
print(init.calculate_gain('relu'), init.calculate_gain('leaky_relu', 0.2), init.calculate_gain('tanh'))
model = Net(upscale_factor=3)
w = model.conv2.weight.view(16, -1)
print(f"{(w @ w.t() / 2.0 - torch.eye(16)).abs().max().item() < 1e-4}")
train_set = TensorDataset(torch.rand(8, 1, 6, 6), torch.rand(8, 1, 18, 18))
test_set = TensorDataset(torch.rand(4, 1, 6, 6), torch.rand(4, 1, 18, 18))
training_data_loader = DataLoader(dataset=train_set, batch_size=4, shuffle=True)
testing_data_loader = DataLoader(dataset=test_set, batch_size=4, shuffle=False)
criterion = nn.MSELoss()
optimizer = optim.Adam(model.parameters(), lr=0.01)
for epoch in range(1, 3):
    epoch_loss = 0
    for iteration, batch in enumerate(training_data_loader, 1):
        input, target = batch[0], batch[1]
        optimizer.zero_grad()
        loss = criterion(model(input), target)
        epoch_loss += loss.item()
        loss.backward()
        optimizer.step()
        print("===> Epoch[{}]({}/{}): Loss: {:.4f}".format(epoch, iteration, len(training_data_loader), loss.item()))
    print("===> Epoch {} Complete: Avg. Loss: {:.4f}".format(epoch, epoch_loss / len(training_data_loader)))
    avg_psnr = 0
    with torch.no_grad():
        for batch in testing_data_loader:
            prediction = model(batch[0])
            mse = criterion(prediction, batch[1])
            avg_psnr += 10 * log10(1 / mse.item())
    print("===> Avg. PSNR: {:.4f} dB".format(avg_psnr / len(testing_data_loader)))
