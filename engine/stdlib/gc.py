# gc: the collector interface, honestly. Kiln frees objects by reference counting as soon as the
# last reference goes (tensors return their memory at once); reference cycles are freed when the
# program ends, not during the run (engine/vm/README.md, "Memory"). So collect() finds nothing to
# do and returns 0, enable/disable/isenabled only record a flag, get_count() is (0, 0, 0),
# thresholds are stored and returned, and gc.garbage stays empty. get_objects, get_referrers and
# get_referents, which would need a walk of the heap, raise NotImplementedError.

garbage = []
callbacks = []
DEBUG_STATS = 1
DEBUG_COLLECTABLE = 2
DEBUG_UNCOLLECTABLE = 4
DEBUG_SAVEALL = 32
DEBUG_LEAK = 38

_enabled = True
_threshold = (700, 10, 10)
_debug = 0
_frozen = 0


def collect(generation=2):
    if generation not in (0, 1, 2):
        raise ValueError("invalid generation")
    return 0


def enable():
    global _enabled
    _enabled = True


def disable():
    global _enabled
    _enabled = False


def isenabled():
    return _enabled


def get_count():
    return (0, 0, 0)


def get_threshold():
    return _threshold


def set_threshold(threshold0, threshold1=None, threshold2=None):
    global _threshold
    t1 = _threshold[1] if threshold1 is None else threshold1
    t2 = _threshold[2] if threshold2 is None else threshold2
    _threshold = (threshold0, t1, t2)


def get_debug():
    return _debug


def set_debug(flags):
    global _debug
    _debug = flags


def get_stats():
    return [{'collections': 0, 'collected': 0, 'uncollectable': 0} for _ in range(3)]


def is_tracked(obj):
    return not isinstance(obj, (int, float, bool, str, type(None)))


def is_finalized(obj):
    return False


def freeze():
    pass


def unfreeze():
    pass


def get_freeze_count():
    return 0


def _no_heap_walk(name):
    def f(*args, **kwargs):
        raise NotImplementedError("gc." + name + "() is not supported in Kiln: it has no heap walk during a run "
                                  "(reference counting frees objects; cycles are freed at exit)")
    f.__name__ = name
    return f


get_objects = _no_heap_walk("get_objects")
get_referrers = _no_heap_walk("get_referrers")
get_referents = _no_heap_walk("get_referents")
