# Real-program corpus (tests/realworld, see README.md): metric learning with online pair and triplet
# mining in the style of adambielski/siamese-triplet (networks.py, losses.py, utils.py, datasets.py,
# metrics.py, trainer.py @ 0c719f9e): an EmbeddingNet shared by Siamese/Triplet/Classification heads;
# a BalancedBatchSampler(BatchSampler) drawing n_classes x n_samples per batch with np.random.choice
# over set(labels.numpy()); pair/triplet selectors over itertools.combinations of label indices with a
# pdist distance matrix, hard negatives by np.argpartition(negative_distances, k)[:k], hardest /
# random-hard / semi-hard negative functions (np.argmax, np.where, np.logical_and); online contrastive
# and triplet losses returning (loss, n_triplets); metrics classes with __call__/reset/value/name and
# a fit() loop that steps its scheduler first and logs formatted messages. Written for Kiln, not copied;
# 6-class synthetic 1x16x16 images for MNIST, one epoch per mining strategy.
from itertools import combinations

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim import lr_scheduler
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.sampler import BatchSampler


class EmbeddingNet(nn.Module):
    def __init__(self):
        super(EmbeddingNet, self).__init__()
        self.convnet = nn.Sequential(nn.Conv2d(1, 8, 3), nn.PReLU(), nn.MaxPool2d(2, stride=2),
                                     nn.Conv2d(8, 16, 3), nn.PReLU(), nn.MaxPool2d(2, stride=2))
        self.fc = nn.Sequential(nn.Linear(16 * 2 * 2, 32), nn.PReLU(), nn.Linear(32, 2))

    def forward(self, x):
        output = self.convnet(x)
        output = output.view(output.size()[0], -1)
        return self.fc(output)

    def get_embedding(self, x):
        return self.forward(x)


class ClassificationNet(nn.Module):
    def __init__(self, embedding_net, n_classes):
        super(ClassificationNet, self).__init__()
        self.embedding_net = embedding_net
        self.nonlinear = nn.PReLU()
        self.fc1 = nn.Linear(2, n_classes)

    def forward(self, x):
        return F.log_softmax(self.fc1(self.nonlinear(self.embedding_net(x))), dim=-1)


class TripletNet(nn.Module):
    def __init__(self, embedding_net):
        super(TripletNet, self).__init__()
        self.embedding_net = embedding_net

    def forward(self, x1, x2, x3):
        return self.embedding_net(x1), self.embedding_net(x2), self.embedding_net(x3)


class BalancedBatchSampler(BatchSampler):
    def __init__(self, labels, n_classes, n_samples):
        self.labels = labels
        self.labels_set = list(set(self.labels.numpy()))
        self.label_to_indices = {label: np.where(self.labels.numpy() == label)[0] for label in self.labels_set}
        for l in self.labels_set:
            np.random.shuffle(self.label_to_indices[l])
        self.used_label_indices_count = {label: 0 for label in self.labels_set}
        self.count = 0
        self.n_classes = n_classes
        self.n_samples = n_samples
        self.n_dataset = len(self.labels)
        self.batch_size = self.n_samples * self.n_classes

    def __iter__(self):
        self.count = 0
        while self.count + self.batch_size < self.n_dataset:
            classes = np.random.choice(self.labels_set, self.n_classes, replace=False)
            indices = []
            for class_ in classes:
                start = self.used_label_indices_count[class_]
                indices.extend(self.label_to_indices[class_][start:start + self.n_samples])
                self.used_label_indices_count[class_] += self.n_samples
                if self.used_label_indices_count[class_] + self.n_samples > len(self.label_to_indices[class_]):
                    np.random.shuffle(self.label_to_indices[class_])
                    self.used_label_indices_count[class_] = 0
            yield indices
            self.count += self.n_classes * self.n_samples

    def __len__(self):
        return self.n_dataset // self.batch_size


def pdist(vectors):
    return -2 * vectors.mm(torch.t(vectors)) + vectors.pow(2).sum(dim=1).view(1, -1) + vectors.pow(2).sum(dim=1).view(-1, 1)


class HardNegativePairSelector:
    def get_pairs(self, embeddings, labels):
        distance_matrix = pdist(embeddings.cpu())
        labels = labels.cpu().data.numpy()
        all_pairs = torch.LongTensor(np.array(list(combinations(range(len(labels)), 2))))
        positive_pairs = all_pairs[(labels[all_pairs[:, 0]] == labels[all_pairs[:, 1]]).nonzero()]
        negative_pairs = all_pairs[(labels[all_pairs[:, 0]] != labels[all_pairs[:, 1]]).nonzero()]
        negative_distances = distance_matrix[negative_pairs[:, 0], negative_pairs[:, 1]].cpu().data.numpy()
        top_negatives = np.argpartition(negative_distances, len(positive_pairs))[:len(positive_pairs)]
        return positive_pairs, negative_pairs[torch.LongTensor(top_negatives)]


def hardest_negative(loss_values):
    hard_negative = np.argmax(loss_values)
    return hard_negative if loss_values[hard_negative] > 0 else None


def random_hard_negative(loss_values):
    hard_negatives = np.where(loss_values > 0)[0]
    return np.random.choice(hard_negatives) if len(hard_negatives) > 0 else None


def semihard_negative(loss_values, margin):
    semihard_negatives = np.where(np.logical_and(loss_values < margin, loss_values > 0))[0]
    return np.random.choice(semihard_negatives) if len(semihard_negatives) > 0 else None


class FunctionNegativeTripletSelector:
    def __init__(self, margin, negative_selection_fn):
        self.margin = margin
        self.negative_selection_fn = negative_selection_fn

    def get_triplets(self, embeddings, labels):
        distance_matrix = pdist(embeddings.cpu())
        labels = labels.cpu().data.numpy()
        triplets = []
        for label in set(labels):
            label_mask = (labels == label)
            label_indices = np.where(label_mask)[0]
            if len(label_indices) < 2:
                continue
            negative_indices = np.where(np.logical_not(label_mask))[0]
            anchor_positives = np.array(list(combinations(label_indices, 2)))
            ap_distances = distance_matrix[anchor_positives[:, 0], anchor_positives[:, 1]]
            for anchor_positive, ap_distance in zip(anchor_positives, ap_distances):
                loss_values = ap_distance - distance_matrix[torch.LongTensor(np.array([anchor_positive[0]])), torch.LongTensor(negative_indices)] + self.margin
                hard_negative = self.negative_selection_fn(loss_values.data.cpu().numpy())
                if hard_negative is not None:
                    triplets.append([anchor_positive[0], anchor_positive[1], negative_indices[hard_negative]])
        if len(triplets) == 0:
            triplets.append([anchor_positive[0], anchor_positive[1], negative_indices[0]])
        return torch.LongTensor(np.array(triplets))


class OnlineContrastiveLoss(nn.Module):
    def __init__(self, margin, pair_selector):
        super(OnlineContrastiveLoss, self).__init__()
        self.margin = margin
        self.pair_selector = pair_selector

    def forward(self, embeddings, target):
        positive_pairs, negative_pairs = self.pair_selector.get_pairs(embeddings, target)
        positive_loss = (embeddings[positive_pairs[:, 0]] - embeddings[positive_pairs[:, 1]]).pow(2).sum(1)
        negative_loss = F.relu(self.margin - (embeddings[negative_pairs[:, 0]] - embeddings[negative_pairs[:, 1]]).pow(2).sum(1).sqrt()).pow(2)
        return torch.cat([positive_loss, negative_loss], dim=0).mean()


class OnlineTripletLoss(nn.Module):
    def __init__(self, margin, triplet_selector):
        super(OnlineTripletLoss, self).__init__()
        self.margin = margin
        self.triplet_selector = triplet_selector

    def forward(self, embeddings, target):
        triplets = self.triplet_selector.get_triplets(embeddings, target)
        ap_distances = (embeddings[triplets[:, 0]] - embeddings[triplets[:, 1]]).pow(2).sum(1)
        an_distances = (embeddings[triplets[:, 0]] - embeddings[triplets[:, 2]]).pow(2).sum(1)
        return F.relu(ap_distances - an_distances + self.margin).mean(), len(triplets)


class AccumulatedAccuracyMetric:
    def __init__(self):
        self.correct, self.total = 0, 0

    def __call__(self, outputs, target, loss):
        pred = outputs[0].data.max(1, keepdim=True)[1]
        self.correct += pred.eq(target[0].data.view_as(pred)).cpu().sum()
        self.total += target[0].size(0)
        return self.value()

    def reset(self):
        self.correct, self.total = 0, 0

    def value(self):
        return 100 * float(self.correct) / self.total

    def name(self):
        return 'Accuracy'


class AverageNonzeroTripletsMetric:
    def __init__(self):
        self.values = []

    def __call__(self, outputs, target, loss):
        self.values.append(loss[1])
        return self.value()

    def reset(self):
        self.values = []

    def value(self):
        return np.mean(self.values)

    def name(self):
        return 'Average nonzero triplets'


def run_epoch(loader, model, loss_fn, optimizer, metrics, train):
    for metric in metrics:
        metric.reset()
    model.train(train)
    total_loss = 0
    for batch_idx, (data, target) in enumerate(loader):
        target = target if len(target) > 0 else None
        data = (data,) if type(data) not in (tuple, list) else data
        with torch.set_grad_enabled(train):
            outputs = model(*data)
            outputs = (outputs,) if type(outputs) not in (tuple, list) else outputs
            loss_inputs = outputs + ((target,) if target is not None else ())
            loss_outputs = loss_fn(*loss_inputs)
            loss = loss_outputs[0] if type(loss_outputs) in (tuple, list) else loss_outputs
        if train:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        total_loss += loss.item()
        for metric in metrics:
            metric(outputs, (target,), loss_outputs)
    return total_loss / (batch_idx + 1), metrics


def fit(train_loader, val_loader, model, loss_fn, optimizer, scheduler, n_epochs, metrics=[]):
    for epoch in range(n_epochs):
        scheduler.step()
        train_loss, metrics = run_epoch(train_loader, model, loss_fn, optimizer, metrics, True)
        message = 'Epoch: {}/{}. Train set: Average loss: {:.4f}'.format(epoch + 1, n_epochs, train_loss)
        for metric in metrics:
            message += '\t{}: {:.2f}'.format(metric.name(), metric.value())
        val_loss, metrics = run_epoch(val_loader, model, loss_fn, optimizer, metrics, False)
        message += '\nEpoch: {}/{}. Validation set: Average loss: {:.4f}'.format(epoch + 1, n_epochs, val_loss)
        for metric in metrics:
            message += '\t{}: {:.2f}'.format(metric.name(), metric.value())
        print(message)


def main():
    torch.manual_seed(0)
    np.random.seed(0)
    labels = torch.arange(72) % 6
    images = 0.5 * torch.randn(72, 1, 16, 16)
    for c in range(6):
        images[labels == c, 0, c * 2:c * 2 + 2, :] += 2.0
    train_dataset, test_dataset = TensorDataset(images[:48], labels[:48]), TensorDataset(images[48:], labels[48:])
    model = ClassificationNet(EmbeddingNet(), n_classes=6)
    optimizer = optim.Adam(model.parameters(), lr=1e-2)
    fit(DataLoader(train_dataset, batch_size=16, shuffle=True), DataLoader(test_dataset, batch_size=16), model, nn.NLLLoss(),
        optimizer, lr_scheduler.StepLR(optimizer, 8, gamma=0.1, last_epoch=-1), 1, metrics=[AccumulatedAccuracyMetric()])
    a, p, n = TripletNet(EmbeddingNet())(images[:4], images[4:8], images[8:12])
    print('triplet embeddings', tuple(a.shape), tuple(p.shape), tuple(n.shape))
    online_train = DataLoader(train_dataset, batch_sampler=BalancedBatchSampler(train_dataset.tensors[1], n_classes=3, n_samples=4))
    online_test = DataLoader(test_dataset, batch_sampler=BalancedBatchSampler(test_dataset.tensors[1], n_classes=3, n_samples=2))
    print('balanced batches', len(online_train.batch_sampler), [len(b) for b in online_train.batch_sampler])
    margin = 1.
    runs = [('hard negative pairs', OnlineContrastiveLoss(margin, HardNegativePairSelector()), []),
            ('hardest', OnlineTripletLoss(margin, FunctionNegativeTripletSelector(margin, hardest_negative)), [AverageNonzeroTripletsMetric()]),
            ('random hard', OnlineTripletLoss(margin, FunctionNegativeTripletSelector(margin, random_hard_negative)), [AverageNonzeroTripletsMetric()]),
            ('semihard', OnlineTripletLoss(margin, FunctionNegativeTripletSelector(margin, lambda x: semihard_negative(x, margin))), [AverageNonzeroTripletsMetric()])]
    for name, loss_fn, metrics in runs:
        print('==', name)
        model = EmbeddingNet()
        optimizer = optim.Adam(model.parameters(), lr=1e-3)
        fit(online_train, online_test, model, loss_fn, optimizer, lr_scheduler.StepLR(optimizer, 8, gamma=0.1), 1, metrics=metrics)


if __name__ == '__main__':
    main()
