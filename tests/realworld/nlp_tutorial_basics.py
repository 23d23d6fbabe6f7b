# Real-program corpus (tests/realworld, see README.md): the first three parts of Robert Guthrie's "Deep
# Learning for NLP with PyTorch" in their PyTorch-0.3 shape, which users still copy: torch.Tensor from
# nested lists, torch.LongTensor indices, autograd.Variable wrapping (with and without requires_grad,
# re-wrapping .data), grad_fn walking, an N-gram language model over Shakespeare's second sonnet
# (Embedding, view((1, -1)), log_softmax, NLLLoss, SGD, total_loss accumulated from loss.data into a
# one-element Tensor), the CBOW context windows, an LSTM stepped one element at a time and then over
# the whole sequence, and the LSTM part-of-speech tagger with F.log_softmax without dim (PyTorch's
# deprecation warning goes to stderr): the workflow of pytorch/tutorials beginner_source/nlp/
# pytorch_tutorial.py @ 00e0058584f8faf2e058902c245d88f672736cd7, word_embeddings_tutorial.py @
# 016d0cc077f60c82b8497d4c7f92051ce40cafee and sequence_models_tutorial.py @
# 0d1e0f7576479586ee777d5387153830750025eb. Changes: grad_fn objects printed by type name (their
# reprs hold addresses); the vocabularies built as sorted(set(...)) (a set of strings iterates in an
# order that changes with PYTHONHASHSEED); 3 epochs of the N-gram model and 30 of the tagger instead of
# 10 and 300; the failing torch.cat of the tutorial run in a try. Written for Kiln, not copied.
import torch
import torch.autograd as autograd
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

torch.manual_seed(1)

# ---- tensors and Variables --------------------------------------------------------------------------
V = torch.Tensor([1., 2., 3.])
M = torch.Tensor([[1., 2., 3.], [4., 5., 6]])
T = torch.Tensor([[[1., 2.], [3., 4.]], [[5., 6.], [7., 8.]]])
print(V)
print(M)
print(T)
print(V[0], M[0], T[0], sep="\n")
print(torch.randn((3, 4, 5)))
print(torch.Tensor([1., 2., 3.]) + torch.Tensor([4., 5., 6.]))
x_1 = torch.randn(2, 5)
y_1 = torch.randn(3, 5)
print(torch.cat([x_1, y_1]))
x_2 = torch.randn(2, 3)
y_2 = torch.randn(2, 5)
print(torch.cat([x_2, y_2], 1))
try:
    torch.cat([x_1, x_2])
except RuntimeError as e:
    print("RuntimeError:", e)
x = torch.randn(2, 3, 4)
print(x.view(2, 12))
print(x.view(2, -1))

x = autograd.Variable(torch.Tensor([1., 2., 3]), requires_grad=True)
print(x.data)
y = autograd.Variable(torch.Tensor([4., 5., 6]), requires_grad=True)
z = x + y
print(z.data)
print(type(z.grad_fn).__name__)
s = z.sum()
print(s)
print(type(s.grad_fn).__name__)
s.backward()
print(x.grad)

x = torch.randn((2, 2))
y = torch.randn((2, 2))
z = x + y
var_x = autograd.Variable(x, requires_grad=True)
var_y = autograd.Variable(y, requires_grad=True)
var_z = var_x + var_y
print(type(var_z.grad_fn).__name__)
new_var_z = autograd.Variable(var_z.data)
print(new_var_z.grad_fn)
print(x.requires_grad, var_x.requires_grad, (x + y).grad_fn)

# ---- word embeddings and an N-gram language model -----------------------------------------------------
word_to_ix = {"hello": 0, "world": 1}
embeds = nn.Embedding(2, 5)
lookup_tensor = torch.LongTensor([word_to_ix["hello"]])
print(embeds(autograd.Variable(lookup_tensor)))

CONTEXT_SIZE = 2
EMBEDDING_DIM = 10
test_sentence = """When forty winters shall besiege thy brow,
And dig deep trenches in thy beauty's field,
Thy youth's proud livery so gazed on now,
Will be a totter'd weed of small worth held:
Then being asked, where all thy beauty lies,
Where all the treasure of thy lusty days;
To say, within thine own deep sunken eyes,
Were an all-eating shame, and thriftless praise.
How much more praise deserv'd thy beauty's use,
If thou couldst answer 'This fair child of mine
Shall sum my count, and make my old excuse,'
Proving his beauty by succession thine!
This were to be new made when thou art old,
And see thy blood warm when thou feel'st it cold.""".split()
trigrams = [([test_sentence[i], test_sentence[i + 1]], test_sentence[i + 2])
            for i in range(len(test_sentence) - 2)]
print(trigrams[:3])
vocab = sorted(set(test_sentence))
word_to_ix = {word: i for i, word in enumerate(vocab)}


class NGramLanguageModeler(nn.Module):
    def __init__(self, vocab_size, embedding_dim, context_size):
        super(NGramLanguageModeler, self).__init__()
        self.embeddings = nn.Embedding(vocab_size, embedding_dim)
        self.linear1 = nn.Linear(context_size * embedding_dim, 128)
        self.linear2 = nn.Linear(128, vocab_size)

    def forward(self, inputs):
        embeds = self.embeddings(inputs).view((1, -1))
        out = F.relu(self.linear1(embeds))
        return F.log_softmax(self.linear2(out), dim=1)


losses = []
loss_function = nn.NLLLoss()
model = NGramLanguageModeler(len(vocab), EMBEDDING_DIM, CONTEXT_SIZE)
optimizer = optim.SGD(model.parameters(), lr=0.001)
for epoch in range(3):
    total_loss = torch.Tensor([0])
    for context, target in trigrams:
        context_var = autograd.Variable(torch.LongTensor([word_to_ix[w] for w in context]))
        model.zero_grad()
        log_probs = model(context_var)
        loss = loss_function(log_probs, autograd.Variable(torch.LongTensor([word_to_ix[target]])))
        loss.backward()
        optimizer.step()
        total_loss += loss.data
    losses.append(total_loss)
print([f"{t.item():.2f}" for t in losses])

raw_text = """We are about to study the idea of a computational process.
Computational processes are abstract beings that inhabit computers.
As they evolve, processes manipulate other abstract things called data.
The evolution of a process is directed by a pattern of rules
called a program. People create programs to direct processes. In effect,
we conjure the spirits of the computer with our spells.""".split()
vocab = sorted(set(raw_text))
word_to_ix = {word: i for i, word in enumerate(vocab)}
data = []
for i in range(2, len(raw_text) - 2):
    context = [raw_text[i - 2], raw_text[i - 1], raw_text[i + 1], raw_text[i + 2]]
    data.append((context, raw_text[i]))
print(data[:5])


def make_context_vector(context, word_to_ix):
    return autograd.Variable(torch.LongTensor([word_to_ix[w] for w in context]))


print(make_context_vector(data[0][0], word_to_ix))

# ---- LSTMs ------------------------------------------------------------------------------------------
lstm = nn.LSTM(3, 3)
inputs = [autograd.Variable(torch.randn((1, 3))) for _ in range(5)]
hidden = (autograd.Variable(torch.randn(1, 1, 3)), autograd.Variable(torch.randn((1, 1, 3))))
for i in inputs:
    out, hidden = lstm(i.view(1, 1, -1), hidden)
inputs = torch.cat(inputs).view(len(inputs), 1, -1)
hidden = (autograd.Variable(torch.randn(1, 1, 3)), autograd.Variable(torch.randn((1, 1, 3))))
out, hidden = lstm(inputs, hidden)
print(out.detach())
print(tuple(h.detach() for h in hidden))


def prepare_sequence(seq, to_ix):
    return autograd.Variable(torch.LongTensor([to_ix[w] for w in seq]))


training_data = [
    ("The dog ate the apple".split(), ["DET", "NN", "V", "DET", "NN"]),
    ("Everybody read that book".split(), ["NN", "V", "DET", "NN"]),
]
word_to_ix = {}
for sent, tags in training_data:
    for word in sent:
        if word not in word_to_ix:
            word_to_ix[word] = len(word_to_ix)
print(word_to_ix)
tag_to_ix = {"DET": 0, "NN": 1, "V": 2}
EMBEDDING_DIM = 6
HIDDEN_DIM = 6


class LSTMTagger(nn.Module):
    def __init__(self, embedding_dim, hidden_dim, vocab_size, tagset_size):
        super(LSTMTagger, self).__init__()
        self.hidden_dim = hidden_dim
        self.word_embeddings = nn.Embedding(vocab_size, embedding_dim)
        self.lstm = nn.LSTM(embedding_dim, hidden_dim)
        self.hidden2tag = nn.Linear(hidden_dim, tagset_size)
        self.hidden = self.init_hidden()

    def init_hidden(self):
        # (num_layers, minibatch_size, hidden_dim)
        return (autograd.Variable(torch.zeros(1, 1, self.hidden_dim)),
                autograd.Variable(torch.zeros(1, 1, self.hidden_dim)))

    def forward(self, sentence):
        embeds = self.word_embeddings(sentence)
        lstm_out, self.hidden = self.lstm(embeds.view(len(sentence), 1, -1), self.hidden)
        tag_space = self.hidden2tag(lstm_out.view(len(sentence), -1))
        return F.log_softmax(tag_space)


model = LSTMTagger(EMBEDDING_DIM, HIDDEN_DIM, len(word_to_ix), len(tag_to_ix))
loss_function = nn.NLLLoss()
optimizer = optim.SGD(model.parameters(), lr=0.1)
inputs = prepare_sequence(training_data[0][0], word_to_ix)
print(model(inputs))
for epoch in range(30):
    for sentence, tags in training_data:
        model.zero_grad()
        model.hidden = model.init_hidden()
        sentence_in = prepare_sequence(sentence, word_to_ix)
        targets = prepare_sequence(tags, tag_to_ix)
        loss = loss_function(model(sentence_in), targets)
        loss.backward()
        optimizer.step()
tag_scores = model(prepare_sequence(training_data[0][0], word_to_ix))
print(tag_scores)
print(tag_scores.argmax(dim=1).tolist())
