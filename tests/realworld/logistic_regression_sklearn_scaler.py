# Real-program corpus (tests/realworld, see README.md): logistic regression on tabular data in the
# style of patrickloeber/pytorchTutorial 08_logistic_regression.py @ 322eeb4a: scikit-learn prepares
# the data (sklearn.datasets, train_test_split(test_size=0.2, random_state=1234), StandardScaler
# fit_transform on the train split and transform on the test split), torch.from_numpy(...astype(
# np.float32)), a Model(nn.Module) with one nn.Linear and torch.sigmoid, BCELoss, SGD for 100 epochs
# with the loss every 10, then test accuracy under no_grad with round() / eq(). Written for Kiln, not
# copied. Adaptations: datasets.load_breast_cancer() (a data file Kiln does not ship) is replaced by
# datasets.make_blobs with the same shape (569 samples, 30 features, two overlapping classes);
# torch.manual_seed(0) before the model (the origin does not seed); the last lines print
# sklearn.metrics' confusion_matrix and classification_report of the test predictions.
import torch
import torch.nn as nn
import numpy as np
from sklearn import datasets
from sklearn.metrics import classification_report, confusion_matrix
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import train_test_split

# 0) Prepare data
X, y = datasets.make_blobs(n_samples=569, n_features=30, centers=2, cluster_std=9.0, random_state=0)

n_samples, n_features = X.shape
print(n_samples, n_features, np.bincount(y))

X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=1234)

# scale
sc = StandardScaler()
X_train = sc.fit_transform(X_train)
X_test = sc.transform(X_test)
print(X_train.shape, X_test.shape, np.allclose(X_train.mean(axis=0), 0), np.round(X_test.std(axis=0)[:3], 4))

X_train = torch.from_numpy(X_train.astype(np.float32))
X_test = torch.from_numpy(X_test.astype(np.float32))
y_train = torch.from_numpy(y_train.astype(np.float32))
y_test = torch.from_numpy(y_test.astype(np.float32))

y_train = y_train.view(y_train.shape[0], 1)
y_test = y_test.view(y_test.shape[0], 1)


# 1) Model
# Linear model f = wx + b , sigmoid at the end
class Model(nn.Module):
    def __init__(self, n_input_features):
        super(Model, self).__init__()
        self.linear = nn.Linear(n_input_features, 1)

    def forward(self, x):
        y_pred = torch.sigmoid(self.linear(x))
        return y_pred


torch.manual_seed(0)
model = Model(n_features)

# 2) Loss and optimizer
num_epochs = 100
learning_rate = 0.01
criterion = nn.BCELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)

# 3) Training loop
for epoch in range(num_epochs):
    # Forward pass and loss
    y_pred = model(X_train)
    loss = criterion(y_pred, y_train)

    # Backward pass and update
    loss.backward()
    optimizer.step()

    # zero grad before new step
    optimizer.zero_grad()

    if (epoch + 1) % 10 == 0:
        print(f'epoch: {epoch+1}, loss = {loss.item():.4f}')

with torch.no_grad():
    y_predicted = model(X_test)
    y_predicted_cls = y_predicted.round()
    acc = y_predicted_cls.eq(y_test).sum() / float(y_test.shape[0])
    print(f'accuracy: {acc.item():.4f}')

print(confusion_matrix(y_test.numpy().ravel(), y_predicted_cls.numpy().ravel()))
print(classification_report(y_test.numpy().ravel(), y_predicted_cls.numpy().ravel(), target_names=["a", "b"]))
