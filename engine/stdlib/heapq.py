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


def merge(*iterables, key=None, reverse=False):
    # One lazy pass over already-sorted inputs; ties go to the input listed first. A generator, as
    # CPython's: nothing (not even iter() of the inputs) runs before the first next().
    iters = [iter(it) for it in iterables]
    heads = []

    def advance(i):
        try:
            v = next(iters[i])
        except StopIteration:
            return
        heads.append([v if key is None else key(v), i, v])

    for i in range(len(iters)):
        advance(i)
    while heads:
        best = 0
        for j in range(1, len(heads)):
            a = heads[j]
            b = heads[best]
            if reverse:
                better = b[0] < a[0] or (not a[0] < b[0] and a[1] < b[1])
            else:
                better = a[0] < b[0] or (not b[0] < a[0] and a[1] < b[1])
            if better:
                best = j
        k, i, v = heads.pop(best)
        yield v
        advance(i)  # the input that gave v moves on only when the next value is asked for
