# Real-program corpus (tests/realworld, see README.md): the speech-command classifier of PyTorch's
# audio tutorial in its own shape -- pytorch/tutorials intermediate_source/
# speech_command_classification_with_torchaudio_tutorial.py @ 84c6357b6405aa921e11a19cbfed2b4c856eafbd:
# a SPEECHCOMMANDS-style dataset of (waveform, sample_rate, label, speaker_id, utterance_number) tuples,
# labels = sorted(list(set(datapoint[2] for datapoint in train_set))), label_to_index /
# index_to_label, pad_sequence through item.t() + rnn.pad_sequence(batch_first=True) + permute,
# collate_fn with `for waveform, _, label, *_ in batch`, the M5 network (Conv1d kernel 80 stride 16,
# BatchNorm1d, MaxPool1d(4) x4, avg_pool1d over the whole length, permute, log_softmax(dim=2)),
# count_parameters, Adam(weight_decay=0.0001) + StepLR, train with F.nll_loss(output.squeeze(),
# target) and the "Train Epoch" log line, number_of_correct / get_likely_index, test's accuracy line,
# and predict. Changes: synthetic one-second "words" (label-dependent tones with noise, lengths
# varying) instead of downloading SpeechCommands; torchaudio.transforms.Resample(16000, 8000) replaced
# by a 2:1 averaging stand-in (torchaudio is not used); 5 labels, 24 training and 10 test clips, batch
# 8, 2 epochs, log_interval 1; tqdm left out; the loss printed with :.4f instead of :.6f. Written for
# Kiln, not copied.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import Dataset

device = torch.device("cpu")
torch.manual_seed(0)


class SubsetSC(Dataset):
    """What torchaudio.datasets.SPEECHCOMMANDS yields: (waveform, sample_rate, label, speaker, n)."""

    WORDS = ["yes", "no", "up", "down", "left"]

    def __init__(self, subset: str = None):
        n = 24 if subset == "training" else 10
        g = torch.Generator().manual_seed(1 if subset == "training" else 2)
        self._walker = []
        for i in range(n):
            label = self.WORDS[i % len(self.WORDS)]
            freq = 300.0 + 220.0 * self.WORDS.index(label)
            length = 16000 - int(torch.randint(0, 1200, (1,), generator=g))
            t = torch.arange(length) / 16000
            wave = 0.5 * torch.sin(2 * math.pi * freq * t) + 0.1 * torch.randn(length, generator=g)
            self._walker.append((wave.unsqueeze(0), 16000, label, "spk%02d" % (i % 7), i // 7))

    def __getitem__(self, n):
        return self._walker[n]

    def __len__(self):
        return len(self._walker)


train_set = SubsetSC("training")
test_set = SubsetSC("testing")
waveform, sample_rate, label, speaker_id, utterance_number = train_set[0]
print("Shape of waveform: {}".format(waveform.size()))
print("Sample rate of waveform: {}".format(sample_rate))
labels = sorted(list(set(datapoint[2] for datapoint in train_set)))
print(labels)

new_sample_rate = 8000


class Resample(nn.Module):
    def __init__(self, orig_freq, new_freq):
        super().__init__()
        self.factor = orig_freq // new_freq

    def forward(self, x):
        return F.avg_pool1d(x, self.factor)


transform = Resample(orig_freq=sample_rate, new_freq=new_sample_rate)
transformed = transform(waveform)
print("Shape of transformed waveform: {}".format(transformed.size()))


def label_to_index(word):
    return torch.tensor(labels.index(word))


def index_to_label(index):
    return labels[index]


word_start = "yes"
index = label_to_index(word_start)
word_recovered = index_to_label(index)
print(word_start, "-->", index, "-->", word_recovered)


def pad_sequence(batch):
    batch = [item.t() for item in batch]
    batch = torch.nn.utils.rnn.pad_sequence(batch, batch_first=True, padding_value=0.)
    return batch.permute(0, 2, 1)


def collate_fn(batch):
    tensors, targets = [], []
    for waveform, _, label, *_ in batch:
        tensors += [waveform]
        targets += [label_to_index(label)]
    tensors = pad_sequence(tensors)
    targets = torch.stack(targets)
    return tensors, targets


batch_size = 8
num_workers = 0
pin_memory = False
train_loader = torch.utils.data.DataLoader(train_set, batch_size=batch_size, shuffle=True,
                                           collate_fn=collate_fn, num_workers=num_workers,
                                           pin_memory=pin_memory)
test_loader = torch.utils.data.DataLoader(test_set, batch_size=batch_size, shuffle=False, drop_last=False,
                                          collate_fn=collate_fn, num_workers=num_workers,
                                          pin_memory=pin_memory)


class M5(nn.Module):
    def __init__(self, n_input=1, n_output=35, stride=16, n_channel=32):
        super().__init__()
        self.conv1 = nn.Conv1d(n_input, n_channel, kernel_size=80, stride=stride)
        self.bn1 = nn.BatchNorm1d(n_channel)
        self.pool1 = nn.MaxPool1d(4)
        self.conv2 = nn.Conv1d(n_channel, n_channel, kernel_size=3)
        self.bn2 = nn.BatchNorm1d(n_channel)
        self.pool2 = nn.MaxPool1d(4)
        self.conv3 = nn.Conv1d(n_channel, 2 * n_channel, kernel_size=3)
        self.bn3 = nn.BatchNorm1d(2 * n_channel)
        self.pool3 = nn.MaxPool1d(4)
        self.conv4 = nn.Conv1d(2 * n_channel, 2 * n_channel, kernel_size=3)
        self.bn4 = nn.BatchNorm1d(2 * n_channel)
        self.pool4 = nn.MaxPool1d(4)
        self.fc1 = nn.Linear(2 * n_channel, n_output)

    def forward(self, x):
        x = self.conv1(x)
        x = F.relu(self.bn1(x))
        x = self.pool1(x)
        x = self.conv2(x)
        x = F.relu(self.bn2(x))
        x = self.pool2(x)
        x = self.conv3(x)
        x = F.relu(self.bn3(x))
        x = self.pool3(x)
        x = self.conv4(x)
        x = F.relu(self.bn4(x))
        x = self.pool4(x)
        x = F.avg_pool1d(x, x.shape[-1])
        x = x.permute(0, 2, 1)
        x = self.fc1(x)
        return F.log_softmax(x, dim=2)


model = M5(n_input=transformed.shape[0], n_output=len(labels))
model.to(device)
print(model)


def count_parameters(model):
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


n = count_parameters(model)
print("Number of parameters: %s" % n)

optimizer = optim.Adam(model.parameters(), lr=0.01, weight_decay=0.0001)
scheduler = optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.1)
log_interval = 1
losses = []


def train(model, epoch, log_interval):
    model.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        data = data.to(device)
        target = target.to(device)
        data = transform(data)
        output = model(data)
        loss = F.nll_loss(output.squeeze(), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if batch_idx % log_interval == 0:
            print(f"Train Epoch: {epoch} [{batch_idx * len(data)}/{len(train_loader.dataset)} "
                  f"({100. * batch_idx / len(train_loader):.0f}%)]\tLoss: {loss.item():.4f}")
        losses.append(loss.item())


def number_of_correct(pred, target):
    return pred.squeeze().eq(target).sum().item()


def get_likely_index(tensor):
    return tensor.argmax(dim=-1)


def test(model, epoch):
    model.eval()
    correct = 0
    for data, target in test_loader:
        data = data.to(device)
        target = target.to(device)
        data = transform(data)
        output = model(data)
        pred = get_likely_index(output)
        correct += number_of_correct(pred, target)
    print(f"\nTest Epoch: {epoch}\tAccuracy: {correct}/{len(test_loader.dataset)} "
          f"({100. * correct / len(test_loader.dataset):.0f}%)\n")


n_epoch = 2
for epoch in range(1, n_epoch + 1):
    train(model, epoch, log_interval)
    test(model, epoch)
    scheduler.step()
    print('lr', scheduler.get_last_lr())

print('losses', len(losses))


def predict(tensor):
    tensor = tensor.to(device)
    tensor = transform(tensor)
    tensor = model(tensor.unsqueeze(0))
    tensor = get_likely_index(tensor)
    tensor = index_to_label(tensor.squeeze())
    return tensor


waveform, sample_rate, utterance, *_ = train_set[-1]
print(f"Expected: {utterance}. Predicted: {predict(waveform)}.")
for i, (waveform, sample_rate, utterance, *_) in enumerate(test_set):
    output = predict(waveform)
    if output != utterance:
        print(f"Data point #{i}. Expected: {utterance}. Predicted: {output}.")
        break
else:
    print("All examples in this dataset were correctly classified!")
