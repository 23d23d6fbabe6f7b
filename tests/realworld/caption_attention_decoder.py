# Real-program corpus (tests/realworld, see README.md): "Show, Attend and Tell" image captioning in
# the shape of sgrvinod's tutorial: a CaptionDataset whose __getitem__ tests `self.split is 'TRAIN'`
# (true in CPython because identifier-like str constants are interned, so the literal passed by the
# caller is the literal compared with) and returns three items for training, four (with all of an
# image's captions) otherwise; an Encoder that freezes a CNN backbone and unfreezes its last
# children (`fine_tune`), AdaptiveAvgPool2d to a fixed grid and a permute to pixels-last; soft
# Attention; DecoderWithAttention sorting the batch by caption length, decoding with an LSTMCell
# over the `batch_size_t` sequences still running at each step, a sigmoid gate (f_beta) on the
# attention-weighted encoding; training with pack_padded_sequence(...).data on scores and targets,
# doubly stochastic attention regularisation, clip_gradient, AverageMeter, top-5 accuracy and
# adjust_learning_rate; validation collecting references and hypotheses without the <start>/<pad>
# tokens.
# Origin: sgrvinod/a-PyTorch-Tutorial-to-Image-Captioning datasets.py, models.py, train.py, utils.py
# @ cc9c7e2f4017938d414178d3781fed8dbe442852.
# Written for Kiln, not copied. Changes: in-memory uint8 images and captions instead of the HDF5 and
# JSON files of create_input_files.py; a four-child CNN instead of torchvision's pretrained
# ResNet-101; small sizes, two epochs of two batches; no timings; BLEU-4 (nltk) replaced by the
# unigram precision of the hypotheses; `.data` of the PackedSequence where the tutorial's older
# `scores, _ = pack_padded_sequence(...)` fails on PyTorch >= 1.1.
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence
from torch.utils.data import DataLoader, Dataset

torch.manual_seed(0)
device = torch.device("cpu")

# ---- data: what create_input_files.py writes, made in memory ----
word_map = {w: i + 1 for i, w in enumerate("a man dog rides on the wave surf board".split())}
word_map["<unk>"] = len(word_map) + 1
word_map["<start>"] = len(word_map) + 1
word_map["<end>"] = len(word_map) + 1
word_map["<pad>"] = 0
rev_word_map = {v: k for k, v in word_map.items()}
captions_per_image = 2
max_len = 8


def make_split(n_images, gen):
    images = torch.randint(0, 256, (n_images, 3, 32, 32), generator=gen, dtype=torch.uint8)
    captions, caplens = [], []
    for _ in range(n_images * captions_per_image):
        n = int(torch.randint(2, 6, (1,), generator=gen))
        words = torch.randint(1, 10, (n,), generator=gen).tolist()
        enc = [word_map["<start>"]] + words + [word_map["<end>"]]
        captions.append(enc + [word_map["<pad>"]] * (max_len - len(enc)))
        caplens.append(len(enc))
    return {"images": images, "captions": captions, "caplens": caplens}


gen = torch.Generator().manual_seed(1)
files = {"TRAIN": make_split(4, gen), "VAL": make_split(2, gen)}


class CaptionDataset(Dataset):
    def __init__(self, data, split, transform=None):
        self.split = split
        assert self.split in {"TRAIN", "VAL", "TEST"}
        self.imgs = data[split]["images"]
        self.cpi = captions_per_image
        self.captions = data[split]["captions"]
        self.caplens = data[split]["caplens"]
        self.transform = transform
        self.dataset_size = len(self.captions)

    def __getitem__(self, i):
        # the Nth caption belongs to the (N // captions_per_image)th image
        img = torch.FloatTensor(self.imgs[i // self.cpi] / 255.)
        if self.transform is not None:
            img = self.transform(img)
        caption = torch.LongTensor(self.captions[i])
        caplen = torch.LongTensor([self.caplens[i]])
        if self.split is 'TRAIN':
            return img, caption, caplen
        all_captions = torch.LongTensor(
            self.captions[((i // self.cpi) * self.cpi):(((i // self.cpi) * self.cpi) + self.cpi)])
        return img, caption, caplen, all_captions

    def __len__(self):
        return self.dataset_size


class Normalize:
    def __init__(self, mean, std):
        self.mean = torch.tensor(mean).view(3, 1, 1)
        self.std = torch.tensor(std).view(3, 1, 1)

    def __call__(self, img):
        return (img - self.mean) / self.std


# ---- models.py ----
class Encoder(nn.Module):
    def __init__(self, encoded_image_size=4, encoder_dim=16):
        super(Encoder, self).__init__()
        self.enc_image_size = encoded_image_size
        backbone = [nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                    nn.Conv2d(8, encoder_dim, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
        self.resnet = nn.Sequential(*backbone)
        self.adaptive_pool = nn.AdaptiveAvgPool2d((encoded_image_size, encoded_image_size))
        self.fine_tune()

    def forward(self, images):
        out = self.resnet(images)
        out = self.adaptive_pool(out)
        return out.permute(0, 2, 3, 1)

    def fine_tune(self, fine_tune=True):
        for p in self.resnet.parameters():
            p.requires_grad = False
        for c in list(self.resnet.children())[3:]:
            for p in c.parameters():
                p.requires_grad = fine_tune


class Attention(nn.Module):
    def __init__(self, encoder_dim, decoder_dim, attention_dim):
        super(Attention, self).__init__()
        self.encoder_att = nn.Linear(encoder_dim, attention_dim)
        self.decoder_att = nn.Linear(decoder_dim, attention_dim)
        self.full_att = nn.Linear(attention_dim, 1)
        self.relu = nn.ReLU()
        self.softmax = nn.Softmax(dim=1)

    def forward(self, encoder_out, decoder_hidden):
        att1 = self.encoder_att(encoder_out)
        att2 = self.decoder_att(decoder_hidden)
        att = self.full_att(self.relu(att1 + att2.unsqueeze(1))).squeeze(2)
        alpha = self.softmax(att)
        attention_weighted_encoding = (encoder_out * alpha.unsqueeze(2)).sum(dim=1)
        return attention_weighted_encoding, alpha


class DecoderWithAttention(nn.Module):
    def __init__(self, attention_dim, embed_dim, decoder_dim, vocab_size, encoder_dim=16, dropout=0.5):
        super(DecoderWithAttention, self).__init__()
        self.encoder_dim = encoder_dim
        self.attention_dim = attention_dim
        self.embed_dim = embed_dim
        self.decoder_dim = decoder_dim
        self.vocab_size = vocab_size
        self.dropout = dropout
        self.attention = Attention(encoder_dim, decoder_dim, attention_dim)
        self.embedding = nn.Embedding(vocab_size, embed_dim)
        self.dropout = nn.Dropout(p=self.dropout)
        self.decode_step = nn.LSTMCell(embed_dim + encoder_dim, decoder_dim, bias=True)
        self.init_h = nn.Linear(encoder_dim, decoder_dim)
        self.init_c = nn.Linear(encoder_dim, decoder_dim)
        self.f_beta = nn.Linear(decoder_dim, encoder_dim)
        self.sigmoid = nn.Sigmoid()
        self.fc = nn.Linear(decoder_dim, vocab_size)
        self.init_weights()

    def init_weights(self):
        self.embedding.weight.data.uniform_(-0.1, 0.1)
        self.fc.bias.data.fill_(0)
        self.fc.weight.data.uniform_(-0.1, 0.1)

    def init_hidden_state(self, encoder_out):
        mean_encoder_out = encoder_out.mean(dim=1)
        return self.init_h(mean_encoder_out), self.init_c(mean_encoder_out)

    def forward(self, encoder_out, encoded_captions, caption_lengths):
        batch_size = encoder_out.size(0)
        encoder_dim = encoder_out.size(-1)
        vocab_size = self.vocab_size
        encoder_out = encoder_out.view(batch_size, -1, encoder_dim)
        num_pixels = encoder_out.size(1)
        caption_lengths, sort_ind = caption_lengths.squeeze(1).sort(dim=0, descending=True)
        encoder_out = encoder_out[sort_ind]
        encoded_captions = encoded_captions[sort_ind]
        embeddings = self.embedding(encoded_captions)
        h, c = self.init_hidden_state(encoder_out)
        # no decoding at the <end> position
        decode_lengths = (caption_lengths - 1).tolist()
        predictions = torch.zeros(batch_size, max(decode_lengths), vocab_size).to(device)
        alphas = torch.zeros(batch_size, max(decode_lengths), num_pixels).to(device)
        for t in range(max(decode_lengths)):
            batch_size_t = sum([l > t for l in decode_lengths])
            attention_weighted_encoding, alpha = self.attention(encoder_out[:batch_size_t], h[:batch_size_t])
            gate = self.sigmoid(self.f_beta(h[:batch_size_t]))
            attention_weighted_encoding = gate * attention_weighted_encoding
            h, c = self.decode_step(
                torch.cat([embeddings[:batch_size_t, t, :], attention_weighted_encoding], dim=1),
                (h[:batch_size_t], c[:batch_size_t]))
            preds = self.fc(self.dropout(h))
            predictions[:batch_size_t, t, :] = preds
            alphas[:batch_size_t, t, :] = alpha
        return predictions, encoded_captions, decode_lengths, alphas, sort_ind


# ---- utils.py ----
class AverageMeter(object):
    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def clip_gradient(optimizer, grad_clip):
    for group in optimizer.param_groups:
        for param in group['params']:
            if param.grad is not None:
                param.grad.data.clamp_(-grad_clip, grad_clip)


def adjust_learning_rate(optimizer, shrink_factor):
    print("\nDECAYING learning rate.")
    for param_group in optimizer.param_groups:
        param_group['lr'] = param_group['lr'] * shrink_factor
    print("The new learning rate is %f\n" % (optimizer.param_groups[0]['lr'],))


def accuracy(scores, targets, k):
    batch_size = targets.size(0)
    _, ind = scores.topk(k, 1, True, True)
    correct = ind.eq(targets.view(-1, 1).expand_as(ind))
    correct_total = correct.view(-1).float().sum()
    return correct_total.item() * (100.0 / batch_size)


def unigram_precision(references, hypotheses):
    hit = total = 0
    for refs, hyp in zip(references, hypotheses):
        words = {w for r in refs for w in r}
        hit += sum(1 for w in hyp if w in words)
        total += len(hyp)
    return hit / max(total, 1)


# ---- train.py ----
emb_dim, attention_dim, decoder_dim = 12, 10, 14
alpha_c = 1.
grad_clip = 5.
print_freq = 1


def train(train_loader, encoder, decoder, criterion, encoder_optimizer, decoder_optimizer, epoch):
    decoder.train()
    encoder.train()
    losses = AverageMeter()
    top5accs = AverageMeter()
    for i, (imgs, caps, caplens) in enumerate(train_loader):
        imgs = encoder(imgs.to(device))
        scores, caps_sorted, decode_lengths, alphas, sort_ind = decoder(imgs, caps, caplens)
        targets = caps_sorted[:, 1:]  # after <start>
        scores = pack_padded_sequence(scores, decode_lengths, batch_first=True).data
        targets = pack_padded_sequence(targets, decode_lengths, batch_first=True).data
        loss = criterion(scores, targets)
        loss += alpha_c * ((1. - alphas.sum(dim=1)) ** 2).mean()
        decoder_optimizer.zero_grad()
        if encoder_optimizer is not None:
            encoder_optimizer.zero_grad()
        loss.backward()
        if grad_clip is not None:
            clip_gradient(decoder_optimizer, grad_clip)
            if encoder_optimizer is not None:
                clip_gradient(encoder_optimizer, grad_clip)
        decoder_optimizer.step()
        if encoder_optimizer is not None:
            encoder_optimizer.step()
        top5 = accuracy(scores, targets, 5)
        losses.update(loss.item(), sum(decode_lengths))
        top5accs.update(top5, sum(decode_lengths))
        if i % print_freq == 0:
            print('Epoch: [{0}][{1}/{2}]\t'
                  'Loss {loss.val:.4f} ({loss.avg:.4f})\t'
                  'Top-5 Accuracy {top5.val:.3f} ({top5.avg:.3f})'.format(epoch, i, len(train_loader),
                                                                          loss=losses, top5=top5accs))


def validate(val_loader, encoder, decoder, criterion):
    decoder.eval()
    encoder.eval()
    losses = AverageMeter()
    references, hypotheses = [], []
    with torch.no_grad():
        for i, (imgs, caps, caplens, allcaps) in enumerate(val_loader):
            imgs = encoder(imgs)
            scores, caps_sorted, decode_lengths, alphas, sort_ind = decoder(imgs, caps, caplens)
            targets = caps_sorted[:, 1:]
            scores_copy = scores.clone()
            scores = pack_padded_sequence(scores, decode_lengths, batch_first=True).data
            targets = pack_padded_sequence(targets, decode_lengths, batch_first=True).data
            loss = criterion(scores, targets) + alpha_c * ((1. - alphas.sum(dim=1)) ** 2).mean()
            losses.update(loss.item(), sum(decode_lengths))
            allcaps = allcaps[sort_ind]
            for j in range(allcaps.shape[0]):
                img_caps = allcaps[j].tolist()
                img_captions = list(map(lambda c: [w for w in c if w not in {word_map['<start>'], word_map['<pad>']}],
                                        img_caps))
                references.append(img_captions)
            _, preds = torch.max(scores_copy, dim=2)
            preds = preds.tolist()
            temp_preds = list()
            for j, p in enumerate(preds):
                temp_preds.append(preds[j][:decode_lengths[j]])
            hypotheses.extend(temp_preds)
            assert len(references) == len(hypotheses)
    score = unigram_precision(references, hypotheses)
    print('\n * LOSS - {loss.avg:.3f}, UNIGRAM PRECISION - {p:.3f}\n'.format(loss=losses, p=score))
    print("first hypothesis:", " ".join(rev_word_map[w] for w in hypotheses[0]))
    return score


def main():
    normalize = Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    train_set = CaptionDataset(files, 'TRAIN', transform=normalize)
    val_set = CaptionDataset(files, 'VAL', transform=normalize)
    print("train item:", len(train_set[0]), "val item:", len(val_set[0]), tuple(val_set[0][3].shape))
    train_loader = DataLoader(train_set, batch_size=4, shuffle=True, num_workers=0)
    val_loader = DataLoader(val_set, batch_size=4, shuffle=False, num_workers=0)

    decoder = DecoderWithAttention(attention_dim=attention_dim, embed_dim=emb_dim, decoder_dim=decoder_dim,
                                   vocab_size=len(word_map), dropout=0.5)
    decoder_optimizer = torch.optim.Adam(params=filter(lambda p: p.requires_grad, decoder.parameters()), lr=4e-3)
    encoder = Encoder()
    encoder.fine_tune(True)
    encoder_optimizer = torch.optim.Adam(params=filter(lambda p: p.requires_grad, encoder.parameters()), lr=1e-3)
    trainable = sum(p.numel() for p in encoder.parameters() if p.requires_grad)
    frozen = sum(p.numel() for p in encoder.parameters() if not p.requires_grad)
    print(f"encoder: {trainable} trainable, {frozen} frozen; decoder: "
          f"{sum(p.numel() for p in decoder.parameters())} parameters")
    criterion = nn.CrossEntropyLoss().to(device)

    best_score = 0.
    epochs_since_improvement = 0
    for epoch in range(2):
        if epochs_since_improvement > 0:
            adjust_learning_rate(decoder_optimizer, 0.8)
            adjust_learning_rate(encoder_optimizer, 0.8)
        train(train_loader, encoder, decoder, criterion, encoder_optimizer, decoder_optimizer, epoch)
        recent = validate(val_loader, encoder, decoder, criterion)
        is_best = recent > best_score
        best_score = max(recent, best_score)
        epochs_since_improvement = 0 if is_best else epochs_since_improvement + 1
        print("Epochs since last improvement: %d" % (epochs_since_improvement,))


if __name__ == '__main__':
    main()
