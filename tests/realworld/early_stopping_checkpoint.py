# Real-program corpus (tests/realworld, see README.md): early stopping on a validation loss as in
# Bjarten/early-stopping-pytorch early_stopping_pytorch/early_stopping.py @
# fbd87a6135820700e27cda3448d5d54dc6fd3b0c (and its MNIST_Early_Stopping_example notebook's loop):
# patience counter, delta, a NaN validation loss skipped through np.isnan, the best model saved with
# torch.save(model.state_dict(), path) and reloaded after the loop, trace_func=print messages with
# f-string float formats starting from np.inf. Written for Kiln, not copied. Changes: random
# regression data instead of MNIST, a small MLP, the checkpoint in a temporary directory.
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn


class EarlyStopping:
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
            self.trace_func(f'Validation loss decreased ({self.val_loss_min:.6f} --> {val_loss:.6f}).  Saving model ...')
        torch.save(model.state_dict(), self.path)
        self.val_loss_min = val_loss


def train_model(model, train, valid, optimizer, criterion, patience, n_epochs, path):
    train_losses, valid_losses, avg_train_losses, avg_valid_losses = [], [], [], []
    early_stopping = EarlyStopping(patience=patience, verbose=False, delta=1e-3, path=path)
    for epoch in range(1, n_epochs + 1):
        model.train()
        for data, target in train:
            optimizer.zero_grad()
            output = model(data)
            loss = criterion(output, target)
            loss.backward()
            optimizer.step()
            train_losses.append(loss.item())
        model.eval()
        with torch.no_grad():
            for data, target in valid:
                output = model(data)
                loss = criterion(output, target)
                valid_losses.append(loss.item())
        train_loss = np.average(train_losses)
        valid_loss = np.average(valid_losses)
        if epoch == 3:
            valid_loss = float('nan')  # a diverged validation pass, skipped by the stopper
        avg_train_losses.append(train_loss)
        avg_valid_losses.append(valid_loss)
        epoch_len = len(str(n_epochs))
        print(f'[{epoch:>{epoch_len}}/{n_epochs:>{epoch_len}}] train_loss: {train_loss:.4f} valid_loss: {valid_loss:.4f}')
        train_losses = []
        valid_losses = []
        early_stopping(valid_loss, model)
        if early_stopping.early_stop:
            print("Early stopping")
            break
    model.load_state_dict(torch.load(path, weights_only=True))
    return model, avg_train_losses, avg_valid_losses, early_stopping


torch.manual_seed(0)
x = torch.randn(96, 4)
w = torch.tensor([[1.5], [-2.0], [0.5], [0.0]])
y = x @ w + 0.3 * torch.randn(96, 1)
train = [(x[i:i + 16], y[i:i + 16]) for i in range(0, 64, 16)]
valid = [(x[64:80], y[64:80]), (x[80:96], y[80:96])]
model = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'checkpoint.pt')
    model, train_hist, valid_hist, stopper = train_model(model, train, valid, optimizer, nn.MSELoss(), patience=3,
                                                         n_epochs=40, path=path)
    print(os.path.exists(path), sorted(os.listdir(d)))
print(len(train_hist), stopper.counter, stopper.early_stop, f'{stopper.best_val_loss:.4f}', f'{stopper.val_loss_min:.4f}')
minposs = valid_hist.index(min(v for v in valid_hist if not np.isnan(v))) + 1
print('best epoch', minposs)
with torch.no_grad():
    final = nn.functional.mse_loss(model(x[64:]), y[64:]).item()
print(f'reloaded best model valid loss: {final:.4f}')
print(np.isnan(float('nan')), f'{np.inf:.6f}', f'{-np.inf:.2f}')

# the stopper on its own, verbose, over a fixed validation curve (its messages at 6 decimals)
with tempfile.TemporaryDirectory() as d:
    es = EarlyStopping(patience=2, verbose=True, delta=0.01, path=os.path.join(d, 'es.pt'))
    tiny = nn.Linear(2, 1)
    for v in [0.9, 0.75, float('nan'), 0.745, 0.5, 0.51, 0.499]:
        es(v, tiny)
        if es.early_stop:
            print('stopped with best', es.best_val_loss)
            break
