# Real-program corpus (tests/realworld, see README.md): Zhang et al.'s character-level CNN as
# srviest/char-cnn-text-classification-pytorch writes it -- data_loader.py (AGNEWs Dataset: csv.reader
# rows of label + text joined and lowercased, the alphabet from a JSON list, oneHotEncode writing 1.0
# into X[char2Index(c)][i] over the reversed sequence, alphabet.find for unknown characters, labels as
# one-element LongTensors), model.py (CharCNN: six Conv1d(.., 256) stages with MaxPool1d(3, 3), the
# 8704 -> 1024 -> 1024 -> 4 Linear/ReLU/Dropout head and nn.LogSoftmax() without dim) @
# 47ee8ab70e327a879f66544c61f9d414b048de28 and metric.py (precision_recall / F_score dictionaries over
# set(target), the per-label report) @ 620a90b8ae890666780d2b8faa98201a2dfefc92, with train.py's loop
# (Adam, F.nll_loss on target.squeeze(), torch.max(logit, 1)[1] accuracy). Changes: a 12-row in-memory
# CSV (io.StringIO) and alphabet JSON string instead of the AG News files (the original opens the CSV
# in 'rb', Python 2); termcolor's cprint/colored replaced by plain print; batch 4, 2 epochs of 3
# batches; losses printed with :.4f. Written for Kiln, not copied.
import argparse
import csv
import io
import json

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

ALPHABET_JSON = json.dumps(list("abcdefghijklmnopqrstuvwxyz0123456789-,;.!?:'\"/\\|_@#$%^&*~`+-=<>()[]{}"))
CSV_TEXT = "\n".join([
    '"3","Wall St. Bears Claw Back","Short-sellers, Wall Street\'s dwindling band of ultra-cynics, are seeing green."',
    '"4","New Chip Runs Cooler","The company said its new processor uses less power (and runs faster)."',
    '"1","Talks Resume in Capital","Negotiators met again on Tuesday to discuss the ceasefire plan."',
    '"2","Team Wins Title","The home side won the championship 3-1 after extra time!"',
    '"3","Oil Prices Climb","Crude futures rose 2% as supplies tightened; traders cited weather."',
    '"4","Software Update Ships","Version 2.0 fixes bugs & adds features, the developers said."',
    '"1","Election Date Set","Officials announced the vote for next spring."',
    '"2","Star Striker Injured","The forward will miss four weeks with a knee injury."',
    '"3","Bank Raises Rates","The central bank lifted its key rate by a quarter point."',
    '"4","Space Probe Launch","Engineers confirmed the probe reached orbit: all systems nominal."',
    '"1","Summit Ends","Leaders signed a joint statement on trade and security."',
    '"2","Coach Resigns","After a losing season, the coach stepped down on Monday."',
])


class AGNEWs(Dataset):
    def __init__(self, label_data_path, alphabet_path, l0=1014):
        self.label_data_path = label_data_path
        with alphabet_path as alphabet_file:
            alphabet = str(''.join(json.load(alphabet_file)))
        self.alphabet = alphabet
        self.l0 = l0
        self.load()

    def __len__(self):
        return len(self.label)

    def __getitem__(self, idx):
        X = self.oneHotEncode(idx)
        y = torch.LongTensor([self.label[idx]])
        return X, y

    def load(self, lowercase=True):
        self.label = []
        self.data = []
        with self.label_data_path as f:
            rdr = csv.reader(f, delimiter=',', quotechar='"')
            for index, row in enumerate(rdr):
                self.label.append(int(row[0]))
                txt = ' '.join(row[1:])
                if lowercase:
                    txt = txt.lower()
                self.data.append(txt)

    def oneHotEncode(self, idx):
        X = torch.zeros(len(self.alphabet), self.l0)
        sequence = self.data[idx]
        for index_char, char in enumerate(sequence[::-1]):
            if self.char2Index(char) != -1:
                X[self.char2Index(char)][index_char] = 1.0
        return X

    def char2Index(self, character):
        return self.alphabet.find(character)


class CharCNN(nn.Module):
    def __init__(self, args):
        super(CharCNN, self).__init__()
        self.conv1 = nn.Sequential(nn.Conv1d(args.num_features, 256, kernel_size=7, stride=1), nn.ReLU(),
                                   nn.MaxPool1d(kernel_size=3, stride=3))
        self.conv2 = nn.Sequential(nn.Conv1d(256, 256, kernel_size=7, stride=1), nn.ReLU(),
                                   nn.MaxPool1d(kernel_size=3, stride=3))
        self.conv3 = nn.Sequential(nn.Conv1d(256, 256, kernel_size=3, stride=1), nn.ReLU())
        self.conv4 = nn.Sequential(nn.Conv1d(256, 256, kernel_size=3, stride=1), nn.ReLU())
        self.conv5 = nn.Sequential(nn.Conv1d(256, 256, kernel_size=3, stride=1), nn.ReLU())
        self.conv6 = nn.Sequential(nn.Conv1d(256, 256, kernel_size=3, stride=1), nn.ReLU(),
                                   nn.MaxPool1d(kernel_size=3, stride=3))
        self.fc1 = nn.Sequential(nn.Linear(8704, 1024), nn.ReLU(), nn.Dropout(p=args.dropout))
        self.fc2 = nn.Sequential(nn.Linear(1024, 1024), nn.ReLU(), nn.Dropout(p=args.dropout))
        self.fc3 = nn.Linear(1024, 4)
        self.log_softmax = nn.LogSoftmax()

    def forward(self, x):
        x = self.conv1(x)
        x = self.conv2(x)
        x = self.conv3(x)
        x = self.conv4(x)
        x = self.conv5(x)
        x = self.conv6(x)
        x = x.view(x.size(0), -1)
        x = self.fc1(x)
        x = self.fc2(x)
        x = self.fc3(x)
        x = self.log_softmax(x)
        return x


def inc(d, label):
    if label in d:
        d[label] += 1
    else:
        d[label] = 1


def precision_recall(output, target):
    assert len(output) == len(target), "output len: {} != target len: {}".format(len(output), len(target))
    labels = set(target)
    TP = {}
    TP_plus_FN = {}
    TP_plus_FP = {}
    for i in range(len(output)):
        inc(TP_plus_FN, target[i])
        inc(TP_plus_FP, output[i])
        if target[i] == output[i]:
            inc(TP, output[i])
    for label in labels:
        if label not in TP_plus_FN:
            TP_plus_FN[label] = 0
        if label not in TP_plus_FP:
            TP_plus_FP[label] = 0
    precision = {label: 0. if TP_plus_FP[label] == 0 else ((TP[label] if label in TP else 0) / float(TP_plus_FP[label]))
                 for label in labels}
    recall = {label: 0. if TP_plus_FN[label] == 0 else ((TP[label] if label in TP else 0) / float(TP_plus_FN[label]))
              for label in labels}
    return precision, recall, TP, TP_plus_FN, TP_plus_FP


def F_score(p, r):
    f_scores = {
        label: None if p[label] == 0 and r[label] == 0 else (0 if p[label] == 0 or r[label] == 0 else 2 / (1 / p[label] + 1 / r[label]))
        for label in p
    }
    return f_scores


def c(text, color):
    return text


cprint = print


def print_f_score(output, target):
    p, r, TP, TP_plus_FN, TP_plus_FP = precision_recall(output, target)
    f = F_score(p, r)
    for label in f.keys():
        cprint("Label: " + c(("  " + str(label))[-5:], 'red') +
               "\tPrec: " + c("  {:.1f}".format(p[label] * 100)[-5:], 'green') + '%' +
               " ({:d}/{:d})".format((TP[label] if label in TP else 0), TP_plus_FP[label]).ljust(14) +
               "Recall: " + c("  {:.1f}".format((r[label] if label in r else 0) * 100)[-5:], 'green') + "%" +
               " ({:d}/{:d})".format((TP[label] if label in TP else 0), TP_plus_FN[label]).ljust(14) +
               "F-Score: " + ("  N/A" if f[label] is None else (c("  {:.1f}".format(f[label] * 100)[-5:], "green") + "%")))


# metric.py's own demonstration
output = torch.LongTensor([1, 1, 1, 1, 1, 2, 0, 2, 2, 2, 2])
target = torch.LongTensor([1, 3, 2, 3, 3, 3, 3, 3, 0, 3, 3])
precision, recall, TP, TP_plus_FN, TP_plus_FP = precision_recall(output.data.numpy().tolist(), target.data.numpy().tolist())
print('precision', precision)
print('recall', recall)
print('TP', TP, 'TP_plus_FN', TP_plus_FN, 'TP_plus_FP', TP_plus_FP)
print('f_scores', F_score(precision, recall))
print_f_score(output.data.numpy().tolist(), target.data.numpy().tolist())

parser = argparse.ArgumentParser(description='Character level CNN text classifier training')
parser.add_argument('--lr', type=float, default=0.0001)
parser.add_argument('--epochs', type=int, default=200)
parser.add_argument('--batch_size', type=int, default=20)
parser.add_argument('--dropout', type=float, default=0.5)
parser.add_argument('--l0', type=int, default=1014)
parser.add_argument('--shuffle', action='store_true', default=False)
args = parser.parse_args(['--epochs', '2', '--batch_size', '4', '--shuffle'])

torch.manual_seed(0)
train_dataset = AGNEWs(label_data_path=io.StringIO(CSV_TEXT), alphabet_path=io.StringIO(ALPHABET_JSON), l0=args.l0)
print('samples', len(train_dataset), 'alphabet', len(train_dataset.alphabet), train_dataset.data[0][:30])
X, y = train_dataset[0]
print('one-hot', tuple(X.shape), int(X.sum().item()), y, train_dataset.char2Index('~'), train_dataset.char2Index('\u00e9'))
train_loader = DataLoader(train_dataset, batch_size=args.batch_size, shuffle=args.shuffle, drop_last=False)
args.num_features = len(train_dataset.alphabet)
model = CharCNN(args)
print(model.fc1)
print('parameters', sum(p.numel() for p in model.parameters()))
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
model.train()
for epoch in range(1, args.epochs + 1):
    for i_batch, data in enumerate(train_loader, start=0):
        inputs, target = data
        target.sub_(1)
        logit = model(inputs)
        loss = F.nll_loss(logit, target.squeeze())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        corrects = (torch.max(logit, 1)[1].view(target.size()).data == target.data).sum()
        accuracy = 100.0 * corrects / args.batch_size
        print('Epoch[{}] Batch[{}] - loss: {:.4f}  lr: {:.5f}  acc: {:.3f}% ({}/{})'.format(
            epoch, i_batch, loss.item(), optimizer.state_dict()['param_groups'][0]['lr'], accuracy, corrects,
            args.batch_size))
model.eval()
with torch.no_grad():
    predicates = []
    targets = []
    for inputs, target in DataLoader(train_dataset, batch_size=6):
        target.sub_(1)
        predicates += torch.max(model(inputs), 1)[1].tolist()
        targets += target.squeeze().tolist()
print('eval', len(predicates), len(targets), sorted(set(targets)))
