# Two classic non-backprop-only workflows: a restricted Boltzmann machine trained by contrastive
# divergence, and elastic weight consolidation over a sequence of permuted tasks.
#
# Origin (workflow reproduced): GabrielBianconi/pytorch-rbm rbm.py, mnist_example.py @ 7e98181d (an
# RBM as a plain class of tensors updated in place with momentum, CD-k with
# `positive_hidden_probabilities >= torch.rand(num_hidden)`, a hand-written sigmoid, epoch
# reconstruction error printed with %.4f from a tensor, features extracted into np.zeros arrays by
# slice assignment of .numpy() batches, then a classifier on the features);
# moskomule/ewc.pytorch utils.py, data.py, demo.ipynb @ 234e64f4 (EWC with a diagonal Fisher from
# deep-copied parameters zeroed through .data, per-sample nll_loss on the model's own argmax label,
# `precision_matrices[n].data += p.grad.data ** 2 / len(dataset)`, a quadratic penalty over
# named_parameters, PermutedMNIST tasks from a fixed pixel permutation, get_sample through
# random.sample, standard vs. EWC training over tasks with per-task accuracy lists).
# Changes for Kiln's corpus: MNIST replaced by torchvision FakeData (RBM) and a synthetic MNIST-shaped
# set with ten stroke classes (EWC); sizes cut (64 hidden units, 3 RBM epochs, 3 tasks of 256 images,
# 3 epochs each); sklearn's LogisticRegression on the RBM features replaced by a softmax regression
# in torch trained with LBFGS; Variable(t) / `loss.data[0]` written as the tensor / `loss.item()`.

import random
from copy import deepcopy

import numpy as np
import torch
import torchvision.datasets
import torchvision.transforms
from torch import nn
from torch.autograd import Variable
from torch.nn import functional as F

torch.manual_seed(0)
random.seed(0)


# ---------------------------------------------------------------- rbm.py
class RBM():
    def __init__(self, num_visible, num_hidden, k, learning_rate=1e-3, momentum_coefficient=0.5, weight_decay=1e-4,
                 use_cuda=True):
        self.num_visible = num_visible
        self.num_hidden = num_hidden
        self.k = k
        self.learning_rate = learning_rate
        self.momentum_coefficient = momentum_coefficient
        self.weight_decay = weight_decay
        self.use_cuda = use_cuda

        self.weights = torch.randn(num_visible, num_hidden) * 0.1
        self.visible_bias = torch.ones(num_visible) * 0.5
        self.hidden_bias = torch.zeros(num_hidden)

        self.weights_momentum = torch.zeros(num_visible, num_hidden)
        self.visible_bias_momentum = torch.zeros(num_visible)
        self.hidden_bias_momentum = torch.zeros(num_hidden)

        if self.use_cuda:
            self.weights = self.weights.cuda()
            self.visible_bias = self.visible_bias.cuda()
            self.hidden_bias = self.hidden_bias.cuda()

    def sample_hidden(self, visible_probabilities):
        hidden_activations = torch.matmul(visible_probabilities, self.weights) + self.hidden_bias
        hidden_probabilities = self._sigmoid(hidden_activations)
        return hidden_probabilities

    def sample_visible(self, hidden_probabilities):
        visible_activations = torch.matmul(hidden_probabilities, self.weights.t()) + self.visible_bias
        visible_probabilities = self._sigmoid(visible_activations)
        return visible_probabilities

    def contrastive_divergence(self, input_data):
        # Positive phase
        positive_hidden_probabilities = self.sample_hidden(input_data)
        random_probabilities = torch.rand(self.num_hidden)
        if self.use_cuda:
            random_probabilities = random_probabilities.cuda()
        positive_hidden_activations = (positive_hidden_probabilities >= random_probabilities)
        positive_associations = torch.matmul(input_data.t(), positive_hidden_probabilities)

        # Negative phase
        negative_hidden_probabilities = positive_hidden_probabilities
        for step in range(self.k):
            negative_visible_probabilities = self.sample_visible(negative_hidden_probabilities)
            negative_hidden_probabilities = self.sample_hidden(negative_visible_probabilities)
        negative_associations = torch.matmul(negative_visible_probabilities.t(), negative_hidden_probabilities)

        # Update parameters
        self.weights_momentum *= self.momentum_coefficient
        self.weights_momentum += (positive_associations - negative_associations)

        self.visible_bias_momentum *= self.momentum_coefficient
        self.visible_bias_momentum += torch.sum(input_data - negative_visible_probabilities, dim=0)

        self.hidden_bias_momentum *= self.momentum_coefficient
        self.hidden_bias_momentum += torch.sum(positive_hidden_probabilities - negative_hidden_probabilities, dim=0)

        batch_size = input_data.size(0)

        self.weights += self.weights_momentum * self.learning_rate / batch_size
        self.visible_bias += self.visible_bias_momentum * self.learning_rate / batch_size
        self.hidden_bias += self.hidden_bias_momentum * self.learning_rate / batch_size

        self.weights -= self.weights * self.weight_decay  # L2 weight decay

        # Compute reconstruction error
        error = torch.sum((input_data - negative_visible_probabilities) ** 2)
        return error, positive_hidden_activations

    def _sigmoid(self, x):
        return 1 / (1 + torch.exp(-x))


# ---------------------------------------------------------------- mnist_example.py
BATCH_SIZE = 64
VISIBLE_UNITS = 784  # 28 x 28 images
HIDDEN_UNITS = 64
CD_K = 2
EPOCHS = 3
CUDA = False

print("Loading dataset...")
train_dataset = torchvision.datasets.FakeData(256, (1, 28, 28), 10, transform=torchvision.transforms.ToTensor())
train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=BATCH_SIZE)
test_dataset = torchvision.datasets.FakeData(128, (1, 28, 28), 10, transform=torchvision.transforms.ToTensor(),
                                             random_offset=500)
test_loader = torch.utils.data.DataLoader(test_dataset, batch_size=BATCH_SIZE)

print("Training RBM...")
rbm = RBM(VISIBLE_UNITS, HIDDEN_UNITS, CD_K, learning_rate=1e-2, use_cuda=CUDA)
for epoch in range(EPOCHS):
    epoch_error = 0.0
    active = 0
    for batch, _ in train_loader:
        batch = batch.view(len(batch), VISIBLE_UNITS)  # flatten input data
        if CUDA:
            batch = batch.cuda()
        batch_error, activations = rbm.contrastive_divergence(batch)
        epoch_error += batch_error
        active += int(activations.sum())
    print("Epoch Error (epoch=%d): %.2f" % (epoch, epoch_error), type(epoch_error).__name__, "active", active)

print("Extracting features...")
train_features = np.zeros((len(train_dataset), HIDDEN_UNITS))
train_labels = np.zeros(len(train_dataset))
test_features = np.zeros((len(test_dataset), HIDDEN_UNITS))
test_labels = np.zeros(len(test_dataset))

for i, (batch, labels) in enumerate(train_loader):
    batch = batch.view(len(batch), VISIBLE_UNITS)  # flatten input data
    train_features[i * BATCH_SIZE:i * BATCH_SIZE + len(batch)] = rbm.sample_hidden(batch).cpu().numpy()
    train_labels[i * BATCH_SIZE:i * BATCH_SIZE + len(batch)] = labels.numpy()

for i, (batch, labels) in enumerate(test_loader):
    batch = batch.view(len(batch), VISIBLE_UNITS)  # flatten input data
    test_features[i * BATCH_SIZE:i * BATCH_SIZE + len(batch)] = rbm.sample_hidden(batch).cpu().numpy()
    test_labels[i * BATCH_SIZE:i * BATCH_SIZE + len(batch)] = labels.numpy()
print(train_features.dtype, train_features.shape, f"{train_features.mean():.4f}", train_labels[:8])

print("Classifying...")
Xtr = torch.from_numpy(train_features).float()
ytr = torch.from_numpy(train_labels).long()
clf = nn.Linear(HIDDEN_UNITS, 10)
lbfgs = torch.optim.LBFGS(clf.parameters(), lr=0.5, max_iter=20)


def closure():
    lbfgs.zero_grad()
    loss = F.cross_entropy(clf(Xtr), ytr) + 1e-3 * clf.weight.pow(2).sum()
    loss.backward()
    return loss


lbfgs.step(closure)
predictions = clf(torch.from_numpy(test_features).float()).argmax(1).numpy()
print("Result:", sum(predictions == test_labels), "/", test_labels.shape[0])


# ---------------------------------------------------------------- ewc.pytorch utils.py
def variable(t: torch.Tensor, use_cuda=True, **kwargs):
    if torch.cuda.is_available() and use_cuda:
        t = t.cuda()
    return Variable(t, **kwargs)


class EWC(object):
    def __init__(self, model: nn.Module, dataset: list):
        self.model = model
        self.dataset = dataset

        self.params = {n: p for n, p in self.model.named_parameters() if p.requires_grad}
        self._means = {}
        self._precision_matrices = self._diag_fisher()

        for n, p in deepcopy(self.params).items():
            self._means[n] = variable(p.data)

    def _diag_fisher(self):
        precision_matrices = {}
        for n, p in deepcopy(self.params).items():
            p.data.zero_()
            precision_matrices[n] = variable(p.data)

        self.model.eval()
        for input in self.dataset:
            self.model.zero_grad()
            input = variable(input)
            output = self.model(input).view(1, -1)
            label = output.max(1)[1].view(-1)
            loss = F.nll_loss(F.log_softmax(output, dim=1), label)
            loss.backward()

            for n, p in self.model.named_parameters():
                precision_matrices[n].data += p.grad.data ** 2 / len(self.dataset)

        precision_matrices = {n: p for n, p in precision_matrices.items()}
        return precision_matrices

    def penalty(self, model: nn.Module):
        loss = 0
        for n, p in model.named_parameters():
            _loss = self._precision_matrices[n] * (p - self._means[n]) ** 2
            loss += _loss.sum()
        return loss


def normal_train(model, optimizer, data_loader):
    model.train()
    epoch_loss = 0
    for input, target in data_loader:
        input, target = variable(input), variable(target)
        optimizer.zero_grad()
        output = model(input)
        loss = F.cross_entropy(output, target)
        epoch_loss += loss.item()
        loss.backward()
        optimizer.step()
    return epoch_loss / len(data_loader)


def ewc_train(model, optimizer, data_loader, ewc: EWC, importance: float):
    model.train()
    epoch_loss = 0
    for input, target in data_loader:
        input, target = variable(input), variable(target)
        optimizer.zero_grad()
        output = model(input)
        loss = F.cross_entropy(output, target) + importance * ewc.penalty(model)
        epoch_loss += loss.item()
        loss.backward()
        optimizer.step()
    return epoch_loss / len(data_loader)


def test(model, data_loader):
    model.eval()
    correct = 0
    for input, target in data_loader:
        input, target = variable(input), variable(target)
        output = model(input)
        correct += (F.softmax(output, dim=1).max(dim=1)[1] == target).data.sum()
    return correct / len(data_loader.dataset)


# ---------------------------------------------------------------- data.py (synthetic MNIST) + demo.ipynb
class PermutedMNIST(torch.utils.data.Dataset):
    def __init__(self, train=True, permute_idx=None, n=256, seed=0):
        assert len(permute_idx) == 28 * 28
        self.train = train
        g = torch.Generator().manual_seed(seed if train else seed + 100)
        labels = torch.randint(0, 10, (n,), generator=g)
        base = torch.zeros(10, 28, 28)
        for c in range(10):
            base[c, 2 + 2 * c:5 + 2 * c, 3:25] = 200
            base[c, 3:25, 2 + 2 * c:4 + 2 * c] += 120
        imgs = (base[labels] + 60 * torch.rand(n, 28, 28, generator=g)).clamp(0, 255).to(torch.uint8)
        data = torch.stack([img.float().view(-1)[permute_idx] / 255 for img in imgs])
        if self.train:
            self.train_data, self.train_labels = data, labels
        else:
            self.test_data, self.test_labels = data, labels

    def __len__(self):
        return len(self.train_labels if self.train else self.test_labels)

    def __getitem__(self, index):
        if self.train:
            img, target = self.train_data[index], self.train_labels[index]
        else:
            img, target = self.test_data[index], self.test_labels[index]
        return img, target

    def get_sample(self, sample_size):
        sample_idx = random.sample(range(len(self)), sample_size)
        return [img for img in self.train_data[sample_idx]]


class MLP(nn.Module):
    def __init__(self, hidden_size=64):
        super(MLP, self).__init__()
        self.fc1 = nn.Linear(28 * 28, hidden_size)
        self.fc2 = nn.Linear(hidden_size, hidden_size)
        self.fc3 = nn.Linear(hidden_size, hidden_size)
        self.fc4 = nn.Linear(hidden_size, 10)

    def forward(self, input):
        x = F.relu(self.fc1(input))
        x = F.relu(self.fc2(x))
        x = F.relu(self.fc3(x))
        x = self.fc4(x)
        return x


epochs = 3
lr = 0.1
batch_size = 64
sample_size = 40
hidden_size = 64
num_task = 3


def get_permute_mnist():
    train_loader = {}
    test_loader = {}
    idx = list(range(28 * 28))
    for i in range(num_task):
        train_loader[i] = torch.utils.data.DataLoader(PermutedMNIST(train=True, permute_idx=idx),
                                                      batch_size=batch_size, shuffle=True)
        test_loader[i] = torch.utils.data.DataLoader(PermutedMNIST(train=False, permute_idx=idx, n=128),
                                                     batch_size=batch_size)
        random.shuffle(idx)
    return train_loader, test_loader


train_loader, test_loader = get_permute_mnist()


def standard_process(epochs, use_cuda=True, weight=True):
    model = MLP(hidden_size)
    optimizer = torch.optim.SGD(params=model.parameters(), lr=lr)

    loss, acc = {}, {}
    for task in range(num_task):
        loss[task] = []
        acc[task] = []
        for _ in range(epochs):
            loss[task].append(normal_train(model, optimizer, train_loader[task]))
            for sub_task in range(task + 1):
                acc[sub_task].append(test(model, test_loader[sub_task]))
    return loss, acc


def ewc_process(epochs, importance, use_cuda=True, weight=True):
    model = MLP(hidden_size)
    optimizer = torch.optim.SGD(params=model.parameters(), lr=lr)

    loss, acc, ewc = {}, {}, {}
    for task in range(num_task):
        loss[task] = []
        acc[task] = []

        if task == 0:
            for _ in range(epochs):
                loss[task].append(normal_train(model, optimizer, train_loader[task]))
                acc[task].append(test(model, test_loader[task]))
        else:
            old_tasks = []
            for sub_task in range(task):
                old_tasks = old_tasks + train_loader[sub_task].dataset.get_sample(sample_size)
            old_tasks = random.sample(old_tasks, k=sample_size)
            for _ in range(epochs):
                loss[task].append(ewc_train(model, optimizer, train_loader[task], EWC(model, old_tasks), importance))
                for sub_task in range(task + 1):
                    acc[sub_task].append(test(model, test_loader[sub_task]))
    return loss, acc


def show(name, loss, acc):
    for task in loss:
        print(f"{name} task {task}: loss {[round(v, 4) for v in loss[task]]} "
              f"acc {[round(a.item(), 3) for a in acc[task]]}")


torch.manual_seed(1)
loss, acc = standard_process(epochs)
show("SGD", loss, acc)
print(type(acc[0][0]).__name__, acc[0][0].dtype)

torch.manual_seed(1)
loss_ewc, acc_ewc = ewc_process(epochs, importance=5)
show("EWC", loss_ewc, acc_ewc)

model = MLP(hidden_size)
ewc = EWC(model, [train_loader[0].dataset[i][0] for i in range(8)])
print("fisher keys", list(ewc._precision_matrices), "penalty at the means", ewc.penalty(model).item())
print("fisher is detached:", all(not p.requires_grad for p in ewc._precision_matrices.values()),
      "means share storage with params:", ewc._means["fc1.weight"].data_ptr() == model.fc1.weight.data_ptr())
