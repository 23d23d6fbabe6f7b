# collections: deque, namedtuple, OrderedDict, defaultdict, Counter and ChainMap with CPython 3.11's
# reprs, methods and errors.
#
# OrderedDict, defaultdict and Counter are dict subclasses, as CPython's. Kiln cannot subclass tuple
# yet, so namedtuple classes keep their values in a tuple (indexing, unpacking, ==, <, hash, len);
# what differs from CPython there is only isinstance(p, tuple) and passing one where a real tuple is
# required.

import sys as _sys
from operator import itemgetter as _itemgetter
from itertools import repeat as _repeat, chain as _chain, starmap as _starmap

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'defaultdict', 'deque', 'namedtuple']

_repr_running = set()  # ids of the deques and OrderedDicts whose repr is being built
_GenericAlias = type(list[int])  # types.GenericAlias (types imports collections: no cycle here)

# ---- OrderedDict -------------------------------------------------------------------------------

class OrderedDict(dict):
    # A dict keeps insertion order already; OrderedDict adds the order operations, order-sensitive
    # equality between OrderedDicts and its 3.11 repr.
    __class_getitem__ = classmethod(_GenericAlias)  # X[int] is a types.GenericAlias, as in CPython

    def __init__(self, *args, **kwds):
        # CPython's odict_init: the items go in through self[key] = value (a subclass's __setitem__
        # sees each one), never through an overridden update()
        if len(args) > 1:
            raise TypeError(f'expected at most 1 arguments, got {len(args)}')
        _odict_update(self, args[0] if args else (), kwds)

    def update(self, *args, **kwds):
        # MutableMapping.update's rules (odictobject.c mutablemapping_update), item by item through
        # self[key] = value
        if len(args) > 1:
            raise TypeError(f'update() takes at most 1 positional argument ({len(args)} given)')
        _odict_update(self, args[0] if args else (), kwds)

    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        if last:
            return dict.popitem(self)
        key = next(iter(self))
        return (key, dict.pop(self, key))

    def move_to_end(self, key, last=True):
        if not dict.__contains__(self, key):
            raise KeyError(key)
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in rest:
                dict.__setitem__(self, k, v)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __reversed__(self):
        return reversed(list(self))

    def copy(self):
        # odict_copy: an empty instance of the same class filled through self[key] = value (a
        # subclass's __init__ is called without arguments, its __setitem__ sees each item)
        new = type(self)()
        for k, v in dict.items(self):
            new[k] = v
        return new

    # odict_or / odict_inplace_or: the OrderedDict operand's class called on the left operand, then
    # the right one's items through self[key] = value (not through an overridden update)
    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        _odict_update(new, other, {})
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(other)
        _odict_update(new, self, {})
        return new

    def __ior__(self, other):
        _odict_update(self, other, {})
        return self

    def __reduce__(self):
        # CPython's odict_reduce: the class, no arguments, the instance __dict__ (None when empty) and
        # an iterator of the items, so pickle saves REDUCE then SETITEMS (and a BUILD of the attributes)
        state = dict(getattr(self, '__dict__', None) or {}) or None
        return self.__class__, (), state, None, iter(list(self.items()))

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for k in iterable:
            d[k] = value
        return d

    def __repr__(self):
        if not self:
            return f'{type(self).__name__}()'
        # reprlib.recursive_repr: an OrderedDict inside itself prints as ..., as CPython's.
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.add(key)
        try:
            return f'{type(self).__name__}({dict(self.items())!r})'  # 3.12: a dict display, in this order
        finally:
            _repr_running.discard(key)


def _odict_update(self, other, kwds):
    if not kwds and type(other) is tuple and not other:  # OrderedDict(): nothing to add
        return
    if type(self).__setitem__ is dict.__setitem__ and isinstance(other, dict):
        # no __setitem__ of its own and a dict argument: dict.update gives the same items in the
        # same order, natively (state_dict copies)
        dict.update(self, other, **kwds)
        return
    if type(other) is dict:
        for k, v in dict.items(other):
            self[k] = v
    elif hasattr(other, 'keys'):
        for k in other.keys():
            self[k] = other[k]
    elif hasattr(other, 'items') and not isinstance(other, (list, tuple)):
        for k, v in other.items():
            self[k] = v
    else:
        for pair in other:
            k, v = pair
            self[k] = v
    for k, v in kwds.items():
        self[k] = v


# ---- defaultdict -------------------------------------------------------------------------------

class defaultdict(dict):
    __class_getitem__ = classmethod(_GenericAlias)  # X[int] is a types.GenericAlias, as in CPython

    def __init__(self, default_factory=None, *args, **kwds):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        if len(args) > 1:
            raise TypeError(f'defaultdict expected at most 2 arguments, got {len(args) + 1}')
        dict.__init__(self, *args, **kwds)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        # CPython's defdict_reduce: (cls, (default_factory,) or (), None, None, iter(items)); the factory
        # is the only argument, the items come back through SETITEMS (pickle, copy.deepcopy, torch.save)
        args = () if self.default_factory is None else (self.default_factory,)
        return type(self), args, None, None, iter(list(self.items()))

    def __repr__(self):
        return f'{type(self).__name__}({self.default_factory!r}, {dict.__repr__(self)})'


# ---- Counter -----------------------------------------------------------------------------------

class Counter(dict):
    __class_getitem__ = classmethod(_GenericAlias)  # X[int] is a types.GenericAlias, as in CPython

    def __init__(self, iterable=None, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def __delitem__(self, key):
        if dict.__contains__(self, key):
            dict.__delitem__(self, key)

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        # Equal counts keep their first-seen order (a stable sort), as CPython's.
        items = sorted(self.items(), key=_itemgetter(1), reverse=True)
        return items if n is None else items[:max(n, 0)]

    def elements(self):
        return _chain.from_iterable(_starmap(_repeat, [(k, c) for k, c in self.items() if c > 0]))

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) + count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return type(self)(self)

    def __copy__(self):
        return type(self)(self)

    def __reduce__(self):
        # CPython's Counter.__reduce__: rebuilt from a plain dict of the counts
        return self.__class__, (dict(self),)

    def __repr__(self):
        if not self:
            return f'{type(self).__name__}()'
        try:
            body = ', '.join([f'{k!r}: {v!r}' for k, v in self.most_common()])
        except TypeError:
            body = ', '.join([f'{k!r}: {v!r}' for k, v in self.items()])
        return f'{type(self).__name__}({{{body}}})'

    # Comparisons treat missing elements as zero counts (3.10+).
    def __eq__(self, other):
        if not isinstance(other, Counter):
            return dict.__eq__(self, other)
        for e in list(self) + list(other):
            if self[e] != other[e]:
                return False
        return True

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for e in list(self) + list(other):
            if not self[e] <= other[e]:
                return False
        return True

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for e in list(self) + list(other):
            if not self[e] >= other[e]:
                return False
        return True

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    # Multiset arithmetic: results keep positive counts only.
    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        for elem in [e for e, c in self.items() if not c > 0]:
            dict.__delitem__(self, elem)
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] = self[elem] + count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] = self[elem] - count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in list(self.items()):
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


# ---- ChainMap ----------------------------------------------------------------------------------

class ChainMap:
    __class_getitem__ = classmethod(_GenericAlias)  # X[int] is a types.GenericAlias, as in CPython

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def _merged(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = True
        return d

    def __len__(self):
        return len(self._merged())

    def __iter__(self):
        return iter(list(self._merged()))

    def __contains__(self, key):
        for m in self.maps:
            if key in m:
                return True
        return False

    def __bool__(self):
        for m in self.maps:
            if m:
                return True
        return False

    def keys(self):
        return list(self._merged())

    def items(self):
        return [(k, self[k]) for k in self._merged()]

    def values(self):
        return [self[k] for k in self._merged()]

    def __repr__(self):
        return f'{type(self).__name__}({", ".join([repr(m) for m in self.maps])})'

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return type(self)(m, *self.maps)

    @property
    def parents(self):
        return type(self)(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def clear(self):
        self.maps[0].clear()

    def copy(self):
        return type(self)(self.maps[0].copy(), *self.maps[1:])

    def __eq__(self, other):
        return dict(self.items()) == dict(other.items())


# ---- deque -------------------------------------------------------------------------------------

class _deque_iterator:
    def __init__(self, dq, reverse):
        self._dq = dq
        self._i = 0
        self._n = len(dq)
        self._state = dq._state
        self._reverse = reverse

    def __iter__(self):
        return self

    def __next__(self):
        dq = self._dq
        if dq._state != self._state:
            raise RuntimeError('deque mutated during iteration')
        if self._i >= self._n:
            raise StopIteration
        i = self._i
        self._i += 1
        return dq._get(self._n - 1 - i if self._reverse else i)


class deque:
    # Two stacks: _front holds the left part reversed, _back the right part; _state counts changes
    # of length so iterators can detect mutation, as CPython's.
    __class_getitem__ = classmethod(_GenericAlias)  # X[int] is a types.GenericAlias, as in CPython

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError(f"'{type(maxlen).__name__}' object cannot be interpreted as an integer")
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._maxlen = maxlen
        self._front = []
        self._back = []
        self._state = 0
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def __len__(self):
        return len(self._front) + len(self._back)

    def __bool__(self):
        return len(self) != 0

    def _get(self, i):
        nf = len(self._front)
        if i < nf:
            return self._front[nf - 1 - i]
        return self._back[i - nf]

    def _set(self, i, v):
        nf = len(self._front)
        if i < nf:
            self._front[nf - 1 - i] = v
        else:
            self._back[i - nf] = v

    def _index(self, i):
        if not isinstance(i, int):
            raise TypeError(f"sequence index must be integer, not '{type(i).__name__}'")
        n = len(self)
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError('deque index out of range')
        return i

    def _items(self):
        return self._front[::-1] + self._back

    def _reset(self, items):
        self._front = []
        self._back = list(items)

    def append(self, x):
        self._state += 1
        if self._maxlen == 0:
            return
        self._back.append(x)
        if self._maxlen is not None and len(self) > self._maxlen:
            self._popleft()

    def appendleft(self, x):
        self._state += 1
        if self._maxlen == 0:
            return
        self._front.append(x)
        if self._maxlen is not None and len(self) > self._maxlen:
            self._pop()

    def _pop(self):
        if not self._back:
            if not self._front:
                raise IndexError('pop from an empty deque')
            # Move the left half over (kept in order) so repeated pops stay cheap.
            items = self._front[::-1]
            k = len(items) // 2
            self._front = items[:k][::-1]
            self._back = items[k:]
        return self._back.pop()

    def _popleft(self):
        if not self._front:
            if not self._back:
                raise IndexError('pop from an empty deque')
            items = self._back
            k = (len(items) + 1) // 2
            self._front = items[:k][::-1]
            self._back = items[k:]
        return self._front.pop()

    def pop(self):
        v = self._pop()
        self._state += 1
        return v

    def popleft(self):
        v = self._popleft()
        self._state += 1
        return v

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def rotate(self, n=1):
        length = len(self)
        if length <= 1:
            return
        self._state += 1  # CPython's _deque_rotate counts any rotation of 2+ items, even by 0
        n = n % length
        if n == 0:
            return
        items = self._items()
        self._reset(items[length - n:] + items[:length - n])

    def clear(self):
        self._front = []
        self._back = []
        self._state += 1

    def copy(self):
        return deque(self, self._maxlen)

    __copy__ = copy

    # count, index, remove and `in` compare with user __eq__, which may change the deque: as in
    # CPython, any change of state during the scan is an error instead of a stale answer.
    def _scan(self, x, stop_at_first, error=RuntimeError):
        state = self._state
        for i, v in enumerate(self._items()):
            found = v is x or v == x
            if self._state != state:
                raise error('deque mutated during iteration')
            if found:
                yield i
                if stop_at_first:
                    return

    def count(self, x):
        return sum(1 for _ in self._scan(x, False))

    def index(self, x, start=0, stop=None):
        items = self._items()
        n = len(items)
        if stop is None:
            stop = n
        if start < 0:
            start = max(start + n, 0)
        if stop < 0:
            stop += n
        state = self._state
        for i in range(start, min(stop, n)):
            found = items[i] is x or items[i] == x
            if self._state != state:
                raise RuntimeError('deque mutated during iteration')
            if found:
                return i
        raise ValueError(f'{x!r} is not in deque')

    def insert(self, i, x):
        if self._maxlen is not None and len(self) >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        items = self._items()
        items.insert(i, x)
        self._reset(items)
        self._state += 1

    def remove(self, value):
        items = self._items()
        for i in self._scan(value, True, IndexError):
            del items[i]
            self._reset(items)
            self._state += 1
            return
        raise ValueError(f'{value!r} is not in deque')

    def reverse(self):
        self._reset(self._items()[::-1])

    def __getitem__(self, i):
        return self._get(self._index(i))

    def __setitem__(self, i, v):
        self._set(self._index(i), v)

    def __delitem__(self, i):
        i = self._index(i)
        items = self._items()
        del items[i]
        self._reset(items)
        self._state += 1

    def __contains__(self, x):
        for _ in self._scan(x, True):
            return True
        return False

    def __iter__(self):
        return _deque_iterator(self, False)

    def __reversed__(self):
        return _deque_iterator(self, True)

    def __repr__(self):
        # reprlib.recursive_repr: a deque inside itself prints as [...], as CPython's.
        key = id(self)
        if key in _repr_running:
            return '[...]'
        _repr_running.add(key)
        try:
            if self._maxlen is None:
                return f'deque({self._items()!r})'
            return f'deque({self._items()!r}, maxlen={self._maxlen})'
        finally:
            _repr_running.discard(key)

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() == other._items()

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() != other._items()

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() < other._items()

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() <= other._items()

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() > other._items()

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() >= other._items()

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        new = deque(self, self._maxlen)
        new.extend(other)
        return new

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        new = deque((), self._maxlen)
        items = self._items()
        for _ in range(n):
            new.extend(items)
        return new

    def __imul__(self, n):
        items = self._items()
        self.clear()
        for _ in range(n):
            self.extend(items)
        return self


# ---- namedtuple --------------------------------------------------------------------------------

_KEYWORDS = ['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
             'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
             'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield']


def _isidentifier(s):
    return s.isidentifier()


class _NamedTupleBase(tuple):
    # A tuple subclass, as in CPython: isinstance(p, tuple), unpacking, indexing, hashing, comparison
    # and torch functions taking tuples all see the values; the generated class adds one read-only
    # property per field.
    __slots__ = ()
    _fields = ()
    _field_defaults = {}

    def __setattr__(self, name, value):
        if name in type(self)._fields:
            raise AttributeError("can't set attribute")
        # A subclass without __slots__ has a __dict__ in CPython (inspect.FrameInfo sets .positions).
        for klass in type(self).__mro__:
            if klass is _NamedTupleBase:
                break
            if '__slots__' not in klass.__dict__:
                object.__setattr__(self, name, value)
                return
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        raise AttributeError("can't delete attribute")

    def __repr__(self):
        body = ', '.join([f'{name}={value!r}' for name, value in zip(self._fields, self)])
        return f'{type(self).__name__}({body})'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def _replace(self, **kwds):
        values = []
        for name, value in zip(self._fields, self):
            if name in kwds:
                values.append(kwds.pop(name))
            else:
                values.append(value)
        if kwds:
            raise ValueError(f'Got unexpected field names: {list(kwds)!r}')
        return type(self)._make(values)

    @classmethod
    def _make(cls, iterable):
        values = tuple(iterable)
        if len(values) != len(cls._fields):
            raise TypeError(f'Expected {len(cls._fields)} arguments, got {len(values)}')
        return tuple.__new__(cls, values)

    def __getnewargs__(self):
        return tuple(self)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        import copy
        return type(self)._make([copy.deepcopy(v, memo) for v in self])


def _field_property(index, name):
    def get(self):
        return self[index]
    get.__name__ = name
    return property(get)


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = [str(f) for f in field_names]
    typename = str(typename)
    if rename:
        seen = []
        for index in range(len(field_names)):
            name = field_names[index]
            if (not _isidentifier(name) or name in _KEYWORDS or name.startswith('_') or name in seen):
                field_names[index] = f'_{index}'
            seen.append(field_names[index])
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not _isidentifier(name):
            raise ValueError(f'Type names and field names must be valid identifiers: {name!r}')
        if name in _KEYWORDS:
            raise ValueError(f'Type names and field names cannot be a keyword: {name!r}')
    seen = []
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError(f'Field names cannot start with an underscore: {name!r}')
        if name in seen:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        seen.append(name)

    fields = tuple(field_names)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(fields):
            raise TypeError('Got more default values than field names')
        for name, value in zip(fields[len(fields) - len(defaults):], defaults):
            field_defaults[name] = value
    nfields = len(fields)

    def __new__(cls, *args, **kwargs):
        if len(args) > nfields:
            raise TypeError(f'{typename}.__new__() takes {nfields + 1} positional arguments but {len(args) + 1} were given')
        values = list(args)
        for name in kwargs:
            if name not in fields:
                raise TypeError(f"{typename}.__new__() got an unexpected keyword argument '{name}'")
            if fields.index(name) < len(args):
                raise TypeError(f"{typename}.__new__() got multiple values for argument '{name}'")
        missing = []
        # The defaults are __new__'s own __defaults__, as in CPython's generated __new__: programs
        # set them afterwards (`BlockArgs.__new__.__defaults__ = (None,) * len(BlockArgs._fields)` in
        # EfficientNet ports) and _field_defaults does not follow.
        defaults = __new__.__defaults__ or ()
        first_default = nfields - len(defaults)
        for i in range(len(args), nfields):
            name = fields[i]
            if name in kwargs:
                values.append(kwargs[name])
            elif i >= first_default:
                values.append(defaults[i - first_default])
            else:
                missing.append(name)
                values.append(None)
        if missing:
            if len(missing) == 1:
                names = repr(missing[0])
            elif len(missing) == 2:
                names = f'{missing[0]!r} and {missing[1]!r}'
            else:
                names = ', '.join([repr(m) for m in missing[:-1]]) + f', and {missing[-1]!r}'
            plural = 's' if len(missing) > 1 else ''
            raise TypeError(f'{typename}.__new__() missing {len(missing)} required positional argument{plural}: {names}')
        return tuple.__new__(cls, values)

    __new__.__defaults__ = defaults  # a tuple, or None without defaults=, as CPython sets it
    ns = {'__new__': __new__, '__slots__': (), '_fields': fields, '_field_defaults': field_defaults,
          '__match_args__': fields,
          '__doc__': f'{typename}({", ".join(fields)})'}
    for index in range(nfields):
        ns[fields[index]] = _field_property(index, fields[index])
    if module is None:
        # CPython: the caller's module (sys._getframemodulename(1)), so a named tuple made in a
        # library (torchvision's InceptionOutputs) is that module's, not __main__'s
        try:
            module = _sys._getframe(1).f_globals.get('__name__', '__main__')
        except (AttributeError, ValueError):
            module = '__main__'
    ns['__module__'] = module
    cls = type(typename, (_NamedTupleBase,), ns)
    return cls


# ---- UserDict, UserList, UserString ------------------------------------------------------------
# Wrappers keeping their contents in `.data` (a dict, a list, a str), for classes that customise a
# container by overriding a few methods, as CPython's are.

class UserDict:
    def __init__(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError('expected at most 1 argument, got %d' % len(args))
        self.data = {}
        if args and args[0] is not None:
            self.update(args[0])
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, "__missing__"):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def __repr__(self):
        return repr(self.data)

    def __eq__(self, other):
        if isinstance(other, UserDict):
            return self.data == other.data
        return self.data == other

    def __or__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(self.data | other.data)
        if isinstance(other, dict):
            return self.__class__(self.data | other)
        return NotImplemented

    def __ior__(self, other):
        self.update(other)
        return self

    def keys(self):
        return self.data.keys()

    def values(self):
        return self.data.values()

    def items(self):
        return self.data.items()

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def update(self, other=(), **kwds):
        if isinstance(other, UserDict):
            other = other.data
        if hasattr(other, 'keys'):
            for k in other.keys():
                self[k] = other[k]
        else:
            for k, v in other:
                self[k] = v
        for k, v in kwds.items():
            self[k] = v

    def pop(self, key, *default):
        if key in self:
            v = self[key]
            del self[key]
            return v
        if default:
            return default[0]
        raise KeyError(key)

    def popitem(self):
        if not self.data:
            raise KeyError('popitem(): dictionary is empty')
        k = next(reversed(list(self.data.keys())))
        return k, self.pop(k)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        self.data.clear()

    def copy(self):
        if self.__class__ is UserDict:
            return UserDict(self.data.copy())
        import copy
        data = self.data
        try:
            self.data = {}
            c = copy.copy(self)
        finally:
            self.data = data
        c.update(self)
        return c

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for key in iterable:
            d[key] = value
        return d


class UserList:
    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if type(initlist) == type(self.data):
                self.data[:] = initlist
            elif isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)

    def __repr__(self):
        return repr(self.data)

    def __lt__(self, other):
        return self.data < self.__cast(other)

    def __le__(self, other):
        return self.data <= self.__cast(other)

    def __eq__(self, other):
        return self.data == self.__cast(other)

    def __gt__(self, other):
        return self.data > self.__cast(other)

    def __ge__(self, other):
        return self.data >= self.__cast(other)

    def __cast(self, other):
        return other.data if isinstance(other, UserList) else other

    def __contains__(self, item):
        return item in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.__class__(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __iter__(self):
        return iter(self.data)

    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        if isinstance(other, type(self.data)):
            return self.__class__(self.data + other)
        return self.__class__(self.data + list(other))

    def __radd__(self, other):
        if isinstance(other, UserList):
            return self.__class__(other.data + self.data)
        if isinstance(other, type(self.data)):
            return self.__class__(other + self.data)
        return self.__class__(list(other) + self.data)

    def __iadd__(self, other):
        if isinstance(other, UserList):
            self.data += other.data
        else:
            self.data += list(other)
        return self

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def __imul__(self, n):
        self.data *= n
        return self

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def sort(self, *args, **kwds):
        self.data.sort(*args, **kwds)

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)


class UserString:
    def __init__(self, seq):
        if isinstance(seq, str):
            self.data = seq
        elif isinstance(seq, UserString):
            self.data = seq.data[:]
        else:
            self.data = str(seq)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __int__(self):
        return int(self.data)

    def __float__(self):
        return float(self.data)

    def __hash__(self):
        return hash(self.data)

    def __eq__(self, string):
        if isinstance(string, UserString):
            return self.data == string.data
        return self.data == string

    def __lt__(self, string):
        if isinstance(string, UserString):
            return self.data < string.data
        return self.data < string

    def __le__(self, string):
        if isinstance(string, UserString):
            return self.data <= string.data
        return self.data <= string

    def __gt__(self, string):
        if isinstance(string, UserString):
            return self.data > string.data
        return self.data > string

    def __ge__(self, string):
        if isinstance(string, UserString):
            return self.data >= string.data
        return self.data >= string

    def __contains__(self, char):
        if isinstance(char, UserString):
            char = char.data
        return char in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.__class__(self.data[index])

    def __iter__(self):
        return iter(self.data)

    def __add__(self, other):
        if isinstance(other, UserString):
            return self.__class__(self.data + other.data)
        if isinstance(other, str):
            return self.__class__(self.data + other)
        return self.__class__(self.data + str(other))

    def __radd__(self, other):
        if isinstance(other, str):
            return self.__class__(other + self.data)
        return self.__class__(str(other) + self.data)

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def __mod__(self, args):
        return self.__class__(self.data % args)

    def __getattr__(self, name):
        # str's methods: results that are str come back as UserStrings of the same class
        if name == 'data':
            raise AttributeError(name)
        attr = getattr(self.data, name)
        if not callable(attr):
            return attr
        cls = self.__class__

        def method(*args, **kwargs):
            args = [a.data if isinstance(a, UserString) else a for a in args]
            r = attr(*args, **kwargs)
            if isinstance(r, str):
                return cls(r)
            if isinstance(r, list):
                return [cls(x) if isinstance(x, str) and name not in ('split', 'rsplit', 'splitlines', 'partition', 'rpartition') else x for x in r]
            return r
        return method


__all__ += ['UserDict', 'UserList', 'UserString']


# The ABCs these classes are in CPython (deque is registered there; ChainMap, UserDict, UserList and
# UserString subclass them): isinstance against collections.abc and the match statement's
# sequence/mapping patterns see them as CPython does.
from collections import abc as _collections_abc
_collections_abc.MutableSequence.register(deque)
_collections_abc.MutableSequence.register(UserList)
_collections_abc.Sequence.register(UserString)
_collections_abc.MutableMapping.register(ChainMap)
_collections_abc.MutableMapping.register(UserDict)
