# abc: abstract base classes. ABCMeta records a class's abstract methods in __abstractmethods__ (the
# VM refuses to instantiate a class whose set is not empty, with CPython's message), and answers
# isinstance/issubclass for virtual subclasses added with register() or accepted by
# __subclasshook__. __abstractmethods__ is a frozenset, as in CPython.

import _kiln_abc

__all__ = ['ABC', 'ABCMeta', 'abstractmethod', 'abstractclassmethod', 'abstractstaticmethod', 'abstractproperty',
           'get_cache_token', 'update_abstractmethods']


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    if getattr(value, '__isabstractmethod__', False):
        return True
    if isinstance(value, property):
        for f in (value.fget, value.fset, value.fdel):
            if f is not None and getattr(f, '__isabstractmethod__', False):
                return True
    if isinstance(value, (classmethod, staticmethod)):
        return getattr(getattr(value, '__func__', None), '__isabstractmethod__', False)
    return False


# The deprecated spellings (Kiln cannot subclass classmethod/staticmethod/property: these mark the
# wrapped function abstract and wrap it).
def abstractclassmethod(callable):
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    if fget is not None:
        fget.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


def update_abstractmethods(cls):
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    abstracts = []
    for base in cls.__bases__:
        for name in getattr(base, '__abstractmethods__', ()):
            value = getattr(cls, name, None)
            if _is_abstract(value) and name not in abstracts:
                abstracts.append(name)
    for name, value in cls.__dict__.items():
        if _is_abstract(value) and name not in abstracts:
            abstracts.append(name)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls


_token = [0]


def get_cache_token():
    return _token[0]


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        abstracts = [n for n, value in namespace.items() if _is_abstract(value)]
        for base in bases:
            for n in getattr(base, '__abstractmethods__', ()):
                value = getattr(cls, n, None)
                if _is_abstract(value) and n not in abstracts:
                    abstracts.append(n)
        cls.__abstractmethods__ = frozenset(abstracts)
        # CPython's _abc_init: `__abc_tpflags__` in the body (collections.abc.Sequence and Mapping)
        # makes the class a sequence or mapping for the match statement, and leaves the namespace
        if '__abc_tpflags__' in namespace:
            _kiln_abc.set_collection_flags(cls, namespace['__abc_tpflags__'])
            delattr(cls, '__abc_tpflags__')
        cls._abc_registry = []
        cls._abc_subclasses = []
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('Can only register classes')
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError('Refusing to create an inheritance cycle')
        cls._abc_registry.append(subclass)
        # CPython's _abc_register: a registered class (not a built-in one) takes the ABC's
        # sequence/mapping flag for the match statement
        _kiln_abc.set_collection_flags(subclass, _kiln_abc.collection_flags(cls))
        _token[0] += 1
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if cls in subclass.__mro__:
            return True
        hook = getattr(cls, '__subclasshook__', None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        for r in cls._abc_registry:
            if issubclass(subclass, r):
                return True
        for scls in cls._abc_subclasses:
            if issubclass(subclass, scls):
                return True
        return False


class ABC(metaclass=ABCMeta):
    __slots__ = ()
