# Real-program corpus (tests/realworld, see README.md): the shape of locuslab/TCN (TCN/tcn.py @ 8845f88f,
# TCN/adding_problem/{add_test,model,utils}.py and TCN/copy_memory/{copymem_test,model,utils}.py @
# 2f8c2b81), the temporal convolutional network of Bai, Kolter and Koltun. It exercises causal dilated
# Conv1d blocks under the old hook-based torch.nn.utils.weight_norm (weight_g / weight_v parameters,
# `conv.weight.data.normal_` on the recomputed weight), a Chomp1d that slices off the causal padding
# with `.contiguous()`, 1x1 downsample residuals, argparse with store_false flags parsed from a list,
# `getattr(optim, args.optim)`, the adding problem (np.random.choice without replacement, torch.cat of
# number and marker channels, MSE on the last step, Adam, progress lines with `{:6d}` / `{:.0f}%`) and
# the copy-memory task (np.random.randint digits through torch.from_numpy, per-step CrossEntropy over
# `out.view(-1, n_classes)`, accuracy with `.eq().sum()`, RMSprop with clip_grad_norm_). Changes:
# short sequences, few samples and epochs, no CUDA, no timing in the logs. Written for Kiln, not copied.
import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable
from torch.nn.utils import weight_norm


# --- TCN/tcn.py -----------------------------------------------------------------------------------------
class Chomp1d(nn.Module):
    def __init__(self, chomp_size):
        super(Chomp1d, self).__init__()
        self.chomp_size = chomp_size

    def forward(self, x):
        return x[:, :, :-self.chomp_size].contiguous()


class TemporalBlock(nn.Module):
    def __init__(self, n_inputs, n_outputs, kernel_size, stride, dilation, padding, dropout=0.2):
        super(TemporalBlock, self).__init__()
        self.conv1 = weight_norm(nn.Conv1d(n_inputs, n_outputs, kernel_size, stride=stride, padding=padding,
                                           dilation=dilation))
        self.chomp1 = Chomp1d(padding)
        self.relu1 = nn.ReLU()
        self.dropout1 = nn.Dropout(dropout)
        self.conv2 = weight_norm(nn.Conv1d(n_outputs, n_outputs, kernel_size, stride=stride, padding=padding,
                                           dilation=dilation))
        self.chomp2 = Chomp1d(padding)
        self.relu2 = nn.ReLU()
        self.dropout2 = nn.Dropout(dropout)
        self.net = nn.Sequential(self.conv1, self.chomp1, self.relu1, self.dropout1,
                                 self.conv2, self.chomp2, self.relu2, self.dropout2)
        self.downsample = nn.Conv1d(n_inputs, n_outputs, 1) if n_inputs != n_outputs else None
        self.relu = nn.ReLU()
        self.init_weights()

    def init_weights(self):
        # weight_norm recomputes `weight` from weight_g / weight_v before every forward, so only the
        # plain downsample conv keeps this draw (as in the original)
        self.conv1.weight.data.normal_(0, 0.01)
        self.conv2.weight.data.normal_(0, 0.01)
        if self.downsample is not None:
            self.downsample.weight.data.normal_(0, 0.01)

    def forward(self, x):
        out = self.net(x)
        res = x if self.downsample is None else self.downsample(x)
        return self.relu(out + res)


class TemporalConvNet(nn.Module):
    def __init__(self, num_inputs, num_channels, kernel_size=2, dropout=0.2):
        super(TemporalConvNet, self).__init__()
        layers = []
        for i in range(len(num_channels)):
            dilation_size = 2 ** i
            in_channels = num_inputs if i == 0 else num_channels[i - 1]
            layers += [TemporalBlock(in_channels, num_channels[i], kernel_size, stride=1, dilation=dilation_size,
                                     padding=(kernel_size - 1) * dilation_size, dropout=dropout)]
        self.network = nn.Sequential(*layers)

    def forward(self, x):
        return self.network(x)


# --- adding_problem/model.py, copy_memory/model.py ------------------------------------------------------
class AddingTCN(nn.Module):
    def __init__(self, input_size, output_size, num_channels, kernel_size, dropout):
        super(AddingTCN, self).__init__()
        self.tcn = TemporalConvNet(input_size, num_channels, kernel_size=kernel_size, dropout=dropout)
        self.linear = nn.Linear(num_channels[-1], output_size)
        self.linear.weight.data.normal_(0, 0.01)

    def forward(self, x):
        y1 = self.tcn(x)
        return self.linear(y1[:, :, -1])


class CopyTCN(nn.Module):
    def __init__(self, input_size, output_size, num_channels, kernel_size, dropout):
        super(CopyTCN, self).__init__()
        self.tcn = TemporalConvNet(input_size, num_channels, kernel_size=kernel_size, dropout=dropout)
        self.linear = nn.Linear(num_channels[-1], output_size)
        self.linear.weight.data.normal_(0, 0.01)

    def forward(self, x):
        y1 = self.tcn(x)
        return self.linear(y1.transpose(1, 2))


# --- the two data generators (utils.py) ----------------------------------------------------------------
def adding_data(N, seq_length):
    X_num = torch.rand([N, 1, seq_length])
    X_mask = torch.zeros([N, 1, seq_length])
    Y = torch.zeros([N, 1])
    for i in range(N):
        positions = np.random.choice(seq_length, size=2, replace=False)
        X_mask[i, 0, positions[0]] = 1
        X_mask[i, 0, positions[1]] = 1
        Y[i, 0] = X_num[i, 0, positions[0]] + X_num[i, 0, positions[1]]
    X = torch.cat((X_num, X_mask), dim=1)
    return Variable(X), Variable(Y)


def copy_data(T, mem_length, b_size):
    seq = torch.from_numpy(np.random.randint(1, 9, size=(b_size, mem_length))).float()
    zeros = torch.zeros((b_size, T))
    marker = 9 * torch.ones((b_size, mem_length + 1))
    placeholders = torch.zeros((b_size, mem_length))
    x = torch.cat((seq, zeros[:, :-1], marker), 1)
    y = torch.cat((placeholders, zeros, seq), 1).long()
    return Variable(x), Variable(y)


def make_parser(description, optim_default, lr_default, clip_default):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument('--batch_size', type=int, default=32, metavar='N')
    parser.add_argument('--cuda', action='store_false', help='use CUDA (default: True)')
    parser.add_argument('--dropout', type=float, default=0.0)
    parser.add_argument('--clip', type=float, default=clip_default, help='gradient clip, -1 means no clip')
    parser.add_argument('--epochs', type=int, default=10)
    parser.add_argument('--ksize', type=int, default=7)
    parser.add_argument('--levels', type=int, default=8)
    parser.add_argument('--seq_len', type=int, default=400)
    parser.add_argument('--log-interval', type=int, default=100, metavar='N')
    parser.add_argument('--lr', type=float, default=lr_default)
    parser.add_argument('--optim', type=str, default=optim_default)
    parser.add_argument('--nhid', type=int, default=30)
    parser.add_argument('--seed', type=int, default=1111)
    return parser


# --- adding_problem/add_test.py ------------------------------------------------------------------------
args = make_parser('Sequence Modeling - The Adding Problem', 'Adam', 4e-3, -1).parse_args(
    ['--cuda', '--epochs', '2', '--seq_len', '40', '--levels', '3', '--nhid', '12', '--ksize', '4',
     '--log-interval', '4', '--batch_size', '16'])
torch.manual_seed(args.seed)
np.random.seed(args.seed)
print(args)
X_train, Y_train = adding_data(160, args.seq_len)
X_test, Y_test = adding_data(40, args.seq_len)
model = AddingTCN(2, 1, [args.nhid] * args.levels, kernel_size=args.ksize, dropout=args.dropout)
print("weight_norm parameters:", sorted(n for n, _ in model.tcn.network[0].conv1.named_parameters()))
print("receptive field:", 1 + 2 * (args.ksize - 1) * (2 ** args.levels - 1))
lr = args.lr
optimizer = getattr(optim, args.optim)(model.parameters(), lr=lr)


def train_adding(epoch):
    model.train()
    batch_idx = 1
    total_loss = 0
    for i in range(0, X_train.size(0), args.batch_size):
        if i + args.batch_size > X_train.size(0):
            x, y = X_train[i:], Y_train[i:]
        else:
            x, y = X_train[i:(i + args.batch_size)], Y_train[i:(i + args.batch_size)]
        optimizer.zero_grad()
        output = model(x)
        loss = F.mse_loss(output, y)
        loss.backward()
        if args.clip > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        optimizer.step()
        batch_idx += 1
        total_loss += loss.item()
        if batch_idx % args.log_interval == 0:
            cur_loss = total_loss / args.log_interval
            processed = min(i + args.batch_size, X_train.size(0))
            print('Train Epoch: {:2d} [{:6d}/{:6d} ({:.0f}%)]\tLearning rate: {:.4f}\tLoss: {:.4f}'.format(
                epoch, processed, X_train.size(0), 100. * processed / X_train.size(0), lr, cur_loss))
            total_loss = 0


def evaluate_adding():
    model.eval()
    with torch.no_grad():
        output = model(X_test)
        test_loss = F.mse_loss(output, Y_test)
        print('Test set: Average loss: {:.4f}'.format(test_loss.item()))
        return test_loss.item()


for ep in range(1, args.epochs + 1):
    train_adding(ep)
    tloss = evaluate_adding()

# --- copy_memory/copymem_test.py -----------------------------------------------------------------------
args = make_parser('Sequence Modeling - Copying Memory Task', 'RMSprop', 5e-4, 1.0).parse_args(
    ['--cuda', '--epochs', '2', '--levels', '3', '--nhid', '10', '--ksize', '4', '--log-interval', '3',
     '--batch_size', '16'])
torch.manual_seed(args.seed)
np.random.seed(args.seed)
blank_len, seq_len, n_classes = 20, 6, 10
T = blank_len
train_x, train_y = copy_data(T, seq_len, 96)
test_x, test_y = copy_data(T, seq_len, 32)
print("copy data:", tuple(train_x.shape), tuple(train_y.shape), train_y.dtype)
model = CopyTCN(1, n_classes, [args.nhid] * args.levels, args.ksize, dropout=args.dropout)
optimizer = getattr(optim, args.optim)(model.parameters(), lr=args.lr)
criterion = nn.CrossEntropyLoss()


def evaluate_copy():
    model.eval()
    with torch.no_grad():
        out = model(test_x.unsqueeze(1).contiguous())
        loss = criterion(out.view(-1, n_classes), test_y.view(-1))
        pred = out.view(-1, n_classes).data.max(1, keepdim=True)[1]
        correct = pred.eq(test_y.data.view_as(pred)).cpu().sum()
        counter = out.view(-1, n_classes).size(0)
        print('Test set: Average loss: {:.4f}  |  Accuracy: {:.2f}'.format(loss.item(), 100. * correct / counter))
        return loss.item()


def train_copy(ep):
    model.train()
    total_loss = 0
    correct = 0
    counter = 0
    for batch_idx, batch in enumerate(range(0, train_x.size(0), args.batch_size)):
        start_ind = batch
        end_ind = start_ind + args.batch_size
        x = train_x[start_ind:end_ind]
        y = train_y[start_ind:end_ind]
        optimizer.zero_grad()
        out = model(x.unsqueeze(1).contiguous())
        loss = criterion(out.view(-1, n_classes), y.view(-1))
        pred = out.view(-1, n_classes).data.max(1, keepdim=True)[1]
        correct += pred.eq(y.data.view_as(pred)).cpu().sum()
        counter += out.view(-1, n_classes).size(0)
        if args.clip > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        loss.backward()
        optimizer.step()
        total_loss += loss
        if batch_idx > 0 and batch_idx % args.log_interval == 0:
            avg_loss = total_loss / args.log_interval
            print('| Epoch {:3d} | {:5d}/{:5d} batches | lr {:2.5f} | loss {:.4f} | accuracy {:5.2f}'.format(
                ep, batch_idx, train_x.size(0) // args.batch_size + 1, args.lr, avg_loss.item(),
                100. * correct / counter))
            total_loss = 0
            correct = 0
            counter = 0


for ep in range(1, args.epochs + 1):
    train_copy(ep)
    evaluate_copy()
