# Real-program corpus (tests/realworld, see README.md): the shape of Bjarten/early-stopping-pytorch
# (early_stopping_pytorch/early_stopping.py and MNIST_Early_Stopping_example.ipynb @ fbd87a61). It
# exercises the EarlyStopping class (np.inf start, np.isnan guard, delta, a trace_func that is `print`,
# checkpointing the state_dict with torch.save on every improvement, f-strings `{x:.6f}`), a validation
# split through SubsetRandomSampler over np.random.shuffle'd indices, torchvision FakeData with
# ToTensor in place of MNIST, an MLP with dropout, per-epoch np.average of batch losses with the
# nested-width f-string `{epoch:>{epoch_len}}`, reloading the best checkpoint with weights_only=True,
# a per-class test accuracy loop that indexes Python lists with 0-d tensors and takes
# np.squeeze(tensor) of a comparison, %-formatted `%2d%%` lines and np.sum over lists, and the loss
# plot's list.index(min(...)). Changes: FakeData instead of the MNIST download, small sizes, a few
# epochs, the checkpoint in a temporary directory, no figures saved. Written for Kiln, not copied.
import os
import tempfile

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision.transforms as transforms
from torch.utils.data.sampler import SubsetRandomSampler
from torchvision import datasets

torch.manual_seed(0)
np.random.seed(0)


# --- early_stopping_pytorch/early_stopping.py -----------------------------------------------------------
class EarlyStopping:
    """Early stops the training if validation loss doesn't improve after a given patience."""

    def __init__(self, patience=7, verbose=False, delta=0, path='checkpoint.pt', trace_func=print):
        self.patience = patience
        self.verbose = verbose
        self.counter = 0
        self.best_val_loss = None
        self.early_stop = False
        self.val_loss_min = np.inf
        self.delta = delta
        self.path = path
        self.trace_func = trace_func

    def __call__(self, val_loss, model):
        if np.isnan(val_loss):
            self.trace_func("Validation loss is NaN. Ignoring this epoch.")
            return
        if self.best_val_loss is None:
            self.best_val_loss = val_loss
            self.save_checkpoint(val_loss, model)
        elif val_loss < self.best_val_loss - self.delta:
            self.best_val_loss = val_loss
            self.save_checkpoint(val_loss, model)
            self.counter = 0
        else:
            self.counter += 1
            self.trace_func(f'EarlyStopping counter: {self.counter} out of {self.patience}')
            if self.counter >= self.patience:
                self.early_stop = True

    def save_checkpoint(self, val_loss, model):
        if self.verbose:
            self.trace_func(f'Validation loss decreased ({self.val_loss_min:.4f} --> {val_loss:.4f}).  Saving model ...')
        torch.save(model.state_dict(), self.path)
        self.val_loss_min = val_loss


# --- the notebook ----------------------------------------------------------------------------------------
def create_datasets(batch_size):
    valid_size = 0.2
    transform = transforms.ToTensor()
    train_data = datasets.FakeData(size=240, image_size=(1, 28, 28), num_classes=10, transform=transform)
    test_data = datasets.FakeData(size=64, image_size=(1, 28, 28), num_classes=10, transform=transform,
                                  random_offset=240)
    num_train = len(train_data)
    indices = list(range(num_train))
    np.random.shuffle(indices)
    split = int(np.floor(valid_size * num_train))
    train_idx, valid_idx = indices[split:], indices[:split]
    train_sampler = SubsetRandomSampler(train_idx)
    valid_sampler = SubsetRandomSampler(valid_idx)
    train_loader = torch.utils.data.DataLoader(train_data, batch_size=batch_size, sampler=train_sampler, num_workers=0)
    valid_loader = torch.utils.data.DataLoader(train_data, batch_size=batch_size, sampler=valid_sampler, num_workers=0)
    test_loader = torch.utils.data.DataLoader(test_data, batch_size=batch_size, num_workers=0)
    return train_loader, test_loader, valid_loader


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.fc1 = nn.Linear(28 * 28, 64)
        self.fc2 = nn.Linear(64, 64)
        self.fc3 = nn.Linear(64, 10)
        self.dropout = nn.Dropout(0.5)

    def forward(self, x):
        x = x.view(-1, 28 * 28)
        x = F.relu(self.fc1(x))
        x = self.dropout(x)
        x = F.relu(self.fc2(x))
        x = self.dropout(x)
        return self.fc3(x)


model = Net()
print(model)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
checkpoint = os.path.join(tempfile.mkdtemp(), 'checkpoint.pt')


def train_model(model, batch_size, patience, n_epochs):
    train_losses, valid_losses = [], []
    avg_train_losses, avg_valid_losses = [], []
    early_stopping = EarlyStopping(patience=patience, verbose=True, path=checkpoint)
    for epoch in range(1, n_epochs + 1):
        model.train()
        for batch, (data, target) in enumerate(train_loader, 1):
            optimizer.zero_grad()
            output = model(data)
            loss = criterion(output, target)
            loss.backward()
            optimizer.step()
            train_losses.append(loss.item())
        model.eval()
        for data, target in valid_loader:
            output = model(data)
            loss = criterion(output, target)
            valid_losses.append(loss.item())
        train_loss = np.average(train_losses)
        valid_loss = np.average(valid_losses)
        avg_train_losses.append(train_loss)
        avg_valid_losses.append(valid_loss)
        epoch_len = len(str(n_epochs))
        print_msg = (f'[{epoch:>{epoch_len}}/{n_epochs:>{epoch_len}}] ' +
                     f'train_loss: {train_loss:.4f} ' +
                     f'valid_loss: {valid_loss:.4f}')
        print(print_msg)
        train_losses, valid_losses = [], []
        early_stopping(valid_loss, model)
        if early_stopping.early_stop:
            print("Early stopping")
            break
    model.load_state_dict(torch.load(checkpoint, weights_only=True))
    return model, avg_train_losses, avg_valid_losses


batch_size = 32
n_epochs = 12
train_loader, test_loader, valid_loader = create_datasets(batch_size)
patience = 2
model, train_loss, valid_loss = train_model(model, batch_size, patience, n_epochs)

fig = plt.figure(figsize=(10, 8))
plt.plot(range(1, len(train_loss) + 1), train_loss, label='Training Loss')
plt.plot(range(1, len(valid_loss) + 1), valid_loss, label='Validation Loss')
minposs = valid_loss.index(min(valid_loss)) + 1
plt.axvline(minposs, linestyle='--', color='r', label='Early Stopping Checkpoint')
plt.legend()
plt.close(fig)
print('epochs run:', len(train_loss), 'best epoch:', minposs)

test_loss = 0.0
class_correct = list(0. for i in range(10))
class_total = list(0. for i in range(10))
model.eval()
for data, target in test_loader:
    if len(target.data) != batch_size:
        break
    output = model(data)
    loss = criterion(output, target)
    test_loss += loss.item() * data.size(0)
    _, pred = torch.max(output, 1)
    correct = np.squeeze(pred.eq(target.data.view_as(pred)))
    for i in range(batch_size):
        label = target.data[i]
        class_correct[label] += correct[i].item()
        class_total[label] += 1
test_loss = test_loss / len(test_loader.dataset)
print('Test Loss: {:.4f}\n'.format(test_loss))
for i in range(10):
    if class_total[i] > 0:
        print('Test Accuracy of %5s: %2d%% (%2d/%2d)' % (
            str(i), 100 * class_correct[i] / class_total[i], np.sum(class_correct[i]), np.sum(class_total[i])))
    else:
        print('Test Accuracy of %5s: N/A (no training examples)' % (str(i)))
print('\nTest Accuracy (Overall): %2d%% (%2d/%2d)' % (
    100. * np.sum(class_correct) / np.sum(class_total), np.sum(class_correct), np.sum(class_total)))
