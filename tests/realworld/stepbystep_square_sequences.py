# Real-program corpus (tests/realworld, see README.md): the "Deep Learning with PyTorch Step-by-Step"
# book's workflow for its square-corners sequence task: corner sequences drawn with NumPy (each
# sequence picks its corners with a list of NumPy integer scalars, basic_corners[[(b + i) % 4 ...]],
# which indexes rows), index_splitter's random_split of torch.arange(n) whose Subsets index the
# feature and label tensors directly (x_tensor[train_idx]), a WeightedRandomSampler with its own
# generator, a GRU classifier of the drawing direction, and the book's StepByStep trainer class:
# train/val step functions built by closures, _mini_batch over either loader, set_seed reseeding
# the sampler's generator, train(n_epochs), predict on NumPy input, count_parameters, and a loss
# plot on a 2x2 subplot grid addressed by column (axs[:, 0]).
# Origin: dvgodoy/PyTorchStepByStep stepbystep/v4.py (StepByStep), helpers.py (index_splitter,
# make_balanced_sampler), data_generation/square_sequences.py, Chapter08/Chapter10 notebooks
# @ d837dec7250dae20d247634c4aba63791bd89b2f.
# Written for Kiln, not copied. Changes: 200 sequences, hidden size 4, 4 epochs, losses at four
# decimals, no TensorBoard writer, no hooks, schedulers or checkpoints.
import random

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset, WeightedRandomSampler, random_split


def generate_sequences(n=128, variable_len=False, seed=13):
    basic_corners = np.array([[-1, -1], [-1, 1], [1, 1], [1, -1]])
    np.random.seed(seed)
    bases = np.random.randint(4, size=n)
    lengths = np.random.randint(3, size=n) + 2 if variable_len else [4] * n
    directions = np.random.randint(2, size=n)
    points = [basic_corners[[(b + i) % 4 for i in range(4)]][slice(None, None, d * 2 - 1)][:l]
              + np.random.randn(l, 2) * 0.1 for b, d, l in zip(bases, directions, lengths)]
    return points, directions


def index_splitter(n, splits, seed=13):
    idx = torch.arange(n)
    splits_tensor = torch.as_tensor(splits)
    total = splits_tensor.sum().float()
    if not total.isclose(torch.ones(1)[0]):
        splits_tensor = splits_tensor / total
    torch.manual_seed(seed)
    return random_split(idx, splits_tensor)


def make_balanced_sampler(y):
    classes, counts = y.unique(return_counts=True)
    weights = 1.0 / counts.float()
    sample_weights = weights[y.squeeze().long()]
    generator = torch.Generator()
    return WeightedRandomSampler(weights=sample_weights, num_samples=len(sample_weights),
                                 generator=generator, replacement=True)


class StepByStep(object):
    def __init__(self, model, loss_fn, optimizer):
        self.model = model
        self.loss_fn = loss_fn
        self.optimizer = optimizer
        self.device = 'cuda' if torch.cuda.is_available() else 'cpu'
        self.device = 'cpu'  # the reference runs on the CPU
        self.model.to(self.device)
        self.train_loader = None
        self.val_loader = None
        self.losses = []
        self.val_losses = []
        self.total_epochs = 0
        self.train_step_fn = self._make_train_step_fn()
        self.val_step_fn = self._make_val_step_fn()

    def set_loaders(self, train_loader, val_loader=None):
        self.train_loader = train_loader
        self.val_loader = val_loader

    def _make_train_step_fn(self):
        def perform_train_step_fn(x, y):
            self.model.train()
            yhat = self.model(x)
            loss = self.loss_fn(yhat, y)
            loss.backward()
            self.optimizer.step()
            self.optimizer.zero_grad()
            return loss.item()
        return perform_train_step_fn

    def _make_val_step_fn(self):
        def perform_val_step_fn(x, y):
            self.model.eval()
            yhat = self.model(x)
            loss = self.loss_fn(yhat, y)
            return loss.item()
        return perform_val_step_fn

    def _mini_batch(self, validation=False):
        data_loader, step_fn = ((self.val_loader, self.val_step_fn) if validation
                                else (self.train_loader, self.train_step_fn))
        if data_loader is None:
            return None
        mini_batch_losses = []
        for x_batch, y_batch in data_loader:
            mini_batch_losses.append(step_fn(x_batch.to(self.device), y_batch.to(self.device)))
        return np.mean(mini_batch_losses)

    def set_seed(self, seed=42):
        torch.backends.cudnn.deterministic = True
        torch.backends.cudnn.benchmark = False
        torch.manual_seed(seed)
        np.random.seed(seed)
        random.seed(seed)
        try:
            self.train_loader.sampler.generator.manual_seed(seed)
        except AttributeError:
            pass

    def train(self, n_epochs, seed=42):
        self.set_seed(seed)
        for epoch in range(n_epochs):
            self.total_epochs += 1
            loss = self._mini_batch(validation=False)
            self.losses.append(loss)
            with torch.no_grad():
                val_loss = self._mini_batch(validation=True)
                self.val_losses.append(val_loss)
            print(f"epoch {self.total_epochs}: loss {loss:.4f} val_loss {val_loss:.4f}")

    def predict(self, x):
        self.model.eval()
        x_tensor = torch.as_tensor(x).float()
        y_hat_tensor = self.model(x_tensor.to(self.device))
        self.model.train()
        return y_hat_tensor.detach().cpu().numpy()

    def count_parameters(self):
        return sum(p.numel() for p in self.model.parameters() if p.requires_grad)

    def plot_losses(self):
        fig, axs = plt.subplots(2, 2, figsize=(10, 4))
        for ax, values, label in zip(axs[:, 0], (self.losses, self.val_losses), ("Training", "Validation")):
            ax.plot(values, label=f"{label} Loss", c="b" if label == "Training" else "r")
            ax.set_yscale("log")
            ax.legend()
        for ax in axs.flat:
            ax.label_outer()
        fig.suptitle("Losses", y=1.05)
        return fig


class SquareModel(nn.Module):
    def __init__(self, n_features, hidden_dim, n_outputs):
        super(SquareModel, self).__init__()
        self.hidden_dim = hidden_dim
        self.basic_rnn = nn.GRU(n_features, hidden_dim, batch_first=True)
        self.classifier = nn.Linear(hidden_dim, n_outputs)

    def forward(self, X):
        batch_first_output, self.hidden = self.basic_rnn(X)
        last_output = batch_first_output[:, -1]
        out = self.classifier(last_output)
        return out.view(-1, 1)


points, directions = generate_sequences(n=200, seed=13)
print(len(points), points[0].shape, directions[:8].tolist(), np.round(points[0][0], 2).tolist())
x_tensor = torch.as_tensor(np.array(points)).float()
y_tensor = torch.as_tensor(directions).view(-1, 1).float()

train_idx, val_idx = index_splitter(len(x_tensor), [80, 20])
print(type(train_idx).__name__, len(train_idx), len(val_idx), [int(i) for i in train_idx.indices[:5]])
x_train_tensor, y_train_tensor = x_tensor[train_idx], y_tensor[train_idx]
x_val_tensor, y_val_tensor = x_tensor[val_idx], y_tensor[val_idx]
print(x_train_tensor.shape, y_train_tensor.shape, x_val_tensor.shape, int(y_train_tensor.sum()))

train_data = TensorDataset(x_train_tensor, y_train_tensor)
val_data = TensorDataset(x_val_tensor, y_val_tensor)
sampler = make_balanced_sampler(y_train_tensor)
train_loader = DataLoader(dataset=train_data, batch_size=16, sampler=sampler)
val_loader = DataLoader(dataset=val_data, batch_size=16)

torch.manual_seed(21)
model = SquareModel(n_features=2, hidden_dim=4, n_outputs=1)
loss = nn.BCEWithLogitsLoss()
optimizer = optim.Adam(model.parameters(), lr=0.01)

sbs_rnn = StepByStep(model, loss, optimizer)
sbs_rnn.set_loaders(train_loader, val_loader)
print("parameters:", sbs_rnn.count_parameters())
sbs_rnn.train(4)
fig = sbs_rnn.plot_losses()
print(len(fig.axes), fig.axes[0].get_yscale())

test_points, test_directions = generate_sequences(n=32, seed=19)
logits = sbs_rnn.predict(np.array(test_points))
accuracy = ((logits > 0).astype(int).ravel() == test_directions).mean()
print(logits.shape, type(logits).__name__, f"accuracy {accuracy:.4f}")
