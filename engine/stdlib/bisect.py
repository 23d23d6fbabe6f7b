# bisect: binary search in sorted sequences and insertion keeping them sorted (CPython 3.11's
# bisect_left/bisect_right/insort_left/insort_right with lo, hi and key=).

def _bounds(a, lo, hi):
    if lo < 0:
        raise ValueError('lo must be non-negative')
    if hi is None:
        hi = len(a)
    return lo, hi


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        v = a[mid] if key is None else key(a[mid])
        if v < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        v = a[mid] if key is None else key(a[mid])
        if x < v:
            hi = mid
        else:
            lo = mid + 1
    return lo


def insort_left(a, x, lo=0, hi=None, *, key=None):
    # With key=, x itself is inserted; the search compares key(x) (CPython 3.10+).
    i = bisect_left(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(i, x)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    i = bisect_right(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(i, x)


bisect = bisect_right
insort = insort_right
