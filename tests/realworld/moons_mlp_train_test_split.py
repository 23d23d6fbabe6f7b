# Real-program corpus (tests/realworld, see README.md): a binary classifier on scikit-learn's moons in
# the style of shirishbahirat/pytorch lb.py @ 020298ee (the "simple neural network classifier" tutorial
# shape): np.random.seed(0) then make_moons(500, noise=0.2) drawing from NumPy's global RandomState,
# train_test_split(test_size=0.25, random_state=73), an nn.Sequential of Linear / ELU / Linear /
# Sigmoid printed, BCELoss with Adam(lr=0.01) for 1000 full-batch iterations, the training accuracy
# from np.where(y_hat < 0.5, 0, 1) compared with the labels each iteration, and matplotlib figures of
# the data and the curves. Written for Kiln, not copied. Adaptations: the Agg backend and no
# plt.show(); the loss and accuracy printed every 100 iterations, and the test accuracy with
# sklearn.metrics.accuracy_score at the end (the origin only plots).
import numpy as np
from sklearn.datasets import make_moons
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch
import torch.nn as nn

np.random.seed(0)
torch.manual_seed(0)
X, Y = make_moons(500, noise=0.2)

# Split into test and training data
X_train, X_test, Y_train, Y_test = train_test_split(X, Y, test_size=0.25, random_state=73)
print(X_train.shape, X_test.shape, Y_train[:10], np.round(X_train[:2], 4))

plt.figure(figsize=(8, 6))
plt.scatter(X_train[:, 0], X_train[:, 1], c=Y_train)
plt.title('Moon Data')

# Define network dimensions
n_input_dim = X_train.shape[1]
# Layer size
n_hidden = 4  # Number of hidden nodes
n_output = 1  # Number of output nodes = for binary classifier

# Build your network
net = nn.Sequential(
    nn.Linear(n_input_dim, n_hidden),
    nn.ELU(),
    nn.Linear(n_hidden, n_output),
    nn.Sigmoid())

print(net)

loss_func = nn.BCELoss()
learning_rate = 0.01
optimizer = torch.optim.Adam(net.parameters(), lr=learning_rate)

train_loss = []
train_accuracy = []
iters = 1000
Y_train_t = torch.FloatTensor(Y_train).reshape(-1, 1)
for i in range(iters):
    X_train_t = torch.FloatTensor(X_train)
    y_hat = net(X_train_t)
    loss = loss_func(y_hat, Y_train_t)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    y_hat_class = np.where(y_hat.detach().numpy() < 0.5, 0, 1)
    accuracy = np.sum(Y_train.reshape(-1, 1) == y_hat_class) / len(Y_train)
    train_accuracy.append(accuracy)
    train_loss.append(loss.item())
    if (i + 1) % 100 == 0:
        print(f"iter {i + 1}: loss {loss.item():.4f} accuracy {accuracy:.4f}")

fig, ax = plt.subplots(2, 1, figsize=(12, 8))
ax[0].plot(train_loss)
ax[0].set_ylabel('Loss')
ax[0].set_title('Training Loss')

ax[1].plot(train_accuracy)
ax[1].set_ylabel('Classification Accuracy')
ax[1].set_title('Training Accuracy')

plt.tight_layout()

with torch.no_grad():
    test_pred = np.where(net(torch.FloatTensor(X_test)).numpy() < 0.5, 0, 1).ravel()
print(f"test accuracy: {accuracy_score(Y_test, test_pred):.4f}")
