# Real-program corpus (tests/realworld, see README.md): fairseq's vocabulary and metric bookkeeping,
# as in facebookresearch/fairseq fairseq/data/dictionary.py and fairseq/logging/meters.py @
# 3d262bb25690e4eb2e7d3c1309b1e9c406ca4b99 (with fairseq/tokenizer.py's tokenize_line, utils.item and
# data_utils.post_process/collate_tokens): Dictionary with keyword-only special symbols, add_symbol
# counts, finalize (sort by count with a threshold, padding to a multiple with madeupword entries),
# save/load through file objects (print(..., file=f), readlines, rsplit, #fairseq:overwrite),
# encode_line to an IntTensor, string() with bpe removal, escaped unk and ignored symbols;
# MetersDict, an OrderedDict subclass kept in priority order by bisect.insort and move_to_end, with
# AverageMeter / SumMeter / TimeMeter / StopwatchMeter / ConcatTensorMeter, derived meters,
# state_dict round trips through globals()[class name], and safe_round of floats and tensors.
# Written for Kiln, not copied. Changes: the package imports (utils, data_utils, file_io, tokenizer)
# are the few functions used, written out; multiprocessing's Pool path is not exercised.
import bisect, time
from collections import OrderedDict
from typing import Dict, Optional
import os, re
from collections import Counter
import torch

class _PathManager:
    open = staticmethod(open)

    @staticmethod
    def get_local_path(p):
        return p

    @staticmethod
    def mkdirs(p):
        os.makedirs(p, exist_ok=True)
PathManager = _PathManager()

class data_utils:

    @staticmethod
    def post_process(sentence, symbol):
        if symbol == 'sentencepiece':
            sentence = sentence.replace(' ', '').replace('▁', ' ').strip()
        elif symbol in {'subword_nmt', '@@ ', '@@'}:
            if symbol == 'subword_nmt':
                symbol = '@@ '
            sentence = (sentence + ' ').replace(symbol, '').rstrip()
        elif symbol == 'none':
            pass
        elif symbol is not None:
            raise NotImplementedError(f'Unknown post_process option: {symbol}')
        return sentence

    @staticmethod
    def collate_tokens(values, pad_idx, eos_idx=None, left_pad=False, move_eos_to_beginning=False, pad_to_length=None, pad_to_multiple=1, pad_to_bsz=None):
        size = max((v.size(0) for v in values))
        size = size if pad_to_length is None else max(size, pad_to_length)
        if pad_to_multiple != 1 and size % pad_to_multiple != 0:
            size = int(((size - 0.1) // pad_to_multiple + 1) * pad_to_multiple)
        batch_size = len(values) if pad_to_bsz is None else max(len(values), pad_to_bsz)
        res = values[0].new(batch_size, size).fill_(pad_idx)

        def copy_tensor(src, dst):
            assert dst.numel() == src.numel()
            if move_eos_to_beginning:
                if eos_idx is None:
                    dst[0] = src[-1]
                else:
                    dst[0] = eos_idx
                dst[1:] = src[:-1]
            else:
                dst.copy_(src)
        for i, v in enumerate(values):
            copy_tensor(v, res[i][size - len(v):] if left_pad else res[i][:len(v)])
        return res

class utils:

    @staticmethod
    def item(tensor):
        if torch.is_tensor(tensor) and tensor.device.type == 'xla':
            return tensor.detach()
        if hasattr(tensor, 'item'):
            return tensor.item()
        if hasattr(tensor, '__getitem__'):
            return tensor[0]
        return tensor
SPACE_NORMALIZER = re.compile('\\s+')

def tokenize_line(line):
    line = SPACE_NORMALIZER.sub(' ', line)
    line = line.strip()
    return line.split()

class Dictionary:

    def __init__(self, *, bos='<s>', pad='<pad>', eos='</s>', unk='<unk>', extra_special_symbols=None, add_special_symbols=True):
        self.bos_word, self.unk_word, self.pad_word, self.eos_word = (bos, unk, pad, eos)
        self.symbols = []
        self.count = []
        self.indices = {}
        if add_special_symbols:
            self.bos_index = self.add_symbol(bos)
            self.pad_index = self.add_symbol(pad)
            self.eos_index = self.add_symbol(eos)
            self.unk_index = self.add_symbol(unk)
            if extra_special_symbols:
                for s in extra_special_symbols:
                    self.add_symbol(s)
            self.nspecial = len(self.symbols)

    def __eq__(self, other):
        return self.indices == other.indices

    def __getitem__(self, idx):
        if idx < len(self.symbols):
            return self.symbols[idx]
        return self.unk_word

    def get_count(self, idx):
        return self.count[idx]

    def __len__(self):
        return len(self.symbols)

    def __contains__(self, sym):
        return sym in self.indices

    def index(self, sym):
        assert isinstance(sym, str)
        if sym in self.indices:
            return self.indices[sym]
        return self.unk_index

    def string(self, tensor, bpe_symbol=None, escape_unk=False, extra_symbols_to_ignore=None, unk_string=None, include_eos=False, separator=' '):
        if torch.is_tensor(tensor) and tensor.dim() == 2:
            return '\n'.join((self.string(t, bpe_symbol, escape_unk, extra_symbols_to_ignore, include_eos=include_eos) for t in tensor))
        extra_symbols_to_ignore = set(extra_symbols_to_ignore or [])
        if not include_eos:
            extra_symbols_to_ignore.add(self.eos())

        def token_string(i):
            if i == self.unk():
                if unk_string is not None:
                    return unk_string
                else:
                    return self.unk_string(escape_unk)
            else:
                return self[i]
        if hasattr(self, 'bos_index'):
            extra_symbols_to_ignore.add(self.bos())
        sent = separator.join((token_string(i) for i in tensor if utils.item(i) not in extra_symbols_to_ignore))
        return data_utils.post_process(sent, bpe_symbol)

    def unk_string(self, escape=False):
        if escape:
            return '<{}>'.format(self.unk_word)
        else:
            return self.unk_word

    def add_symbol(self, word, n=1, overwrite=False):
        if word in self.indices and (not overwrite):
            idx = self.indices[word]
            self.count[idx] = self.count[idx] + n
            return idx
        else:
            idx = len(self.symbols)
            self.indices[word] = idx
            self.symbols.append(word)
            self.count.append(n)
            return idx

    def update(self, new_dict):
        for word in new_dict.symbols:
            idx2 = new_dict.indices[word]
            if word in self.indices:
                idx = self.indices[word]
                self.count[idx] = self.count[idx] + new_dict.count[idx2]
            else:
                idx = len(self.symbols)
                self.indices[word] = idx
                self.symbols.append(word)
                self.count.append(new_dict.count[idx2])

    def finalize(self, threshold=-1, nwords=-1, padding_factor=8):
        if nwords <= 0:
            nwords = len(self)
        new_indices = dict(zip(self.symbols[:self.nspecial], range(self.nspecial)))
        new_symbols = self.symbols[:self.nspecial]
        new_count = self.count[:self.nspecial]
        c = Counter(dict(sorted(zip(self.symbols[self.nspecial:], self.count[self.nspecial:]))))
        for symbol, count in c.most_common(nwords - self.nspecial):
            if count >= threshold:
                new_indices[symbol] = len(new_symbols)
                new_symbols.append(symbol)
                new_count.append(count)
            else:
                break
        assert len(new_symbols) == len(new_indices)
        self.count = list(new_count)
        self.symbols = list(new_symbols)
        self.indices = new_indices
        self.pad_to_multiple_(padding_factor)

    def pad_to_multiple_(self, padding_factor):
        if padding_factor > 1:
            i = 0
            while len(self) % padding_factor != 0:
                symbol = 'madeupword{:04d}'.format(i)
                self.add_symbol(symbol, n=0)
                i += 1

    def bos(self):
        return self.bos_index

    def pad(self):
        return self.pad_index

    def eos(self):
        return self.eos_index

    def unk(self):
        return self.unk_index

    @classmethod
    def load(cls, f, add_special_symbols=True):
        d = cls(add_special_symbols=add_special_symbols)
        d.add_from_file(f)
        return d

    def add_from_file(self, f):
        if isinstance(f, str):
            try:
                with open(PathManager.get_local_path(f), 'r', encoding='utf-8') as fd:
                    self.add_from_file(fd)
            except FileNotFoundError as fnfe:
                raise fnfe
            except UnicodeError:
                raise Exception('Incorrect encoding detected in {}, please rebuild the dataset'.format(f))
            return
        lines = f.readlines()
        indices_start_line = self._load_meta(lines)
        for line in lines[indices_start_line:]:
            try:
                line, field = line.rstrip().rsplit(' ', 1)
                if field == '#fairseq:overwrite':
                    overwrite = True
                    line, field = line.rsplit(' ', 1)
                else:
                    overwrite = False
                count = int(field)
                word = line
                if word in self and (not overwrite):
                    raise RuntimeError("Duplicate word found when loading Dictionary: '{}'. Duplicate words can overwrite earlier ones by adding the #fairseq:overwrite flag at the end of the corresponding row in the dictionary file. If using the Camembert model, please download an updated copy of the model file.".format(word))
                self.add_symbol(word, n=count, overwrite=overwrite)
            except ValueError:
                raise ValueError(f'''Incorrect dictionary format, expected '<token> <cnt> [flags]': "{line}"''')

    def _save(self, f, kv_iterator):
        if isinstance(f, str):
            PathManager.mkdirs(os.path.dirname(f))
            with PathManager.open(f, 'w', encoding='utf-8') as fd:
                return self.save(fd)
        for k, v in kv_iterator:
            print('{} {}'.format(k, v), file=f)

    def _get_meta(self):
        return ([], [])

    def _load_meta(self, lines):
        return 0

    def save(self, f):
        ex_keys, ex_vals = self._get_meta()
        self._save(f, zip(ex_keys + self.symbols[self.nspecial:], ex_vals + self.count[self.nspecial:]))

    def dummy_sentence(self, length):
        t = torch.Tensor(length).uniform_(self.nspecial + 1, len(self)).long()
        t[-1] = self.eos()
        return t

    def encode_line(self, line, line_tokenizer=tokenize_line, add_if_not_exist=True, consumer=None, append_eos=True, reverse_order=False) -> torch.IntTensor:
        words = line_tokenizer(line)
        if reverse_order:
            words = list(reversed(words))
        nwords = len(words)
        ids = torch.IntTensor(nwords + 1 if append_eos else nwords)
        for i, word in enumerate(words):
            if add_if_not_exist:
                idx = self.add_symbol(word)
            else:
                idx = self.index(word)
            if consumer is not None:
                consumer(word, idx)
            ids[i] = idx
        if append_eos:
            ids[nwords] = self.eos_index
        return ids

    @staticmethod
    def _add_file_to_dictionary_single_worker(filename, tokenize, eos_word, start_offset, end_offset):
        counter = Counter()
        with Chunker(filename, start_offset, end_offset) as line_iterator:
            for line in line_iterator:
                for word in tokenize(line):
                    counter.update([word])
                counter.update([eos_word])
        return counter

    @staticmethod
    def add_file_to_dictionary(filename, dict, tokenize, num_workers):

        def merge_result(counter):
            for w, c in sorted(counter.items()):
                dict.add_symbol(w, c)
        local_file = PathManager.get_local_path(filename)
        offsets = find_offsets(local_file, num_workers)
        if num_workers > 1:
            chunks = zip(offsets, offsets[1:])
            pool = Pool(processes=num_workers)
            results = []
            for start_offset, end_offset in chunks:
                results.append(pool.apply_async(Dictionary._add_file_to_dictionary_single_worker, (local_file, tokenize, dict.eos_word, start_offset, end_offset)))
            pool.close()
            pool.join()
            for r in results:
                merge_result(r.get())
        else:
            merge_result(Dictionary._add_file_to_dictionary_single_worker(local_file, tokenize, dict.eos_word, offsets[0], offsets[1]))

class TruncatedDictionary(object):

    def __init__(self, wrapped_dict, length):
        self.__class__ = type(wrapped_dict.__class__.__name__, (self.__class__, wrapped_dict.__class__), {})
        self.__dict__ = wrapped_dict.__dict__
        self.wrapped_dict = wrapped_dict
        self.length = min(len(self.wrapped_dict), length)

    def __len__(self):
        return self.length

    def __getitem__(self, i):
        if i < self.length:
            return self.wrapped_dict[i]
        return self.wrapped_dict.unk()
try:
    import torch

    def type_as(a, b):
        if torch.is_tensor(a) and torch.is_tensor(b):
            return a.to(b)
        else:
            return a
except ImportError:
    torch = None

    def type_as(a, b):
        return a
try:
    import numpy as np
except ImportError:
    np = None

class Meter(object):

    def __init__(self):
        pass

    def state_dict(self):
        return {}

    def load_state_dict(self, state_dict):
        pass

    def reset(self):
        raise NotImplementedError

    @property
    def smoothed_value(self) -> float:
        raise NotImplementedError

def safe_round(number, ndigits):
    if hasattr(number, '__round__'):
        return round(number, ndigits)
    elif torch is not None and torch.is_tensor(number) and (number.numel() == 1):
        return safe_round(number.item(), ndigits)
    elif np is not None and np.ndim(number) == 0 and hasattr(number, 'item'):
        return safe_round(number.item(), ndigits)
    else:
        return number

class AverageMeter(Meter):

    def __init__(self, round: Optional[int]=None):
        self.round = round
        self.reset()

    def reset(self):
        self.val = None
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        if val is not None:
            self.val = val
            if n > 0:
                self.sum = type_as(self.sum, val) + val * n
                self.count = type_as(self.count, n) + n

    def state_dict(self):
        return {'val': self.val, 'sum': self.sum, 'count': self.count, 'round': self.round}

    def load_state_dict(self, state_dict):
        self.val = state_dict['val']
        self.sum = state_dict['sum']
        self.count = state_dict['count']
        self.round = state_dict.get('round', None)

    @property
    def avg(self):
        return self.sum / self.count if self.count > 0 else self.val

    @property
    def smoothed_value(self) -> float:
        val = self.avg
        if self.round is not None and val is not None:
            val = safe_round(val, self.round)
        return val

class SumMeter(Meter):

    def __init__(self, round: Optional[int]=None):
        self.round = round
        self.reset()

    def reset(self):
        self.sum = 0

    def update(self, val):
        if val is not None:
            self.sum = type_as(self.sum, val) + val

    def state_dict(self):
        return {'sum': self.sum, 'round': self.round}

    def load_state_dict(self, state_dict):
        self.sum = state_dict['sum']
        self.round = state_dict.get('round', None)

    @property
    def smoothed_value(self) -> float:
        val = self.sum
        if self.round is not None and val is not None:
            val = safe_round(val, self.round)
        return val

class ConcatTensorMeter(Meter):

    def __init__(self, dim=0):
        super().__init__()
        self.reset()
        self.dim = dim

    def reset(self):
        self.tensor = None

    def update(self, val):
        if self.tensor is None:
            self.tensor = val
        else:
            self.tensor = torch.cat([self.tensor, val], dim=self.dim)

    def state_dict(self):
        return {'tensor': self.tensor}

    def load_state_dict(self, state_dict):
        self.tensor = state_dict['tensor']

    @property
    def smoothed_value(self) -> float:
        return []

class TimeMeter(Meter):

    def __init__(self, init: int=0, n: int=0, round: Optional[int]=None):
        self.round = round
        self.reset(init, n)

    def reset(self, init=0, n=0):
        self.init = init
        self.start = time.perf_counter()
        self.n = n
        self.i = 0

    def update(self, val=1):
        self.n = type_as(self.n, val) + val
        self.i += 1

    def state_dict(self):
        return {'init': self.elapsed_time, 'n': self.n, 'round': self.round}

    def load_state_dict(self, state_dict):
        if 'start' in state_dict:
            self.reset(init=state_dict['init'])
        else:
            self.reset(init=state_dict['init'], n=state_dict['n'])
            self.round = state_dict.get('round', None)

    @property
    def avg(self):
        return self.n / self.elapsed_time

    @property
    def elapsed_time(self):
        return self.init + (time.perf_counter() - self.start)

    @property
    def smoothed_value(self) -> float:
        val = self.avg
        if self.round is not None and val is not None:
            val = safe_round(val, self.round)
        return val

class StopwatchMeter(Meter):

    def __init__(self, round: Optional[int]=None):
        self.round = round
        self.sum = 0
        self.n = 0
        self.start_time = None

    def start(self):
        self.start_time = time.perf_counter()

    def stop(self, n=1, prehook=None):
        if self.start_time is not None:
            if prehook is not None:
                prehook()
            delta = time.perf_counter() - self.start_time
            self.sum = self.sum + delta
            self.n = type_as(self.n, n) + n

    def reset(self):
        self.sum = 0
        self.n = 0
        self.start()

    def state_dict(self):
        return {'sum': self.sum, 'n': self.n, 'round': self.round}

    def load_state_dict(self, state_dict):
        self.sum = state_dict['sum']
        self.n = state_dict['n']
        self.start_time = None
        self.round = state_dict.get('round', None)

    @property
    def avg(self):
        return self.sum / self.n if self.n > 0 else self.sum

    @property
    def elapsed_time(self):
        if self.start_time is None:
            return 0.0
        return time.perf_counter() - self.start_time

    @property
    def smoothed_value(self) -> float:
        val = self.avg if self.sum > 0 else self.elapsed_time
        if self.round is not None and val is not None:
            val = safe_round(val, self.round)
        return val

class MetersDict(OrderedDict):

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.priorities = []

    def __setitem__(self, key, value):
        assert key not in self, "MetersDict doesn't support reassignment"
        priority, value = value
        bisect.insort(self.priorities, (priority, len(self.priorities), key))
        super().__setitem__(key, value)
        for _, _, key in self.priorities:
            self.move_to_end(key)

    def add_meter(self, key, meter, priority):
        self.__setitem__(key, (priority, meter))

    def state_dict(self):
        return [(pri, key, self[key].__class__.__name__, self[key].state_dict()) for pri, _, key in self.priorities if not isinstance(self[key], MetersDict._DerivedMeter)]

    def load_state_dict(self, state_dict):
        self.clear()
        self.priorities.clear()
        for pri, key, meter_cls, meter_state in state_dict:
            meter = globals()[meter_cls]()
            meter.load_state_dict(meter_state)
            self.add_meter(key, meter, pri)

    def get_smoothed_value(self, key: str) -> float:
        meter = self[key]
        if isinstance(meter, MetersDict._DerivedMeter):
            return meter.fn(self)
        else:
            return meter.smoothed_value

    def get_smoothed_values(self) -> Dict[str, float]:
        return OrderedDict([(key, self.get_smoothed_value(key)) for key in self.keys() if not key.startswith('_')])

    def reset(self):
        for meter in self.values():
            if isinstance(meter, MetersDict._DerivedMeter):
                continue
            meter.reset()

    class _DerivedMeter(Meter):

        def __init__(self, fn):
            self.fn = fn

        def reset(self):
            pass
import io
corpus = ['the cat sat on the mat', 'the dog   sat\ton the log', 'a cat and a dog', 'the end']
d = Dictionary()
for line in corpus:
    for w in tokenize_line(line):
        d.add_symbol(w)
    d.add_symbol(d.eos_word)
print(len(d), d.nspecial, d.bos(), d.pad(), d.eos(), d.unk(), d.index('cat'), d.index('zebra'), 'cat' in d, d[999])
d.finalize(threshold=1, padding_factor=4)
print(len(d), d.symbols, d.count)
buf = io.StringIO()
d.save(buf)
print(buf.getvalue().splitlines())
buf.seek(0)
d2 = Dictionary.load(buf)
print(d2 == d, len(d2))
ids = d.encode_line('the cat sat on a zebra', add_if_not_exist=False)
print(ids.tolist(), ids.dtype)
print(repr(d.string(ids)), repr(d.string(torch.stack([ids, ids]))))
print(repr(d.string(ids, unk_string='UNK', include_eos=True)), repr(d.unk_string(escape=True)))
t = d.encode_line('a b@@ c@@ d', add_if_not_exist=True, append_eos=False)
print(t.tolist(), repr(d.string(t, bpe_symbol='@@ ')), repr(d.string(t, extra_symbols_to_ignore={d.index('a')})))
bad = io.StringIO('cat 3\ncat 4\n')
try:
    Dictionary.load(bad)
except RuntimeError as e:
    print('RuntimeError:', str(e)[:60])
try:
    Dictionary.load(io.StringIO('nospace\n'))
except ValueError as e:
    print('ValueError:', e)
print(Dictionary.load(io.StringIO('cat 3\ncat 4 #fairseq:overwrite\n')).count)
print(d.dummy_sentence(5).shape)
td = TruncatedDictionary(d, 6)
print(len(td), td[3], td[10], td.pad())
meters = MetersDict()
meters.add_meter('loss', AverageMeter(round=3), priority=10)
meters.add_meter('wps', TimeMeter(round=1), priority=20)
meters.add_meter('nll_loss', AverageMeter(), priority=5)
meters.add_meter('ntokens', SumMeter(), priority=30)
meters.add_meter('ppl', MetersDict._DerivedMeter(lambda m: round(2 ** utils.item(m['nll_loss'].avg), 2)), priority=6)
meters.add_meter('_hidden', AverageMeter(), priority=1)
print(list(meters.keys()))
for step, (loss, nll, ntok) in enumerate([(2.5, 2.0, 100), (2.25, 1.75, 120), (torch.tensor(2.0), torch.tensor(1.5), 80)]):
    meters['loss'].update(loss, ntok)
    meters['nll_loss'].update(nll, ntok)
    meters['ntokens'].update(ntok)
    meters['_hidden'].update(step)
print({k: round(v, 4) if isinstance(v, float) else v for k, v in meters.get_smoothed_values().items() if k != 'wps'})
sd = meters.state_dict()
print([(p, k, c) for p, k, c, _ in sd])
m2 = MetersDict()
m2.load_state_dict(sd)
print(list(m2.keys()), m2['loss'].avg == meters['loss'].avg, m2.get_smoothed_value('loss'))
try:
    meters['loss'] = (1, AverageMeter())
except AssertionError as e:
    print('AssertionError:', e)
meters.reset()
print(meters['loss'].count, meters['ntokens'].sum)
print(safe_round(3.14159, 2), safe_round(torch.tensor(2.71828), 3), safe_round(torch.tensor([1.23456]), 2))
sw = StopwatchMeter(round=2)
sw.start()
sw.stop(n=3)
print(sw.n, sw.sum >= 0, sw.state_dict().keys())
ct = ConcatTensorMeter()
ct.update(torch.ones(2, 3))
ct.update(torch.zeros(1, 3))
print(ct.smoothed_value, ct.state_dict()['tensor'].shape)
print(type_as(torch.tensor([1, 2]), torch.tensor([0.5])).dtype, type_as(3, torch.tensor([1.0])))
