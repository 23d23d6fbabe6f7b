# Real-program corpus (tests/realworld, see README.md): the 60-minute blitz's image classifier and its
# data-parallel chapter: a Compose(ToTensor, Normalize((0.5,)*3, (0.5,)*3)) pipeline over a CIFAR-10
# shaped dataset, DataLoaders with batch_size=4 and num_workers=2 (Kiln loads in-process, with a
# warning on stderr), iter/next over the loader, make_grid and the un-normalised numpy image for
# imshow, the label line built with f'{classes[labels[j]]:5s}', the LeNet-style Net with
# CrossEntropyLoss and SGD(momentum=0.9), the running-loss log every few mini-batches, the state_dict
# saved and loaded into a fresh Net, overall and per-class accuracy with dict comprehensions; then a
# RandomDataset/DataLoader pair and a Model that prints the sizes it sees, wrapped in nn.DataParallel
# (device_count() is 0 here, so it runs the module directly): the workflow of pytorch/tutorials
# beginner_source/blitz/cifar10_tutorial.py @ c53e7d4efc0e39e455c531d21ec7db28ba220214 and
# data_parallel_tutorial.py @ cc541c0ed7ae6569b782ee3ae18016c9fe9ded05. Changes: torchvision's FakeData
# (seeded, 48 training and 16 test images) instead of the CIFAR-10 download, 2 epochs with a log every
# 4 mini-batches, the model saved to a temporary folder, plt.show() not called; data_size 100 as there.
# Written for Kiln, not copied.
import os
import tempfile

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import torchvision
import torchvision.transforms as transforms
from torch.utils.data import DataLoader, Dataset

torch.manual_seed(0)
transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))])
batch_size = 4
trainset = torchvision.datasets.FakeData(size=48, image_size=(3, 32, 32), num_classes=10, transform=transform,
                                         random_offset=0)
trainloader = torch.utils.data.DataLoader(trainset, batch_size=batch_size, shuffle=True, num_workers=2)
testset = torchvision.datasets.FakeData(size=16, image_size=(3, 32, 32), num_classes=10, transform=transform,
                                        random_offset=1000)
testloader = torch.utils.data.DataLoader(testset, batch_size=batch_size, shuffle=False, num_workers=2)
classes = ('plane', 'car', 'bird', 'cat', 'deer', 'dog', 'frog', 'horse', 'ship', 'truck')


def imshow(img):
    img = img / 2 + 0.5  # undo Normalize
    npimg = img.numpy()
    plt.imshow(np.transpose(npimg, (1, 2, 0)))
    return npimg


images, labels = next(iter(trainloader))
shown = imshow(torchvision.utils.make_grid(images))
print(images.shape, shown.shape, f"{shown.min():.3f} {shown.max():.3f}")
print(' '.join(f'{classes[labels[j]]:5s}' for j in range(batch_size)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)  # all dimensions except the batch
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


net = Net()
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)
for epoch in range(2):
    running_loss = 0.0
    for i, data in enumerate(trainloader, 0):
        inputs, labels = data
        optimizer.zero_grad()
        loss = criterion(net(inputs), labels)
        loss.backward()
        optimizer.step()
        running_loss += loss.item()
        if i % 4 == 3:
            print(f'[{epoch + 1}, {i + 1:5d}] loss: {running_loss / 4:.3f}')
            running_loss = 0.0
print('Finished Training')

PATH = os.path.join(tempfile.mkdtemp(), 'cifar_net.pth')
torch.save(net.state_dict(), PATH)
images, labels = next(iter(testloader))
print('GroundTruth: ', ' '.join(f'{classes[labels[j]]:5s}' for j in range(4)))
net = Net()
print(net.load_state_dict(torch.load(PATH, weights_only=True)))
_, predicted = torch.max(net(images), 1)
print('Predicted: ', ' '.join(f'{classes[predicted[j]]:5s}' for j in range(4)))

correct = 0
total = 0
with torch.no_grad():
    for data in testloader:
        images, labels = data
        _, predicted = torch.max(net(images).data, 1)
        total += labels.size(0)
        correct += (predicted == labels).sum().item()
print(f'Accuracy of the network on the {total} test images: {100 * correct // total} %')

correct_pred = {classname: 0 for classname in classes}
total_pred = {classname: 0 for classname in classes}
with torch.no_grad():
    for data in testloader:
        images, labels = data
        _, predictions = torch.max(net(images), 1)
        for label, prediction in zip(labels, predictions):
            if label == prediction:
                correct_pred[classes[label]] += 1
            total_pred[classes[label]] += 1
for classname, correct_count in correct_pred.items():
    if total_pred[classname] == 0:
        continue
    accuracy = 100 * float(correct_count) / total_pred[classname]
    print(f'Accuracy for class: {classname:5s} is {accuracy:.1f} %')

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
print(device)

# ---- data parallelism -----------------------------------------------------------------------------
input_size = 5
output_size = 2
batch_size = 30
data_size = 100


class RandomDataset(Dataset):
    def __init__(self, size, length):
        self.len = length
        self.data = torch.randn(length, size)

    def __getitem__(self, index):
        return self.data[index]

    def __len__(self):
        return self.len


rand_loader = DataLoader(dataset=RandomDataset(input_size, data_size), batch_size=batch_size, shuffle=True)


class Model(nn.Module):
    def __init__(self, input_size, output_size):
        super(Model, self).__init__()
        self.fc = nn.Linear(input_size, output_size)

    def forward(self, input):
        output = self.fc(input)
        print("\tIn Model: input size", input.size(), "output size", output.size())
        return output


model = Model(input_size, output_size)
print("Let's use", torch.cuda.device_count(), "GPUs!")
model = nn.DataParallel(model)
model.to(device)
for data in rand_loader:
    input = data.to(device)
    output = model(input)
    print("Outside: input size", input.size(), "output_size", output.size())
print(model)
print(list(model.state_dict().keys()), type(model.module).__name__)
