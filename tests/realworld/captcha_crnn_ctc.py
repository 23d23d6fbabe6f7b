# Real-program corpus (tests/realworld, see README.md): captcha recognition with a CRNN and CTC
# loss, in the shape of abhishekkrthakur's captcha-recognition-pytorch (config.py, dataset.py,
# model.py, engine.py, train.py): labels parsed from file names (`x.split("/")[-1][:-4]`), a
# LabelEncoder over the characters with `+ 1` so 0 is CTC's blank, a Dataset returning a dict of
# tensors (images normalized with ImageNet mean/std, np.transpose(2, 0, 1)), DataLoader over it,
# `for key, value in data.items(): data[key] = value.to(DEVICE)` and `model(**data)`, a CNN with
# (3, 6) kernels and MaxPool2d, permute/view into a sequence, Linear + Dropout, a 2-layer
# bidirectional GRU with dropout, log_softmax over classes and nn.CTCLoss(blank=0) with int32
# torch.full input/target lengths, tqdm loops, ReduceLROnPlateau stepped on the test loss, greedy
# CTC decoding (argmax, the "§" blank marker, remove_duplicates) and accuracy of the strings.
# Origin: abhishekkrthakur/captcha-recognition-pytorch model.py @
# 5f9dacd7d8f3a4594a137526abf629c27fe52c8d, engine.py @ 7add22c2fdf1e087b0a47aa1c6e634507dc3bc79,
# train.py, dataset.py, config.py @ 916f70518fc97fb6d6e3085c7f97a656419eefc4.
# Written for Kiln, not copied. Changes: no image files -- glob.glob is replaced by a list of
# made-up captcha file names and each image is a seeded random 3x75x60 array (the model's
# Linear(1152, 64) needs height 75; width 300 -> 60 keeps 12 time steps for 5 characters);
# albumentations' Normalize is written out in NumPy; sklearn's LabelEncoder, train_test_split and
# accuracy_score are replaced by small equivalents (sorted classes; a seeded permutation, not
# sklearn's shuffle); `ReduceLROnPlateau(..., verbose=True)` loses `verbose` (removed in PyTorch
# 2.7: a TypeError now); config.py is a class; 2 epochs of 12 training images, batch 4.
import os

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F
from tqdm import tqdm


class config:
    DATA_DIR = "../input/captcha_images_v2"
    BATCH_SIZE = 4
    IMAGE_WIDTH = 60
    IMAGE_HEIGHT = 75
    NUM_WORKERS = 0
    EPOCHS = 2
    DEVICE = "cpu"


# ---- dataset.py ----
class ClassificationDataset:
    def __init__(self, image_paths, targets, resize=None):
        self.image_paths = image_paths
        self.targets = targets
        self.resize = resize
        self.mean = np.array((0.485, 0.456, 0.406), dtype=np.float32)
        self.std = np.array((0.229, 0.224, 0.225), dtype=np.float32)

    def __len__(self):
        return len(self.image_paths)

    def load_image(self, path):
        # stands in for Image.open(path).convert("RGB").resize((w, h)): HxWx3 uint8 pixels
        seed = sum(ord(c) * (i + 1) for i, c in enumerate(path)) % (2 ** 31)
        rng = np.random.RandomState(seed)
        return rng.randint(0, 256, size=(self.resize[0], self.resize[1], 3)).astype(np.uint8)

    def __getitem__(self, item):
        image = self.load_image(self.image_paths[item])
        targets = self.targets[item]
        image = np.array(image)
        # albumentations.Normalize(mean, std, max_pixel_value=255.0)
        image = (image.astype(np.float32) - self.mean * 255.0) / (self.std * 255.0)
        image = np.transpose(image, (2, 0, 1)).astype(np.float32)
        return {
            "images": torch.tensor(image, dtype=torch.float),
            "targets": torch.tensor(targets, dtype=torch.long),
        }


# ---- model.py ----
class CaptchaModel(nn.Module):
    def __init__(self, num_chars):
        super(CaptchaModel, self).__init__()
        self.conv_1 = nn.Conv2d(3, 128, kernel_size=(3, 6), padding=(1, 1))
        self.pool_1 = nn.MaxPool2d(kernel_size=(2, 2))
        self.conv_2 = nn.Conv2d(128, 64, kernel_size=(3, 6), padding=(1, 1))
        self.pool_2 = nn.MaxPool2d(kernel_size=(2, 2))
        self.linear_1 = nn.Linear(1152, 64)
        self.drop_1 = nn.Dropout(0.2)
        self.lstm = nn.GRU(64, 32, bidirectional=True, num_layers=2, dropout=0.25, batch_first=True)
        self.output = nn.Linear(64, num_chars + 1)

    def forward(self, images, targets=None):
        bs, _, _, _ = images.size()
        x = F.relu(self.conv_1(images))
        x = self.pool_1(x)
        x = F.relu(self.conv_2(x))
        x = self.pool_2(x)
        x = x.permute(0, 3, 1, 2)
        x = x.view(bs, x.size(1), -1)
        x = F.relu(self.linear_1(x))
        x = self.drop_1(x)
        x, _ = self.lstm(x)
        x = self.output(x)
        x = x.permute(1, 0, 2)

        if targets is not None:
            log_probs = F.log_softmax(x, 2)
            input_lengths = torch.full(size=(bs,), fill_value=log_probs.size(0), dtype=torch.int32)
            target_lengths = torch.full(size=(bs,), fill_value=targets.size(1), dtype=torch.int32)
            loss = nn.CTCLoss(blank=0)(log_probs, targets, input_lengths, target_lengths)
            return x, loss

        return x, None


# ---- engine.py ----
def train_fn(model, data_loader, optimizer):
    model.train()
    fin_loss = 0
    tk0 = tqdm(data_loader, total=len(data_loader))
    for data in tk0:
        for key, value in data.items():
            data[key] = value.to(config.DEVICE)
        optimizer.zero_grad()
        _, loss = model(**data)
        loss.backward()
        optimizer.step()
        fin_loss += loss.item()
    return fin_loss / len(data_loader)


def eval_fn(model, data_loader):
    model.eval()
    with torch.no_grad():
        fin_loss = 0
        fin_preds = []
        tk0 = tqdm(data_loader, total=len(data_loader))
        for data in tk0:
            for key, value in data.items():
                data[key] = value.to(config.DEVICE)
            batch_preds, loss = model(**data)
            fin_loss += loss.item()
            fin_preds.append(batch_preds)
        return fin_preds, fin_loss / len(data_loader)


# ---- stand-ins for the sklearn helpers train.py uses ----
class LabelEncoder:
    def fit(self, y):
        self.classes_ = sorted(set(y))
        return self

    def transform(self, y):
        index = {c: i for i, c in enumerate(self.classes_)}
        return np.array([index[c] for c in y])

    def inverse_transform(self, y):
        return [self.classes_[int(i)] for i in y]


def train_test_split(*arrays, test_size=0.25, random_state=None):
    n = len(arrays[0])
    n_test = int(np.ceil(test_size * n))
    perm = np.random.RandomState(random_state).permutation(n)
    test_idx, train_idx = perm[:n_test], perm[n_test:]
    out = []
    for a in arrays:
        if isinstance(a, np.ndarray):
            out.extend([a[train_idx], a[test_idx]])
        else:
            out.extend([[a[i] for i in train_idx], [a[i] for i in test_idx]])
    return out


def accuracy_score(y_true, y_pred):
    return float(np.mean([a == b for a, b in zip(y_true, y_pred)]))


# ---- train.py ----
def remove_duplicates(x):
    if len(x) < 2:
        return x
    fin = ""
    for j in x:
        if fin == "":
            fin = j
        else:
            if j == fin[-1]:
                continue
            else:
                fin = fin + j
    return fin


def decode_predictions(preds, encoder):
    preds = preds.permute(1, 0, 2)
    preds = torch.softmax(preds, 2)
    preds = torch.argmax(preds, 2)
    preds = preds.detach().cpu().numpy()
    cap_preds = []
    for j in range(preds.shape[0]):
        temp = []
        for k in preds[j, :]:
            k = k - 1
            if k == -1:
                temp.append("§")
            else:
                p = encoder.inverse_transform([k])[0]
                temp.append(p)
        tp = "".join(temp).replace("§", "")
        cap_preds.append(remove_duplicates(tp))
    return cap_preds


def fake_captcha_files(n, seed):
    rng = np.random.RandomState(seed)
    alphabet = "2345678bcdefgmnpwxy"
    names = ["".join(alphabet[i] for i in rng.randint(0, len(alphabet), size=5)) for _ in range(n)]
    return [os.path.join(config.DATA_DIR, name + ".png") for name in names]


def run_training():
    image_files = fake_captcha_files(15, seed=3)
    targets_orig = [x.split("/")[-1][:-4] for x in image_files]
    targets = [[c for c in x] for x in targets_orig]
    targets_flat = [c for clist in targets for c in clist]

    lbl_enc = LabelEncoder()
    lbl_enc.fit(targets_flat)
    targets_enc = [lbl_enc.transform(x) for x in targets]
    targets_enc = np.array(targets_enc)
    targets_enc = targets_enc + 1
    print("classes:", len(lbl_enc.classes_), "".join(lbl_enc.classes_), targets_enc.shape, targets_enc.dtype)

    (
        train_imgs,
        test_imgs,
        train_targets,
        test_targets,
        _,
        test_targets_orig,
    ) = train_test_split(image_files, targets_enc, targets_orig, test_size=0.2, random_state=42)
    print("train", len(train_imgs), "test", len(test_imgs), test_targets_orig)

    train_dataset = ClassificationDataset(image_paths=train_imgs, targets=train_targets,
                                          resize=(config.IMAGE_HEIGHT, config.IMAGE_WIDTH))
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=config.BATCH_SIZE,
                                               num_workers=config.NUM_WORKERS, shuffle=True)
    test_dataset = ClassificationDataset(image_paths=test_imgs, targets=test_targets,
                                         resize=(config.IMAGE_HEIGHT, config.IMAGE_WIDTH))
    test_loader = torch.utils.data.DataLoader(test_dataset, batch_size=config.BATCH_SIZE,
                                              num_workers=config.NUM_WORKERS, shuffle=False)
    sample = train_dataset[0]
    print({k: (tuple(v.shape), v.dtype) for k, v in sample.items()}, round(sample["images"].mean().item(), 4))

    model = CaptchaModel(num_chars=len(lbl_enc.classes_))
    model.to(config.DEVICE)
    print(model)

    optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, factor=0.8, patience=5)
    for epoch in range(config.EPOCHS):
        train_loss = train_fn(model, train_loader, optimizer)
        valid_preds, test_loss = eval_fn(model, test_loader)
        valid_captcha_preds = []
        for vp in valid_preds:
            current_preds = decode_predictions(vp, lbl_enc)
            valid_captcha_preds.extend(current_preds)
        combined = list(zip(test_targets_orig, valid_captcha_preds))
        print(combined[:10])
        test_dup_rem = [remove_duplicates(c) for c in test_targets_orig]
        accuracy = accuracy_score(test_dup_rem, valid_captcha_preds)
        print(f"Epoch={epoch}, Train Loss={train_loss:.4f}, Test Loss={test_loss:.4f} Accuracy={accuracy}")
        scheduler.step(test_loss)
    print("lr:", scheduler.get_last_lr(), "best:", round(scheduler.best, 4), "bad epochs:", scheduler.num_bad_epochs)
    try:
        torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, factor=0.8, patience=5, verbose=True)
    except TypeError as e:
        print("TypeError:", e)


torch.manual_seed(42)
run_training()
