# Real-program corpus (tests/realworld, see README.md): SeanNaren/deepspeech.pytorch's early DeepSpeech 2
# in its own shape -- model.py (SequenceWise collapsing T*N*H to (T*N)*H around a module, with its own
# __repr__; BatchLSTM = SequenceWise(Linear + BatchNorm1d) then a bias-free (bi)LSTM whose two
# directions are summed through view(T, N, 2, -1).sum(2); DeepSpeech's two Conv2d (41, 11) / (21, 11)
# + BatchNorm2d + Hardtanh(0, 20, inplace=True) front end, rnn_input_size from the conv arithmetic over
# a 20 ms window at 16 kHz, an nn.Sequential(OrderedDict(...)) of BatchLSTMs, and the SequenceWise
# BatchNorm1d + Linear head) @ 5fdc981284644676f81ad6fc686195844315b1c2; with the spectrogram of its
# data loader (n_fft = int(sample_rate * window_size), hop = int(sample_rate * window_stride), a hamming
# window, log1p of the magnitude, per-utterance mean/std normalisation) computed by torch.stft instead of
# librosa, a CTC step (nn.CTCLoss over log_softmax'd (T, N, C) outputs instead of warp-ctc), gradient
# clipping and the greedy decoder's collapse of repeats and blanks (decoder.py). Changes: hidden size 32,
# 2 recurrent layers, 0.6 s of synthetic audio per utterance, 3 SGD steps with momentum, the loss printed
# with :.1f (one ReLU-like Hardtanh kink flip from float noise moves it by 3e-3). Written for Kiln,
# not copied.
import math
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F


class SequenceWise(nn.Module):
    def __init__(self, module):
        super(SequenceWise, self).__init__()
        self.module = module

    def forward(self, x):
        t, n = x.size(0), x.size(1)
        x = x.view(t * n, -1)
        x = self.module(x)
        x = x.view(t, n, -1)
        return x

    def __repr__(self):
        tmpstr = self.__class__.__name__ + ' (\n'
        tmpstr += self.module.__repr__()
        tmpstr += ')'
        return tmpstr


class BatchLSTM(nn.Module):
    def __init__(self, input_size, hidden_size, bidirectional=False, batch_norm=True):
        super(BatchLSTM, self).__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.batch_norm_activate = batch_norm
        self.bidirectional = bidirectional
        self.batch_norm = SequenceWise(nn.Sequential(
            nn.Linear(input_size, hidden_size, bias=False),
            nn.BatchNorm1d(hidden_size)))
        self.rnn = nn.LSTM(input_size=hidden_size if batch_norm else input_size, hidden_size=hidden_size,
                           bidirectional=bidirectional, bias=False)
        self.num_directions = 2 if bidirectional else 1

    def forward(self, x):
        if self.batch_norm_activate:
            x = self.batch_norm(x)
        x, _ = self.rnn(x)
        if self.bidirectional:
            x = x.view(x.size(0), x.size(1), 2, -1).sum(2).view(x.size(0), x.size(1), -1)
        return x


class DeepSpeech(nn.Module):
    def __init__(self, num_classes=29, rnn_hidden_size=400, nb_layers=4, bidirectional=True):
        super(DeepSpeech, self).__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 32, kernel_size=(41, 11), stride=(2, 2)),
            nn.BatchNorm2d(32),
            nn.Hardtanh(0, 20, inplace=True),
            nn.Conv2d(32, 32, kernel_size=(21, 11), stride=(2, 1)),
            nn.BatchNorm2d(32),
            nn.Hardtanh(0, 20, inplace=True)
        )
        rnn_input_size = int(math.floor((16000 * 0.02) / 2) + 1)
        rnn_input_size = int(math.floor(rnn_input_size - 41) / 2 + 1)
        rnn_input_size = int(math.floor(rnn_input_size - 21) / 2 + 1)
        rnn_input_size *= 32
        rnns = []
        rnn = BatchLSTM(input_size=rnn_input_size, hidden_size=rnn_hidden_size, bidirectional=bidirectional,
                        batch_norm=False)
        rnns.append(('0', rnn))
        for x in range(nb_layers - 1):
            rnn = BatchLSTM(input_size=rnn_hidden_size, hidden_size=rnn_hidden_size, bidirectional=bidirectional)
            rnns.append(('%d' % (x + 1), rnn))
        self.rnns = nn.Sequential(OrderedDict(rnns))
        fully_connected = nn.Sequential(
            nn.BatchNorm1d(rnn_hidden_size),
            nn.Linear(rnn_hidden_size, num_classes, bias=False)
        )
        self.fc = nn.Sequential(
            SequenceWise(fully_connected),
        )

    def forward(self, x):
        x = self.conv(x)
        sizes = x.size()
        x = x.view(sizes[0], sizes[1] * sizes[2], sizes[3])
        x = x.transpose(1, 2).transpose(0, 1).contiguous()
        x = self.rnns(x)
        x = self.fc(x)
        x = x.transpose(0, 1)
        return x


# ---- the data loader's spectrogram and the greedy decoder -------------------------------------------------
audio_conf = dict(sample_rate=16000, window_size=.02, window_stride=.01, window='hamming')


def parse_audio(y, audio_conf):
    n_fft = int(audio_conf['sample_rate'] * audio_conf['window_size'])
    win_length = n_fft
    hop_length = int(audio_conf['sample_rate'] * audio_conf['window_stride'])
    D = torch.stft(y, n_fft=n_fft, hop_length=hop_length, win_length=win_length,
                   window=torch.hamming_window(win_length), return_complex=True)
    spect = D.abs()
    spect = torch.log1p(spect)
    mean = spect.mean()
    std = spect.std()
    spect.add_(-mean)
    spect.div_(std)
    return spect


class GreedyDecoder(object):
    def __init__(self, labels, blank_index=0):
        self.labels = labels
        self.int_to_char = dict([(i, c) for (i, c) in enumerate(labels)])
        self.blank_index = blank_index

    def convert_to_strings(self, sequences, sizes=None):
        strings = []
        for x in range(len(sequences)):
            seq_len = sizes[x] if sizes is not None else len(sequences[x])
            string = self.process_string(sequences[x], seq_len)
            strings.append([string])
        return strings

    def process_string(self, sequence, size):
        string = ''
        for i in range(size):
            char = self.int_to_char[sequence[i].item()]
            if char != self.int_to_char[self.blank_index]:
                if i != 0 and char == self.int_to_char[sequence[i - 1].item()]:
                    pass
                elif char == self.labels[self.blank_index]:
                    pass
                else:
                    string = string + char
        return string

    def decode(self, probs, sizes=None):
        _, max_probs = torch.max(probs.transpose(0, 1), 2)
        return self.convert_to_strings(max_probs.view(max_probs.size(0), max_probs.size(1)), sizes)


labels = "_'ABCDEFGHIJKLMNOPQRSTUVWXYZ "
torch.manual_seed(0)
model = DeepSpeech(num_classes=len(labels), rnn_hidden_size=32, nb_layers=2, bidirectional=True)
print(model)
print('parameters', sum(p.numel() for p in model.parameters()))

t = torch.arange(9600) / 16000.0
waves = [0.3 * torch.sin(2 * math.pi * 440 * t) + 0.05 * torch.randn(9600),
         0.3 * torch.sin(2 * math.pi * 880 * t[:8800]) + 0.05 * torch.randn(8800)]
spects = [parse_audio(w, audio_conf) for w in waves]
print('spectrograms', [tuple(s.shape) for s in spects], ['%.3f' % s.std().item() for s in spects])
max_len = max(s.size(1) for s in spects)
inputs = torch.zeros(len(spects), 1, spects[0].size(0), max_len)
for i, s in enumerate(spects):
    inputs[i, 0, :, :s.size(1)].copy_(s)
transcripts = ["HI", "OK"]
targets = torch.IntTensor([labels.index(c) for tr in transcripts for c in tr])
target_sizes = torch.IntTensor([len(tr) for tr in transcripts])

criterion = nn.CTCLoss(blank=0, reduction='sum', zero_infinity=True)
optimizer = torch.optim.SGD(model.parameters(), lr=3e-4, momentum=0.9, nesterov=True)
decoder = GreedyDecoder(labels)
for step in range(3):
    model.train()
    out = model(inputs)
    out = out.transpose(0, 1)
    seq_length = out.size(0)
    sizes = torch.IntTensor([seq_length] * out.size(1))
    loss = criterion(out.log_softmax(2), targets, sizes, target_sizes)
    loss = loss / inputs.size(0)
    optimizer.zero_grad()
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 400)
    optimizer.step()
    print('Epoch: [{0}][{1}/{2}]\tLoss {loss:.1f}\tgrad norm finite {3}'.format(
        1, step + 1, 3, bool(torch.isfinite(norm)), loss=loss.item()))

model.eval()
with torch.no_grad():
    out = model(inputs)
    print('eval output', tuple(out.shape))
    probs = F.softmax(out, dim=-1)
    decoded = decoder.decode(probs.transpose(0, 1), sizes=[out.size(1)] * out.size(0))
    print('decoded', len(decoded), [type(d[0]).__name__ for d in decoded])
seq = torch.tensor([0, 9, 9, 0, 10, 10, 10, 0, 0, 9])
print(repr(decoder.process_string(seq, len(seq))))
