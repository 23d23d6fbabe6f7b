# Real-program corpus (tests/realworld, see README.md): the Bi-LSTM CRF named-entity tagger of the
# "Advanced: Making Dynamic Decisions" tutorial: a bidirectional LSTM's emission scores, a learned
# transition matrix with its START/STOP rows pinned through .data, the forward algorithm in log space
# with a hand-written log_sum_exp over argmax (tolist() of .data), the gold-path score through
# LongTensor indexing, Viterbi decoding with Python back-pointer lists, autograd.Variable wrapping and
# SGD with weight_decay, the prediction printed before and after training: the workflow of
# pytorch/tutorials beginner_source/nlp/advanced_tutorial.py @ 546ebc600c1972a19cc2aa858b081b85ac7bbf12.
# Changes: 20 epochs instead of 300; the per-tag forward variables and Viterbi variables are made
# one-element tensors with .view(1) before torch.cat (the current tutorial does so; PyTorch 2 refuses to
# cat 0-d tensors, which the stored version's code did). Written for Kiln, not copied.
import torch
import torch.autograd as autograd
import torch.nn as nn
import torch.optim as optim

torch.manual_seed(1)

START_TAG = "<START>"
STOP_TAG = "<STOP>"
EMBEDDING_DIM = 5
HIDDEN_DIM = 4


def best_index(row):
    # argmax of a (1, n) score row as a Python int, read back through .data the 0.3 way
    _, idx = torch.max(row, 1)
    return idx.view(-1).data.tolist()[0]


def stable_log_sum_exp(row):
    # log(sum(exp(row))) around the row's largest entry
    peak = row[0, best_index(row)]
    shifted = row - peak.view(1, -1).expand(1, row.size()[1])
    return peak + torch.log(torch.sum(torch.exp(shifted)))


def to_index_tensor(tokens, vocab):
    return autograd.Variable(torch.LongTensor([vocab[t] for t in tokens]))


class BiLSTM_CRF(nn.Module):
    def __init__(self, vocab_size, tag_to_ix, embedding_dim, hidden_dim):
        super(BiLSTM_CRF, self).__init__()
        self.embedding_dim = embedding_dim
        self.hidden_dim = hidden_dim
        self.vocab_size = vocab_size
        self.tag_to_ix = tag_to_ix
        self.tagset_size = len(tag_to_ix)
        self.word_embeds = nn.Embedding(vocab_size, embedding_dim)
        self.lstm = nn.LSTM(embedding_dim, hidden_dim // 2, num_layers=1, bidirectional=True)
        self.hidden2tag = nn.Linear(hidden_dim, self.tagset_size)
        # transitions[i, j]: the score of moving to tag i from tag j
        self.transitions = nn.Parameter(torch.randn(self.tagset_size, self.tagset_size))
        # nothing moves into START and nothing leaves STOP
        self.transitions.data[tag_to_ix[START_TAG], :] = -10000
        self.transitions.data[:, tag_to_ix[STOP_TAG]] = -10000
        self.hidden = self.init_hidden()

    def init_hidden(self):
        shape = (2, 1, self.hidden_dim // 2)
        return (autograd.Variable(torch.randn(*shape)), autograd.Variable(torch.randn(*shape)))

    def start_scores(self):
        scores = torch.Tensor(1, self.tagset_size).fill_(-10000.)
        scores[0][self.tag_to_ix[START_TAG]] = 0.
        return autograd.Variable(scores)

    def _forward_alg(self, feats):
        # the log partition function over all tag paths
        alphas = self.start_scores()
        for feat in feats:
            step = []
            for tag in range(self.tagset_size):
                emission = feat[tag].view(1, -1).expand(1, self.tagset_size)
                transition = self.transitions[tag].view(1, -1)
                step.append(stable_log_sum_exp(alphas + transition + emission).view(1))
            alphas = torch.cat(step).view(1, -1)
        return stable_log_sum_exp(alphas + self.transitions[self.tag_to_ix[STOP_TAG]])

    def _get_lstm_features(self, sentence):
        self.hidden = self.init_hidden()
        embeds = self.word_embeds(sentence).view(len(sentence), 1, -1)
        lstm_out, self.hidden = self.lstm(embeds, self.hidden)
        return self.hidden2tag(lstm_out.view(len(sentence), self.hidden_dim))

    def _score_sentence(self, feats, tags):
        # the score of one given tag path
        score = autograd.Variable(torch.Tensor([0]))
        path = torch.cat([torch.LongTensor([self.tag_to_ix[START_TAG]]), tags])
        for i, feat in enumerate(feats):
            score = score + self.transitions[path[i + 1], path[i]] + feat[path[i + 1]]
        return score + self.transitions[self.tag_to_ix[STOP_TAG], path[-1]]

    def _viterbi_decode(self, feats):
        pointers = []
        best = self.start_scores()
        for feat in feats:
            step_pointers = []
            step_best = []
            for tag in range(self.tagset_size):
                # emissions do not change which previous tag is best: added after the max
                candidate = best + self.transitions[tag]
                prev = best_index(candidate)
                step_pointers.append(prev)
                step_best.append(candidate[0][prev].view(1))
            best = (torch.cat(step_best) + feat).view(1, -1)
            pointers.append(step_pointers)
        final = best + self.transitions[self.tag_to_ix[STOP_TAG]]
        last = best_index(final)
        path_score = final[0][last]
        path = [last]
        for step_pointers in reversed(pointers):
            last = step_pointers[last]
            path.append(last)
        first = path.pop()
        assert first == self.tag_to_ix[START_TAG]
        path.reverse()
        return path_score, path

    def neg_log_likelihood(self, sentence, tags):
        feats = self._get_lstm_features(sentence)
        return self._forward_alg(feats) - self._score_sentence(feats, tags)

    def forward(self, sentence):
        return self._viterbi_decode(self._get_lstm_features(sentence))


training_data = [
    ("the wall street journal reported today that apple corporation made money".split(),
     "B I I I O O O B I O O".split()),
    ("georgia tech is a university in georgia".split(),
     "B I O O O O B".split()),
]
word_to_ix = {}
for sentence, tags in training_data:
    for word in sentence:
        word_to_ix.setdefault(word, len(word_to_ix))
tag_to_ix = {"B": 0, "I": 1, "O": 2, START_TAG: 3, STOP_TAG: 4}

model = BiLSTM_CRF(len(word_to_ix), tag_to_ix, EMBEDDING_DIM, HIDDEN_DIM)
optimizer = optim.SGD(model.parameters(), lr=0.01, weight_decay=1e-4)
check_sentence = to_index_tensor(training_data[0][0], word_to_ix)
print(model(check_sentence))
for epoch in range(20):
    for sentence, tags in training_data:
        model.zero_grad()
        nll = model.neg_log_likelihood(to_index_tensor(sentence, word_to_ix),
                                       torch.LongTensor([tag_to_ix[t] for t in tags]))
        nll.backward()
        optimizer.step()
    if epoch % 5 == 4:
        print(f"epoch {epoch + 1}: nll {nll.item():.4f}")
print(model(check_sentence))
print(type(model(check_sentence)[0].grad_fn).__name__)
