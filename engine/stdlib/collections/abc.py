# collections.abc: the container ABCs. A class counts as a virtual subclass when it (or a base)
# defines the methods the ABC needs (CPython's __subclasshook__ rule); Kiln's built-in types (list,
# tuple, str, dict, range, set) are registered with the ABCs CPython's are. The ABCs CPython makes
# generic subscript to a types.GenericAlias (Sequence[int]); Callable[[int], str] to the alias subclass
# _CallableGenericAlias, which the engine defines in this module's dict before this file runs.

from abc import ABCMeta, abstractmethod

_GenericAlias = type(list[int])  # types.GenericAlias

__all__ = ['Awaitable', 'Coroutine', 'AsyncIterable', 'AsyncIterator', 'AsyncGenerator', 'Hashable', 'Iterable',
           'Iterator', 'Generator', 'Reversible', 'Sized', 'Container', 'Callable', 'Collection', 'Set',
           'MutableSet', 'Mapping', 'MutableMapping', 'MappingView', 'KeysView', 'ItemsView', 'ValuesView',
           'Sequence', 'MutableSequence', 'ByteString']


def _check_methods(C, *methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


class Hashable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __hash__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Hashable:
            for B in C.__mro__:
                if '__hash__' in B.__dict__:
                    return B.__dict__['__hash__'] is not None
            return True
        return NotImplemented


class Awaitable(metaclass=ABCMeta):
    __slots__ = ()
    __class_getitem__ = classmethod(_GenericAlias)

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Awaitable:
            return _check_methods(C, '__await__')
        return NotImplemented


class Coroutine(Awaitable):
    __slots__ = ()


class AsyncIterable(metaclass=ABCMeta):
    __slots__ = ()
    __class_getitem__ = classmethod(_GenericAlias)

    @classmethod
    def __subclasshook__(cls, C):
        if cls is AsyncIterable:
            return _check_methods(C, '__aiter__')
        return NotImplemented


class AsyncIterator(AsyncIterable):
    __slots__ = ()


class AsyncGenerator(AsyncIterator):
    __slots__ = ()


class Iterable(metaclass=ABCMeta):
    __slots__ = ()
    __class_getitem__ = classmethod(_GenericAlias)

    @abstractmethod
    def __iter__(self):
        while False:
            pass
        return iter(())

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Iterable:
            return _check_methods(C, '__iter__')
        return NotImplemented


class Iterator(Iterable):
    __slots__ = ()

    @abstractmethod
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Iterator:
            return _check_methods(C, '__iter__', '__next__')
        return NotImplemented


class Reversible(Iterable):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Reversible:
            return _check_methods(C, '__reversed__', '__iter__')
        return NotImplemented


class Generator(Iterator):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Generator:
            return _check_methods(C, '__iter__', '__next__', 'send', 'throw', 'close')
        return NotImplemented


class Sized(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __len__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return _check_methods(C, '__len__')
        return NotImplemented


class Container(metaclass=ABCMeta):
    __slots__ = ()
    __class_getitem__ = classmethod(_GenericAlias)

    @abstractmethod
    def __contains__(self, x):
        return False

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Container:
            return _check_methods(C, '__contains__')
        return NotImplemented


class Collection(Sized, Iterable, Container):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Collection:
            return _check_methods(C, '__len__', '__iter__', '__contains__')
        return NotImplemented


class _CallableMeta(ABCMeta):
    def __instancecheck__(cls, instance):
        if cls is Callable:
            return callable(instance)
        return super().__instancecheck__(instance)


class Callable(metaclass=_CallableMeta):
    __slots__ = ()
    __class_getitem__ = classmethod(_CallableGenericAlias)

    @abstractmethod
    def __call__(self, *args, **kwds):
        return False

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Callable:
            return _check_methods(C, '__call__')
        return NotImplemented


class Set(Collection):
    __slots__ = ()


class MutableSet(Set):
    __slots__ = ()


class Mapping(Collection):
    __slots__ = ()

    # Py_TPFLAGS_MAPPING: subclasses and registered classes are mappings to the match statement
    __abc_tpflags__ = 1 << 6

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True

    def keys(self):
        return [k for k in self]

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    __reversed__ = None


class MutableMapping(Mapping):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError

    @abstractmethod
    def __delitem__(self, key):
        raise KeyError

    def pop(self, key, *default):
        try:
            value = self[key]
        except KeyError:
            if default:
                return default[0]
            raise
        del self[key]
        return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        for k in list(self):
            del self[k]

    def update(self, other=(), **kwds):
        if isinstance(other, Mapping) or isinstance(other, dict):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


class MappingView(Sized):
    __slots__ = ()
    __class_getitem__ = classmethod(_GenericAlias)


class KeysView(MappingView, Set):
    __slots__ = ()


class ItemsView(MappingView, Set):
    __slots__ = ()


class ValuesView(MappingView, Collection):
    __slots__ = ()


class Sequence(Reversible, Collection):
    __slots__ = ()

    # Py_TPFLAGS_SEQUENCE: subclasses and registered classes are sequences to the match statement
    __abc_tpflags__ = 1 << 5

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        return _SequenceIterator(self)

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        return iter([self[i] for i in range(len(self) - 1, -1, -1)])

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum([1 for v in self if v is value or v == value])


class _SequenceIterator:
    def __init__(self, seq):
        self._seq = seq
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        try:
            v = self._seq[self._i]
        except IndexError:
            raise StopIteration
        self._i += 1
        return v


class MutableSequence(Sequence):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, index, value):
        raise IndexError

    @abstractmethod
    def __delitem__(self, index):
        raise IndexError

    @abstractmethod
    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        while len(self):
            self.pop()

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


class ByteString(Sequence):
    __slots__ = ()


# Kiln's built-in types, registered as CPython's are.
for _t in (list, tuple, str, range):
    Sequence.register(_t)
MutableSequence.register(list)
for _t in (dict,):
    MutableMapping.register(_t)
for _t in (list, tuple, str, dict, range, set):
    Iterable.register(_t)
    Sized.register(_t)
    Container.register(_t)
    Collection.register(_t)
for _t in (list, tuple, str, dict, range):
    Reversible.register(_t)
MutableSet.register(set)
for _t in (int, float, bool, str, tuple, range, type(None), type):
    Hashable.register(_t)
