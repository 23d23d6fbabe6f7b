# Real-program corpus (tests/realworld, see README.md): a convolutional MNIST classifier trained with
# Adadelta and StepLR from an argparse command line, the workflow of pytorch/examples mnist/main.py @
# 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied; random tensors from
# torch.manual_seed stand in for the dataset download, sizes are small.
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.conv2 = nn.Conv2d(8, 16, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(16 * 6 * 6, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = self.dropout2(x)
        return F.log_softmax(self.fc2(x), dim=1)


def train(args, model, device, loader, optimizer, epoch):
    model.train()
    for batch_idx, (data, target) in enumerate(loader):
        data, target = data.to(device), target.to(device)
        optimizer.zero_grad()
        loss = F.nll_loss(model(data), target)
        loss.backward()
        optimizer.step()
        if batch_idx % args.log_interval == 0:
            print('Train Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.4f}'.format(
                epoch, batch_idx * len(data), len(loader.dataset),
                100. * batch_idx / len(loader), loss.item()))
            if args.dry_run:
                break


def test(model, device, loader):
    model.eval()
    test_loss, correct = 0, 0
    with torch.no_grad():
        for data, target in loader:
            data, target = data.to(device), target.to(device)
            output = model(data)
            test_loss += F.nll_loss(output, target, reduction='sum').item()
            pred = output.argmax(dim=1, keepdim=True)
            correct += pred.eq(target.view_as(pred)).sum().item()
    test_loss /= len(loader.dataset)
    print('\nTest set: Average loss: {:.4f}, Accuracy: {}/{} ({:.0f}%)\n'.format(
        test_loss, correct, len(loader.dataset), 100. * correct / len(loader.dataset)))


def main(argv):
    parser = argparse.ArgumentParser(description='MNIST-style CNN')
    parser.add_argument('--batch-size', type=int, default=64, metavar='N')
    parser.add_argument('--test-batch-size', type=int, default=1000, metavar='N')
    parser.add_argument('--epochs', type=int, default=14, metavar='N')
    parser.add_argument('--lr', type=float, default=1.0, metavar='LR')
    parser.add_argument('--gamma', type=float, default=0.7, metavar='M')
    parser.add_argument('--no-accel', action='store_true')
    parser.add_argument('--dry-run', action='store_true')
    parser.add_argument('--seed', type=int, default=1, metavar='S')
    parser.add_argument('--log-interval', type=int, default=10, metavar='N')
    args = parser.parse_args(argv)
    use_accel = not args.no_accel and torch.accelerator.is_available()
    torch.manual_seed(args.seed)
    device = torch.accelerator.current_accelerator() if use_accel else torch.device("cpu")

    def fake_mnist(n):
        images = (torch.rand(n, 1, 16, 16) - 0.1307) / 0.3081
        return TensorDataset(images, torch.randint(0, 10, (n,)))

    train_loader = DataLoader(fake_mnist(96), batch_size=args.batch_size, shuffle=True)
    test_loader = DataLoader(fake_mnist(64), batch_size=args.test_batch_size)
    model = Net().to(device)
    print(model)
    print(sum(p.numel() for p in model.parameters() if p.requires_grad))
    optimizer = optim.Adadelta(model.parameters(), lr=args.lr)
    scheduler = StepLR(optimizer, step_size=1, gamma=args.gamma)
    for epoch in range(1, args.epochs + 1):
        train(args, model, device, train_loader, optimizer, epoch)
        test(model, device, test_loader)
        scheduler.step()
        print('lr', [round(g['lr'], 6) for g in optimizer.param_groups], scheduler.get_last_lr())
    state = model.state_dict()
    print(list(state.keys()), tuple(state['fc1.weight'].shape))


if __name__ == '__main__':
    main(['--epochs', '2', '--batch-size', '32', '--test-batch-size', '32', '--log-interval', '1', '--no-accel'])
