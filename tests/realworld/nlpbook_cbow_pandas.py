# Real-program corpus (tests/realworld, see README.md): the CBOW embeddings example of Rao & McMahan's
# "Natural Language Processing with PyTorch" (joosthub/PyTorchNLPBook chapters/chapter_5/5_2_CBOW,
# read from a script copy of the notebook in the reference store; no commit recorded) in its own
# shape: the munging step (windows of two words each side over a cleaned sentence list, <MASK> padding,
# a pandas frame with context/target/split columns), Vocabulary (add_token/lookup_token/lookup_index,
# to_serializable/from_serializable), CBOWVectorizer.vectorize into a <MASK>-padded np.int64 vector and
# from_dataframe over df.iterrows(), CBOWDataset over split sub-frames (iloc rows, max(map(len)) of the
# contexts, set_split), load_dataset_and_make_vectorizer through pd.read_csv, the vectorizer through
# json, generate_batches yielding dicts moved to the device, CBOWClassifier (Embedding with
# padding_idx=0, F.dropout of the summed embeddings, Linear), make_train_state / update_train_state
# early stopping with torch.save of the best state, compute_accuracy, Adam + ReduceLROnPlateau, the
# train/val/test loops, and get_closest over the learned embeddings. Changes: a generated 400-word
# "Frankenstein" text and in-memory io.StringIO / io.BytesIO instead of the CSV, JSON and model files;
# tqdm bars left out; embedding_size 16, batch 16, 3 epochs, lr 0.01; metrics printed with :.4f.
# Written for Kiln, not copied.
import io
import json
import re
from argparse import Namespace
from collections import Counter

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, Dataset


class Vocabulary(object):
    def __init__(self, token_to_idx=None, mask_token="<MASK>", add_unk=True, unk_token="<UNK>"):
        if token_to_idx is None:
            token_to_idx = {}
        self._token_to_idx = token_to_idx
        self._idx_to_token = {idx: token for token, idx in self._token_to_idx.items()}
        self._add_unk = add_unk
        self._unk_token = unk_token
        self._mask_token = mask_token
        self.mask_index = self.add_token(self._mask_token)
        self.unk_index = -1
        if add_unk:
            self.unk_index = self.add_token(unk_token)

    def to_serializable(self):
        return {'token_to_idx': self._token_to_idx, 'add_unk': self._add_unk, 'unk_token': self._unk_token,
                'mask_token': self._mask_token}

    @classmethod
    def from_serializable(cls, contents):
        return cls(**contents)

    def add_token(self, token):
        if token in self._token_to_idx:
            index = self._token_to_idx[token]
        else:
            index = len(self._token_to_idx)
            self._token_to_idx[token] = index
            self._idx_to_token[index] = token
        return index

    def add_many(self, tokens):
        return [self.add_token(token) for token in tokens]

    def lookup_token(self, token):
        if self.unk_index >= 0:
            return self._token_to_idx.get(token, self.unk_index)
        else:
            return self._token_to_idx[token]

    def lookup_index(self, index):
        if index not in self._idx_to_token:
            raise KeyError("the index (%d) is not in the Vocabulary" % index)
        return self._idx_to_token[index]

    def __str__(self):
        return "<Vocabulary(size=%d)>" % len(self)

    def __len__(self):
        return len(self._token_to_idx)


class CBOWVectorizer(object):
    def __init__(self, cbow_vocab):
        self.cbow_vocab = cbow_vocab

    def vectorize(self, context, vector_length=-1):
        indices = [self.cbow_vocab.lookup_token(token) for token in context.split(' ')]
        if vector_length < 0:
            vector_length = len(indices)
        out_vector = np.zeros(vector_length, dtype=np.int64)
        out_vector[:len(indices)] = indices
        out_vector[len(indices):] = self.cbow_vocab.mask_index
        return out_vector

    @classmethod
    def from_dataframe(cls, cbow_df):
        cbow_vocab = Vocabulary()
        for index, row in cbow_df.iterrows():
            for token in row.context.split(' '):
                cbow_vocab.add_token(token)
            cbow_vocab.add_token(row.target)
        return cls(cbow_vocab)

    @classmethod
    def from_serializable(cls, contents):
        cbow_vocab = Vocabulary.from_serializable(contents['cbow_vocab'])
        return cls(cbow_vocab=cbow_vocab)

    def to_serializable(self):
        return {'cbow_vocab': self.cbow_vocab.to_serializable()}


class CBOWDataset(Dataset):
    def __init__(self, cbow_df, vectorizer):
        self.cbow_df = cbow_df
        self._vectorizer = vectorizer
        measure_len = lambda context: len(context.split(" "))
        self._max_seq_length = max(map(measure_len, cbow_df.context))
        self.train_df = self.cbow_df[self.cbow_df.split == 'train']
        self.train_size = len(self.train_df)
        self.val_df = self.cbow_df[self.cbow_df.split == 'val']
        self.validation_size = len(self.val_df)
        self.test_df = self.cbow_df[self.cbow_df.split == 'test']
        self.test_size = len(self.test_df)
        self._lookup_dict = {'train': (self.train_df, self.train_size),
                             'val': (self.val_df, self.validation_size),
                             'test': (self.test_df, self.test_size)}
        self.set_split('train')

    @classmethod
    def load_dataset_and_make_vectorizer(cls, cbow_csv):
        cbow_df = pd.read_csv(cbow_csv)
        train_cbow_df = cbow_df[cbow_df.split == 'train']
        return cls(cbow_df, CBOWVectorizer.from_dataframe(train_cbow_df))

    def save_vectorizer(self, fp):
        json.dump(self._vectorizer.to_serializable(), fp)

    def get_vectorizer(self):
        return self._vectorizer

    def set_split(self, split="train"):
        self._target_split = split
        self._target_df, self._target_size = self._lookup_dict[split]

    def __len__(self):
        return self._target_size

    def __getitem__(self, index):
        row = self._target_df.iloc[index]
        context_vector = self._vectorizer.vectorize(row.context, self._max_seq_length)
        target_index = self._vectorizer.cbow_vocab.lookup_token(row.target)
        return {'x_data': context_vector, 'y_target': target_index}

    def get_num_batches(self, batch_size):
        return len(self) // batch_size


def generate_batches(dataset, batch_size, shuffle=True, drop_last=True, device="cpu"):
    dataloader = DataLoader(dataset=dataset, batch_size=batch_size, shuffle=shuffle, drop_last=drop_last)
    for data_dict in dataloader:
        out_data_dict = {}
        for name, tensor in data_dict.items():
            out_data_dict[name] = data_dict[name].to(device)
        yield out_data_dict


class CBOWClassifier(nn.Module):
    def __init__(self, vocabulary_size, embedding_size, padding_idx=0):
        super(CBOWClassifier, self).__init__()
        self.embedding = nn.Embedding(num_embeddings=vocabulary_size, embedding_dim=embedding_size,
                                      padding_idx=padding_idx)
        self.fc1 = nn.Linear(in_features=embedding_size, out_features=vocabulary_size)

    def forward(self, x_in, apply_softmax=False):
        x_embedded_sum = F.dropout(self.embedding(x_in).sum(dim=1), 0.3)
        y_out = self.fc1(x_embedded_sum)
        if apply_softmax:
            y_out = F.softmax(y_out, dim=1)
        return y_out


MODEL_FILES = {}


def make_train_state(args):
    return {'stop_early': False, 'early_stopping_step': 0, 'early_stopping_best_val': 1e8,
            'learning_rate': args.learning_rate, 'epoch_index': 0, 'train_loss': [], 'train_acc': [],
            'val_loss': [], 'val_acc': [], 'test_loss': -1, 'test_acc': -1, 'model_filename': args.model_state_file}


def save_state(state_dict, name):
    buf = io.BytesIO()
    torch.save(state_dict, buf)
    MODEL_FILES[name] = buf.getvalue()


def update_train_state(args, model, train_state):
    if train_state['epoch_index'] == 0:
        save_state(model.state_dict(), train_state['model_filename'])
        train_state['stop_early'] = False
    elif train_state['epoch_index'] >= 1:
        loss_tm1, loss_t = train_state['val_loss'][-2:]
        if loss_t >= train_state['early_stopping_best_val']:
            train_state['early_stopping_step'] += 1
        else:
            if loss_t < train_state['early_stopping_best_val']:
                save_state(model.state_dict(), train_state['model_filename'])
            train_state['early_stopping_step'] = 0
        train_state['stop_early'] = train_state['early_stopping_step'] >= args.early_stopping_criteria
    return train_state


def compute_accuracy(y_pred, y_target):
    _, y_pred_indices = y_pred.max(dim=1)
    n_correct = torch.eq(y_pred_indices, y_target).sum().item()
    return n_correct / len(y_pred_indices) * 100


def set_seed_everywhere(seed, cuda):
    np.random.seed(seed)
    torch.manual_seed(seed)
    if cuda:
        torch.cuda.manual_seed_all(seed)


# ---- the munging notebook: sentences -> windows -> a split frame -----------------------------------------
rng = np.random.RandomState(1337)
nouns = ['creature', 'monster', 'friend', 'father', 'lake', 'mountain', 'night', 'storm']
verbs = ['saw', 'feared', 'loved', 'followed', 'left']
adjs = ['dark', 'wretched', 'gentle', 'cold']
sentences = []
for _ in range(60):
    sentences.append('the %s %s the %s %s.' % (rng.choice(adjs), rng.choice(nouns), rng.choice(adjs), rng.choice(nouns))
                     if rng.rand() < 0.5 else 'i %s my %s!' % (rng.choice(verbs), rng.choice(nouns)))


def preprocess_text(text):
    text = ' '.join(word.lower() for word in text.split(" "))
    text = re.sub(r"([.,!?])", r" \1 ", text)
    text = re.sub(r"[^a-zA-Z.,!?]+", r" ", text)
    return text


cleaned_sentences = [preprocess_text(sentence) for sentence in sentences]
MASK_TOKEN = "<MASK>"
window_size = 2
windows = []
for sentence in cleaned_sentences:
    tokens = sentence.split()
    padded = [MASK_TOKEN] * window_size + tokens + [MASK_TOKEN] * window_size
    for i in range(len(tokens)):
        windows.append(padded[i:i + 2 * window_size + 1])
data = []
for window in windows:
    target_token = window[window_size]
    context = []
    for i, token in enumerate(window):
        if token == MASK_TOKEN or i == window_size:
            continue
        else:
            context.append(token)
    data.append([' '.join(token for token in context), target_token])
cbow_data = pd.DataFrame(data, columns=["context", "target"])
n = len(cbow_data)


def get_split(row_num):
    if row_num <= n * 0.7:
        return 'train'
    elif (row_num > n * 0.7) and (row_num <= n * 0.85):
        return 'val'
    else:
        return 'test'


cbow_data['split'] = cbow_data.apply(lambda row: get_split(row.name), axis=1)
print(cbow_data.head())
print(cbow_data.split.value_counts())
csv_buffer = io.StringIO()
cbow_data.to_csv(csv_buffer, index=False)
csv_buffer.seek(0)

args = Namespace(cbow_csv=csv_buffer, vectorizer_file="vectorizer.json", model_state_file="model.pth",
                 save_dir="model_storage/ch5/cbow", embedding_size=16, seed=1337, num_epochs=3,
                 learning_rate=0.01, batch_size=16, early_stopping_criteria=5, cuda=False)
args.device = torch.device("cuda" if args.cuda else "cpu")
print("Using CUDA: {}".format(args.cuda))
set_seed_everywhere(args.seed, args.cuda)
dataset = CBOWDataset.load_dataset_and_make_vectorizer(args.cbow_csv)
vec_buffer = io.StringIO()
dataset.save_vectorizer(vec_buffer)
vectorizer = CBOWVectorizer.from_serializable(json.loads(vec_buffer.getvalue()))
print(vectorizer.cbow_vocab, dataset._max_seq_length, vectorizer.vectorize('the cold monster', 4))
classifier = CBOWClassifier(vocabulary_size=len(vectorizer.cbow_vocab), embedding_size=args.embedding_size)
classifier = classifier.to(args.device)
loss_func = nn.CrossEntropyLoss()
optimizer = optim.Adam(classifier.parameters(), lr=args.learning_rate)
scheduler = optim.lr_scheduler.ReduceLROnPlateau(optimizer=optimizer, mode='min', factor=0.5, patience=1)
train_state = make_train_state(args)

for epoch_index in range(args.num_epochs):
    train_state['epoch_index'] = epoch_index
    dataset.set_split('train')
    batch_generator = generate_batches(dataset, batch_size=args.batch_size, device=args.device)
    running_loss = 0.0
    running_acc = 0.0
    classifier.train()
    for batch_index, batch_dict in enumerate(batch_generator):
        optimizer.zero_grad()
        y_pred = classifier(x_in=batch_dict['x_data'])
        loss = loss_func(y_pred, batch_dict['y_target'])
        loss_t = loss.item()
        running_loss += (loss_t - running_loss) / (batch_index + 1)
        loss.backward()
        optimizer.step()
        acc_t = compute_accuracy(y_pred, batch_dict['y_target'])
        running_acc += (acc_t - running_acc) / (batch_index + 1)
    train_state['train_loss'].append(running_loss)
    train_state['train_acc'].append(running_acc)
    dataset.set_split('val')
    batch_generator = generate_batches(dataset, batch_size=args.batch_size, device=args.device)
    running_loss = 0.
    running_acc = 0.
    classifier.eval()
    for batch_index, batch_dict in enumerate(batch_generator):
        y_pred = classifier(x_in=batch_dict['x_data'])
        loss = loss_func(y_pred, batch_dict['y_target'])
        loss_t = loss.item()
        running_loss += (loss_t - running_loss) / (batch_index + 1)
        acc_t = compute_accuracy(y_pred, batch_dict['y_target'])
        running_acc += (acc_t - running_acc) / (batch_index + 1)
    train_state['val_loss'].append(running_loss)
    train_state['val_acc'].append(running_acc)
    train_state = update_train_state(args=args, model=classifier, train_state=train_state)
    scheduler.step(train_state['val_loss'][-1])
    print('epoch {}: train loss {:.4f} val loss {:.4f} early_stopping_step {} lr {}'.format(
        epoch_index, train_state['train_loss'][-1], train_state['val_loss'][-1],
        train_state['early_stopping_step'], optimizer.param_groups[0]['lr']))
    if train_state['stop_early']:
        break

classifier.load_state_dict(torch.load(io.BytesIO(MODEL_FILES[train_state['model_filename']])))
classifier = classifier.to(args.device)
loss_func = nn.CrossEntropyLoss()
dataset.set_split('test')
batch_generator = generate_batches(dataset, batch_size=args.batch_size, shuffle=False, drop_last=False,
                                   device=args.device)
running_loss = 0.
running_acc = 0.
classifier.eval()
for batch_index, batch_dict in enumerate(batch_generator):
    y_pred = classifier(x_in=batch_dict['x_data'])
    loss = loss_func(y_pred, batch_dict['y_target'])
    loss_t = loss.item()
    running_loss += (loss_t - running_loss) / (batch_index + 1)
    acc_t = compute_accuracy(y_pred, batch_dict['y_target'])
    running_acc += (acc_t - running_acc) / (batch_index + 1)
train_state['test_loss'] = running_loss
train_state['test_acc'] = running_acc
print("Test loss: {:.4f};".format(train_state['test_loss']))
print("Test batches:", batch_index + 1)


def pretty_print(results):
    for item in results:
        print("...[%.2f] - %s" % (item[1], item[0]))


def get_closest(target_word, word_to_idx, embeddings, n=5):
    word_embedding = embeddings[word_to_idx[target_word.lower()]]
    distances = []
    for word, index in word_to_idx.items():
        if word == "<MASK>" or word == target_word:
            continue
        distances.append((word, torch.dist(word_embedding, embeddings[index])))
    results = sorted(distances, key=lambda x: x[1])[1:n + 2]
    return results


word_to_idx = vectorizer.cbow_vocab._token_to_idx
embeddings = classifier.embedding.weight.data
print('padding row zero', bool((embeddings[0] == 0).all()))
closest = get_closest('monster', word_to_idx, embeddings, n=3)
print(len(closest), [type(d).__name__ for _, d in closest][:1])
try:
    vectorizer.cbow_vocab.lookup_index(999)
except KeyError as e:
    print('KeyError:', e)
