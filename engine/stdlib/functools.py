# functools: partial (with CPython's repr and flattening of nested partials), reduce,
# update_wrapper/wraps, lru_cache/cache (hits, misses, LRU eviction, cache_info/cache_clear/
# cache_parameters), cached_property, total_ordering, cmp_to_key and singledispatch (registration by
# class, by a union of classes, or by the first annotation of a plain `@f.register` function).

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES', 'total_ordering', 'cache',
           'cmp_to_key', 'lru_cache', 'reduce', 'partial', 'partialmethod', 'singledispatch',
           'singledispatchmethod', 'cached_property']

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__', '__type_params__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            continue
        setattr(wrapper, attr, value)
    for attr in updated:
        source = getattr(wrapped, attr, None)
        if source:
            for k, v in source.items():
                setattr(wrapper, k, v)
    # Set last, so a __wrapped__ copied from `wrapped`'s __dict__ does not win.
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    def decorating(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorating


_SENTINEL = object()


def reduce(function, sequence, initial=_SENTINEL):
    it = iter(sequence)
    if initial is _SENTINEL:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError('reduce() of empty iterable with no initial value') from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


class partial:
    def __init__(self, func, *args, **keywords):
        if not callable(func):
            raise TypeError('the first argument must be callable')
        if type(func) is partial:
            args = func.args + args
            merged = dict(func.keywords)
            for k in keywords:
                merged[k] = keywords[k]
            keywords = merged
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        if self.keywords:
            merged = dict(self.keywords)
            for k in keywords:
                merged[k] = keywords[k]
            keywords = merged
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts += [repr(a) for a in self.args]
        parts += [f'{k}={v!r}' for k, v in self.keywords.items()]
        name = type(self).__qualname__
        if type(self) is partial:
            name = 'functools.partial'
        return name + '(' + ', '.join(parts) + ')'


class partialmethod:
    # partial for methods: the instance goes first, before the frozen arguments.
    def __init__(self, func, *args, **keywords):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError(f'{func!r} is not callable or a descriptor')
        self.func = func
        self.args = args
        self.keywords = keywords

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        method = self

        def bound(*args, **keywords):
            kw = dict(method.keywords)
            for k in keywords:
                kw[k] = keywords[k]
            return method.func(obj, *method.args, *args, **kw)
        return bound

    def __repr__(self):
        parts = [repr(self.func)] + [repr(a) for a in self.args]
        parts += [f'{k}={v!r}' for k, v in self.keywords.items()]
        return 'functools.partialmethod(' + ', '.join(parts) + ')'


# ---- lru_cache ----

class _CacheInfo:
    # The named tuple CacheInfo(hits, misses, maxsize, currsize).
    def __init__(self, hits, misses, maxsize, currsize):
        self.hits = hits
        self.misses = misses
        self.maxsize = maxsize
        self.currsize = currsize

    def __iter__(self):
        return iter((self.hits, self.misses, self.maxsize, self.currsize))

    def __getitem__(self, i):
        return (self.hits, self.misses, self.maxsize, self.currsize)[i]

    def __len__(self):
        return 4

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        return f'CacheInfo(hits={self.hits!r}, misses={self.misses!r}, maxsize={self.maxsize!r}, currsize={self.currsize!r})'


_CacheInfo.__name__ = 'CacheInfo'
_CacheInfo.__qualname__ = 'CacheInfo'

_KWD_MARK = object()


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += (_KWD_MARK,)
        for item in kwds.items():
            key += item
    if typed:
        key += tuple([type(v) for v in args])
        if kwds:
            key += tuple([type(v) for v in kwds.values()])
    return key


def _lru_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]  # hits, misses

    def wrapper(*args, **kwds):
        key = _make_key(args, kwds, typed)
        if maxsize == 0:
            stats[1] += 1
            return user_function(*args, **kwds)
        if key in cache:
            stats[0] += 1
            value = cache.pop(key)
            cache[key] = value  # most recently used goes last
            return value
        stats[1] += 1
        value = user_function(*args, **kwds)
        if key not in cache:
            cache[key] = value
            if maxsize is not None and len(cache) > maxsize:
                del cache[next(iter(cache))]
        return value

    def cache_info():
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        cache.clear()
        stats[0] = 0
        stats[1] = 0

    def cache_parameters():
        return {'maxsize': maxsize, 'typed': typed}

    update_wrapper(wrapper, user_function)
    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    return wrapper


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int) and not isinstance(maxsize, bool):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        # Used as @lru_cache without arguments.
        return _lru_wrapper(maxsize, 128, typed)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating(user_function):
        return _lru_wrapper(user_function, maxsize, typed)
    return decorating


def cache(user_function):
    return lru_cache(maxsize=None)(user_function)


# ---- cached_property ----

class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = getattr(func, '__doc__', None)

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError('Cannot assign the same cached_property to two different names '
                            f'({self.attrname!r} and {name!r}).')

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError('Cannot use cached_property instance without calling __set_name__ on it.')
        value = self.func(instance)
        # An instance attribute of the same name hides this (non-data) descriptor from now on.
        setattr(instance, self.attrname, value)
        return value


# ---- total_ordering ----

def _gt_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _le_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _ge_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _ge_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _lt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _gt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _lt_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _ge_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _le_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _le_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _gt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _lt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r


_CONVERT = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt), ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le), ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt), ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge), ('__lt__', _lt_from_ge)],
}


def _defines(cls, name):
    # Whether `cls` or a base other than object defines the comparison `name`.
    for klass in cls.__mro__:
        if klass is object:
            return False
        if name in klass.__dict__:
            return True
    return False


def total_ordering(cls):
    roots = [op for op in _CONVERT if _defines(cls, op)]
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(roots)  # prefer __lt__ to __le__ to __gt__ to __ge__
    for opname, opfunc in _CONVERT[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            setattr(cls, opname, opfunc)
    return cls


# ---- cmp_to_key ----

def cmp_to_key(mycmp):
    class K:
        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


# ---- singledispatch ----

def _find_impl(cls, registry):
    for klass in cls.__mro__:
        if klass in registry:
            return registry[klass]
    return registry[object]


import sys as _sys


def singledispatch(func):
    registry = {object: func}

    def dispatch(cls):
        return _find_impl(cls, registry)

    def _is_union(t):
        return type(t).__name__ in ('UnionType', '_UnionGenericAlias') or \
            getattr(t, '__origin__', None) is getattr(_sys.modules.get('typing'), 'Union', None) is not None

    def _valid(t):
        return isinstance(t, type) or (_is_union(t) and all(isinstance(a, type) for a in t.__args__))

    def register(cls, func=None):
        # CPython's register: a class (or a union of classes) with the function, as a decorator
        # factory without it, or a plain decorator whose function's first annotation names the
        # class (typing.get_type_hints resolves string annotations).
        if _valid(cls):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError(f"Invalid first argument to `register()`. {cls!r} is not a class or union type.")
            ann = getattr(cls, '__annotations__', {})
            if not ann:
                raise TypeError(f"Invalid first argument to `register()`: {cls!r}. "
                                f"Use either `@register(some_class)` or plain `@register` on an annotated function.")
            func = cls
            from typing import get_type_hints
            argname, cls = next(iter(get_type_hints(func).items()))
            if not _valid(cls):
                if _is_union(cls):
                    raise TypeError(f"Invalid annotation for {argname!r}. {cls!r} not all arguments are classes.")
                raise TypeError(f"Invalid annotation for {argname!r}. {cls!r} is not a class.")
        if _is_union(cls):
            for arg in cls.__args__:
                registry[arg] = func
        else:
            registry[cls] = func
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f'{funcname} requires at least 1 positional argument')
        return dispatch(type(args[0]))(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    def __init__(self, func):
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        dispatcher = self.dispatcher

        def method(*args, **kwargs):
            return dispatcher.dispatch(type(args[0]))(obj, *args, **kwargs)
        method.register = self.register
        return method
