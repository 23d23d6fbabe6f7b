# Real-program corpus (tests/realworld, see README.md): the chatbot tutorial's seq2seq model on a tiny
# made-up dialogue corpus: a Voc class (word2index/word2count/index2word, trim by min count), sentence
# normalisation with unicodedata and re, zero-padding with itertools.zip_longest into (max_len, batch)
# LongTensors, a BoolTensor mask, lengths sorted for pack_padded_sequence into a bidirectional GRU whose
# two directions are summed after pad_packed_sequence, Luong attention (dot, general and concat score
# functions), a decoder stepped one token at a time with teacher forcing chosen by random.random(),
# maskNLLLoss through gather/masked_select, clip_grad_norm_ on both models, two Adam optimizers, a
# checkpoint dict holding the vocabulary's __dict__ saved and reloaded, and a GreedySearchDecoder
# module answering a few inputs: the workflow of pytorch/tutorials beginner_source/chatbot_tutorial.py
# @ 03b277366b12fc14f56a387cc5ec4cdf1ede744a. Changes: twelve generated sentence pairs instead of the
# Cornell movie corpus, hidden size 16, 30 iterations, a seed for torch and random. Written for Kiln,
# not copied.
import itertools
import os
import random
import re
import tempfile
import unicodedata

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(7)
random.seed(7)
device = torch.device("cpu")

PAD_token, SOS_token, EOS_token = 0, 1, 2
MAX_LENGTH = 10


class Voc:
    def __init__(self, name):
        self.name = name
        self.trimmed = False
        self._reset()

    def _reset(self):
        self.word2index = {}
        self.word2count = {}
        self.index2word = {PAD_token: "PAD", SOS_token: "SOS", EOS_token: "EOS"}
        self.num_words = 3

    def addSentence(self, sentence):
        for word in sentence.split(' '):
            self.addWord(word)

    def addWord(self, word):
        if word in self.word2index:
            self.word2count[word] += 1
            return
        self.word2index[word] = self.num_words
        self.word2count[word] = 1
        self.index2word[self.num_words] = word
        self.num_words += 1

    def trim(self, min_count):
        if self.trimmed:
            return
        self.trimmed = True
        keep = [w for w, c in self.word2count.items() if c >= min_count]
        print('keep_words {} / {} = {:.4f}'.format(len(keep), len(self.word2index), len(keep) / len(self.word2index)))
        self._reset()
        for word in keep:
            self.addWord(word)


def unicodeToAscii(s):
    return ''.join(c for c in unicodedata.normalize('NFD', s) if unicodedata.category(c) != 'Mn')


def normalizeString(s):
    s = unicodeToAscii(s.lower().strip())
    s = re.sub(r"([.!?])", r" \1", s)
    s = re.sub(r"[^a-zA-Z.!?]+", r" ", s)
    return re.sub(r"\s+", r" ", s).strip()


raw_pairs = [
    ("Hello there!", "Hi. How are you?"),
    ("How are you?", "I am fine, thank you."),
    ("What is your name?", "My name is Kiln."),
    ("Where do you live?", "I live in the browser."),
    ("Do you like tensors?", "Yes, I love tensors!"),
    ("Are you a robot?", "I am a small model."),
    ("Good morning.", "Good morning to you."),
    ("What time is it?", "It is time to train."),
    ("Can you help me?", "Yes, I can help."),
    ("Thank you!", "You are welcome."),
    ("Goodbye.", "See you later!"),
    ("Héllo café?", "Café is fine."),
]
voc = Voc("toy")
pairs = [[normalizeString(a), normalizeString(b)] for a, b in raw_pairs]
pairs = [p for p in pairs if len(p[0].split(' ')) < MAX_LENGTH and len(p[1].split(' ')) < MAX_LENGTH]
for a, b in pairs:
    voc.addSentence(a)
    voc.addSentence(b)
print("Counted words:", voc.num_words)
print(pairs[-1])
voc.trim(1)


def indexesFromSentence(voc, sentence):
    return [voc.word2index[word] for word in sentence.split(' ')] + [EOS_token]


def zeroPadding(seqs, fillvalue=PAD_token):
    return list(itertools.zip_longest(*seqs, fillvalue=fillvalue))


def binaryMatrix(padded):
    return [[0 if token == PAD_token else 1 for token in row] for row in padded]


def inputVar(sentences, voc):
    indexes = [indexesFromSentence(voc, s) for s in sentences]
    lengths = torch.tensor([len(ix) for ix in indexes])
    return torch.LongTensor(zeroPadding(indexes)), lengths


def outputVar(sentences, voc):
    indexes = [indexesFromSentence(voc, s) for s in sentences]
    max_target_len = max(len(ix) for ix in indexes)
    padded = zeroPadding(indexes)
    return torch.LongTensor(padded), torch.BoolTensor(binaryMatrix(padded)), max_target_len


def batch2TrainData(voc, pair_batch):
    pair_batch.sort(key=lambda p: len(p[0].split(" ")), reverse=True)
    inputs = [p[0] for p in pair_batch]
    outputs = [p[1] for p in pair_batch]
    inp, lengths = inputVar(inputs, voc)
    out, mask, max_target_len = outputVar(outputs, voc)
    return inp, lengths, out, mask, max_target_len


inp, lengths, target, mask, max_target_len = batch2TrainData(voc, [random.choice(pairs) for _ in range(4)])
print("input_variable:", inp.shape, "lengths:", lengths)
print("target_variable:", target.shape, "mask:", mask.dtype, mask.sum().item(), "max_target_len:", max_target_len)


class EncoderRNN(nn.Module):
    def __init__(self, hidden_size, embedding, n_layers=1, dropout=0):
        super(EncoderRNN, self).__init__()
        self.n_layers = n_layers
        self.hidden_size = hidden_size
        self.embedding = embedding
        self.gru = nn.GRU(hidden_size, hidden_size, n_layers, dropout=(0 if n_layers == 1 else dropout),
                          bidirectional=True)

    def forward(self, input_seq, input_lengths, hidden=None):
        embedded = self.embedding(input_seq)
        packed = nn.utils.rnn.pack_padded_sequence(embedded, input_lengths)
        outputs, hidden = self.gru(packed, hidden)
        outputs, _ = nn.utils.rnn.pad_packed_sequence(outputs)
        # the two directions' outputs added together
        outputs = outputs[:, :, :self.hidden_size] + outputs[:, :, self.hidden_size:]
        return outputs, hidden


class Attn(nn.Module):
    def __init__(self, method, hidden_size):
        super(Attn, self).__init__()
        if method not in ['dot', 'general', 'concat']:
            raise ValueError(method, "is not an appropriate attention method.")
        self.method = method
        self.hidden_size = hidden_size
        if method == 'general':
            self.attn = nn.Linear(hidden_size, hidden_size)
        elif method == 'concat':
            self.attn = nn.Linear(hidden_size * 2, hidden_size)
            self.v = nn.Parameter(torch.FloatTensor(hidden_size))

    def score(self, hidden, encoder_output):
        if self.method == 'dot':
            return torch.sum(hidden * encoder_output, dim=2)
        if self.method == 'general':
            return torch.sum(hidden * self.attn(encoder_output), dim=2)
        energy = self.attn(torch.cat((hidden.expand(encoder_output.size(0), -1, -1), encoder_output), 2)).tanh()
        return torch.sum(self.v * energy, dim=2)

    def forward(self, hidden, encoder_outputs):
        # (max_len, batch) energies, transposed, normalised over the source positions
        return F.softmax(self.score(hidden, encoder_outputs).t(), dim=1).unsqueeze(1)


class LuongAttnDecoderRNN(nn.Module):
    def __init__(self, attn_model, embedding, hidden_size, output_size, n_layers=1, dropout=0.1):
        super(LuongAttnDecoderRNN, self).__init__()
        self.attn_model = attn_model
        self.hidden_size = hidden_size
        self.output_size = output_size
        self.n_layers = n_layers
        self.dropout = dropout
        self.embedding = embedding
        self.embedding_dropout = nn.Dropout(dropout)
        self.gru = nn.GRU(hidden_size, hidden_size, n_layers, dropout=(0 if n_layers == 1 else dropout))
        self.concat = nn.Linear(hidden_size * 2, hidden_size)
        self.out = nn.Linear(hidden_size, output_size)
        self.attn = Attn(attn_model, hidden_size)

    def forward(self, input_step, last_hidden, encoder_outputs):
        embedded = self.embedding_dropout(self.embedding(input_step))
        rnn_output, hidden = self.gru(embedded, last_hidden)
        attn_weights = self.attn(rnn_output, encoder_outputs)
        context = attn_weights.bmm(encoder_outputs.transpose(0, 1)).squeeze(1)
        concat_output = torch.tanh(self.concat(torch.cat((rnn_output.squeeze(0), context), 1)))
        return F.softmax(self.out(concat_output), dim=1), hidden


def maskNLLLoss(inp, target, mask):
    nTotal = mask.sum()
    crossEntropy = -torch.log(torch.gather(inp, 1, target.view(-1, 1)).squeeze(1))
    loss = crossEntropy.masked_select(mask).mean()
    return loss.to(device), nTotal.item()


hidden_size = 16
encoder_n_layers = 2
decoder_n_layers = 2
dropout = 0.1
batch_size = 4
clip = 50.0
teacher_forcing_ratio = 1.0
learning_rate = 0.001
decoder_learning_ratio = 5.0

for method in ['dot', 'general', 'concat']:
    probe = Attn(method, 4)
    if method == 'concat':
        nn.init.normal_(probe.v)
    weights = probe(torch.randn(1, 2, 4), torch.randn(5, 2, 4))
    print(method, tuple(weights.shape), [f"{s:.4f}" for s in weights.sum(dim=2).flatten().tolist()])
try:
    Attn('additive', 4)
except ValueError as e:
    print("ValueError:", e)

embedding = nn.Embedding(voc.num_words, hidden_size)
encoder = EncoderRNN(hidden_size, embedding, encoder_n_layers, dropout).to(device)
decoder = LuongAttnDecoderRNN('dot', embedding, hidden_size, voc.num_words, decoder_n_layers, dropout).to(device)
encoder.train()
decoder.train()
encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=learning_rate)
decoder_optimizer = torch.optim.Adam(decoder.parameters(), lr=learning_rate * decoder_learning_ratio)


def train(input_variable, lengths, target_variable, mask, max_target_len):
    encoder_optimizer.zero_grad()
    decoder_optimizer.zero_grad()
    loss = 0
    print_losses = []
    n_totals = 0
    encoder_outputs, encoder_hidden = encoder(input_variable, lengths)
    decoder_input = torch.LongTensor([[SOS_token for _ in range(batch_size)]])
    decoder_hidden = encoder_hidden[:decoder.n_layers]
    use_teacher_forcing = random.random() < teacher_forcing_ratio
    for t in range(max_target_len):
        decoder_output, decoder_hidden = decoder(decoder_input, decoder_hidden, encoder_outputs)
        if use_teacher_forcing:
            decoder_input = target_variable[t].view(1, -1)
        else:
            _, topi = decoder_output.topk(1)
            decoder_input = torch.LongTensor([[topi[i][0] for i in range(batch_size)]])
        mask_loss, nTotal = maskNLLLoss(decoder_output, target_variable[t], mask[t])
        loss += mask_loss
        print_losses.append(mask_loss.item() * nTotal)
        n_totals += nTotal
    loss.backward()
    nn.utils.clip_grad_norm_(encoder.parameters(), clip)
    nn.utils.clip_grad_norm_(decoder.parameters(), clip)
    encoder_optimizer.step()
    decoder_optimizer.step()
    return sum(print_losses) / n_totals


n_iteration = 30
print_every = 10
training_batches = [batch2TrainData(voc, [random.choice(pairs) for _ in range(batch_size)])
                    for _ in range(n_iteration)]
print("Training...")
print_loss = 0
for iteration in range(1, n_iteration + 1):
    print_loss += train(*training_batches[iteration - 1])
    if iteration % print_every == 0:
        print("Iteration: {}; Percent complete: {:.1f}%; Average loss: {:.4f}".format(
            iteration, iteration / n_iteration * 100, print_loss / print_every))
        print_loss = 0

save_dir = tempfile.mkdtemp()
directory = os.path.join(save_dir, "cb_model", voc.name, '{}-{}_{}'.format(encoder_n_layers, decoder_n_layers, hidden_size))
os.makedirs(directory)
path = os.path.join(directory, '{}_{}.tar'.format(n_iteration, 'checkpoint'))
torch.save({
    'iteration': n_iteration,
    'en': encoder.state_dict(),
    'de': decoder.state_dict(),
    'en_opt': encoder_optimizer.state_dict(),
    'de_opt': decoder_optimizer.state_dict(),
    'voc_dict': voc.__dict__,
    'embedding': embedding.state_dict(),
}, path)
checkpoint = torch.load(path)
voc2 = Voc("reloaded")
voc2.__dict__ = checkpoint['voc_dict']
print(os.path.relpath(path, save_dir), checkpoint['iteration'], voc2.name, voc2.num_words, voc2.index2word[3])
embedding.load_state_dict(checkpoint['embedding'])
encoder.load_state_dict(checkpoint['en'])
decoder.load_state_dict(checkpoint['de'])


class GreedySearchDecoder(nn.Module):
    def __init__(self, encoder, decoder):
        super(GreedySearchDecoder, self).__init__()
        self.encoder = encoder
        self.decoder = decoder

    def forward(self, input_seq, input_length, max_length):
        encoder_outputs, encoder_hidden = self.encoder(input_seq, input_length)
        decoder_hidden = encoder_hidden[:self.decoder.n_layers]
        decoder_input = torch.ones(1, 1, device=device, dtype=torch.long) * SOS_token
        all_tokens = torch.zeros([0], device=device, dtype=torch.long)
        all_scores = torch.zeros([0], device=device)
        for _ in range(max_length):
            decoder_output, decoder_hidden = self.decoder(decoder_input, decoder_hidden, encoder_outputs)
            decoder_scores, decoder_input = torch.max(decoder_output, dim=1)
            all_tokens = torch.cat((all_tokens, decoder_input), dim=0)
            all_scores = torch.cat((all_scores, decoder_scores), dim=0)
            decoder_input = torch.unsqueeze(decoder_input, 0)
        return all_tokens, all_scores


def evaluate(searcher, voc, sentence, max_length=MAX_LENGTH):
    indexes_batch = [indexesFromSentence(voc, sentence)]
    lengths = torch.tensor([len(indexes) for indexes in indexes_batch])
    input_batch = torch.LongTensor(indexes_batch).transpose(0, 1)
    tokens, scores = searcher(input_batch, lengths, max_length)
    return [voc.index2word[token.item()] for token in tokens], scores


encoder.eval()
decoder.eval()
searcher = GreedySearchDecoder(encoder, decoder)
with torch.no_grad():
    for question in ["hello there !", "how are you ?", "thank you !"]:
        words, scores = evaluate(searcher, voc, question)
        words = [w for w in words if w not in ('EOS', 'PAD')]
        print('> ' + question)
        print('Bot:', ' '.join(words), f"({scores.min().item():.3f})")
try:
    evaluate(searcher, voc, "unknown words")
except KeyError as e:
    print("Error: Encountered unknown word.", e)
