# Real-program corpus (tests/realworld, see README.md): meijieru/crnn.pytorch @ 3cc7904c5ba20b18fcdc2d02ac2b24a9be9eafaf
# (models/crnn.py, utils.py, train.py, demo.py): the CRNN text recognizer (a VGG-style CNN built by
# convRelu into one nn.Sequential with add_module names, BatchNorm on three layers, asymmetric
# MaxPool2d((2, 2), (2, 1), (0, 1)) down to height 1, two BidirectionalLSTM layers), strLabelConverter
# (alphabet dict with 0 as the CTC blank, encode of a batch into one IntTensor plus lengths, decode with
# repeat/blank collapsing, raw and batched), averager, weights_init through Module.apply with
# classname.find, RMSprop, CTC loss over (T, N, C) activations, then demo.py's greedy decoding of a
# 32x100 image. models/crnn.py and utils.py's strLabelConverter/averager are verbatim but for
# `collections.Iterable` -> `collections.abc.Iterable` (the alias was removed in Python 3.10; CPython 3.12
# raises AttributeError there). Changes from the origin: warp-ctc's CTCLoss is torch.nn.CTCLoss
# (reduction='sum', zero_infinity=True) over log_softmax, as the repository's later versions do; no lmdb
# data set: 8 random 32x100 images with random 2-5 character words; train.py's trainBatch loop
# condensed to 3 batches of 2 with nh=64; outputs rounded.
import collections
import collections.abc
import random

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable

class BidirectionalLSTM(nn.Module):

    def __init__(self, nIn, nHidden, nOut):
        super(BidirectionalLSTM, self).__init__()

        self.rnn = nn.LSTM(nIn, nHidden, bidirectional=True)
        self.embedding = nn.Linear(nHidden * 2, nOut)

    def forward(self, input):
        recurrent, _ = self.rnn(input)
        T, b, h = recurrent.size()
        t_rec = recurrent.view(T * b, h)

        output = self.embedding(t_rec)  # [T * b, nOut]
        output = output.view(T, b, -1)

        return output


class CRNN(nn.Module):

    def __init__(self, imgH, nc, nclass, nh, n_rnn=2, leakyRelu=False):
        super(CRNN, self).__init__()
        assert imgH % 16 == 0, 'imgH has to be a multiple of 16'

        ks = [3, 3, 3, 3, 3, 3, 2]
        ps = [1, 1, 1, 1, 1, 1, 0]
        ss = [1, 1, 1, 1, 1, 1, 1]
        nm = [64, 128, 256, 256, 512, 512, 512]

        cnn = nn.Sequential()

        def convRelu(i, batchNormalization=False):
            nIn = nc if i == 0 else nm[i - 1]
            nOut = nm[i]
            cnn.add_module('conv{0}'.format(i),
                           nn.Conv2d(nIn, nOut, ks[i], ss[i], ps[i]))
            if batchNormalization:
                cnn.add_module('batchnorm{0}'.format(i), nn.BatchNorm2d(nOut))
            if leakyRelu:
                cnn.add_module('relu{0}'.format(i),
                               nn.LeakyReLU(0.2, inplace=True))
            else:
                cnn.add_module('relu{0}'.format(i), nn.ReLU(True))

        convRelu(0)
        cnn.add_module('pooling{0}'.format(0), nn.MaxPool2d(2, 2))  # 64x16x64
        convRelu(1)
        cnn.add_module('pooling{0}'.format(1), nn.MaxPool2d(2, 2))  # 128x8x32
        convRelu(2, True)
        convRelu(3)
        cnn.add_module('pooling{0}'.format(2),
                       nn.MaxPool2d((2, 2), (2, 1), (0, 1)))  # 256x4x16
        convRelu(4, True)
        convRelu(5)
        cnn.add_module('pooling{0}'.format(3),
                       nn.MaxPool2d((2, 2), (2, 1), (0, 1)))  # 512x2x16
        convRelu(6, True)  # 512x1x16

        self.cnn = cnn
        self.rnn = nn.Sequential(
            BidirectionalLSTM(512, nh, nh),
            BidirectionalLSTM(nh, nh, nclass))

    def forward(self, input):
        # conv features
        conv = self.cnn(input)
        b, c, h, w = conv.size()
        assert h == 1, "the height of conv must be 1"
        conv = conv.squeeze(2)
        conv = conv.permute(2, 0, 1)  # [w, b, c]

        # rnn features
        output = self.rnn(conv)

        return output


class strLabelConverter(object):
    """Convert between str and label.

    NOTE:
        Insert `blank` to the alphabet for CTC.

    Args:
        alphabet (str): set of the possible characters.
        ignore_case (bool, default=True): whether or not to ignore all of the case.
    """

    def __init__(self, alphabet, ignore_case=True):
        self._ignore_case = ignore_case
        if self._ignore_case:
            alphabet = alphabet.lower()
        self.alphabet = alphabet + '-'  # for `-1` index

        self.dict = {}
        for i, char in enumerate(alphabet):
            # NOTE: 0 is reserved for 'blank' required by wrap_ctc
            self.dict[char] = i + 1

    def encode(self, text):
        """Support batch or single str.

        Args:
            text (str or list of str): texts to convert.

        Returns:
            torch.IntTensor [length_0 + length_1 + ... length_{n - 1}]: encoded texts.
            torch.IntTensor [n]: length of each text.
        """
        if isinstance(text, str):
            text = [
                self.dict[char.lower() if self._ignore_case else char]
                for char in text
            ]
            length = [len(text)]
        elif isinstance(text, collections.abc.Iterable):
            length = [len(s) for s in text]
            text = ''.join(text)
            text, _ = self.encode(text)
        return (torch.IntTensor(text), torch.IntTensor(length))

    def decode(self, t, length, raw=False):
        """Decode encoded texts back into strs.

        Args:
            torch.IntTensor [length_0 + length_1 + ... length_{n - 1}]: encoded texts.
            torch.IntTensor [n]: length of each text.

        Raises:
            AssertionError: when the texts and its length does not match.

        Returns:
            text (str or list of str): texts to convert.
        """
        if length.numel() == 1:
            length = length[0]
            assert t.numel() == length, "text with length: {} does not match declared length: {}".format(t.numel(), length)
            if raw:
                return ''.join([self.alphabet[i - 1] for i in t])
            else:
                char_list = []
                for i in range(length):
                    if t[i] != 0 and (not (i > 0 and t[i - 1] == t[i])):
                        char_list.append(self.alphabet[t[i] - 1])
                return ''.join(char_list)
        else:
            # batch mode
            assert t.numel() == length.sum(), "texts with length: {} does not match declared length: {}".format(t.numel(), length.sum())
            texts = []
            index = 0
            for i in range(length.numel()):
                l = length[i]
                texts.append(
                    self.decode(
                        t[index:index + l], torch.IntTensor([l]), raw=raw))
                index += l
            return texts


class averager(object):
    """Compute average for `torch.Variable` and `torch.Tensor`. """

    def __init__(self):
        self.reset()

    def add(self, v):
        if isinstance(v, Variable):
            count = v.data.numel()
            v = v.data.sum()
        elif isinstance(v, torch.Tensor):
            count = v.numel()
            v = v.sum()

        self.n_count += count
        self.sum += v

    def reset(self):
        self.n_count = 0
        self.sum = 0

    def val(self):
        res = 0
        if self.n_count != 0:
            res = self.sum / float(self.n_count)
        return res



def weights_init(m):
    classname = m.__class__.__name__
    if classname.find('Conv') != -1:
        m.weight.data.normal_(0.0, 0.02)
    elif classname.find('BatchNorm') != -1:
        m.weight.data.normal_(1.0, 0.02)
        m.bias.data.fill_(0)


if __name__ == "__main__":
    random.seed(1234)
    np.random.seed(1234)
    torch.manual_seed(1234)
    alphabet = '0123456789abcdefghijklmnopqrstuvwxyz'
    nclass = len(alphabet) + 1
    converter = strLabelConverter(alphabet)
    ctc = nn.CTCLoss(blank=0, reduction='sum', zero_infinity=True)

    def criterion(preds, text, preds_size, length):
        return ctc(preds.log_softmax(2), text, preds_size, length)

    crnn = CRNN(32, 1, nclass, 64)
    crnn.apply(weights_init)
    print(crnn.cnn)
    print("parameters", sum(p.numel() for p in crnn.parameters()))
    optimizer = optim.RMSprop(crnn.parameters(), lr=0.001)
    loss_avg = averager()
    words = [''.join(random.choice(alphabet) for _ in range(random.randint(2, 5))) for _ in range(8)]
    images = torch.rand(8, 1, 32, 100) * 2 - 1
    t, l = converter.encode(words[:4])
    print(words[:4], t.tolist(), l.tolist())
    print(converter.decode(t, l))
    crnn.train()
    for i in range(3):
        cpu_images, cpu_texts = images[i % 2 * 2:(i % 2 + 1) * 2], words[i % 2 * 2:(i % 2 + 1) * 2]
        batch_size = cpu_images.size(0)
        text, length = converter.encode(cpu_texts)
        preds = crnn(cpu_images)
        preds_size = Variable(torch.IntTensor([preds.size(0)] * batch_size))
        cost = criterion(preds, text, preds_size, length) / batch_size
        crnn.zero_grad()
        cost.backward()
        optimizer.step()
        loss_avg.add(cost)
        print('[%d/%d] Loss: %.2f' % (i, 3, loss_avg.val()))
        loss_avg.reset()

    crnn.eval()
    image = images[:1]
    preds = crnn(image)
    print("preds", tuple(preds.shape))
    _, preds = preds.max(2)
    preds = preds.transpose(1, 0).contiguous().view(-1)
    preds_size = Variable(torch.IntTensor([preds.size(0)]))
    raw_pred = converter.decode(preds.data, preds_size.data, raw=True)
    sim_pred = converter.decode(preds.data, preds_size.data, raw=False)
    print('%-20s => %-20s' % (raw_pred, sim_pred))
    raw = converter.decode(torch.IntTensor([0, 3, 3, 0, 3, 12, 12, 0, 0, 5, 1, 1]), torch.IntTensor([7, 5]), raw=False)
    print(raw)
