# heapq: binary min-heaps kept in plain lists (heap[k] <= heap[2k+1], heap[2k+2]), with CPython's
# operations and the same element order after every operation (the same sift-down-to-a-leaf strategy),
# so printed heaps match CPython's. merge() is eager-free: it returns an iterator object.

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge', 'nlargest', 'nsmallest', 'heappushpop']


def _check(heap, name):
    if not isinstance(heap, list):
        raise TypeError(f'{name}() argument 1 must be list, not {type(heap).__name__}')


def _siftdown(heap, startpos, pos):
    # Moves heap[pos] up towards startpos while it is smaller than its parent. A comparison that
    # changes the heap's length is CPython's RuntimeError (as _heapq's siftdown checks).
    size = len(heap)
    item = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        smaller = item < parent
        if size != len(heap):
            raise RuntimeError('list changed size during iteration')
        if smaller:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = item


def _siftup(heap, pos):
    # Moves the smaller child up until a leaf is reached, puts the item there, then sifts it down
    # (fewer comparisons than stopping early; it fixes which equal-ranked element goes where).
    endpos = len(heap)
    startpos = pos
    item = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos:
            smaller = heap[childpos] < heap[rightpos]
            if endpos != len(heap):
                raise RuntimeError('list changed size during iteration')
            if not smaller:
                childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = item
    _siftdown(heap, startpos, pos)


def heappush(heap, item):
    _check(heap, 'heappush')
    heap.append(item)
    _siftdown(heap, 0, len(heap) - 1)


def heappop(heap):
    _check(heap, 'heappop')
    if not heap:
        raise IndexError('index out of range')
    last = heap.pop()
    if heap:
        result = heap[0]
        heap[0] = last
        _siftup(heap, 0)
        return result
    return last


def heapreplace(heap, item):
    _check(heap, 'heapreplace')
    if not heap:
        raise IndexError('index out of range')
    result = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return result


def heappushpop(heap, item):
    _check(heap, 'heappushpop')
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _siftup(heap, 0)
    return item


def heapify(x):
    _check(x, 'heapify')
    n = len(x)
    for i in reversed(range(n // 2)):
        _siftup(x, i)


# Max-heap helpers (nlargest uses them as CPython's _heapq does).
def _siftdown_max(heap, startpos, pos):
    item = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if parent < item:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = item


def _siftup_max(heap, pos):
    endpos = len(heap)
    startpos = pos
    item = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[rightpos] < heap[childpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = item
    _siftdown_max(heap, startpos, pos)


def nsmallest(n, iterable, key=None):
    # Equal keys keep their input order (a stable result), as CPython's.
    items = list(iterable)
    if n <= 0:
        return []
    if key is None:
        return sorted(items)[:n]
    return sorted(items, key=key)[:n]


def nlargest(n, iterable, key=None):
    items = list(iterable)
    if n <= 0:
        return []
    if key is None:
        return sorted(items, reverse=True)[:n]
    return sorted(items, key=key, reverse=True)[:n]


class _Merge:
    # merge(*iterables, key=None, reverse=False): one lazy pass over already-sorted inputs; ties go to
    # the input listed first.
    def __init__(self, iterables, key, reverse):
        self._iters = [iter(it) for it in iterables]
        self._key = key
        self._reverse = reverse
        self._heads = []
        for i in range(len(self._iters)):
            self._advance(i)

    def _advance(self, i):
        it = self._iters[i]
        try:
            v = next(it)
        except StopIteration:
            return
        k = v if self._key is None else self._key(v)
        self._heads.append([k, i, v])

    def __iter__(self):
        return self

    def __next__(self):
        if not self._heads:
            raise StopIteration
        best = 0
        for j in range(1, len(self._heads)):
            a = self._heads[j]
            b = self._heads[best]
            if self._reverse:
                better = b[0] < a[0] or (not a[0] < b[0] and a[1] < b[1])
            else:
                better = a[0] < b[0] or (not b[0] < a[0] and a[1] < b[1])
            if better:
                best = j
        k, i, v = self._heads.pop(best)
        self._advance(i)
        return v


def merge(*iterables, key=None, reverse=False):
    return _Merge(iterables, key, reverse)
