# Real-program corpus (tests/realworld, see README.md): a byte-level BPE tokenizer trained and used in
# pure Python: UTF-8 bytes of a text, pair statistics in a dict with tuple keys, repeated merges of
# the most frequent pair (max with key=), a vocab of bytes objects, encode() picking the
# lowest-ranked merge with min(key=lambda p: merges.get(p, float("inf"))), decode() with
# errors="replace", a printable rendering of tokens with unicodedata control-character escaping, and
# a save/load round trip of the model through io.StringIO: the workflow of karpathy/minbpe
# (minbpe/base.py, minbpe/basic.py, train.py) @ cf120a4eab2cd194d014320dd8d92ceb42487af9. Written
# for Kiln, not copied.
import io
import unicodedata


def get_stats(ids, counts=None):
    counts = {} if counts is None else counts
    for pair in zip(ids, ids[1:]):
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def merge(ids, pair, idx):
    newids = []
    i = 0
    while i < len(ids):
        if ids[i] == pair[0] and i < len(ids) - 1 and ids[i + 1] == pair[1]:
            newids.append(idx)
            i += 2
        else:
            newids.append(ids[i])
            i += 1
    return newids


def replace_control_characters(s: str) -> str:
    chars = []
    for ch in s:
        if unicodedata.category(ch)[0] != "C":
            chars.append(ch)
        else:
            chars.append(f"\\u{ord(ch):04x}")
    return "".join(chars)


def render_token(t: bytes) -> str:
    return replace_control_characters(t.decode('utf-8', errors='replace'))


class BasicTokenizer:
    def __init__(self):
        self.merges = {}
        self.vocab = self._build_vocab()

    def _build_vocab(self):
        vocab = {idx: bytes([idx]) for idx in range(256)}
        for (p0, p1), idx in self.merges.items():
            vocab[idx] = vocab[p0] + vocab[p1]
        return vocab

    def train(self, text, vocab_size, verbose=False):
        assert vocab_size >= 256
        num_merges = vocab_size - 256
        ids = list(text.encode("utf-8"))
        merges, vocab = {}, {idx: bytes([idx]) for idx in range(256)}
        for i in range(num_merges):
            stats = get_stats(ids)
            pair = max(stats, key=stats.get)
            idx = 256 + i
            ids = merge(ids, pair, idx)
            merges[pair] = idx
            vocab[idx] = vocab[pair[0]] + vocab[pair[1]]
            if verbose:
                print(f"merge {i+1}/{num_merges}: {pair} -> {idx} ({vocab[idx]}) had {stats[pair]} occurrences")
        self.merges, self.vocab = merges, vocab

    def decode(self, ids):
        text_bytes = b"".join(self.vocab[idx] for idx in ids)
        return text_bytes.decode("utf-8", errors="replace")

    def encode(self, text):
        ids = list(text.encode("utf-8"))
        while len(ids) >= 2:
            stats = get_stats(ids)
            pair = min(stats, key=lambda p: self.merges.get(p, float("inf")))
            if pair not in self.merges:
                break
            ids = merge(ids, pair, self.merges[pair])
        return ids

    def save(self, f):
        f.write("minbpe v1\n")
        for idx1, idx2 in self.merges:
            f.write(f"{idx1} {idx2}\n")

    def load(self, f):
        assert f.readline().strip() == "minbpe v1"
        merges, idx = {}, 256
        for line in f:
            idx1, idx2 = map(int, line.split())
            merges[(idx1, idx2)] = idx
            idx += 1
        self.merges = merges
        self.vocab = self._build_vocab()


text = ("A Programmer’s Introduction to Unicode: ｕｎｉｃｏｄｅ! 🅤🅝🅘🅒🅞🅓🅔‽ "
        "Unicode is a text encoding standard; the tokenizer sees only bytes.\n") * 3
print(len(text), len(text.encode("utf-8")))
tokenizer = BasicTokenizer()
tokenizer.train(text, 256 + 12, verbose=True)
ids = tokenizer.encode(text)
print(len(ids), f"compression ratio: {len(text.encode('utf-8')) / len(ids):.2f}X")
assert tokenizer.decode(ids) == text
print(tokenizer.encode("hello world!!!? (안녕하세요!) lol123 😉"))
print(tokenizer.decode([65, 256, 32, 226, 128]))
for idx in sorted(tokenizer.vocab)[-5:]:
    print(idx, f"[{render_token(tokenizer.vocab[idx])}]")
print(render_token("tab\tnew\nline".encode()))
buffer = io.StringIO()
tokenizer.save(buffer)
buffer.seek(0)
loaded = BasicTokenizer()
loaded.load(buffer)
print(loaded.merges == tokenizer.merges, loaded.encode("Unicode") == tokenizer.encode("Unicode"))
print(buffer.getvalue().splitlines()[:3])
