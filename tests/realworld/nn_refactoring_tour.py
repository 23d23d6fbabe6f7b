# Real-program corpus (tests/realworld, see README.md): "what is torch.nn really?": a logistic
# regression written from scratch (log_softmax, nll with fancy indexing, accuracy), then refactored
# step by step to F.cross_entropy, nn.Module with nn.Parameter, nn.Linear, optim.SGD, TensorDataset
# slicing, DataLoader, a validation set, loss_batch/fit/get_data helpers with zip(*...), a CNN, a
# Lambda layer inside nn.Sequential, AdaptiveAvgPool2d and a generator-based WrappedDataLoader: the
# workflow of pytorch/tutorials beginner_source/nn_tutorial.py @
# 05e7ce2c19e72d482475d91d458db210cdacec38. Written for Kiln, not copied; random data.
import math

import torch
import torch.nn.functional as F
from torch import nn, optim
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
x_train, y_train = torch.rand(128, 64), torch.randint(0, 10, (128,))
x_valid, y_valid = torch.rand(64, 64), torch.randint(0, 10, (64,))
n, c = x_train.shape
print(x_train.shape, y_train.min(), y_train.max())

weights = torch.randn(64, 10) / math.sqrt(64)
weights.requires_grad_()
bias = torch.zeros(10, requires_grad=True)


def log_softmax(x):
    return x - x.exp().sum(-1).log().unsqueeze(-1)


def model(xb):
    return log_softmax(xb @ weights + bias)


def nll(input, target):
    return -input[range(target.shape[0]), target].mean()


def accuracy(out, yb):
    return (torch.argmax(out, dim=1) == yb).float().mean()


bs, lr, epochs = 32, 0.5, 2
loss_func = nll
xb, yb = x_train[0:bs], y_train[0:bs]
preds = model(xb)
print(preds[0].shape, f"{loss_func(preds, yb).item():.4f}", f"{accuracy(preds, yb).item():.4f}")
for epoch in range(epochs):
    for i in range((n - 1) // bs + 1):
        xb, yb = x_train[i * bs:i * bs + bs], y_train[i * bs:i * bs + bs]
        loss = loss_func(model(xb), yb)
        loss.backward()
        with torch.no_grad():
            weights -= weights.grad * lr
            bias -= bias.grad * lr
            weights.grad.zero_()
            bias.grad.zero_()
print(f"{loss_func(model(xb), yb).item():.4f}", f"{accuracy(model(xb), yb).item():.4f}")
loss_func = F.cross_entropy


def model(xb):
    return xb @ weights + bias


print(f"{loss_func(model(xb), yb).item():.4f}")


class Mnist_Logistic(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(64, 10)

    def forward(self, xb):
        return self.lin(xb)


def get_model():
    model = Mnist_Logistic()
    return model, optim.SGD(model.parameters(), lr=lr)


train_ds = TensorDataset(x_train, y_train)
model, opt = get_model()
for epoch in range(epochs):
    for i in range((n - 1) // bs + 1):
        xb, yb = train_ds[i * bs: i * bs + bs]
        loss = loss_func(model(xb), yb)
        loss.backward()
        opt.step()
        opt.zero_grad()
print(f"{loss_func(model(xb), yb).item():.4f}")

valid_ds = TensorDataset(x_valid, y_valid)


def loss_batch(model, loss_func, xb, yb, opt=None):
    loss = loss_func(model(xb), yb)
    if opt is not None:
        loss.backward()
        opt.step()
        opt.zero_grad()
    return loss.item(), len(xb)


def fit(epochs, model, loss_func, opt, train_dl, valid_dl):
    for epoch in range(epochs):
        model.train()
        for xb, yb in train_dl:
            loss_batch(model, loss_func, xb, yb, opt)
        model.eval()
        with torch.no_grad():
            losses, nums = zip(*[loss_batch(model, loss_func, xb, yb) for xb, yb in valid_dl])
        val_loss = sum(l * k for l, k in zip(losses, nums)) / sum(nums)
        print(epoch, f"{val_loss:.4f}")


def get_data(train_ds, valid_ds, bs):
    return DataLoader(train_ds, batch_size=bs, shuffle=True), DataLoader(valid_ds, batch_size=bs * 2)


train_dl, valid_dl = get_data(train_ds, valid_ds, bs)
model, opt = get_model()
fit(epochs, model, loss_func, opt, train_dl, valid_dl)


class Lambda(nn.Module):
    def __init__(self, func):
        super().__init__()
        self.func = func

    def forward(self, x):
        return self.func(x)


def preprocess(x):
    return x.view(-1, 1, 8, 8)


model = nn.Sequential(
    Lambda(preprocess),
    nn.Conv2d(1, 8, kernel_size=3, stride=2, padding=1),
    nn.ReLU(),
    nn.Conv2d(8, 10, kernel_size=3, stride=2, padding=1),
    nn.ReLU(),
    nn.AvgPool2d(2),
    Lambda(lambda x: x.view(x.size(0), -1)),
)
print(model)
opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
fit(epochs, model, loss_func, opt, train_dl, valid_dl)


class WrappedDataLoader:
    def __init__(self, dl, func):
        self.dl = dl
        self.func = func

    def __len__(self):
        return len(self.dl)

    def __iter__(self):
        batches = iter(self.dl)
        for b in batches:
            yield (self.func(*b))


train_dl, valid_dl = get_data(train_ds, valid_ds, bs)
train_dl = WrappedDataLoader(train_dl, lambda x, y: (x.view(-1, 1, 8, 8), y))
valid_dl = WrappedDataLoader(valid_dl, lambda x, y: (x.view(-1, 1, 8, 8), y))
model = nn.Sequential(
    nn.Conv2d(1, 8, kernel_size=3, stride=2, padding=1),
    nn.ReLU(),
    nn.Conv2d(8, 10, kernel_size=3, stride=2, padding=1),
    nn.ReLU(),
    nn.AdaptiveAvgPool2d(1),
    Lambda(lambda x: x.view(x.size(0), -1)),
)
opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
fit(epochs, model, loss_func, opt, train_dl, valid_dl)
print(len(train_dl), torch.cuda.is_available())
