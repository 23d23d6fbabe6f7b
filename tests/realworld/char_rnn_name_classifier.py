# Real-program corpus (tests/realworld, see README.md): classify names by language with a character
# RNN: unicode-to-ASCII normalization with unicodedata, one-hot letter tensors, an nn.RNN module with a
# Linear head and LogSoftmax, NLLLoss with SGD, category_from_output via topk, and a confusion matrix:
# the workflow of pytorch/tutorials intermediate_source/char_rnn_classification_tutorial.py @
# 10098032865151e891c6074522207880f0e68fd3. Written for Kiln, not copied; a tiny inline name list.
import random
import string
import unicodedata

import torch
import torch.nn as nn
import torch.nn.functional as F

allowed_characters = string.ascii_letters + " .,;'"
n_letters = len(allowed_characters)


def unicodeToAscii(s):
    return ''.join(
        c for c in unicodedata.normalize('NFD', s)
        if unicodedata.category(c) != 'Mn' and c in allowed_characters
    )


def letterToIndex(letter):
    return allowed_characters.find(letter) if letter in allowed_characters else 0


def lineToTensor(line):
    tensor = torch.zeros(len(line), 1, n_letters)
    for li, letter in enumerate(line):
        tensor[li][0][letterToIndex(letter)] = 1
    return tensor


NAMES = {
    'French': ['Ménard', 'Lefèvre', 'Béringer', 'Chevalier', 'Dubois', 'Rousseau'],
    'German': ['Müller', 'Schäfer', 'Köhler', 'Schmidt', 'Weiß', 'Bauer'],
    'Spanish': ['Núñez', 'Martínez', 'Pérez', 'Gómez', 'Jiménez', 'Castillo'],
}
print(n_letters, unicodeToAscii('Ślusàrski'), [unicodeToAscii(n) for n in NAMES['German'][:3]])
print(lineToTensor('Jo').size(), lineToTensor('Jo').nonzero().tolist())


class CharRNN(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super(CharRNN, self).__init__()
        self.rnn = nn.RNN(input_size, hidden_size)
        self.h2o = nn.Linear(hidden_size, output_size)
        self.softmax = nn.LogSoftmax(dim=1)

    def forward(self, line_tensor):
        rnn_out, hidden = self.rnn(line_tensor)
        output = self.h2o(hidden[0])
        return self.softmax(output)


all_categories = list(NAMES)
samples = [(unicodeToAscii(n), all_categories.index(c)) for c in NAMES for n in NAMES[c]]
torch.manual_seed(2024)
random.seed(2024)
rnn = CharRNN(n_letters, 24, len(all_categories))
print(rnn)


def category_from_output(output):
    top_n, top_i = output.topk(1)
    label_i = top_i[0].item()
    return all_categories[label_i], label_i


criterion = nn.NLLLoss()
optimizer = torch.optim.SGD(rnn.parameters(), lr=0.15)
for epoch in range(1, 6):
    random.shuffle(samples)
    current_loss = 0
    for name, label in samples:
        rnn.zero_grad()
        output = rnn(lineToTensor(name))
        loss = criterion(output, torch.tensor([label]))
        loss.backward()
        nn.utils.clip_grad_norm_(rnn.parameters(), 3)
        optimizer.step()
        current_loss += loss.item()
    print(f"epoch {epoch}: average loss {current_loss / len(samples):.4f}")

confusion = torch.zeros(len(all_categories), len(all_categories))
rnn.eval()
with torch.no_grad():
    for name, label in samples:
        guess, guess_i = category_from_output(rnn(lineToTensor(name)))
        confusion[label][guess_i] += 1
for i in range(len(all_categories)):
    denom = confusion[i].sum()
    confusion[i] = confusion[i] / denom
print(confusion)
print(category_from_output(F.log_softmax(torch.tensor([[0.1, 2.0, -1.0]]), dim=1)))
