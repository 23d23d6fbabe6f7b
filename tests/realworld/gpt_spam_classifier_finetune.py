# Real-program corpus (tests/realworld, see README.md): fine-tuning a small GPT as a spam classifier,
# the workflow of rasbt/LLMs-from-scratch ch06/01_main-chapter-code/gpt_class_finetune.py
# (--test_mode) and previous_chapters.py @ 28c65cdf (probe 29): the SMS Spam Collection TSV read
# with pd.read_csv(sep="\t", header=None, names=[...]), create_balanced_dataset (df.sample(n,
# random_state=123) of the ham rows + pd.concat), Label.map({"ham": 0, "spam": 1}), random_split
# (sample(frac=1, random_state=123).reset_index(drop=True) and slicing), to_csv(index=None) of the
# three splits, a SpamDataset that pads to the longest training text with the <|endoftext|> id and
# reads labels through data.iloc[index]["Label"], DataLoaders (shuffle + drop_last for training),
# the chapter-4 GPTModel (LayerNorm/GELU/FeedForward written out, a triu mask buffer), every
# parameter frozen then out_head swapped for a 2-class Linear and the last block and final norm
# unfrozen, train_classifier_simple with evaluate_model / calc_accuracy_loader (logits[:, -1, :]),
# AdamW(weight_decay=0.1), and classify_review. Changed: 96 synthetic messages instead of the UCI
# download (written to a TSV first), a character tokenizer in place of tiktoken (id 50256 kept as
# the pad id, so the vocabulary stays GPT-2's), 2 epochs, no plots or timings. Written for Kiln, not
# copied.
import os
import random

import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class CharTokenizer:
    def encode(self, text):
        return [ord(c) % 256 for c in text]


def create_balanced_dataset(df):
    num_spam = df[df["Label"] == "spam"].shape[0]
    ham_subset = df[df["Label"] == "ham"].sample(num_spam, random_state=123)
    return pd.concat([ham_subset, df[df["Label"] == "spam"]])


def random_split(df, train_frac, validation_frac):
    df = df.sample(frac=1, random_state=123).reset_index(drop=True)
    train_end = int(len(df) * train_frac)
    validation_end = train_end + int(len(df) * validation_frac)
    return df[:train_end], df[train_end:validation_end], df[validation_end:]


class SpamDataset(Dataset):
    def __init__(self, csv_file, tokenizer, max_length=None, pad_token_id=50256):
        self.data = pd.read_csv(csv_file)
        self.encoded_texts = [tokenizer.encode(text) for text in self.data["Text"]]
        if max_length is None:
            self.max_length = max(len(t) for t in self.encoded_texts)
        else:
            self.max_length = max_length
            self.encoded_texts = [t[:self.max_length] for t in self.encoded_texts]
        self.encoded_texts = [t + [pad_token_id] * (self.max_length - len(t)) for t in self.encoded_texts]

    def __getitem__(self, index):
        label = self.data.iloc[index]["Label"]
        return torch.tensor(self.encoded_texts[index], dtype=torch.long), torch.tensor(label, dtype=torch.long)

    def __len__(self):
        return len(self.data)


class LayerNorm(nn.Module):
    def __init__(self, emb_dim):
        super().__init__()
        self.eps = 1e-5
        self.scale = nn.Parameter(torch.ones(emb_dim))
        self.shift = nn.Parameter(torch.zeros(emb_dim))

    def forward(self, x):
        mean = x.mean(dim=-1, keepdim=True)
        var = x.var(dim=-1, keepdim=True, unbiased=False)
        return self.scale * (x - mean) / torch.sqrt(var + self.eps) + self.shift


class GELU(nn.Module):
    def forward(self, x):
        return 0.5 * x * (1 + torch.tanh(torch.sqrt(torch.tensor(2.0 / torch.pi)) * (x + 0.044715 * torch.pow(x, 3))))


class MultiHeadAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        self.d_out, self.num_heads, self.head_dim = d_out, num_heads, d_out // num_heads
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, n, _ = x.shape
        split = lambda t: t.view(b, n, self.num_heads, self.head_dim).transpose(1, 2)
        q, k, v = split(self.W_query(x)), split(self.W_key(x)), split(self.W_value(x))
        scores = q @ k.transpose(2, 3)
        scores.masked_fill_(self.mask.bool()[:n, :n], -torch.inf)
        w = self.dropout(torch.softmax(scores / k.shape[-1] ** 0.5, dim=-1))
        return self.out_proj((w @ v).transpose(1, 2).contiguous().view(b, n, self.d_out))


class TransformerBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.att = MultiHeadAttention(cfg["emb_dim"], cfg["emb_dim"], cfg["context_length"], cfg["drop_rate"],
                                      cfg["n_heads"], cfg["qkv_bias"])
        self.ff = nn.Sequential(nn.Linear(cfg["emb_dim"], 4 * cfg["emb_dim"]), GELU(), nn.Linear(4 * cfg["emb_dim"], cfg["emb_dim"]))
        self.norm1, self.norm2 = LayerNorm(cfg["emb_dim"]), LayerNorm(cfg["emb_dim"])
        self.drop_shortcut = nn.Dropout(cfg["drop_rate"])

    def forward(self, x):
        x = x + self.drop_shortcut(self.att(self.norm1(x)))
        return x + self.drop_shortcut(self.ff(self.norm2(x)))


class GPTModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.tok_emb = nn.Embedding(cfg["vocab_size"], cfg["emb_dim"])
        self.pos_emb = nn.Embedding(cfg["context_length"], cfg["emb_dim"])
        self.drop_emb = nn.Dropout(cfg["drop_rate"])
        self.trf_blocks = nn.Sequential(*[TransformerBlock(cfg) for _ in range(cfg["n_layers"])])
        self.final_norm = LayerNorm(cfg["emb_dim"])
        self.out_head = nn.Linear(cfg["emb_dim"], cfg["vocab_size"], bias=False)

    def forward(self, in_idx):
        b, n = in_idx.shape
        x = self.drop_emb(self.tok_emb(in_idx) + self.pos_emb(torch.arange(n, device=in_idx.device)))
        return self.out_head(self.final_norm(self.trf_blocks(x)))


def calc_accuracy_loader(data_loader, model, device, num_batches=None):
    model.eval()
    correct_predictions, num_examples = 0, 0
    num_batches = len(data_loader) if num_batches is None else min(num_batches, len(data_loader))
    for i, (input_batch, target_batch) in enumerate(data_loader):
        if i < num_batches:
            with torch.no_grad():
                logits = model(input_batch.to(device))[:, -1, :]
            predicted_labels = torch.argmax(logits, dim=-1)
            num_examples += predicted_labels.shape[0]
            correct_predictions += (predicted_labels == target_batch.to(device)).sum().item()
        else:
            break
    return correct_predictions / num_examples


def calc_loss_batch(input_batch, target_batch, model, device):
    logits = model(input_batch.to(device))[:, -1, :]
    return torch.nn.functional.cross_entropy(logits, target_batch.to(device))


def calc_loss_loader(data_loader, model, device, num_batches=None):
    total_loss = 0.0
    if len(data_loader) == 0:
        return float("nan")
    num_batches = len(data_loader) if num_batches is None else min(num_batches, len(data_loader))
    for i, (input_batch, target_batch) in enumerate(data_loader):
        if i < num_batches:
            total_loss += calc_loss_batch(input_batch, target_batch, model, device).item()
        else:
            break
    return total_loss / num_batches


def evaluate_model(model, train_loader, val_loader, device, eval_iter):
    model.eval()
    with torch.no_grad():
        train_loss = calc_loss_loader(train_loader, model, device, num_batches=eval_iter)
        val_loss = calc_loss_loader(val_loader, model, device, num_batches=eval_iter)
    model.train()
    return train_loss, val_loss


def train_classifier_simple(model, train_loader, val_loader, optimizer, device, num_epochs, eval_freq, eval_iter):
    train_losses, val_losses, train_accs, val_accs = [], [], [], []
    examples_seen, global_step = 0, -1
    for epoch in range(num_epochs):
        model.train()
        for input_batch, target_batch in train_loader:
            optimizer.zero_grad()
            loss = calc_loss_batch(input_batch, target_batch, model, device)
            loss.backward()
            optimizer.step()
            examples_seen += input_batch.shape[0]
            global_step += 1
            if global_step % eval_freq == 0:
                train_loss, val_loss = evaluate_model(model, train_loader, val_loader, device, eval_iter)
                train_losses.append(train_loss)
                val_losses.append(val_loss)
                print(f"Ep {epoch+1} (Step {global_step:06d}): Train loss {train_loss:.3f}, Val loss {val_loss:.3f}")
        train_accuracy = calc_accuracy_loader(train_loader, model, device, num_batches=eval_iter)
        val_accuracy = calc_accuracy_loader(val_loader, model, device, num_batches=eval_iter)
        print(f"Training accuracy: {train_accuracy*100:.2f}% | Validation accuracy: {val_accuracy*100:.2f}%")
        train_accs.append(train_accuracy)
        val_accs.append(val_accuracy)
    return train_losses, val_losses, train_accs, val_accs, examples_seen


def classify_review(text, model, tokenizer, device, max_length=None, pad_token_id=50256):
    model.eval()
    input_ids = tokenizer.encode(text)
    supported_context_length = model.pos_emb.weight.shape[0]
    input_ids = input_ids[:min(max_length, supported_context_length)]
    input_ids += [pad_token_id] * (max_length - len(input_ids))
    with torch.no_grad():
        logits = model(torch.tensor(input_ids, device=device).unsqueeze(0))[:, -1, :]
    return "spam" if torch.argmax(logits, dim=-1).item() == 1 else "not spam"


# the collection: tab-separated "label<TAB>text" lines, 1 spam in 4
rng = random.Random(0)
spam_words = "free win prize call now cash offer claim urgent txt reply stop".split()
ham_words = "hi how are you see later lunch meeting tomorrow ok thanks love home soon".split()
os.makedirs("sms_spam_collection", exist_ok=True)
data_file_path = os.path.join("sms_spam_collection", "SMSSpamCollection.tsv")
with open(data_file_path, "w") as f:
    for i in range(96):
        spam = i % 4 == 0
        words = rng.sample(spam_words if spam else ham_words, rng.randrange(3, 7))
        f.write(("spam" if spam else "ham") + "\t" + " ".join(words).capitalize() + ("!" if spam else ".") + "\n")

df = pd.read_csv(data_file_path, sep="\t", header=None, names=["Label", "Text"])
print(df.shape)
print(df["Label"].value_counts())
balanced_df = create_balanced_dataset(df)
print(balanced_df["Label"].value_counts())
print(balanced_df.index[:6].tolist())
balanced_df["Label"] = balanced_df["Label"].map({"ham": 0, "spam": 1})
train_df, validation_df, test_df = random_split(balanced_df, 0.7, 0.1)
print(len(train_df), len(validation_df), len(test_df))
print(train_df.head(3))
train_df.to_csv("train.csv", index=None)
validation_df.to_csv("validation.csv", index=None)
test_df.to_csv("test.csv", index=None)

tokenizer = CharTokenizer()
train_dataset = SpamDataset(csv_file="train.csv", max_length=None, tokenizer=tokenizer)
val_dataset = SpamDataset(csv_file="validation.csv", max_length=train_dataset.max_length, tokenizer=tokenizer)
test_dataset = SpamDataset(csv_file="test.csv", max_length=train_dataset.max_length, tokenizer=tokenizer)
print("max_length", train_dataset.max_length, len(train_dataset), len(val_dataset), len(test_dataset))

torch.manual_seed(123)
train_loader = DataLoader(dataset=train_dataset, batch_size=8, shuffle=True, num_workers=0, drop_last=True)
val_loader = DataLoader(dataset=val_dataset, batch_size=8, num_workers=0, drop_last=False)
test_loader = DataLoader(dataset=test_dataset, batch_size=8, num_workers=0, drop_last=False)
print(f"{len(train_loader)} training batches, {len(val_loader)} validation batches, {len(test_loader)} test batches")
x, y = next(iter(train_loader))
print("Input batch dimensions:", x.shape, "Label batch dimensions", y.shape)

BASE_CONFIG = {"vocab_size": 50257, "context_length": 120, "drop_rate": 0.0, "qkv_bias": False,
               "emb_dim": 12, "n_layers": 1, "n_heads": 2}
model = GPTModel(BASE_CONFIG)
model.eval()
device = "cpu"
for param in model.parameters():
    param.requires_grad = False
torch.manual_seed(123)
model.out_head = torch.nn.Linear(in_features=BASE_CONFIG["emb_dim"], out_features=2)
for param in model.trf_blocks[-1].parameters():
    param.requires_grad = True
for param in model.final_norm.parameters():
    param.requires_grad = True
print("trainable", sum(p.numel() for p in model.parameters() if p.requires_grad),
      "of", sum(p.numel() for p in model.parameters()))

torch.manual_seed(123)
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-3, weight_decay=0.1)
train_losses, val_losses, train_accs, val_accs, examples_seen = train_classifier_simple(
    model, train_loader, val_loader, optimizer, device, num_epochs=2, eval_freq=3, eval_iter=2)
print("examples seen", examples_seen, len(train_losses))
train_accuracy = calc_accuracy_loader(train_loader, model, device)
val_accuracy = calc_accuracy_loader(val_loader, model, device)
test_accuracy = calc_accuracy_loader(test_loader, model, device)
print(f"Training accuracy: {train_accuracy*100:.2f}%")
print(f"Validation accuracy: {val_accuracy*100:.2f}%")
print(f"Test accuracy: {test_accuracy*100:.2f}%")
print(classify_review("Win cash now, claim your free prize!", model, tokenizer, device, max_length=train_dataset.max_length))
print(classify_review("See you at lunch tomorrow, thanks.", model, tokenizer, device, max_length=train_dataset.max_length))
torch.save(model.state_dict(), "review_classifier.pth")
model_state_dict = torch.load("review_classifier.pth", map_location=device, weights_only=True)
model.load_state_dict(model_state_dict)
print(sorted(model_state_dict)[:3], model_state_dict["out_head.weight"].shape)
for p in ("train.csv", "validation.csv", "test.csv", data_file_path, "review_classifier.pth"):
    os.remove(p)
os.rmdir("sms_spam_collection")
