# Real-program corpus (tests/realworld, see README.md): the PyTorch recipes about defining a network and
# moving its state around: an MNIST-shaped Net with Conv2d/Dropout2d/max_pool2d/flatten(start_dim=1)/
# log_softmax run on one random image (printing its repr and the log-probabilities), the CIFAR LeNet's
# state_dict keys with their sizes and SGD's state_dict (param_groups with every default), a general
# checkpoint dict (epoch, model and optimizer state_dicts, loss) through torch.save/torch.load into a
# fresh model and optimizer, eval()/train(), and warm-starting a second network class with
# load_state_dict(strict=False) and its _IncompatibleKeys report, plus the strict error text: the
# workflow of pytorch/tutorials recipes_source/recipes/defining_a_neural_network.py,
# what_is_state_dict.py, saving_and_loading_a_general_checkpoint.py and
# warmstarting_model_using_parameters_from_a_different_model.py @
# 0a7e68666de5faceafa90276ad2b7874cd32c5e0. Changes: a seed, a temporary directory for the files, one
# SGD step before saving so the optimizer has momentum state, and the strict=False cases with missing
# and unexpected keys added. Written for Kiln, not copied.
import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

torch.manual_seed(0)
os.chdir(tempfile.mkdtemp())


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 32, 3, 1)
        self.conv2 = nn.Conv2d(32, 64, 3, 1)
        self.dropout1 = nn.Dropout2d(0.25)
        self.dropout2 = nn.Dropout2d(0.5)
        self.fc1 = nn.Linear(9216, 128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = x.flatten(start_dim=1)
        x = F.relu(self.fc1(x))
        x = self.dropout2(x)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


mnist_net = Net()
print(mnist_net)
random_data = torch.rand((1, 1, 28, 28))
mnist_net.eval()
print(mnist_net(random_data))


class CifarNet(nn.Module):
    def __init__(self):
        super(CifarNet, self).__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.flatten(start_dim=1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


net = CifarNet()
print(net)
optimizer = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)
print("Model's state_dict:")
for param_tensor in net.state_dict():
    print(param_tensor, "\t", net.state_dict()[param_tensor].size())
print()
print("Optimizer's state_dict:")
for var_name in optimizer.state_dict():
    print(var_name, "\t", optimizer.state_dict()[var_name])

# one step, so that the checkpoint carries momentum buffers
images = torch.rand(4, 3, 32, 32)
labels = torch.tensor([1, 0, 3, 9])
loss = F.cross_entropy(net(images), labels)
loss.backward()
optimizer.step()
print(f"loss before saving: {loss.item():.4f}")

EPOCH = 5
PATH = "model.pt"
LOSS = 0.4
torch.save({
    'epoch': EPOCH,
    'model_state_dict': net.state_dict(),
    'optimizer_state_dict': optimizer.state_dict(),
    'loss': LOSS,
}, PATH)

model = CifarNet()
optimizer = optim.SGD(model.parameters(), lr=0.001, momentum=0.9)
checkpoint = torch.load(PATH)
print(model.load_state_dict(checkpoint['model_state_dict']))
optimizer.load_state_dict(checkpoint['optimizer_state_dict'])
epoch = checkpoint['epoch']
loss = checkpoint['loss']
state = optimizer.state_dict()['state']
print(epoch, loss, sorted(state.keys()), state[0]['momentum_buffer'].shape)
print(torch.equal(model.fc3.weight, net.fc3.weight))
model.eval()
print(model.training, model.conv1.training)
model.train()
print(model.training, model.conv1.training)
with torch.no_grad():
    print(torch.allclose(model(images), net(images)))


class NetB(CifarNet):
    pass


netB = NetB()
torch.save(net.state_dict(), PATH)
print(netB.load_state_dict(torch.load(PATH), strict=False))
partial = {k: v for k, v in net.state_dict().items() if not k.startswith("fc3")}
partial["fc4.weight"] = torch.zeros(2, 2)
print(netB.load_state_dict(partial, strict=False))
try:
    netB.load_state_dict(partial)
except RuntimeError as e:
    print(e)
