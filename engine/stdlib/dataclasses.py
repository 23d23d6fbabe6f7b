# dataclasses: @dataclass turns a class's annotated fields (its __annotations__, base dataclasses'
# fields first) into __init__, __repr__, __eq__, the order methods, __hash__ and frozen
# __setattr__/__delattr__, with CPython 3.11's rules and messages; field(), fields, asdict, astuple,
# replace, is_dataclass, make_dataclass, InitVar, KW_ONLY and __post_init__. The generated methods are
# ordinary functions that read the field list (Kiln has no exec), so their signatures show as
# (*args, **kwargs). slots=True makes a new class with __slots__ of the fields (weakref_slot adds
# '__weakref__'), as CPython does; methods that use zero-argument super() keep the first class.

import copy as _copy
from types import MappingProxyType as _MappingProxyType

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY', 'MISSING', 'fields',
           'asdict', 'astuple', 'make_dataclass', 'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    def __repr__(self):
        return 'KW_ONLY'


KW_ONLY = _KW_ONLY_TYPE()


class InitVar:
    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            return f'dataclasses.InitVar[{self.type.__name__}]'
        return f'dataclasses.InitVar[{self.type!r}]'

    def __class_getitem__(cls, type):
        return InitVar(type)


class _FIELD_BASE:
    # the field kinds: singletons whose repr (in a Field's repr) is their name, as CPython's
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')


_EMPTY_METADATA = _MappingProxyType({})


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        # read-only, as CPython's (an empty one shared by the fields given none)
        self.metadata = _EMPTY_METADATA if metadata is None else _MappingProxyType(metadata)
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field(' f'name={self.name!r},' f'type={self.type!r},' f'default={self.default!r},'
                f'default_factory={self.default_factory!r},' f'init={self.init!r},' f'repr={self.repr!r},'
                f'hash={self.hash!r},' f'compare={self.compare!r},' f'metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r},' f'_field_type={self._field_type})')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func is not None:
            func(self.default, owner, name)


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
          metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams(' f'init={self.init!r},' f'repr={self.repr!r},' f'eq={self.eq!r},'
                f'order={self.order!r},' f'unsafe_hash={self.unsafe_hash!r},' f'frozen={self.frozen!r}' ')')


def _is_classvar(tp):
    if tp is None:
        return False
    name = getattr(tp, '_name', None)
    origin = getattr(tp, '__origin__', None)
    if name == 'ClassVar' or getattr(origin, '_name', None) == 'ClassVar':
        return True
    return isinstance(tp, str) and (tp.startswith('ClassVar') or tp.startswith('typing.ClassVar'))


def _is_initvar(tp):
    return tp is InitVar or isinstance(tp, InitVar) or (isinstance(tp, str) and tp.startswith('InitVar'))


def _is_kw_only(tp):
    return tp is KW_ONLY or (isinstance(tp, str) and tp in ('KW_ONLY', 'dataclasses.KW_ONLY'))


def _get_field(cls, name, tp, default_kw_only):
    default = cls.__dict__.get(name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = name
    f.type = tp
    f._field_type = _FIELD
    if _is_classvar(tp):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(tp):
        f._field_type = _FIELD_INITVAR
    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError(f'field {f.name} cannot have a default factory')
    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        if f.kw_only is not MISSING:
            raise TypeError(f'field {f.name} is a ClassVar but specifies kw_only')
    if f._field_type == _FIELD and f.default is not MISSING and (isinstance(f.default, (list, dict, set)) or
                                                                 getattr(type(f.default), '__hash__', 0) is None):
        raise ValueError(f'mutable default {type(f.default)} for field {f.name} is not allowed: use default_factory')
    return f


def _missing_message(qualname, names, kind):
    if len(names) == 1:
        listed = repr(names[0])
    elif len(names) == 2:
        listed = f'{names[0]!r} and {names[1]!r}'
    else:
        listed = ', '.join([repr(n) for n in names[:-1]]) + f', and {names[-1]!r}'
    s = 's' if len(names) > 1 else ''
    return f'{qualname}.__init__() missing {len(names)} required {kind} argument{s}: {listed}'


def _make_init(cls, all_fields, has_post_init, frozen):
    init_fields = [f for f in all_fields if f._field_type in (_FIELD, _FIELD_INITVAR) and f.init]
    positional = [f for f in init_fields if not f.kw_only]
    kwonly = [f for f in init_fields if f.kw_only]
    seen_default = False
    for f in positional:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f'non-default argument {f.name!r} follows default argument')
    qualname = cls.__qualname__

    def __init__(self, *args, **kwargs):
        if len(args) > len(positional):
            n = len(positional) + 1
            required = len([f for f in positional if f.default is MISSING and f.default_factory is MISSING]) + 1
            given = len(args) + 1
            if required == n:
                takes = f'{n} positional argument{"s" if n != 1 else ""}'
            else:
                takes = f'from {required} to {n} positional arguments'
            raise TypeError(f'{qualname}.__init__() takes {takes} but {given} were given')
        # The arguments stay in `values` and are never held in a local: CPython's generated
        # __init__ binds them as its parameters, and torch.compile names a graph node after the
        # first local that holds it (an inlined `v = ...` would rename `sin` to `v`).
        values = {}
        for i, f in enumerate(positional[:len(args)]):
            values[f.name] = args[i]
        names = [f.name for f in init_fields]
        for k in kwargs:
            if k not in names:
                raise TypeError(f"{qualname}.__init__() got an unexpected keyword argument '{k}'")
            if k in values:
                raise TypeError(f"{qualname}.__init__() got multiple values for argument '{k}'")
            values[k] = kwargs[k]
        missing_pos = [f.name for f in positional if f.name not in values and f.default is MISSING
                       and f.default_factory is MISSING]
        if missing_pos:
            raise TypeError(_missing_message(qualname, missing_pos, 'positional'))
        missing_kw = [f.name for f in kwonly if f.name not in values and f.default is MISSING
                      and f.default_factory is MISSING]
        if missing_kw:
            raise TypeError(_missing_message(qualname, missing_kw, 'keyword-only'))
        initvars = []
        for f in all_fields:
            if f._field_type == _FIELD_CLASSVAR:
                continue
            if f.init:
                if f.name not in values:
                    values[f.name] = f.default_factory() if f.default_factory is not MISSING else f.default
            elif f.default_factory is not MISSING:
                values[f.name] = f.default_factory()
            else:
                continue
            if f._field_type == _FIELD_INITVAR:
                initvars.append(values[f.name])
            elif frozen:
                object.__setattr__(self, f.name, values[f.name])
            else:
                setattr(self, f.name, values[f.name])
        if has_post_init:
            self.__post_init__(*initvars)
    __init__.__qualname__ = qualname + '.__init__'
    # CPython generates `def __init__(self, a: int, b: list = <factory>, *, c: str = 'x') -> None`;
    # this __init__ binds its arguments itself, so it carries that signature and those annotations
    # for inspect.signature(cls) and typing.get_type_hints(cls.__init__).
    import inspect as _inspect
    P = _inspect.Parameter
    params = [P('self', P.POSITIONAL_OR_KEYWORD)]
    annotations = {}
    for group, kind in ((positional, P.POSITIONAL_OR_KEYWORD), (kwonly, P.KEYWORD_ONLY)):
        for f in group:
            default = (f.default if f.default is not MISSING
                       else _HAS_DEFAULT_FACTORY if f.default_factory is not MISSING else P.empty)
            params.append(P(f.name, kind, default=default, annotation=f.type))
            annotations[f.name] = f.type
    annotations['return'] = None
    __init__.__signature__ = _inspect.Signature(params, return_annotation=None)
    __init__.__annotations__ = annotations
    return __init__


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


# The default a field with a default_factory shows in the generated __init__'s signature.
_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


_repr_running = []


def _make_repr(cls, flds):
    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.append(key)
        try:
            body = ', '.join([f'{f.name}={getattr(self, f.name)!r}' for f in flds])
        finally:
            _repr_running.remove(key)
        return f'{type(self).__qualname__}({body})'
    __repr__._kiln_dataclass_repr = True  # pprint's test for a generated repr
    return __repr__


def _tuple_of(obj, flds):
    return tuple([getattr(obj, f.name) for f in flds])


def _make_cmp(flds, op):
    def method(self, other):
        if other.__class__ is self.__class__:
            a = _tuple_of(self, flds)
            b = _tuple_of(other, flds)
            if op == '__eq__':
                return a == b
            if op == '__lt__':
                return a < b
            if op == '__le__':
                return a <= b
            if op == '__gt__':
                return a > b
            return a >= b
        return NotImplemented
    method.__name__ = op
    return method


def _make_hash(flds):
    def __hash__(self):
        return hash(_tuple_of(self, flds))
    return __hash__


def _make_frozen(cls):
    # Assigning or deleting any attribute of the class's own instances, or a field of a subclass's,
    # raises FrozenInstanceError (CPython's rule).
    def __setattr__(self, name, value):
        if type(self) is cls or name in cls.__dataclass_fields__:
            raise FrozenInstanceError(f"cannot assign to field '{name}'")
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in cls.__dataclass_fields__:
            raise FrozenInstanceError(f"cannot delete field '{name}'")
        object.__delattr__(self, name)
    return __setattr__, __delattr__


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots):
    # first, as CPython does (the class dict's order shows it)
    cls.__dataclass_params__ = _DataclassParams(init, repr, eq, order, unsafe_hash, frozen)
    all_fields = {}
    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = b.__dict__.get('__dataclass_fields__') if '__dataclass_fields__' in b.__dict__ else None
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                all_fields[f.name] = f
            if b.__dataclass_params__.frozen:
                any_frozen_base = True

    annotations = cls.__dict__.get('__annotations__', {}) if '__annotations__' in cls.__dict__ else {}
    own = []
    kw_only_now = kw_only
    kw_only_seen = False
    for name, tp in annotations.items():
        if _is_kw_only(tp):
            if kw_only_seen:
                raise TypeError(f'{name!r} is KW_ONLY, but KW_ONLY has already been specified')
            kw_only_seen = True
            kw_only_now = True
            continue
        own.append(_get_field(cls, name, tp, kw_only_now))
    for f in own:
        all_fields[f.name] = f
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError(f'{name!r} is a field but has no type annotation')

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    cls.__dataclass_fields__ = all_fields
    field_list = [f for f in all_fields.values() if f._field_type == _FIELD]
    # ClassVar pseudo-fields stay in __dataclass_fields__ (CPython keeps them there too).
    ordered = list(all_fields.values())

    # CPython's _set_new_attribute: __init__, __repr__ and __eq__ written in the class body stay
    # (the generated ones are not installed over them)
    if init and '__init__' not in cls.__dict__:
        has_post_init = hasattr(cls, '__post_init__')
        cls.__init__ = _make_init(cls, ordered, has_post_init, frozen)
    if repr and '__repr__' not in cls.__dict__:
        flds = [f for f in field_list if f.repr]
        cls.__repr__ = _make_repr(cls, flds)
    cmp_fields = [f for f in field_list if f.compare]
    if eq and '__eq__' not in cls.__dict__:
        cls.__eq__ = _make_cmp(cmp_fields, '__eq__')
    if order:
        if not eq:
            raise ValueError('eq must be true if order is true')
        for op in ('__lt__', '__le__', '__gt__', '__ge__'):
            if op in cls.__dict__:
                raise TypeError(f'Cannot overwrite attribute {op} in class {cls.__name__}. '
                                'Consider using functools.total_ordering')
            setattr(cls, op, _make_cmp(cmp_fields, op))
    if frozen:
        fset, fdel = _make_frozen(cls)
        for name, fn in (('__setattr__', fset), ('__delattr__', fdel)):
            if name in cls.__dict__:
                raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}')
            setattr(cls, name, fn)

    # __hash__ by CPython's table (unsafe_hash, eq, frozen, explicit __hash__ in the class body).
    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and '__eq__' in cls.__dict__))
    hash_fields = [f for f in field_list if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError(f'Cannot overwrite attribute __hash__ in class {cls.__name__}')
        cls.__hash__ = _make_hash(hash_fields)
    elif eq and frozen:
        if not has_explicit_hash:
            cls.__hash__ = _make_hash(hash_fields)
    elif eq:
        if not has_explicit_hash:
            cls.__hash__ = None

    if match_args and '__match_args__' not in cls.__dict__:
        cls.__match_args__ = tuple([f.name for f in ordered if f._field_type in (_FIELD, _FIELD_INITVAR)
                                    and f.init and not f.kw_only])
    return cls


def _dataclass_getstate(self):
    return [getattr(self, f.name) for f in fields(self)]


def _dataclass_setstate(self, state):
    for field, value in zip(fields(self), state):
        object.__setattr__(self, field.name, value)


def _add_slots(cls, is_frozen, weakref_slot):
    # CPython's _add_slots: the class is re-created with __slots__ naming the fields that no base
    # already has a slot for, and without the class attributes that held field defaults.
    if '__slots__' in cls.__dict__:
        raise TypeError(f'{cls.__name__} already specifies __slots__')
    cls_dict = dict(cls.__dict__)
    field_names = tuple(f.name for f in fields(cls))
    inherited = set()
    for base in cls.__mro__[1:-1]:
        slots = base.__dict__.get('__slots__', ())
        inherited.update((slots,) if isinstance(slots, str) else slots)
    wanted = field_names + (('__weakref__',) if weakref_slot else ())
    cls_dict['__slots__'] = tuple([n for n in wanted if n not in inherited])
    for name in field_names:
        cls_dict.pop(name, None)
    cls_dict.pop('__dict__', None)
    cls_dict.pop('__weakref__', None)
    qualname = getattr(cls, '__qualname__', None)
    new_cls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if qualname is not None:
        new_cls.__qualname__ = qualname
    if is_frozen:
        # the frozen __setattr__/__delattr__ compare with the class they belong to
        new_cls.__setattr__, new_cls.__delattr__ = _make_frozen(new_cls)
        # copy and pickle of a frozen slotted instance go through its state, set past the frozen
        # __setattr__ (CPython's _dataclass_getstate/_dataclass_setstate)
        if '__getstate__' not in cls_dict:
            new_cls.__getstate__ = _dataclass_getstate
        if '__setstate__' not in cls_dict:
            new_cls.__setstate__ = _dataclass_setstate
    return new_cls


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False, weakref_slot=False):
    def wrap(c):
        if weakref_slot and not slots:
            raise TypeError('weakref_slot is True but slots is False')
        c = _process_class(c, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots)
        if slots:
            c = _add_slots(c, frozen, weakref_slot)
        return c
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    try:
        flds = class_or_instance.__dataclass_fields__
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple([f for f in flds.values() if f._field_type == _FIELD])


def _is_dataclass_instance(obj):
    return hasattr(type(obj), '__dataclass_fields__')


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory)) for f in fields(obj)])
    if hasattr(type(obj), '_fields') and hasattr(obj, '_asdict'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory)) for k, v in obj.items()])
    return _copy.deepcopy(obj)


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if hasattr(type(obj), '_fields') and hasattr(obj, '_asdict'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory)) for k, v in obj.items()])
    return _copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def replace(obj, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in obj.__dataclass_fields__.values():
        if f._field_type == _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError(f'field {f.name} is declared with init=False, it cannot be specified with replace()')
            continue
        if f.name not in changes:
            if f._field_type == _FIELD_INITVAR and f.default is MISSING:
                raise ValueError(f"InitVar {f.name!r} must be specified with replace()")
            if f._field_type == _FIELD:
                changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True, order=False,
                   unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False, module=None):
    ns = dict(namespace) if namespace is not None else {}
    annotations = {}
    seen = []
    for item in fields:
        if isinstance(item, str):
            name, tp = item, 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            ns[name] = spec
        else:
            raise TypeError(f'Invalid field: {item!r}')
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError(f'Field names must be valid identifiers: {name!r}')
        if name in seen:
            raise TypeError(f'Field name duplicated: {name!r}')
        seen.append(name)
        annotations[name] = tp
    ns['__annotations__'] = annotations
    ns['__module__'] = module if module is not None else '__main__'
    cls = type(cls_name, bases or (object,), ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=match_args, kw_only=kw_only, slots=slots, weakref_slot=weakref_slot)
