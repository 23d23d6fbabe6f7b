# Real-program corpus (tests/realworld, see README.md): instruction fine-tuning a small GPT on
# Alpaca-style records, the workflow of rasbt/LLMs-from-scratch ch07/01_main-chapter-code/
# gpt_instruction_finetuning.py (--test_mode) and previous_chapters.py @ 28c65cdf (probe 29): JSON
# records split 85/10/5 by slicing, format_input's "Below is an instruction..." prompt with an optional
# "### Input:" section, an InstructionDataset of pre-tokenized prompt + "### Response:" texts, the
# chapter's custom_collate_fn bound with functools.partial(device=..., allowed_max_length=...):
# padding with <|endoftext|>, inputs/targets shifted by one, every pad after the first replaced by
# ignore_index -100 through torch.nonzero(mask).squeeze() and targets[indices[1:]] = ..., truncation,
# torch.stack; DataLoaders with collate_fn, calc_loss_loader's cross_entropy over flattened logits
# (ignore_index skipping the padding), train_model_simple with evaluate_model and a greedy sample
# every epoch, generate() with an eos id, response extraction with str.replace/strip, and the
# responses written back with json.dump(indent=4). Changed: 24 synthetic records in place of the
# downloaded instruction-data.json, a byte tokenizer in place of tiktoken (50256 kept as
# <|endoftext|>), a 1-layer 16-dim model, 2 epochs, 12 new tokens, no tqdm or plots. Written for
# Kiln, not copied.
import json
import os
from functools import partial

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class ByteTokenizer:
    def encode(self, text, allowed_special=None):
        out = []
        for part in text.split("<|endoftext|>"):
            out.extend(part.encode("utf-8"))
            out.append(50256)
        return out[:-1]

    def decode(self, ids):
        return bytes(i for i in ids if i < 256).decode("utf-8", "replace")


def format_input(entry):
    instruction_text = (
        f"Below is an instruction that describes a task. "
        f"Write a response that appropriately completes the request."
        f"\n\n### Instruction:\n{entry['instruction']}"
    )
    input_text = f"\n\n### Input:\n{entry['input']}" if entry["input"] else ""
    return instruction_text + input_text


class InstructionDataset(Dataset):
    def __init__(self, data, tokenizer):
        self.data = data
        self.encoded_texts = [tokenizer.encode(format_input(e) + f"\n\n### Response:\n{e['output']}") for e in data]

    def __getitem__(self, index):
        return self.encoded_texts[index]

    def __len__(self):
        return len(self.data)


def custom_collate_fn(batch, pad_token_id=50256, ignore_index=-100, allowed_max_length=None, device="cpu"):
    batch_max_length = max(len(item) + 1 for item in batch)
    inputs_lst, targets_lst = [], []
    for item in batch:
        new_item = item.copy()
        new_item += [pad_token_id]
        padded = new_item + [pad_token_id] * (batch_max_length - len(new_item))
        inputs = torch.tensor(padded[:-1])
        targets = torch.tensor(padded[1:])
        mask = targets == pad_token_id
        indices = torch.nonzero(mask).squeeze()
        if indices.numel() > 1:
            targets[indices[1:]] = ignore_index
        if allowed_max_length is not None:
            inputs = inputs[:allowed_max_length]
            targets = targets[:allowed_max_length]
        inputs_lst.append(inputs)
        targets_lst.append(targets)
    return torch.stack(inputs_lst).to(device), torch.stack(targets_lst).to(device)


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



def text_to_token_ids(text, tokenizer):
    return torch.tensor(tokenizer.encode(text, allowed_special={"<|endoftext|>"})).unsqueeze(0)


def token_ids_to_text(token_ids, tokenizer):
    return tokenizer.decode(token_ids.squeeze(0).tolist())


def calc_loss_batch(input_batch, target_batch, model, device):
    logits = model(input_batch.to(device))
    return torch.nn.functional.cross_entropy(logits.flatten(0, 1), target_batch.to(device).flatten())


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


def generate(model, idx, max_new_tokens, context_size, temperature=0.0, top_k=None, eos_id=None):
    for _ in range(max_new_tokens):
        idx_cond = idx[:, -context_size:]
        with torch.no_grad():
            logits = model(idx_cond)[:, -1, :]
        if top_k is not None:
            top_logits, _ = torch.topk(logits, top_k)
            logits = torch.where(logits < top_logits[:, -1], torch.tensor(float("-inf")), logits)
        if temperature > 0.0:
            idx_next = torch.multinomial(torch.softmax(logits / temperature, dim=-1), num_samples=1)
        else:
            idx_next = torch.argmax(logits, dim=-1, keepdim=True)
        if idx_next == eos_id:
            break
        idx = torch.cat((idx, idx_next), dim=1)
    return idx


def generate_and_print_sample(model, tokenizer, device, start_context):
    model.eval()
    context_size = model.pos_emb.weight.shape[0]
    encoded = text_to_token_ids(start_context, tokenizer).to(device)
    with torch.no_grad():
        token_ids = generate(model, encoded, 8, context_size)
    print("sample tail:", token_ids[0, -8:].tolist())
    model.train()


def train_model_simple(model, train_loader, val_loader, optimizer, device, num_epochs, eval_freq, eval_iter,
                       start_context, tokenizer):
    train_losses, val_losses, track_tokens_seen = [], [], []
    tokens_seen, global_step = 0, -1
    for epoch in range(num_epochs):
        model.train()
        for input_batch, target_batch in train_loader:
            optimizer.zero_grad()
            loss = calc_loss_batch(input_batch, target_batch, model, device)
            loss.backward()
            optimizer.step()
            tokens_seen += input_batch.numel()
            global_step += 1
            if global_step % eval_freq == 0:
                train_loss, val_loss = evaluate_model(model, train_loader, val_loader, device, eval_iter)
                train_losses.append(train_loss)
                val_losses.append(val_loss)
                track_tokens_seen.append(tokens_seen)
                print(f"Ep {epoch+1} (Step {global_step:06d}): Train loss {train_loss:.3f}, Val loss {val_loss:.3f}")
        generate_and_print_sample(model, tokenizer, device, start_context)
    return train_losses, val_losses, track_tokens_seen


verbs = ["Rewrite", "Summarize", "Translate", "Classify", "Correct"]
objects = ["the sentence", "this phrase", "the word list", "the title", "the note"]
answers = ["Done.", "It is fine.", "Cats sleep.", "Rain falls.", "Yes."]
data = []
for i in range(24):
    data.append({"instruction": f"{verbs[i % 5]} {objects[(i * 3) % 5]}.",
                 "input": "" if i % 3 == 0 else f"item {i}",
                 "output": answers[(i * 7) % 5]})
with open("instruction-data.json", "w", encoding="utf-8") as f:
    json.dump(data, f, indent=4)
with open("instruction-data.json", "r", encoding="utf-8") as f:
    data = json.load(f)
print("Number of entries:", len(data))
train_portion = int(len(data) * 0.85)
test_portion = int(len(data) * 0.1)
train_data = data[:train_portion]
test_data = data[train_portion:train_portion + test_portion]
val_data = data[train_portion + test_portion:]
print("Training set length:", len(train_data), "Validation set length:", len(val_data), "Test set length:", len(test_data))
print(format_input(data[1]) + f"\n\n### Response:\n{data[1]['output']}")
print(repr(format_input(data[0])[-40:]))

tokenizer = ByteTokenizer()
inputs, targets = custom_collate_fn([[0, 1, 2, 3, 4], [5, 6], [7, 8, 9]])
print(inputs)
print(targets)
print(custom_collate_fn([[0, 1, 2, 3, 4], [5, 6]], allowed_max_length=3)[1].tolist())
logits = torch.tensor([[-1.0, 1.0], [-0.5, 1.5], [-0.5, 1.5]])
print(f"{torch.nn.functional.cross_entropy(logits, torch.tensor([0, 1, 1])).item():.4f}",
      f"{torch.nn.functional.cross_entropy(logits, torch.tensor([0, 1, -100])).item():.4f}")

device = torch.device("cpu")
customized_collate_fn = partial(custom_collate_fn, device=device, allowed_max_length=1024)
torch.manual_seed(123)
train_loader = DataLoader(InstructionDataset(train_data, tokenizer), batch_size=4, collate_fn=customized_collate_fn,
                          shuffle=True, drop_last=True, num_workers=0)
val_loader = DataLoader(InstructionDataset(val_data, tokenizer), batch_size=4, collate_fn=customized_collate_fn,
                        shuffle=False, drop_last=False, num_workers=0)
for xb, yb in train_loader:
    print(xb.shape, yb.shape, int((yb == -100).sum()))
    break

BASE_CONFIG = {"vocab_size": 50257, "context_length": 256, "drop_rate": 0.0, "qkv_bias": False,
               "emb_dim": 16, "n_layers": 1, "n_heads": 2}
model = GPTModel(BASE_CONFIG)
model.eval()
print("Loaded model: Small test model")
torch.manual_seed(123)
with torch.no_grad():
    train_loss = calc_loss_loader(train_loader, model, device, num_batches=2)
    val_loss = calc_loss_loader(val_loader, model, device, num_batches=2)
print(f"   Training loss: {train_loss:.4f}")
print(f"   Validation loss: {val_loss:.4f}")
optimizer = torch.optim.AdamW(model.parameters(), lr=0.005, weight_decay=0.1)
torch.manual_seed(123)
train_losses, val_losses, tokens_seen = train_model_simple(
    model, train_loader, val_loader, optimizer, device, num_epochs=2, eval_freq=2, eval_iter=2,
    start_context=format_input(val_data[0]), tokenizer=tokenizer)
print("tokens seen", tokens_seen, "epochs tensor", torch.linspace(0, 2, len(train_losses)).tolist())

for i, entry in enumerate(test_data):
    input_text = format_input(entry)
    token_ids = generate(model=model, idx=text_to_token_ids(input_text, tokenizer).to(device), max_new_tokens=12,
                         context_size=BASE_CONFIG["context_length"], eos_id=50256)
    generated_text = token_ids_to_text(token_ids, tokenizer)
    response_text = generated_text[len(input_text):].replace("### Response:", "").strip()
    test_data[i]["model_response"] = response_text
    print(i, len(token_ids[0]) - len(text_to_token_ids(input_text, tokenizer)[0]), "new tokens")
with open("instruction-data-with-response-standalone.json", "w") as file:
    json.dump(test_data, file, indent=4)
with open("instruction-data-with-response-standalone.json") as file:
    back = json.load(file)
print(sorted(back[0].keys()), len(back))
for p in ("instruction-data.json", "instruction-data-with-response-standalone.json"):
    os.remove(p)
