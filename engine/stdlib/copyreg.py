# copyreg: the pickle support registry (pickle, constructor, dispatch_table) and the reconstruction
# helpers pickles name (_reconstructor, __newobj__, __newobj_ex__), as CPython 3.11 has them.
# Left out: the extension registry (add_extension and friends raise NotImplementedError).

__all__ = ["pickle", "constructor", "add_extension", "remove_extension", "clear_extension_cache"]

dispatch_table = {}


def pickle(ob_type, pickle_function, constructor_ob=None):
    if not callable(pickle_function):
        raise TypeError("reduction functions must be callable")
    dispatch_table[ob_type] = pickle_function
    if constructor_ob is not None:
        constructor(constructor_ob)


def constructor(object):
    if not callable(object):
        raise TypeError("constructors must be callable")


# CPython registers complex here (copyreg.pickle_complex): complex(real, imag) rebuilds it
def pickle_complex(c):
    return complex, (c.real, c.imag)


pickle(complex, pickle_complex, complex)


def _reconstructor(cls, base, state):
    if base is object:
        obj = object.__new__(cls)
    else:
        obj = base.__new__(cls, state)
        if base.__init__ != object.__init__:
            base.__init__(obj, state)
    return obj


def __newobj__(cls, *args):
    return cls.__new__(cls, *args)


def __newobj_ex__(cls, args, kwargs):
    return cls.__new__(cls, *args, **kwargs)


def _slotnames(cls):
    names = []
    for c in cls.__mro__:
        if "__slots__" in c.__dict__:
            slots = c.__dict__['__slots__']
            if isinstance(slots, str):
                slots = (slots,)
            for name in slots:
                if name in ("__dict__", "__weakref__"):
                    continue
                if name.startswith('__') and not name.endswith('__'):
                    stripped = c.__name__.lstrip('_')
                    if stripped:
                        name = '_%s%s' % (stripped, name)
                names.append(name)
    return names


def add_extension(module, name, code):
    raise NotImplementedError("copyreg.add_extension is not supported in Kiln")


def remove_extension(module, name, code):
    raise NotImplementedError("copyreg.remove_extension is not supported in Kiln")


def clear_extension_cache():
    pass
