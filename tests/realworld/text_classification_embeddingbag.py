# Text classification with nn.EmbeddingBag over offsets, the workflow of the PyTorch tutorial.
#
# Origin (workflow reproduced): pytorch/tutorials beginner_source/text_sentiment_ngrams_tutorial.py
# (the AG_NEWS EmbeddingBag classifier: collate_batch building a flat token tensor plus offsets
# from cumsum, TextClassificationModel with init_weights through .data.uniform_, SGD lr=5 with
# clip_grad_norm_(0.1), StepLR stepped only when validation accuracy drops, random_split, predict).
# The tutorial's earlier revision ran bigrams (ngrams_iterator) and a sparse EmbeddingBag; the second
# half does that with per-sample weights in 'sum' mode.
# Changes for Kiln's corpus: torchtext is not used (AG_NEWS, get_tokenizer("basic_english"),
# build_vocab_from_iterator, to_map_style_dataset, ngrams_iterator are small stand-ins written here
# with torchtext's behaviour: basic_english's lower-casing and punctuation rules, specials first then
# tokens by descending frequency, ties alphabetical); the data set is 480 synthetic
# four-topic headlines; 3 epochs; no timings printed.

import random
import re
import time

import torch
from torch import nn
from torch.utils.data import DataLoader
from torch.utils.data.dataset import random_split

# ------------------------------------------------------------ torchtext stand-ins
_patterns = [r"\'", r"\"", r"\.", r"<br \/>", r",", r"\(", r"\)", r"\!", r"\?", r"\;", r"\:", r"\s+"]
_replacements = [" '  ", "", " . ", " ", " , ", " ( ", " ) ", " ! ", " ? ", " ", " ", " "]
_patterns_dict = list((re.compile(p), r) for p, r in zip(_patterns, _replacements))


def _basic_english_normalize(line):
    line = line.lower()
    for pattern_re, replaced_str in _patterns_dict:
        line = pattern_re.sub(replaced_str, line)
    return line.split()


def get_tokenizer(tokenizer):
    if tokenizer == "basic_english":
        return _basic_english_normalize
    raise ValueError(tokenizer)


class Vocab:
    def __init__(self, itos):
        self.itos = list(itos)
        self.stoi = {s: i for i, s in enumerate(self.itos)}
        self.default_index = None

    def set_default_index(self, index):
        self.default_index = index

    def __getitem__(self, token):
        if token in self.stoi:
            return self.stoi[token]
        if self.default_index is None:
            raise RuntimeError(f"Token {token} not found and default index is not set")
        return self.default_index

    def __call__(self, tokens):
        return [self[t] for t in tokens]

    def __len__(self):
        return len(self.itos)

    def get_itos(self):
        return list(self.itos)

    def lookup_tokens(self, indices):
        return [self.itos[i] for i in indices]


def build_vocab_from_iterator(iterator, min_freq=1, specials=None):
    counter = {}
    for tokens in iterator:
        for t in tokens:
            counter[t] = counter.get(t, 0) + 1
    ordered = sorted(counter.items(), key=lambda x: (-x[1], x[0]))  # torchtext: by count, ties alphabetical
    specials = specials or []
    itos = list(specials) + [t for t, c in ordered if c >= min_freq and t not in specials]
    return Vocab(itos)


def ngrams_iterator(token_list, ngrams):
    def _get_ngrams(n):
        return zip(*[token_list[i:] for i in range(n)])

    for x in token_list:
        yield x
    for n in range(2, ngrams + 1):
        for x in _get_ngrams(n):
            yield " ".join(x)


def to_map_style_dataset(iter_data):
    class _MapStyleDataset(torch.utils.data.Dataset):
        def __init__(self, iter_data):
            self._data = list(iter_data)

        def __len__(self):
            return len(self._data)

        def __getitem__(self, idx):
            return self._data[idx]

    return _MapStyleDataset(iter_data)


_TOPICS = {
    1: (["minister", "election", "talks", "government", "border", "un", "president"], ["in", "over", "after"]),
    2: (["team", "coach", "season", "match", "cup", "striker", "win"], ["beats", "against", "after"]),
    3: (["shares", "profit", "market", "bank", "oil", "stocks", "deal"], ["rise", "fall", "after"]),
    4: (["software", "internet", "chip", "space", "researchers", "phone", "web"], ["launch", "new", "with"]),
}


def AG_NEWS(split="train", n=480, seed=0):
    rng = random.Random(seed if split == "train" else seed + 1)
    rows = []
    for _ in range(n):
        label = rng.randint(1, 4)
        words, glue = _TOPICS[label]
        other = _TOPICS[rng.randint(1, 4)][0]
        parts = [rng.choice(words).capitalize(), rng.choice(glue), rng.choice(words) + ",", rng.choice(other),
                 rng.choice(["(AP)", "(Reuters)", "-", "says"]), rng.choice(words) + "!"]
        rows.append((label, " ".join(parts)))
    return iter(rows)


# ------------------------------------------------------------ the tutorial
torch.manual_seed(0)
device = torch.device("cpu")

tokenizer = get_tokenizer("basic_english")
train_iter = AG_NEWS(split="train")
print(tokenizer("Stocks (AP) rise: it's the FED's call, isn't it?"))


def yield_tokens(data_iter):
    for _, text in data_iter:
        yield tokenizer(text)


vocab = build_vocab_from_iterator(yield_tokens(train_iter), specials=["<unk>"])
vocab.set_default_index(vocab["<unk>"])
print(len(vocab), vocab(["here", "is", "the", "an", "example", "shares"]))

text_pipeline = lambda x: vocab(tokenizer(x))
label_pipeline = lambda x: int(x) - 1
print(text_pipeline("Team beats striker"), label_pipeline("3"))


def collate_batch(batch):
    label_list, text_list, offsets = [], [], [0]
    for _label, _text in batch:
        label_list.append(label_pipeline(_label))
        processed_text = torch.tensor(text_pipeline(_text), dtype=torch.int64)
        text_list.append(processed_text)
        offsets.append(processed_text.size(0))
    label_list = torch.tensor(label_list, dtype=torch.int64)
    offsets = torch.tensor(offsets[:-1]).cumsum(dim=0)
    text_list = torch.cat(text_list)
    return label_list.to(device), text_list.to(device), offsets.to(device)


train_iter = AG_NEWS(split="train")
dataloader = DataLoader(list(train_iter)[:8], batch_size=4, shuffle=False, collate_fn=collate_batch)
labels, text, offsets = next(iter(dataloader))
print(labels.tolist(), text.shape, offsets.tolist())


class TextClassificationModel(nn.Module):
    def __init__(self, vocab_size, embed_dim, num_class):
        super(TextClassificationModel, self).__init__()
        self.embedding = nn.EmbeddingBag(vocab_size, embed_dim, sparse=False)
        self.fc = nn.Linear(embed_dim, num_class)
        self.init_weights()

    def init_weights(self):
        initrange = 0.5
        self.embedding.weight.data.uniform_(-initrange, initrange)
        self.fc.weight.data.uniform_(-initrange, initrange)
        self.fc.bias.data.zero_()

    def forward(self, text, offsets):
        embedded = self.embedding(text, offsets)
        return self.fc(embedded)


train_iter = AG_NEWS(split="train")
num_class = len(set([label for (label, text) in train_iter]))
vocab_size = len(vocab)
emsize = 16
model = TextClassificationModel(vocab_size, emsize, num_class).to(device)
print(model)


def train(dataloader):
    model.train()
    total_acc, total_count = 0, 0
    log_interval = 3
    for idx, (label, text, offsets) in enumerate(dataloader):
        optimizer.zero_grad()
        predicted_label = model(text, offsets)
        loss = criterion(predicted_label, label)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.1)
        optimizer.step()
        total_acc += (predicted_label.argmax(1) == label).sum().item()
        total_count += label.size(0)
        if idx % log_interval == 0 and idx > 0:
            print(
                "| epoch {:3d} | {:5d}/{:5d} batches "
                "| accuracy {:8.3f}".format(epoch, idx, len(dataloader), total_acc / total_count)
            )
            total_acc, total_count = 0, 0


def evaluate(dataloader):
    model.eval()
    total_acc, total_count = 0, 0
    with torch.no_grad():
        for idx, (label, text, offsets) in enumerate(dataloader):
            predicted_label = model(text, offsets)
            loss = criterion(predicted_label, label)
            total_acc += (predicted_label.argmax(1) == label).sum().item()
            total_count += label.size(0)
    return total_acc / total_count


EPOCHS = 3
LR = 5
BATCH_SIZE = 32

criterion = torch.nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=LR)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 1.0, gamma=0.1)
total_accu = None
train_iter, test_iter = AG_NEWS(), AG_NEWS(split="test", n=96)
train_dataset = to_map_style_dataset(train_iter)
test_dataset = to_map_style_dataset(test_iter)
num_train = int(len(train_dataset) * 0.95)
split_train_, split_valid_ = random_split(train_dataset, [num_train, len(train_dataset) - num_train])

train_dataloader = DataLoader(split_train_, batch_size=BATCH_SIZE, shuffle=True, collate_fn=collate_batch)
valid_dataloader = DataLoader(split_valid_, batch_size=BATCH_SIZE, shuffle=True, collate_fn=collate_batch)
test_dataloader = DataLoader(test_dataset, batch_size=BATCH_SIZE, shuffle=True, collate_fn=collate_batch)

for epoch in range(1, EPOCHS + 1):
    epoch_start_time = time.time()
    train(train_dataloader)
    accu_val = evaluate(valid_dataloader)
    if total_accu is not None and total_accu > accu_val:
        scheduler.step()
    else:
        total_accu = accu_val
    print("-" * 59)
    print("| end of epoch {:3d} | valid accuracy {:8.3f} | lr {}".format(epoch, accu_val, scheduler.get_last_lr()))
    print("-" * 59)

print("Checking the results of test dataset.")
accu_test = evaluate(test_dataloader)
print("test accuracy {:8.3f}".format(accu_test))

ag_news_label = {1: "World", 2: "Sports", 3: "Business", 4: "Sci/Tec"}


def predict(text, text_pipeline):
    with torch.no_grad():
        text = torch.tensor(text_pipeline(text))
        output = model(text, torch.tensor([0]))
        return output.argmax(1).item() + 1


ex_text_str = "Shares of the bank rise after oil deal, profit market stocks up"
model = model.to("cpu")
print("This is a %s news" % ag_news_label[predict(ex_text_str, text_pipeline)])

# ------------------------------------------------------------ bigrams, sparse bags, per-sample weights
NGRAMS = 2
vocab2 = build_vocab_from_iterator(
    (ngrams_iterator(tokenizer(t), NGRAMS) for _, t in AG_NEWS()), min_freq=2, specials=["<unk>", "<pad>"]
)
vocab2.set_default_index(0)
print("bigram vocab", len(vocab2), vocab2.lookup_tokens([2, 3, len(vocab2) - 1]))


class SparseBagModel(nn.Module):
    def __init__(self, vocab_size, embed_dim, num_class):
        super().__init__()
        self.embedding = nn.EmbeddingBag(vocab_size, embed_dim, mode="sum", sparse=True, padding_idx=1)
        self.fc = nn.Linear(embed_dim, num_class)

    def forward(self, text, offsets, weights):
        return self.fc(self.embedding(text, offsets, per_sample_weights=weights))


def collate_ngrams(batch):
    labels, texts, offsets, weights = [], [], [0], []
    for label, text in batch:
        ids = vocab2(list(ngrams_iterator(tokenizer(text), NGRAMS)))
        labels.append(label - 1)
        texts.extend(ids)
        weights.extend([1.0 / len(ids)] * len(ids))
        offsets.append(len(ids))
    return (torch.tensor(labels), torch.tensor(texts), torch.tensor(offsets[:-1]).cumsum(0),
            torch.tensor(weights))


torch.manual_seed(1)
m2 = SparseBagModel(len(vocab2), 8, 4)
opt_sparse = torch.optim.SGD(m2.embedding.parameters(), lr=4.0)
opt_dense = torch.optim.Adam(m2.fc.parameters(), lr=0.05)
loader2 = DataLoader(to_map_style_dataset(AG_NEWS()), batch_size=64, shuffle=True, collate_fn=collate_ngrams)
for ep in range(2):
    total, correct, loss_sum = 0, 0, 0.0
    for labels, texts, offsets, weights in loader2:
        out = m2(texts, offsets, weights)
        loss = nn.functional.cross_entropy(out, labels)
        opt_sparse.zero_grad()
        opt_dense.zero_grad()
        loss.backward()
        opt_sparse.step()
        opt_dense.step()
        loss_sum += loss.item() * labels.size(0)
        correct += (out.argmax(1) == labels).sum().item()
        total += labels.size(0)
    print(f"sparse bigram epoch {ep}: loss {loss_sum / total:.4f} acc {correct / total:.3f}")
print("grad is sparse:", m2.embedding.weight.grad.is_sparse, "pad row", m2.embedding.weight[1].abs().sum().item())
bag = nn.EmbeddingBag.from_pretrained(torch.arange(12.0).view(4, 3), mode="max")
print(bag(torch.tensor([[0, 2], [1, 3]])).tolist(), bag(torch.tensor([3, 0, 1]), torch.tensor([0, 1])).tolist())
