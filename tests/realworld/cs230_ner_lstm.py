# Real-program corpus (tests/realworld, see README.md): the shape of cs230-stanford/cs230-code-examples
# pytorch/nlp (build_vocab.py, utils.py, model/data_loader.py, model/net.py, train.py, evaluate.py @
# 478e747b), Stanford CS230's starter code for named-entity recognition. It exercises a vocabulary
# built with collections.Counter and written to words.txt / tags.txt / dataset_params.json, a Params
# class over json (`self.__dict__.update`, a `dict` property), RunningAverage, set_logger (a
# FileHandler plus a StreamHandler on the root logger), save_dict_to_json, save_checkpoint /
# load_checkpoint (torch.save of a dict, shutil.copyfile to best.pth.tar, os.path.exists checks), a
# data loader that pads with np.ones into LongTensors (labels padded with -1) and yields batches from
# a generator with random.seed(230) shuffling, an Embedding + LSTM(batch_first) + Linear tagger with
# log_softmax, a masked loss indexing `outputs[range(outputs.shape[0]), labels]`, NumPy accuracy over
# the mask, a metrics dict of functions, tqdm trange with set_postfix, and train_and_evaluate keeping
# the best validation accuracy. Changes: a tiny generated corpus in a temporary directory, small
# sizes, a few epochs, metrics also printed to stdout. Written for Kiln, not copied.
import json
import logging
import os
import random
import shutil
import sys
import tempfile
from collections import Counter

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable
from tqdm import trange

torch.manual_seed(230)


# --- utils.py ---------------------------------------------------------------------------------------------
class Params():
    def __init__(self, json_path):
        with open(json_path) as f:
            params = json.load(f)
            self.__dict__.update(params)

    def save(self, json_path):
        with open(json_path, 'w') as f:
            json.dump(self.__dict__, f, indent=4)

    def update(self, json_path):
        with open(json_path) as f:
            params = json.load(f)
            self.__dict__.update(params)

    @property
    def dict(self):
        return self.__dict__


class RunningAverage():
    def __init__(self):
        self.steps = 0
        self.total = 0

    def update(self, val):
        self.total += val
        self.steps += 1

    def __call__(self):
        return self.total / float(self.steps)


def set_logger(log_path):
    logger = logging.getLogger()
    logger.setLevel(logging.INFO)
    if not logger.handlers:
        file_handler = logging.FileHandler(log_path)
        file_handler.setFormatter(logging.Formatter('%(asctime)s:%(levelname)s: %(message)s'))
        logger.addHandler(file_handler)
        stream_handler = logging.StreamHandler()
        stream_handler.setFormatter(logging.Formatter('%(message)s'))
        logger.addHandler(stream_handler)


def save_dict_to_json(d, json_path):
    with open(json_path, 'w') as f:
        d = {k: float(v) for k, v in d.items()}
        json.dump(d, f, indent=4)


def save_checkpoint(state, is_best, checkpoint):
    filepath = os.path.join(checkpoint, 'last.pth.tar')
    if not os.path.exists(checkpoint):
        print("Checkpoint Directory does not exist! Making directory {}".format(os.path.basename(checkpoint)))
        os.mkdir(checkpoint)
    torch.save(state, filepath)
    if is_best:
        shutil.copyfile(filepath, os.path.join(checkpoint, 'best.pth.tar'))


def load_checkpoint(checkpoint, model, optimizer=None):
    if not os.path.exists(checkpoint):
        raise ("File doesn't exist {}".format(checkpoint))
    checkpoint = torch.load(checkpoint)
    model.load_state_dict(checkpoint['state_dict'])
    if optimizer:
        optimizer.load_state_dict(checkpoint['optim_dict'])
    return checkpoint


# --- a tiny corpus in the data/small layout, then build_vocab.py ---------------------------------------------
root = tempfile.mkdtemp()
data_dir = os.path.join(root, 'data', 'small')
model_dir = os.path.join(root, 'experiments', 'base_model')
os.makedirs(model_dir)
rng = random.Random(0)
PEOPLE, PLACES, ORGS = ['Alice', 'Bob', 'Chen', 'Dana'], ['Paris', 'Lagos', 'Lima'], ['Acme', 'Initech']
WORDS = 'the met in visited from works for a at today'.split()
for split, n in (('train', 24), ('val', 8), ('test', 8)):
    os.makedirs(os.path.join(data_dir, split))
    with open(os.path.join(data_dir, split, 'sentences.txt'), 'w') as fs, \
            open(os.path.join(data_dir, split, 'labels.txt'), 'w') as fl:
        for _ in range(n):
            toks, tags = [], []
            for _ in range(rng.randint(4, 9)):
                r = rng.random()
                if r < 0.2:
                    toks.append(rng.choice(PEOPLE)); tags.append('B-per')
                elif r < 0.3:
                    toks.append(rng.choice(PLACES)); tags.append('B-geo')
                elif r < 0.4:
                    toks.append(rng.choice(ORGS)); tags.append('B-org')
                else:
                    toks.append(rng.choice(WORDS)); tags.append('O')
            fs.write(' '.join(toks) + '\n')
            fl.write(' '.join(tags) + '\n')

PAD_WORD, PAD_TAG, UNK_WORD = '<pad>', 'O', 'UNK'


def update_vocab(txt_path, vocab):
    with open(txt_path) as f:
        for i, line in enumerate(f):
            vocab.update(line.strip().split(' '))
    return i + 1


def save_vocab_to_txt_file(vocab, txt_path):
    with open(txt_path, "w") as f:
        for token in vocab:
            f.write(token + '\n')


words, tags = Counter(), Counter()
size_train_sentences = update_vocab(os.path.join(data_dir, 'train/sentences.txt'), words)
size_dev_sentences = update_vocab(os.path.join(data_dir, 'val/sentences.txt'), words)
size_test_sentences = update_vocab(os.path.join(data_dir, 'test/sentences.txt'), words)
update_vocab(os.path.join(data_dir, 'train/labels.txt'), tags)
update_vocab(os.path.join(data_dir, 'val/labels.txt'), tags)
update_vocab(os.path.join(data_dir, 'test/labels.txt'), tags)
words = [tok for tok, count in words.items() if count >= 1]
tags = [tok for tok, count in tags.items() if count >= 1]
if PAD_WORD not in words:
    words.append(PAD_WORD)
if PAD_TAG not in tags:
    tags.append(PAD_TAG)
words.append(UNK_WORD)
save_vocab_to_txt_file(words, os.path.join(data_dir, 'words.txt'))
save_vocab_to_txt_file(tags, os.path.join(data_dir, 'tags.txt'))
sizes = {'train_size': size_train_sentences, 'dev_size': size_dev_sentences, 'test_size': size_test_sentences,
         'vocab_size': len(words), 'number_of_tags': len(tags), 'pad_word': PAD_WORD, 'pad_tag': PAD_TAG,
         'unk_word': UNK_WORD}
with open(os.path.join(data_dir, 'dataset_params.json'), 'w') as f:
    json.dump(sizes, f, indent=4)
print("Characteristics of the dataset:")
to_print = "\n".join("- {}: {}".format(k, v) for k, v in sizes.items())
print(to_print)
with open(os.path.join(model_dir, 'params.json'), 'w') as f:
    json.dump({"learning_rate": 1e-2, "batch_size": 4, "num_epochs": 4, "lstm_hidden_dim": 16,
               "embedding_dim": 12, "save_summary_steps": 2}, f, indent=4)


# --- model/data_loader.py ---------------------------------------------------------------------------------
class DataLoader(object):
    def __init__(self, data_dir, params):
        json_path = os.path.join(data_dir, 'dataset_params.json')
        assert os.path.isfile(json_path), "No json file found at {}, run build_vocab.py".format(json_path)
        self.dataset_params = Params(json_path)
        self.vocab = {}
        with open(os.path.join(data_dir, 'words.txt')) as f:
            for i, l in enumerate(f.read().splitlines()):
                self.vocab[l] = i
        self.unk_ind = self.vocab[self.dataset_params.unk_word]
        self.pad_ind = self.vocab[self.dataset_params.pad_word]
        self.tag_map = {}
        with open(os.path.join(data_dir, 'tags.txt')) as f:
            for i, t in enumerate(f.read().splitlines()):
                self.tag_map[t] = i
        params.update(json_path)

    def load_sentences_labels(self, sentences_file, labels_file, d):
        sentences, labels = [], []
        with open(sentences_file) as f:
            for sentence in f.read().splitlines():
                sentences.append([self.vocab[token] if token in self.vocab else self.unk_ind
                                  for token in sentence.split(' ')])
        with open(labels_file) as f:
            for sentence in f.read().splitlines():
                labels.append([self.tag_map[label] for label in sentence.split(' ')])
        assert len(labels) == len(sentences)
        d['data'], d['labels'], d['size'] = sentences, labels, len(sentences)

    def load_data(self, types, data_dir):
        data = {}
        for split in ['train', 'val', 'test']:
            if split in types:
                data[split] = {}
                self.load_sentences_labels(os.path.join(data_dir, split, "sentences.txt"),
                                           os.path.join(data_dir, split, "labels.txt"), data[split])
        return data

    def data_iterator(self, data, params, shuffle=False):
        order = list(range(data['size']))
        if shuffle:
            random.seed(230)
            random.shuffle(order)
        for i in range((data['size'] + 1) // params.batch_size):
            batch_sentences = [data['data'][idx] for idx in order[i * params.batch_size:(i + 1) * params.batch_size]]
            batch_tags = [data['labels'][idx] for idx in order[i * params.batch_size:(i + 1) * params.batch_size]]
            batch_max_len = max([len(s) for s in batch_sentences])
            batch_data = self.pad_ind * np.ones((len(batch_sentences), batch_max_len))
            batch_labels = -1 * np.ones((len(batch_sentences), batch_max_len))
            for j in range(len(batch_sentences)):
                cur_len = len(batch_sentences[j])
                batch_data[j][:cur_len] = batch_sentences[j]
                batch_labels[j][:cur_len] = batch_tags[j]
            batch_data, batch_labels = torch.LongTensor(batch_data), torch.LongTensor(batch_labels)
            yield Variable(batch_data), Variable(batch_labels)


# --- model/net.py -----------------------------------------------------------------------------------------
class Net(nn.Module):
    def __init__(self, params):
        super(Net, self).__init__()
        self.embedding = nn.Embedding(params.vocab_size, params.embedding_dim)
        self.lstm = nn.LSTM(params.embedding_dim, params.lstm_hidden_dim, batch_first=True)
        self.fc = nn.Linear(params.lstm_hidden_dim, params.number_of_tags)

    def forward(self, s):
        s = self.embedding(s)
        s, _ = self.lstm(s)
        s = s.contiguous()
        s = s.view(-1, s.shape[2])
        s = self.fc(s)
        return F.log_softmax(s, dim=1)


def loss_fn(outputs, labels):
    labels = labels.view(-1)
    mask = (labels >= 0).float()
    labels = labels % outputs.shape[1]
    num_tokens = int(torch.sum(mask))
    return -torch.sum(outputs[range(outputs.shape[0]), labels] * mask) / num_tokens


def accuracy(outputs, labels):
    labels = labels.ravel()
    mask = (labels >= 0)
    outputs = np.argmax(outputs, axis=1)
    return np.sum(outputs == labels) / float(np.sum(mask))


metrics = {'accuracy': accuracy}


# --- train.py / evaluate.py ---------------------------------------------------------------------------------
def evaluate(model, loss_fn, data_iterator, metrics, params, num_steps):
    model.eval()
    summ = []
    for _ in range(num_steps):
        data_batch, labels_batch = next(data_iterator)
        output_batch = model(data_batch)
        loss = loss_fn(output_batch, labels_batch)
        output_batch = output_batch.data.cpu().numpy()
        labels_batch = labels_batch.data.cpu().numpy()
        summary_batch = {metric: metrics[metric](output_batch, labels_batch) for metric in metrics}
        summary_batch['loss'] = loss.item()
        summ.append(summary_batch)
    metrics_mean = {metric: np.mean([x[metric] for x in summ]) for metric in summ[0]}
    metrics_string = " ; ".join("{}: {:05.3f}".format(k, v) for k, v in metrics_mean.items())
    logging.info("- Eval metrics : " + metrics_string)
    print("- Eval metrics : " + metrics_string)
    return metrics_mean


def train(model, optimizer, loss_fn, data_iterator, metrics, params, num_steps):
    model.train()
    summ = []
    loss_avg = RunningAverage()
    t = trange(num_steps)
    for i in t:
        train_batch, labels_batch = next(data_iterator)
        output_batch = model(train_batch)
        loss = loss_fn(output_batch, labels_batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % params.save_summary_steps == 0:
            output_batch = output_batch.data.cpu().numpy()
            labels_batch = labels_batch.data.cpu().numpy()
            summary_batch = {metric: metrics[metric](output_batch, labels_batch) for metric in metrics}
            summary_batch['loss'] = loss.item()
            summ.append(summary_batch)
        loss_avg.update(loss.item())
        t.set_postfix(loss='{:05.3f}'.format(loss_avg()))
    metrics_mean = {metric: np.mean([x[metric] for x in summ]) for metric in summ[0]}
    metrics_string = " ; ".join("{}: {:05.3f}".format(k, v) for k, v in metrics_mean.items())
    logging.info("- Train metrics: " + metrics_string)
    print("- Train metrics: " + metrics_string)


def train_and_evaluate(model, train_data, val_data, optimizer, loss_fn, metrics, params, model_dir, restore_file=None):
    best_val_acc = 0.0
    for epoch in range(params.num_epochs):
        logging.info("Epoch {}/{}".format(epoch + 1, params.num_epochs))
        print("Epoch {}/{}".format(epoch + 1, params.num_epochs))
        num_steps = (params.train_size + 1) // params.batch_size
        train(model, optimizer, loss_fn, data_loader.data_iterator(train_data, params, shuffle=True), metrics, params,
              num_steps)
        num_steps = (params.val_size + 1) // params.batch_size
        val_metrics = evaluate(model, loss_fn, data_loader.data_iterator(val_data, params, shuffle=False), metrics,
                               params, num_steps)
        val_acc = val_metrics['accuracy']
        is_best = val_acc >= best_val_acc
        save_checkpoint({'epoch': epoch + 1, 'state_dict': model.state_dict(), 'optim_dict': optimizer.state_dict()},
                        is_best=is_best, checkpoint=model_dir)
        if is_best:
            print("- Found new best accuracy")
            best_val_acc = val_acc
            save_dict_to_json(val_metrics, os.path.join(model_dir, "metrics_val_best_weights.json"))
        save_dict_to_json(val_metrics, os.path.join(model_dir, "metrics_val_last_weights.json"))


params = Params(os.path.join(model_dir, 'params.json'))
params.cuda = torch.cuda.is_available()
set_logger(os.path.join(model_dir, 'train.log'))
data_loader = DataLoader(data_dir, params)
data = data_loader.load_data(['train', 'val'], data_dir)
train_data, val_data = data['train'], data['val']
params.train_size, params.val_size = train_data['size'], val_data['size']
print("sizes:", params.train_size, params.val_size, "vocab:", params.vocab_size, "tags:", params.number_of_tags)
model = Net(params)
optimizer = optim.Adam(model.parameters(), lr=params.learning_rate)
train_and_evaluate(model, train_data, val_data, optimizer, loss_fn, metrics, params, model_dir)

# evaluate.py on the test split with the best weights
test_data = data_loader.load_data(['test'], data_dir)['test']
params.test_size = test_data['size']
model = Net(params)
ckpt = load_checkpoint(os.path.join(model_dir, 'best.pth.tar'), model)
print("restored epoch:", ckpt['epoch'])
test_metrics = evaluate(model, loss_fn, data_loader.data_iterator(test_data, params), metrics, params,
                        (params.test_size + 1) // params.batch_size)
save_dict_to_json(test_metrics, os.path.join(model_dir, "metrics_test_best.json"))
print(sorted(os.listdir(model_dir)))
with open(os.path.join(model_dir, "metrics_test_best.json")) as f:
    print(sorted(json.load(f)))
with open(os.path.join(model_dir, 'train.log')) as f:
    print("log lines:", len(f.read().splitlines()))
logging.getLogger().handlers.clear()
