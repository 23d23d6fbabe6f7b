# Real-program corpus (tests/realworld, see README.md): Kim (2014)'s CNN for sentence classification
# as Shawn1993/cnn-text-classification-pytorch writes it -- model.py (CNN_Text: Embedding, a ModuleList
# of Conv2d(1, Co, (K, D)) per kernel size, relu + squeeze(3), max_pool1d over the whole width +
# squeeze(2), cat, Dropout, Linear), train.py (Adam, `feature.data.t_(), target.data.sub_(1)` on
# torchtext batches, F.cross_entropy, accuracy from torch.max(logit, 1)[1].view(target.size()).data ==
# target.data, the '\rBatch[...]' progress line through sys.stdout.write, eval with
# size_average=False, early-stopping bookkeeping, predict of one sentence) and main.py (argparse
# options, kernel_sizes parsed from '3,4,5', printing the parameters) @
# 5fffaba3842eb825c33343f7524fac59a9c51e33 (model.py) / 0175451850b5c033a9a739ee02ea5188bd34031f
# (train.py). Changes: a tiny synthetic two-class corpus and a hand-written vocabulary and batch
# iterator (objects with .text/.label/.batch_size and a .dataset) instead of torchtext's MR dataset;
# batches built batch-first (in PyTorch 2 `feature.data.t_()` transposes only the .data alias);
# `loss.data[0]` (an IndexError on a 0-dim tensor since PyTorch 0.5) as `loss.item()`;
# `autograd.Variable(x, volatile=True)` as torch.no_grad(); snapshots saved to io.BytesIO; 3 epochs.
# Losses printed with :.4f instead of :.6f. Written for Kiln, not copied.
import argparse
import io
import random
import sys

import torch
import torch.autograd as autograd
import torch.nn as nn
import torch.nn.functional as F


class CNN_Text(nn.Module):

    def __init__(self, args):
        super(CNN_Text, self).__init__()
        self.args = args
        V = args.embed_num
        D = args.embed_dim
        C = args.class_num
        Ci = 1
        Co = args.kernel_num
        Ks = args.kernel_sizes
        self.embed = nn.Embedding(V, D)
        self.convs1 = nn.ModuleList([nn.Conv2d(Ci, Co, (K, D)) for K in Ks])
        self.dropout = nn.Dropout(args.dropout)
        self.fc1 = nn.Linear(len(Ks) * Co, C)

    def conv_and_pool(self, x, conv):
        x = F.relu(conv(x)).squeeze(3)
        x = F.max_pool1d(x, x.size(2)).squeeze(2)
        return x

    def forward(self, x):
        x = self.embed(x)
        if self.args.static:
            x = autograd.Variable(x)
        x = x.unsqueeze(1)
        x = [F.relu(conv(x)).squeeze(3) for conv in self.convs1]
        x = [F.max_pool1d(i, i.size(2)).squeeze(2) for i in x]
        x = torch.cat(x, 1)
        x = self.dropout(x)
        logit = self.fc1(x)
        return logit


def train(train_iter, dev_iter, model, args):
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps = 0
    best_acc = 0
    last_step = 0
    model.train()
    for epoch in range(1, args.epochs + 1):
        for batch in train_iter:
            feature, target = batch.text, batch.label
            feature.data.t_(), target.data.sub_(1)
            optimizer.zero_grad()
            logit = model(feature)
            loss = F.cross_entropy(logit, target)
            loss.backward()
            optimizer.step()
            steps += 1
            if steps % args.log_interval == 0:
                corrects = (torch.max(logit, 1)[1].view(target.size()).data == target.data).sum()
                accuracy = 100.0 * corrects / batch.batch_size
                sys.stdout.write(
                    '\rBatch[{}] - loss: {:.4f}  acc: {:.4f}%({}/{})'.format(steps, loss.item(), accuracy,
                                                                             corrects, batch.batch_size))
            if steps % args.test_interval == 0:
                dev_acc = eval(dev_iter, model, args)
                if dev_acc > best_acc:
                    best_acc = dev_acc
                    last_step = steps
                    if args.save_best:
                        save(model, args.save_dir, 'best', steps)
                else:
                    if steps - last_step >= args.early_stop:
                        print('early stop by {} steps.'.format(args.early_stop))
    return best_acc


def eval(data_iter, model, args):
    model.eval()
    corrects, avg_loss = 0, 0
    for batch in data_iter:
        feature, target = batch.text, batch.label
        feature.data.t_(), target.data.sub_(1)
        logit = model(feature)
        loss = F.cross_entropy(logit, target, size_average=False)
        avg_loss += loss.item()
        corrects += (torch.max(logit, 1)[1].view(target.size()).data == target.data).sum()
    size = len(data_iter.dataset)
    avg_loss = avg_loss / size
    accuracy = 100.0 * corrects / size
    model.train()
    print('\nEvaluation - loss: {:.4f}  acc: {:.4f}%({}/{}) \n'.format(avg_loss, accuracy, corrects, size))
    return accuracy


SNAPSHOTS = {}


def save(model, save_dir, save_prefix, steps):
    buf = io.BytesIO()
    torch.save(model.state_dict(), buf)
    SNAPSHOTS['{}/{}_steps_{}.pt'.format(save_dir, save_prefix, steps)] = buf.getvalue()


def predict(text, model, text_field, label_feild):
    assert isinstance(text, str)
    model.eval()
    text = text_field.preprocess(text)
    text = [[text_field.vocab.stoi[x] for x in text]]
    x = torch.tensor(text)
    with torch.no_grad():
        output = model(x)
    _, predicted = torch.max(output, 1)
    return label_feild.vocab.itos[predicted.item() + 1]


# ---- a torchtext-shaped stand-in: fields, vocab, batches ------------------------------------------------
class Vocab:
    def __init__(self, tokens, specials):
        self.itos = list(specials) + sorted(set(tokens) - set(specials))
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)


class Field:
    def __init__(self, lower=True):
        self.lower = lower
        self.vocab = None

    def preprocess(self, text):
        return (text.lower() if self.lower else text).split()


class Batch:
    def __init__(self, text, label):
        self.text, self.label = text, label
        self.batch_size = label.size(0)


class Iterator:
    def __init__(self, dataset, text_field, label_field, batch_size, shuffle, fix_length):
        self.dataset, self.batch_size, self.shuffle = dataset, batch_size, shuffle
        self.text_field, self.label_field, self.fix_length = text_field, label_field, fix_length

    def __iter__(self):
        order = list(range(len(self.dataset)))
        if self.shuffle:
            random.shuffle(order)
        for i in range(0, len(order), self.batch_size):
            exs = [self.dataset[j] for j in order[i:i + self.batch_size]]
            rows = []
            for text, _ in exs:
                ids = [self.text_field.vocab.stoi[w] for w in self.text_field.preprocess(text)]
                rows.append((ids + [1] * self.fix_length)[:self.fix_length])
            labels = [self.label_field.vocab.stoi[lab] for _, lab in exs]
            yield Batch(torch.tensor(rows, dtype=torch.long), torch.tensor(labels, dtype=torch.long))


parser = argparse.ArgumentParser(description='CNN text classificer')
parser.add_argument('-lr', type=float, default=0.001, help='initial learning rate [default: 0.001]')
parser.add_argument('-epochs', type=int, default=256, help='number of epochs for train [default: 256]')
parser.add_argument('-batch-size', type=int, default=64, help='batch size for training [default: 64]')
parser.add_argument('-log-interval', type=int, default=1, help='how many steps to wait before logging')
parser.add_argument('-test-interval', type=int, default=100, help='how many steps to wait before testing')
parser.add_argument('-save-interval', type=int, default=500, help='how many steps to wait before saving')
parser.add_argument('-save-dir', type=str, default='snapshot', help='where to save the snapshot')
parser.add_argument('-early-stop', type=int, default=1000, help='iteration numbers to stop without performance increasing')
parser.add_argument('-save-best', type=bool, default=True, help='whether to save when get best performance')
parser.add_argument('-shuffle', action='store_true', default=False, help='shuffle the data every epoch')
parser.add_argument('-dropout', type=float, default=0.5, help='the probability for dropout [default: 0.5]')
parser.add_argument('-max-norm', type=float, default=3.0, help='l2 constraint of parameters [default: 3.0]')
parser.add_argument('-embed-dim', type=int, default=128, help='number of embedding dimension [default: 128]')
parser.add_argument('-kernel-num', type=int, default=100, help='number of each kind of kernel')
parser.add_argument('-kernel-sizes', type=str, default='3,4,5', help='comma-separated kernel size to use for convolution')
parser.add_argument('-static', action='store_true', default=False, help='fix the embedding')
parser.add_argument('-predict', type=str, default=None, help='predict the sentence given')
args = parser.parse_args(['-epochs', '3', '-batch-size', '8', '-log-interval', '2', '-test-interval', '4',
                          '-embed-dim', '16', '-kernel-num', '6', '-shuffle', '-early-stop', '3'])

random.seed(3)
torch.manual_seed(3)
pos_words = ['good', 'great', 'fun', 'moving', 'superb', 'charming']
neg_words = ['bad', 'dull', 'boring', 'awful', 'flat', 'tedious']
filler = ['the', 'movie', 'was', 'a', 'plot', 'and', 'very', 'with', 'acting']


def sentence(words):
    n = random.randint(5, 9)
    ws = [random.choice(filler) for _ in range(n)]
    for _ in range(2):
        ws.insert(random.randrange(len(ws) + 1), random.choice(words))
    return ' '.join(ws)


data = [(sentence(pos_words), 'positive') for _ in range(20)] + [(sentence(neg_words), 'negative') for _ in range(20)]
random.shuffle(data)
train_data, dev_data = data[:32], data[32:]
text_field, label_field = Field(lower=True), Field(lower=False)
text_field.vocab = Vocab([w for t, _ in data for w in text_field.preprocess(t)], ['<unk>', '<pad>'])
label_field.vocab = Vocab(['positive', 'negative'], ['<unk>'])
train_iter = Iterator(train_data, text_field, label_field, args.batch_size, args.shuffle, 12)
dev_iter = Iterator(dev_data, text_field, label_field, len(dev_data), False, 12)

args.embed_num = len(text_field.vocab)
args.class_num = len(label_field.vocab) - 1
args.cuda = False
args.kernel_sizes = [int(k) for k in args.kernel_sizes.split(',')]
print("\nParameters:")
for attr, value in sorted(args.__dict__.items()):
    print("\t{}={}".format(attr.upper(), value))

cnn = CNN_Text(args)
print(cnn)
best = train(train_iter, dev_iter, cnn, args)
print('best dev acc {:.2f}'.format(float(best)))
print('snapshots', sorted(SNAPSHOTS))
sd = torch.load(io.BytesIO(SNAPSHOTS[sorted(SNAPSHOTS)[-1]]))
print('snapshot keys', list(sd.keys()))
print('[Text]  {}'.format('a superb and charming movie'))
print('[Label] {}'.format(predict('a superb and charming movie', cnn, text_field, label_field)))
print('[Label] {}'.format(predict('dull plot and awful acting', cnn, text_field, label_field)))
