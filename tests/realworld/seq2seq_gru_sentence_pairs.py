# Real-program corpus (tests/realworld, see README.md): the word-level GRU encoder-decoder of a Korean
# deep-learning course's seq2seq lab: a Vocab class counting words, sentence pairs filtered by
# length, an Encoder and a Decoder (Embedding -> GRU, Linear -> LogSoftmax) stepped one token at a
# time with an explicit hidden state, teacher forcing with NLLLoss summed over the target, two SGD
# optimizers, and greedy decoding through topk until <EOS>. The lab builds its tensors with the
# legacy constructor, `torch.Tensor(indexes).long()` and `torch.Tensor([[SOS_token]], device=device)`
# (the keyword-only device of PyTorch's legacy signatures, a CPU device for torch.Tensor).
# Origin: deeplearningzerotoall/PyTorch lab-11_5_seq2seq.ipynb (itself after pytorch/tutorials'
# seq2seq_translation_tutorial) @ 0e11245870a7d7cffba10726ea2a6dbf456e3e96.
# Written for Kiln, not copied. Changes: its own four sentence pairs (English to German), a seeded
# `random`, 200 iterations instead of 5000 at a learning rate of 0.1, losses at four decimals.
import random

import torch
import torch.nn as nn
from torch import optim

torch.manual_seed(0)
random.seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
device = torch.device("cpu")  # the reference runs on the CPU; the lab's line above is kept

raw = ["The cat sleeps.\tDie Katze schläft.",
       "The dog runs fast.\tDer Hund rennt schnell.",
       "I like green tea very much.\tIch mag grünen Tee sehr.",
       "We learn deep learning with pytorch.\tWir lernen Deep Learning mit PyTorch."]

SOS_token = 0
EOS_token = 1


class Vocab:
    def __init__(self):
        self.vocab2index = {"<SOS>": SOS_token, "<EOS>": EOS_token}
        self.index2vocab = {SOS_token: "<SOS>", EOS_token: "<EOS>"}
        self.vocab_count = {}
        self.n_vocab = len(self.vocab2index)

    def add_vocab(self, sentence):
        for word in sentence.split(" "):
            if word not in self.vocab2index:
                self.vocab2index[word] = self.n_vocab
                self.vocab_count[word] = 1
                self.index2vocab[self.n_vocab] = word
                self.n_vocab += 1
            else:
                self.vocab_count[word] += 1


def filter_pair(pair, source_max_length, target_max_length):
    return len(pair[0].split(" ")) < source_max_length and len(pair[1].split(" ")) < target_max_length


def preprocess(corpus, source_max_length, target_max_length):
    print("reading corpus...")
    pairs = [[s for s in line.strip().lower().split("\t")] for line in corpus]
    print("Read {} sentence pairs".format(len(pairs)))
    pairs = [pair for pair in pairs if filter_pair(pair, source_max_length, target_max_length)]
    print("Trimmed to {} sentence pairs".format(len(pairs)))
    source_vocab, target_vocab = Vocab(), Vocab()
    print("Counting words...")
    for pair in pairs:
        source_vocab.add_vocab(pair[0])
        target_vocab.add_vocab(pair[1])
    print("source vocab size =", source_vocab.n_vocab)
    print("target vocab size =", target_vocab.n_vocab)
    return pairs, source_vocab, target_vocab


class Encoder(nn.Module):
    def __init__(self, input_size, hidden_size):
        super(Encoder, self).__init__()
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(input_size, hidden_size)
        self.gru = nn.GRU(hidden_size, hidden_size)

    def forward(self, x, hidden):
        x = self.embedding(x).view(1, 1, -1)
        x, hidden = self.gru(x, hidden)
        return x, hidden


class Decoder(nn.Module):
    def __init__(self, hidden_size, output_size):
        super(Decoder, self).__init__()
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(output_size, hidden_size)
        self.gru = nn.GRU(hidden_size, hidden_size)
        self.out = nn.Linear(hidden_size, output_size)
        self.softmax = nn.LogSoftmax(dim=1)

    def forward(self, x, hidden):
        x = self.embedding(x).view(1, 1, -1)
        x, hidden = self.gru(x, hidden)
        return self.softmax(self.out(x[0])), hidden


def tensorize(vocab, sentence):
    indexes = [vocab.vocab2index[word] for word in sentence.split(" ")]
    indexes.append(vocab.vocab2index["<EOS>"])
    return torch.Tensor(indexes).long().to(device).view(-1, 1)


def train(pairs, source_vocab, target_vocab, encoder, decoder, n_iter, print_every=1000, learning_rate=0.01):
    loss_total = 0
    encoder_optimizer = optim.SGD(encoder.parameters(), lr=learning_rate)
    decoder_optimizer = optim.SGD(decoder.parameters(), lr=learning_rate)
    training_batch = [random.choice(pairs) for _ in range(n_iter)]
    training_source = [tensorize(source_vocab, pair[0]) for pair in training_batch]
    training_target = [tensorize(target_vocab, pair[1]) for pair in training_batch]
    criterion = nn.NLLLoss()
    for i in range(1, n_iter + 1):
        source_tensor, target_tensor = training_source[i - 1], training_target[i - 1]
        encoder_hidden = torch.zeros([1, 1, encoder.hidden_size]).to(device)
        encoder_optimizer.zero_grad()
        decoder_optimizer.zero_grad()
        loss = 0
        for enc_input in range(source_tensor.size(0)):
            _, encoder_hidden = encoder(source_tensor[enc_input], encoder_hidden)
        decoder_input = torch.Tensor([[SOS_token]], device=device).long()
        decoder_hidden = encoder_hidden  # the encoder's last state starts the decoder
        target_length = target_tensor.size(0)
        for di in range(target_length):
            decoder_output, decoder_hidden = decoder(decoder_input, decoder_hidden)
            loss += criterion(decoder_output, target_tensor[di])
            decoder_input = target_tensor[di]  # teacher forcing
        loss.backward()
        encoder_optimizer.step()
        decoder_optimizer.step()
        loss_total += loss.item() / target_length
        if i % print_every == 0:
            print("[{} - {}%] loss = {:05.4f}".format(i, i / n_iter * 100, loss_total / print_every))
            loss_total = 0


def evaluate(pairs, source_vocab, target_vocab, encoder, decoder, target_max_length):
    for pair in pairs:
        print(">", pair[0])
        print("=", pair[1])
        source_tensor = tensorize(source_vocab, pair[0])
        encoder_hidden = torch.zeros([1, 1, encoder.hidden_size]).to(device)
        for ei in range(source_tensor.size()[0]):
            _, encoder_hidden = encoder(source_tensor[ei], encoder_hidden)
        decoder_input = torch.Tensor([[SOS_token]], device=device).long()
        decoder_hidden = encoder_hidden
        decoded_words = []
        for di in range(target_max_length):
            decoder_output, decoder_hidden = decoder(decoder_input, decoder_hidden)
            _, top_index = decoder_output.data.topk(1)
            if top_index.item() == EOS_token:
                decoded_words.append("<EOS>")
                break
            decoded_words.append(target_vocab.index2vocab[top_index.item()])
            decoder_input = top_index.squeeze().detach()
        print("<", " ".join(decoded_words))
        print("")


SOURCE_MAX_LENGTH = 10
TARGET_MAX_LENGTH = 12
load_pairs, load_source_vocab, load_target_vocab = preprocess(raw, SOURCE_MAX_LENGTH, TARGET_MAX_LENGTH)
print(random.choice(load_pairs))

enc_hidden_size = 16
dec_hidden_size = enc_hidden_size
enc = Encoder(load_source_vocab.n_vocab, enc_hidden_size).to(device)
dec = Decoder(dec_hidden_size, load_target_vocab.n_vocab).to(device)
print(type(torch.Tensor([[SOS_token]], device=device).long()).__name__, sum(p.numel() for p in enc.parameters()))

train(load_pairs, load_source_vocab, load_target_vocab, enc, dec, 200, print_every=50, learning_rate=0.1)
evaluate(load_pairs, load_source_vocab, load_target_vocab, enc, dec, TARGET_MAX_LENGTH)
