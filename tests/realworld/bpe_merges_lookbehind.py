# Subword BPE learned and applied the way subword-nmt's scripts do it, as copied into
# jadore801120/attention-is-all-you-need-pytorch learn_bpe.py / apply_bpe.py @ 132907dd and taught in
# udlbook/udlbook Notebooks/Chap12/12_3_Tokenization.ipynb @ a8fe82b5 (this project's code, following
# their structure): a word-frequency vocabulary of space-separated symbols with an end-of-word mark,
# pair statistics, merges through re.compile(r'(?<!\S)' + re.escape(pair) + r'(?!\S)') (a look-behind
# opening the pattern), a codes file written and read back through codecs, progress messages on a
# codecs.getwriter('UTF-8') view of sys.stderr.buffer (stderr is not compared), and segmentation of
# unseen words with the '@@' separator. Pure Python: the golden comes from CPython 3.11.
import codecs
import collections
import copy
import os
import re
import sys

sys.stderr = codecs.getwriter('UTF-8')(sys.stderr.buffer)

CORPUS = """low lower lowest newer newest widest wider
the low road and the newer road and the widest road
lower the newest sails lowest and widest first
newer words make newer merges and the lowest merges last"""


def get_vocabulary(text):
    vocab = collections.Counter()
    for line in text.split('\n'):
        for word in line.strip().split():
            vocab[word] += 1
    return vocab


def get_pair_statistics(vocab):
    stats = collections.defaultdict(int)
    for word, freq in vocab.items():
        symbols = word.split()
        for prev, cur in zip(symbols, symbols[1:]):
            stats[prev, cur] += freq
    return stats


def replace_pair(pair, vocab):
    first, second = pair
    pair_str = ''.join(pair)
    pattern = re.compile(r'(?<!\S)' + re.escape(first + ' ' + second) + r'(?!\S)')
    changes = {}
    for word, freq in vocab.items():
        new_word = pattern.sub(pair_str, word)
        changes[new_word] = changes.get(new_word, 0) + freq
    return changes


def learn_bpe(text, outfile, num_symbols, min_frequency=2):
    counts = get_vocabulary(text)
    vocab = {' '.join(word[:-1]) + ' ' + word[-1] + '</w>': c for word, c in sorted(counts.items())}
    outfile.write('#version: 0.2\n')
    merges = []
    for i in range(num_symbols):
        stats = get_pair_statistics(vocab)
        if not stats:
            break
        most_frequent = max(sorted(stats), key=lambda p: stats[p])
        if stats[most_frequent] < min_frequency:
            sys.stderr.write('no pair has frequency >= {0}. Stopping\n'.format(min_frequency))
            break
        sys.stderr.write('pair {0}: {1} {2} -> {1}{2} (frequency {3})\n'.format(i, most_frequent[0], most_frequent[1],
                                                                              stats[most_frequent]))
        outfile.write('{0} {1}\n'.format(*most_frequent))
        merges.append(most_frequent)
        vocab = replace_pair(most_frequent, vocab)
    return merges, vocab


class BPE:
    def __init__(self, codes, separator='@@'):
        firstline = codes.readline()
        self.version = tuple(int(x) for x in re.sub(r'(\.0+)*$', '', firstline.split()[-1]).split('.'))
        self.bpe_codes = [tuple(item.strip('\r\n ').split(' ')) for item in codes]
        self.bpe_codes = dict([(code, i) for (i, code) in reversed(list(enumerate(self.bpe_codes)))])
        self.separator = separator
        self.cache = {}

    def segment(self, sentence):
        output = []
        for word in sentence.strip().split():
            new_word = self.encode(word)
            for item in new_word[:-1]:
                output.append(item + self.separator)
            output.append(new_word[-1])
        return ' '.join(output)

    def encode(self, orig):
        if orig in self.cache:
            return self.cache[orig]
        word = tuple(orig[:-1]) + (orig[-1] + '</w>',)
        pairs = set(zip(word, word[1:]))
        while pairs:
            bigram = min(pairs, key=lambda pair: self.bpe_codes.get(pair, float('inf')))
            if bigram not in self.bpe_codes:
                break
            first, second = bigram
            new_word = []
            i = 0
            while i < len(word):
                try:
                    j = word.index(first, i)
                except ValueError:
                    new_word.extend(word[i:])
                    break
                new_word.extend(word[i:j])
                i = j
                if word[i] == first and i < len(word) - 1 and word[i + 1] == second:
                    new_word.append(first + second)
                    i += 2
                else:
                    new_word.append(word[i])
                    i += 1
            word = tuple(new_word)
            if len(word) == 1:
                break
            pairs = set(zip(word, word[1:]))
        if word[-1] == '</w>':
            word = word[:-1]
        elif word[-1].endswith('</w>'):
            word = word[:-1] + (word[-1][:-4],)
        self.cache[orig] = word
        return word


vocab_before = get_vocabulary(CORPUS)
print('words:', sum(vocab_before.values()), 'types:', len(vocab_before))
print('most common:', vocab_before.most_common(4))

path = 'tmp_bpe_merges_lookbehind_codes.txt'
with codecs.open(path, 'w', encoding='utf-8') as out:
    merges, vocab = learn_bpe(CORPUS, out, 12)
print('merges:', len(merges))
for pair in merges[:6]:
    print('  ', pair)
print('segmented vocabulary:', sorted(vocab.items(), key=lambda kv: (-kv[1], kv[0]))[:5])

with codecs.open(path, encoding='utf-8') as codes:
    bpe = BPE(codes)
os.remove(path)
print('version:', bpe.version, 'codes:', len(bpe.bpe_codes))
for line in ['the lowest road', 'newer and widest', 'slowest renewer', 'a']:
    print(repr(line), '->', repr(bpe.segment(line)))
print('cache keys:', sorted(bpe.cache))
snapshot = copy.deepcopy(bpe.cache)
bpe.segment('lower lower')
print('cache grew by:', sorted(set(bpe.cache) - set(snapshot)))

# the look-behind and look-ahead merge whole symbols only: 'e r' but not 'e r</w>', 'ne r' or 're r'
pat = re.compile(r'(?<!\S)' + re.escape('e r') + r'(?!\S)')
for word in ['n e w e r</w>', 'ne r</w>', 'e r', 'w e re r', 'e r e r']:
    print(repr(word), '->', repr(pat.sub('er', word)), [m.span() for m in pat.finditer(word)])
