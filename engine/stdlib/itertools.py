# itertools: CPython 3.11's iterator building blocks, each a lazy iterator class (no generators
# needed), with CPython's orders, argument errors and the reprs of count/repeat. The infinite
# iterators (count, cycle, repeat) stay lazy; the combinatoric ones (product, permutations,
# combinations, combinations_with_replacement) read their inputs once into tuples, as CPython's do.
# batched() is 3.12's.

__all__ = ['accumulate', 'batched', 'chain', 'combinations', 'combinations_with_replacement', 'compress', 'count',
           'cycle', 'dropwhile', 'filterfalse', 'groupby', 'islice', 'pairwise', 'permutations', 'product',
           'repeat', 'starmap', 'takewhile', 'tee', 'zip_longest']

_MAXSIZE = 9223372036854775807

from operator import index as _operator_index


def _as_index(v):
    # CPython's "n" argument converter (PyNumber_AsSsize_t): an object with __index__, such as a
    # 0-d integer tensor, stands for its int; anything else is left for the caller's own check.
    if v is None or isinstance(v, int) or not hasattr(type(v), '__index__'):
        return v
    return _operator_index(v)


def _is_number(x):
    return isinstance(x, (int, float)) or hasattr(type(x), '__add__')


class count:
    def __init__(self, start=0, step=1):
        if not _is_number(start) or not _is_number(step) or isinstance(start, str) or isinstance(step, str):
            raise TypeError('a number is required')
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        v = self._n
        self._n = self._n + self._step
        return v

    def __repr__(self):
        if type(self._step) is int and self._step == 1:
            return f'count({self._n!r})'
        return f'count({self._n!r}, {self._step!r})'


class cycle:
    def __init__(self, iterable):
        self._it = iter(iterable)
        self._saved = []
        self._i = -1  # index into _saved once the input is exhausted

    def __iter__(self):
        return self

    def __next__(self):
        if self._i < 0:
            try:
                v = next(self._it)
                self._saved.append(v)
                return v
            except StopIteration:
                if not self._saved:
                    raise
                self._i = 0
        v = self._saved[self._i]
        self._i = (self._i + 1) % len(self._saved)
        return v


class repeat:
    def __init__(self, object, times=None):
        self._obj = object
        times = _as_index(times)
        if times is not None and not isinstance(times, int):
            raise TypeError(f"'{type(times).__name__}' object cannot be interpreted as an integer")
        self._times = None if times is None else (times if times > 0 else 0)

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._obj
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._obj

    def __length_hint__(self):
        if self._times is None:
            raise TypeError('len() of unsized object')
        return self._times

    def __repr__(self):
        if self._times is None:
            return f'repeat({self._obj!r})'
        return f'repeat({self._obj!r}, {self._times})'


class accumulate:
    def __init__(self, iterable, func=None, *, initial=None):
        self._it = iter(iterable)
        self._func = func
        self._total = initial
        self._started = initial is not None
        self._emit_initial = initial is not None

    def __iter__(self):
        return self

    def __next__(self):
        if self._emit_initial:
            self._emit_initial = False
            return self._total
        v = next(self._it)
        if not self._started:
            self._started = True
            self._total = v
        elif self._func is None:
            self._total = self._total + v
        else:
            self._total = self._func(self._total, v)
        return self._total


class chain:
    def __init__(self, *iterables):
        self._sources = iter(iterables)
        self._cur = None

    @classmethod
    def from_iterable(cls, iterable):
        c = cls()
        c._sources = iter(iterable)
        return c

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._cur is None:
                self._cur = iter(next(self._sources))
            try:
                return next(self._cur)
            except StopIteration:
                self._cur = None


class compress:
    def __init__(self, data, selectors):
        self._data = iter(data)
        self._sel = iter(selectors)

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            d = next(self._data)
            s = next(self._sel)
            if s:
                return d


class dropwhile:
    def __init__(self, predicate, iterable):
        self._pred = predicate
        self._it = iter(iterable)
        self._dropping = True

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            v = next(self._it)
            if not self._dropping:
                return v
            if not self._pred(v):
                self._dropping = False
                return v


class takewhile:
    def __init__(self, predicate, iterable):
        self._pred = predicate
        self._it = iter(iterable)
        self._done = False

    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        v = next(self._it)
        if self._pred(v):
            return v
        self._done = True
        raise StopIteration


class filterfalse:
    def __init__(self, function, iterable):
        self._pred = function
        self._it = iter(iterable)

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            v = next(self._it)
            ok = v if self._pred is None else self._pred(v)
            if not ok:
                return v


class _grouper:
    def __init__(self, parent, key):
        self._parent = parent
        self._key = key

    def __iter__(self):
        return self

    def __next__(self):
        gb = self._parent
        # A group is usable only until its groupby moves on (CPython 3.11).
        if gb._grouper is not self:
            raise StopIteration
        if gb._have:
            pass
        else:
            gb._step()
        if not (gb._currkey == self._key):
            raise StopIteration
        gb._have = False
        return gb._currvalue


class groupby:
    def __init__(self, iterable, key=None):
        self._it = iter(iterable)
        self._keyfunc = key
        self._have = False  # _currkey/_currvalue hold an item not yet handed out
        self._started = False
        self._currkey = None
        self._currvalue = None
        self._tgtkey = None
        self._grouper = None

    def _step(self):
        v = next(self._it)
        self._currvalue = v
        self._currkey = v if self._keyfunc is None else self._keyfunc(v)
        self._have = True
        self._started = True

    def __iter__(self):
        return self

    def __next__(self):
        self._grouper = None
        if not self._started:
            self._step()
        elif self._grouper is None:
            # Skip the rest of the current group.
            while True:
                if not self._have:
                    self._step()
                if not (self._currkey == self._tgtkey):
                    break
                self._have = False
        self._tgtkey = self._currkey
        g = _grouper(self, self._tgtkey)
        self._grouper = g
        return (self._currkey, g)


class islice:
    def __init__(self, iterable, *args):
        if len(args) == 0 or len(args) > 3:
            raise TypeError(f'islice expected at most 4 arguments, got {len(args) + 1}' if args
                            else 'islice expected at least 2 arguments, got 1')
        start, step = 0, 1
        if len(args) == 1:
            stop = args[0]
        else:
            start, stop = args[0], args[1]
            if len(args) == 3:
                step = args[2]
        start, stop, step = _as_index(start), _as_index(stop), _as_index(step)
        if stop is not None and (not isinstance(stop, int) or stop < 0):
            if len(args) == 1:
                raise ValueError('Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
            raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        if start is None:
            start = 0
        if not isinstance(start, int) or start < 0:
            raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        if step is None:
            step = 1
        if not isinstance(step, int) or step < 1:
            raise ValueError('Step for islice() must be a positive integer or None.')
        self._it = iter(iterable)
        self._next = start
        self._stop = stop
        self._step = step
        self._cnt = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._it is None:
            raise StopIteration
        while self._cnt < self._next:
            try:
                next(self._it)
            except StopIteration:
                self._it = None
                raise
            self._cnt += 1
        if self._stop is not None and self._cnt >= self._stop:
            self._it = None
            raise StopIteration
        try:
            v = next(self._it)
        except StopIteration:
            self._it = None
            raise
        self._cnt += 1
        self._next += self._step
        if self._stop is not None and self._next > self._stop:
            self._next = self._stop
        return v


class batched:
    # CPython 3.12's batched_next: tuples of n items, the last one shorter; an exhausted input ends
    # it only when a batch would be empty (a partial batch leaves the input to be asked again)
    def __init__(self, iterable, n):
        n = _operator_index(n)
        if n < 1:
            raise ValueError('n must be at least one')
        self._it = iter(iterable)
        self._n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self._it is None:
            raise StopIteration
        items = []
        for _ in range(self._n):
            try:
                items.append(next(self._it))
            except StopIteration:
                break
            except BaseException:
                self._it = None
                raise
        if not items:
            self._it = None
            raise StopIteration
        return tuple(items)


class pairwise:
    def __init__(self, iterable):
        self._it = iter(iterable)
        self._prev = None
        self._started = False

    def __iter__(self):
        return self

    def __next__(self):
        if self._it is None:
            raise StopIteration
        try:
            if not self._started:
                self._started = True
                self._prev = next(self._it)
            v = next(self._it)
        except StopIteration:
            self._it = None
            raise
        pair = (self._prev, v)
        self._prev = v
        return pair


class starmap:
    def __init__(self, function, iterable):
        self._fn = function
        self._it = iter(iterable)

    def __iter__(self):
        return self

    def __next__(self):
        args = next(self._it)
        return self._fn(*args)


class zip_longest:
    def __init__(self, *iterables, fillvalue=None):
        self._its = [iter(x) for x in iterables]
        self._active = len(self._its)
        self._fill = fillvalue

    def __iter__(self):
        return self

    def __next__(self):
        if not self._its or self._active == 0:
            raise StopIteration
        out = []
        for i in range(len(self._its)):
            it = self._its[i]
            if it is None:
                out.append(self._fill)
                continue
            try:
                out.append(next(it))
            except StopIteration:
                self._its[i] = None
                self._active -= 1
                if self._active == 0:
                    raise
                out.append(self._fill)
        return tuple(out)


class _TeeBuffer:
    # Values read from the shared iterator that some tee has not consumed yet; `base` is the index
    # of buf[0] in the input's order.
    def __init__(self, it):
        self.it = it
        self.buf = []
        self.base = 0
        self.positions = []


class _tee:
    def __init__(self, shared, slot):
        self._shared = shared
        self._slot = slot

    def __iter__(self):
        return self

    def __next__(self):
        s = self._shared
        pos = s.positions[self._slot]
        k = pos - s.base
        if k < len(s.buf):
            v = s.buf[k]
        else:
            v = next(s.it)
            s.buf.append(v)
        s.positions[self._slot] = pos + 1
        if len(s.buf) > 32:
            lowest = min(s.positions)
            if lowest > s.base:
                del s.buf[:lowest - s.base]
                s.base = lowest
        return v


_tee.__name__ = '_tee'


def tee(iterable, n=2):
    n = _as_index(n)
    if not isinstance(n, int):
        raise TypeError(f"'{type(n).__name__}' object cannot be interpreted as an integer")
    if n < 0:
        raise ValueError('n must be >= 0')
    shared = _TeeBuffer(iter(iterable))
    shared.positions = [0] * n
    return tuple([_tee(shared, i) for i in range(n)])


class product:
    def __init__(self, *iterables, repeat=1):
        repeat = _as_index(repeat)
        if not isinstance(repeat, int):
            raise TypeError(f"'{type(repeat).__name__}' object cannot be interpreted as an integer")
        if repeat < 0:
            raise ValueError('repeat argument cannot be negative')
        pools = [tuple(p) for p in iterables] * repeat
        self._pools = pools
        self._idx = None
        self._done = False
        for p in pools:
            if len(p) == 0:
                self._done = True

    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        pools = self._pools
        if self._idx is None:
            self._idx = [0] * len(pools)
        else:
            i = len(pools) - 1
            while i >= 0:
                self._idx[i] += 1
                if self._idx[i] < len(pools[i]):
                    break
                self._idx[i] = 0
                i -= 1
            if i < 0:
                self._done = True
                raise StopIteration
        return tuple([pools[i][self._idx[i]] for i in range(len(pools))])


def _check_r(r, name):
    # permutations() takes only an int r ("Expected int as r"); combinations() and
    # combinations_with_replacement() convert r as a Py_ssize_t, through __index__ (a 0-d integer
    # tensor counts), as CPython's argument clinic does.
    if name == 'permutations':
        if not isinstance(r, int):
            raise TypeError("Expected int as r")
    else:
        r = _as_index(r)
        if not isinstance(r, int):
            raise TypeError(f"'{type(r).__name__}' object cannot be interpreted as an integer")
    if r < 0:
        raise ValueError('r must be non-negative')
    return r


class permutations:
    def __init__(self, iterable, r=None):
        pool = tuple(iterable)
        n = len(pool)
        if r is None:
            r = n
        _check_r(r, 'permutations')
        self._pool = pool
        self._r = r
        self._indices = list(range(n))
        self._cycles = list(range(n, n - r, -1))
        self._first = True
        self._done = r > n

    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        n, r = len(self._pool), self._r
        idx, cyc = self._indices, self._cycles
        if self._first:
            self._first = False
            return tuple([self._pool[i] for i in idx[:r]])
        # Next permutation in lexicographic order of positions (the cycle counters of the docs).
        i = r - 1
        while i >= 0:
            cyc[i] -= 1
            if cyc[i] == 0:
                idx[i:] = idx[i + 1:] + idx[i:i + 1]
                cyc[i] = n - i
            else:
                j = cyc[i]
                idx[i], idx[-j] = idx[-j], idx[i]
                return tuple([self._pool[k] for k in idx[:r]])
            i -= 1
        self._done = True
        raise StopIteration


class combinations:
    def __init__(self, iterable, r):
        pool = tuple(iterable)
        r = _check_r(r, 'combinations')
        self._pool = pool
        self._r = r
        self._idx = None
        self._done = r > len(pool)

    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        n, r = len(self._pool), self._r
        if self._idx is None:
            self._idx = list(range(r))
        else:
            idx = self._idx
            i = r - 1
            while i >= 0 and idx[i] == i + n - r:
                i -= 1
            if i < 0:
                self._done = True
                raise StopIteration
            idx[i] += 1
            for j in range(i + 1, r):
                idx[j] = idx[j - 1] + 1
        return tuple([self._pool[i] for i in self._idx])


class combinations_with_replacement:
    def __init__(self, iterable, r):
        pool = tuple(iterable)
        r = _check_r(r, 'combinations_with_replacement')
        self._pool = pool
        self._r = r
        self._idx = None
        self._done = len(pool) == 0 and r > 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        n, r = len(self._pool), self._r
        if self._idx is None:
            self._idx = [0] * r
        else:
            idx = self._idx
            i = r - 1
            while i >= 0 and idx[i] == n - 1:
                i -= 1
            if i < 0:
                self._done = True
                raise StopIteration
            v = idx[i] + 1
            for j in range(i, r):
                idx[j] = v
        return tuple([self._pool[i] for i in self._idx])
