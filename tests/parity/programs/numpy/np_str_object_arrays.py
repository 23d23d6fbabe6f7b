# NumPy str and object arrays as data-preparation code uses them (labels, tokens, CSV columns,
# ragged sequences): creation and dtype discovery, printing, indexing and masks, unique/sort,
# where/concatenate/stack, np.char, astype, assignment truncation, views, random choice on labels.
import numpy as np

labels = np.array(['cat', 'dog', 'bird', 'cat', 'dog', 'cat'])
print(repr(labels))
print(labels)
print(labels.dtype, repr(labels.dtype), labels.dtype.kind, labels.dtype.itemsize, labels.shape, labels.ndim, labels.size)
print(labels[0], labels[-1], len(labels), isinstance(labels[0], str))
print(repr(labels[1:4]), repr(labels[::2]), repr(labels[[0, 2, 4]]))
mask = labels == 'cat'
print(mask, mask.sum(), repr(labels[mask]), repr(labels[~mask]))
print(isinstance(labels, np.ndarray), isinstance(labels.dtype, np.dtype), labels.dtype == np.dtype('<U4'))

classes, y = np.unique(labels, return_inverse=True)
print(repr(classes), y)
u, idx, counts = np.unique(labels, return_index=True, return_counts=True)
print(u, idx, counts)
print(dict(zip(u.tolist(), counts.tolist())))
print(np.sort(labels), np.argsort(np.array(['b', 'c', 'a'])))

grid = labels.reshape(2, 3)
print(repr(grid))
print(grid)
print(repr(grid.T), grid[1, 2], repr(grid[:, 0]))
grid[0, 0] = 'elephant'  # a view: writes reach labels, cut to the dtype's width
print(labels[0], labels.tolist())

mixed = np.array(['a', 1, 2.5, True])
print(repr(mixed))
print(repr(np.array([1, 2, 3]).astype(str)), repr(np.array([0.5, 2.0]).astype(str)))
print(repr(np.array(['1.5', '2', '-3']).astype(float)), np.array(['4', '5']).astype(int) * 2)
print(repr(np.array(['x', 'yy'], dtype='U1')), repr(np.array([1, 2], dtype=str)))

obj = np.array([1, 'two', None, 3.5, [4, 5]], dtype=object)
print(repr(obj))
print(obj)
print(obj.dtype, repr(obj.dtype), obj.shape, obj[4], obj[1:3])
ragged = np.array([[1, 2, 3], [4, 5], [6]], dtype=object)
print(repr(ragged), ragged.shape, [len(r) for r in ragged])
seqs = np.empty(3, dtype=object)
for i in range(3):
    seqs[i] = list(range(i + 1))
print(repr(seqs))
print(repr(np.array([{'a': 1}, None])), repr(np.array(['a', None])))

sentiment = np.where(np.array([0.2, -1.0, 3.0]) > 0, 'pos', 'neg')
print(repr(sentiment))
both = np.concatenate([labels[:2], np.array(['zebra'])])
print(repr(both), repr(np.stack([labels[:2], labels[2:4]])))
print(np.isin(labels, ['cat', 'bird']), np.char.upper(labels[:3]), np.char.str_len(labels[:3]))
print(repr(np.char.add(labels[:2], '_x')), repr(labels[:2] + '!'))
print(np.char.startswith(labels, 'c'), repr(np.char.split(np.array(['a b', 'c']))))
print(repr(np.full(3, 'ab')), repr(np.zeros(2, dtype=object)), repr(np.array([], dtype=str)))
try:
    labels - 1
except TypeError as e:
    print(type(e).__name__, e)

np.random.seed(0)
print(np.random.choice(['r', 'g', 'b', 'k'], size=5), np.random.choice(np.array(['x', 'y', 'z'])))
perm = np.random.permutation(labels)
print(repr(perm))
words = np.array(list('abcdefghijklmnopqrstuvwxyz') * 2)
print(repr(words))
print(words.reshape(4, 13))

import io
table = np.loadtxt(io.StringIO("name,color,score\nanna,red,1.5\nbob,blue,2\n"), delimiter=',', dtype=str, skiprows=1)
print(repr(table), table[:, 2].astype(float).sum())
