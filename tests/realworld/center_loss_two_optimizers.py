# Real-program corpus (tests/realworld, see README.md): discriminative feature learning with center
# loss in the style of KaiyangZhou/pytorch-center-loss (center_loss.py, models.py, main.py, utils.py
# @ 082ffa21): a CenterLoss module whose class centers are an nn.Parameter and whose distance matrix
# is built with expand + t() and the old scalar-first distmat.addmm_(1, -2, x, centers.t()), masked by
# labels.eq(classes.expand(...)) and clamped; a ConvNet with PReLU blocks ending in a 2-D feature
# layer; softmax + weighted center loss trained with two optimizers (SGD for the model, SGD for the
# centers whose gradients are rescaled by 1/weight_cent before their step), StepLR, AverageMeter
# logging per batch, and an accuracy/error-rate test. Written for Kiln, not copied; synthetic
# 1x16x16 "digits" for MNIST, two epochs.
import argparse
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import lr_scheduler


class CenterLoss(nn.Module):
    def __init__(self, num_classes=10, feat_dim=2, use_gpu=True):
        super(CenterLoss, self).__init__()
        self.num_classes = num_classes
        self.feat_dim = feat_dim
        self.use_gpu = use_gpu
        if self.use_gpu:
            self.centers = nn.Parameter(torch.randn(self.num_classes, self.feat_dim).cuda())
        else:
            self.centers = nn.Parameter(torch.randn(self.num_classes, self.feat_dim))

    def forward(self, x, labels):
        batch_size = x.size(0)
        distmat = torch.pow(x, 2).sum(dim=1, keepdim=True).expand(batch_size, self.num_classes) + \
            torch.pow(self.centers, 2).sum(dim=1, keepdim=True).expand(self.num_classes, batch_size).t()
        distmat.addmm_(1, -2, x, self.centers.t())
        classes = torch.arange(self.num_classes).long()
        if self.use_gpu:
            classes = classes.cuda()
        labels = labels.unsqueeze(1).expand(batch_size, self.num_classes)
        mask = labels.eq(classes.expand(batch_size, self.num_classes))
        dist = distmat * mask.float()
        return dist.clamp(min=1e-12, max=1e+12).sum() / batch_size


class ConvNet(nn.Module):
    def __init__(self, num_classes):
        super(ConvNet, self).__init__()
        self.conv1_1 = nn.Conv2d(1, 8, 5, stride=1, padding=2)
        self.prelu1_1 = nn.PReLU()
        self.conv2_1 = nn.Conv2d(8, 16, 5, stride=1, padding=2)
        self.prelu2_1 = nn.PReLU()
        self.fc1 = nn.Linear(16 * 4 * 4, 2)
        self.prelu_fc1 = nn.PReLU()
        self.fc2 = nn.Linear(2, num_classes)

    def forward(self, x):
        x = self.prelu1_1(self.conv1_1(x))
        x = F.max_pool2d(x, 2)
        x = self.prelu2_1(self.conv2_1(x))
        x = F.max_pool2d(x, 2)
        x = x.view(-1, 16 * 4 * 4)
        x = self.prelu_fc1(self.fc1(x))
        y = self.fc2(x)
        return x, y


class AverageMeter(object):
    def __init__(self):
        self.reset()

    def reset(self):
        self.val = self.avg = self.sum = self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def train(model, criterion_xent, criterion_cent, optimizer_model, optimizer_centloss, loader, args):
    model.train()
    xent_losses, cent_losses, losses = AverageMeter(), AverageMeter(), AverageMeter()
    for batch_idx, (data, labels) in enumerate(loader):
        features, outputs = model(data)
        loss_xent = criterion_xent(outputs, labels)
        loss_cent = criterion_cent(features, labels)
        loss_cent *= args.weight_cent
        loss = loss_xent + loss_cent
        optimizer_model.zero_grad()
        optimizer_centloss.zero_grad()
        loss.backward()
        optimizer_model.step()
        for param in criterion_cent.parameters():
            param.grad.data *= (1. / args.weight_cent)
        optimizer_centloss.step()
        losses.update(loss.item(), labels.size(0))
        xent_losses.update(loss_xent.item(), labels.size(0))
        cent_losses.update(loss_cent.item(), labels.size(0))
        print("Batch {}/{}\t Loss {:.4f} ({:.4f}) XentLoss {:.4f} ({:.4f}) CenterLoss {:.4f} ({:.4f})".format(
            batch_idx + 1, len(loader), losses.val, losses.avg, xent_losses.val, xent_losses.avg,
            cent_losses.val, cent_losses.avg))


def test(model, loader):
    model.eval()
    correct, total = 0, 0
    with torch.no_grad():
        for data, labels in loader:
            features, outputs = model(data)
            predictions = outputs.data.max(1)[1]
            total += labels.size(0)
            correct += (predictions == labels.data).sum()
    acc = correct * 100. / total
    return acc, 100. - acc


def main():
    parser = argparse.ArgumentParser("Center Loss Example")
    parser.add_argument('--batch-size', type=int, default=128)
    parser.add_argument('--lr-model', type=float, default=0.001)
    parser.add_argument('--lr-cent', type=float, default=0.5)
    parser.add_argument('--weight-cent', type=float, default=1)
    parser.add_argument('--max-epoch', type=int, default=100)
    parser.add_argument('--stepsize', type=int, default=20)
    parser.add_argument('--gamma', type=float, default=0.5)
    parser.add_argument('--seed', type=int, default=1)
    args = parser.parse_args(['--batch-size', '32', '--max-epoch', '2', '--stepsize', '1', '--weight-cent', '0.5'])
    torch.manual_seed(args.seed)
    num_classes = 4
    labels = torch.arange(96) % num_classes
    images = torch.randn(96, 1, 16, 16) * 0.5
    for c in range(num_classes):
        images[labels == c, :, 2 + 3 * c:5 + 3 * c, :] += 2.0
    train_set = torch.utils.data.TensorDataset(images[:64], labels[:64])
    test_set = torch.utils.data.TensorDataset(images[64:], labels[64:])
    trainloader = torch.utils.data.DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    testloader = torch.utils.data.DataLoader(test_set, batch_size=args.batch_size, shuffle=False)
    model = ConvNet(num_classes=num_classes)
    criterion_xent = nn.CrossEntropyLoss()
    criterion_cent = CenterLoss(num_classes=num_classes, feat_dim=2, use_gpu=False)
    optimizer_model = torch.optim.SGD(model.parameters(), lr=args.lr_model, weight_decay=5e-04, momentum=0.9)
    optimizer_centloss = torch.optim.SGD(criterion_cent.parameters(), lr=args.lr_cent)
    scheduler = lr_scheduler.StepLR(optimizer_model, step_size=args.stepsize, gamma=args.gamma)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for epoch in range(args.max_epoch):
            print("==> Epoch {}/{}".format(epoch + 1, args.max_epoch))
            train(model, criterion_xent, criterion_cent, optimizer_model, optimizer_centloss, trainloader, args)
            scheduler.step()
            acc, err = test(model, testloader)
            print("Accuracy (%): {:.2f}\t Error rate (%): {:.2f}".format(float(acc), float(err)))
    print(sorted({str(w.category.__name__) for w in caught}))
    print("centers", criterion_cent.centers.shape, "lr", scheduler.get_last_lr())


if __name__ == '__main__':
    main()
