# Real-program corpus (tests/realworld, see README.md): pair and triplet datasets over MNIST-shaped
# tensors in the style of adambielski/siamese-triplet @ 244f18f9 (datasets.py SiameseMNIST /
# TripletMNIST, networks.py EmbeddingNet / SiameseNet, losses.py ContrastiveLoss): fixed test pairs
# drawn with np.random.RandomState(29).choice, random train pairs with np.random, each image turned into
# a PIL image with Image.fromarray(img.numpy(), mode='L') and through transforms.Compose([ToTensor(),
# Normalize((0.1307,), (0.3081,))]) as its notebook does, a DataLoader of pairs, and a few SGD steps of a
# siamese embedding net on the contrastive loss. Written for Kiln, not copied. Adaptations:
# torchvision's MNIST download is replaced by a holder of synthetic uint8 digits (train_data /
# train_labels / test_data / test_labels / train / transform, as the old MNIST attributes), labels
# arange(n) % 10 so every class is present; sizes cut to 40 train and 20 test images of 28x28; the
# printing of pairs, batch statistics and losses is this program's.
import numpy as np
from PIL import Image

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms


class SiameseMNIST(Dataset):
    """
    Train: For each sample creates randomly a positive or a negative pair
    Test: Creates fixed pairs for testing
    """

    def __init__(self, mnist_dataset):
        self.mnist_dataset = mnist_dataset

        self.train = self.mnist_dataset.train
        self.transform = self.mnist_dataset.transform

        if self.train:
            self.train_labels = self.mnist_dataset.train_labels
            self.train_data = self.mnist_dataset.train_data
            self.labels_set = set(self.train_labels.numpy())
            self.label_to_indices = {label: np.where(self.train_labels.numpy() == label)[0]
                                     for label in self.labels_set}
        else:
            # generate fixed pairs for testing
            self.test_labels = self.mnist_dataset.test_labels
            self.test_data = self.mnist_dataset.test_data
            self.labels_set = set(self.test_labels.numpy())
            self.label_to_indices = {label: np.where(self.test_labels.numpy() == label)[0]
                                     for label in self.labels_set}

            random_state = np.random.RandomState(29)

            positive_pairs = [[i,
                               random_state.choice(self.label_to_indices[self.test_labels[i].item()]),
                               1]
                              for i in range(0, len(self.test_data), 2)]

            negative_pairs = [[i,
                               random_state.choice(self.label_to_indices[
                                                       np.random.choice(
                                                           list(self.labels_set - set([self.test_labels[i].item()]))
                                                       )
                                                   ]),
                               0]
                              for i in range(1, len(self.test_data), 2)]
            self.test_pairs = positive_pairs + negative_pairs

    def __getitem__(self, index):
        if self.train:
            target = np.random.randint(0, 2)
            img1, label1 = self.train_data[index], self.train_labels[index].item()
            if target == 1:
                siamese_index = index
                while siamese_index == index:
                    siamese_index = np.random.choice(self.label_to_indices[label1])
            else:
                siamese_label = np.random.choice(list(self.labels_set - set([label1])))
                siamese_index = np.random.choice(self.label_to_indices[siamese_label])
            img2 = self.train_data[siamese_index]
        else:
            img1 = self.test_data[self.test_pairs[index][0]]
            img2 = self.test_data[self.test_pairs[index][1]]
            target = self.test_pairs[index][2]

        img1 = Image.fromarray(img1.numpy(), mode='L')
        img2 = Image.fromarray(img2.numpy(), mode='L')
        if self.transform is not None:
            img1 = self.transform(img1)
            img2 = self.transform(img2)
        return (img1, img2), target

    def __len__(self):
        return len(self.mnist_dataset)


class EmbeddingNet(nn.Module):
    def __init__(self):
        super(EmbeddingNet, self).__init__()
        self.convnet = nn.Sequential(nn.Conv2d(1, 32, 5), nn.PReLU(),
                                     nn.MaxPool2d(2, stride=2),
                                     nn.Conv2d(32, 64, 5), nn.PReLU(),
                                     nn.MaxPool2d(2, stride=2))

        self.fc = nn.Sequential(nn.Linear(64 * 4 * 4, 256),
                                nn.PReLU(),
                                nn.Linear(256, 256),
                                nn.PReLU(),
                                nn.Linear(256, 2)
                                )

    def forward(self, x):
        output = self.convnet(x)
        output = output.view(output.size()[0], -1)
        output = self.fc(output)
        return output

    def get_embedding(self, x):
        return self.forward(x)


class SiameseNet(nn.Module):
    def __init__(self, embedding_net):
        super(SiameseNet, self).__init__()
        self.embedding_net = embedding_net

    def forward(self, x1, x2):
        output1 = self.embedding_net(x1)
        output2 = self.embedding_net(x2)
        return output1, output2

    def get_embedding(self, x):
        return self.embedding_net(x)


class ContrastiveLoss(nn.Module):
    """
    Contrastive loss
    Takes embeddings of two samples and a target label == 1 if samples are from the same class and label == 0 otherwise
    """

    def __init__(self, margin):
        super(ContrastiveLoss, self).__init__()
        self.margin = margin
        self.eps = 1e-9

    def forward(self, output1, output2, target, size_average=True):
        distances = (output2 - output1).pow(2).sum(1)  # squared distances
        losses = 0.5 * (target.float() * distances +
                        (1 + -1 * target).float() * F.relu(self.margin - (distances + self.eps).sqrt()).pow(2))
        return losses.mean() if size_average else losses.sum()


class FakeMNIST:
    # the attributes SiameseMNIST reads from torchvision's MNIST (synthetic digits)
    def __init__(self, train, n, transform):
        g = torch.Generator().manual_seed(1 if train else 2)
        data = torch.randint(0, 256, (n, 28, 28), dtype=torch.uint8, generator=g)
        labels = torch.arange(n) % 10
        self.train = train
        self.transform = transform
        if train:
            self.train_data, self.train_labels = data, labels
        else:
            self.test_data, self.test_labels = data, labels
        self.n = n

    def __len__(self):
        return self.n


np.random.seed(0)
torch.manual_seed(0)
mean, std = 0.1307, 0.3081
transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize((mean,), (std,))])
train_dataset = FakeMNIST(True, 40, transform)
test_dataset = FakeMNIST(False, 20, transform)

siamese_train_dataset = SiameseMNIST(train_dataset)
siamese_test_dataset = SiameseMNIST(test_dataset)
print(len(siamese_train_dataset), len(siamese_test_dataset), sorted(int(k) for k in siamese_test_dataset.labels_set))
print([[int(v) for v in p] for p in siamese_test_dataset.test_pairs[:6]])
(a, b), t = siamese_test_dataset[3]
print(a.shape, a.dtype, round(a.sum().item(), 3), round(b.mean().item(), 4), t)

train_loader = DataLoader(siamese_train_dataset, batch_size=8, shuffle=True)
test_loader = DataLoader(siamese_test_dataset, batch_size=8, shuffle=False)

margin = 1.
embedding_net = EmbeddingNet()
model = SiameseNet(embedding_net)
loss_fn = ContrastiveLoss(margin)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for epoch in range(2):
    model.train()
    total = 0.0
    for batch_idx, (data, target) in enumerate(train_loader):
        optimizer.zero_grad()
        outputs = model(*data)
        loss = loss_fn(*outputs, target)
        loss.backward()
        optimizer.step()
        total += loss.item()
        print(f"epoch {epoch} batch {batch_idx} targets {target.tolist()} loss {loss.item():.4f}")
    model.eval()
    with torch.no_grad():
        val = 0.0
        for data, target in test_loader:
            val += loss_fn(*model(*data), target).item()
    print(f"epoch {epoch}: train {total / len(train_loader):.4f} test {val / len(test_loader):.4f}")
