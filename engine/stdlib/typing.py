# typing: every public name of CPython 3.12's typing (TypeAliasType and the helpers behind PEP 695's syntax too),
# importable and subscriptable, with CPython's reprs (typing.List[int], typing.Optional[str], typing.Union[int, str, NoneType], ~T), get_origin/
# get_args/get_type_hints, cast, overload, NamedTuple and TypedDict classes. Nothing is checked.
# isinstance()/issubclass() against the bare aliases (typing.Sequence, typing.Callable) check their
# collections.abc origin, Unions check each member, subscripted aliases and Any refuse as in CPython.
# Subscripted bases go through
# PEP 560's __mro_entries__ as in CPython: class Box(Generic[T]) derives from Generic with
# __parameters__ (T,), class D(Dataset[int]) from Dataset, class L(List[int]) from list and Generic,
# and the class keeps the aliases as __orig_bases__.

import collections as _collections
import types as _types
import sys as _sys
import collections.abc as _abc
import abc as _abcmod

TYPE_CHECKING = False


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if obj is None:
        return 'None'
    if type(obj).__name__ == 'function':
        return obj.__name__
    if isinstance(obj, list):
        return '[' + ', '.join([_type_repr(a) for a in obj]) + ']'
    return repr(obj)


def _arg_repr(obj):
    if obj is None:
        return 'NoneType'
    if obj is type(None):
        return 'NoneType'
    return _type_repr(obj)


def _convert(arg):
    if arg is None:
        return type(None)
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


class ForwardRef:
    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError(f'Forward reference must be a string -- got {arg!r}')
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(self.__forward_arg__)

    def __repr__(self):
        return f'ForwardRef({self.__forward_arg__!r})'


class _Final:
    pass


def _collect_parameters(args):
    # The type variables of args in order of first appearance, nested aliases included
    # (Union[T, Tuple[T, S]] has (T, S)); classes have none.
    out = []
    for a in args:
        if isinstance(a, type):
            continue
        found = [a] if isinstance(a, TypeVar) else list(getattr(a, '__parameters__', ()) or ())
        for p in found:
            if p not in out:
                out.append(p)
    return tuple(out)


def _substitute(arg, subst):
    if isinstance(arg, TypeVar):
        return subst.get(arg, arg)
    # Any hint with parameters of its own (List[T], PEP 585's tuple[T, T], PEP 604's list[T] | None)
    # is subscripted with its share, as CPython's _determine_new_args does.
    params = None if isinstance(arg, type) else getattr(arg, '__parameters__', None)
    if params:
        return arg[tuple([subst.get(p, p) for p in params])]
    return arg


def _alias_mro_entries(alias, bases):
    # CPython's _BaseGenericAlias.__mro_entries__: the origin class, plus Generic unless a later base
    # is a generic alias or a Generic subclass already.
    res = []
    if alias.__origin__ not in bases:
        res.append(alias.__origin__)
    i = bases.index(alias)
    for b in bases[i + 1:]:
        if isinstance(b, (_GenericAlias, _SpecialGenericAlias)) or (isinstance(b, type) and issubclass(b, Generic)):
            break
    else:
        res.append(Generic)
    return tuple(res)


class _GenericAlias(_Final):
    # X[args]: __origin__ is the class (list for List[int]), __args__ the parameters.
    def __init__(self, origin, args, name=None, inst=True):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = tuple([a if a is ... or isinstance(a, list) else _convert(a) for a in args])
        self._name = name
        self._inst = inst
        self.__parameters__ = _collect_parameters(self.__args__)

    def __repr__(self):
        name = 'typing.' + self._name if self._name else _type_repr(self.__origin__)
        if not self.__args__:
            return f'{name}[()]'
        return f'{name}[' + ', '.join([_arg_repr(a) for a in self.__args__]) + ']'

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f'Type {self._name} cannot be instantiated; use {self.__origin__.__name__}() instead')
        return self.__origin__(*args, **kwargs)

    def __getitem__(self, params):
        # Substitutes the alias's type variables (List[T][int] is List[int]).
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) != len(self.__parameters__):
            raise TypeError(f'Too {"many" if len(params) > len(self.__parameters__) else "few"} arguments for {self!r}; '
                            f'actual {len(params)}, expected {len(self.__parameters__)}')
        subst = dict(zip(self.__parameters__, params))
        return self.__class__(self.__origin__, tuple([_substitute(a, subst) for a in self.__args__]), self._name,
                              self._inst)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        if isinstance(self.__origin__, _SpecialForm):
            raise TypeError(f"Cannot subclass {self!r}")
        if self._name:
            return _alias_mro_entries(self, bases)
        if self.__origin__ is Generic:
            # Generic[T] adds nothing when Protocol or a later subscripted base brings Generic
            if Protocol in bases:
                return ()
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _GenericAlias) and b is not self:
                    return ()
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")


class _UnionAlias(_GenericAlias):
    # CPython's _UnionGenericAlias: the order of the members does not matter for == and hash
    def __eq__(self, other):
        if not isinstance(other, _UnionAlias):
            return NotImplemented
        try:
            return set(self.__args__) == set(other.__args__)
        except TypeError:  # an unhashable argument
            return self.__args__ == other.__args__

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and type(None) in args:
            other = args[0] if args[1] is type(None) else args[1]
            return f'typing.Optional[{_arg_repr(other)}]'
        return 'typing.Union[' + ', '.join([_arg_repr(a) for a in args]) + ']'

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if issubclass(cls, arg):
                return True


class _CallableAlias(_GenericAlias):
    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and args[0] is ...:
            return f'typing.Callable[..., {_arg_repr(args[1])}]'
        if len(args) == 2 and _is_param_expr(args[0]):
            return f'typing.Callable[{_arg_repr(args[0])}, {_arg_repr(args[1])}]'
        params = ', '.join([_arg_repr(a) for a in args[:-1]])
        return f'typing.Callable[[{params}], {_arg_repr(args[-1])}]'


def _is_param_expr(arg):
    return isinstance(arg, ParamSpec) or (isinstance(arg, _GenericAlias) and arg._name == 'Concatenate')


class _LiteralAlias(_GenericAlias):
    def __init__(self, origin, args, name=None, inst=True):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self._name = name
        self._inst = False
        self.__parameters__ = ()

    def __repr__(self):
        return 'typing.Literal[' + ', '.join([repr(a) for a in self.__args__]) + ']'


class _SpecialGenericAlias(_Final):
    # The bare names (List, Dict, Callable, ...): subscripting gives a _GenericAlias.
    def __init__(self, origin, nparams, name, inst=True):
        self.__origin__ = origin
        self._nparams = nparams
        self._name = name
        self._inst = inst

    def __repr__(self):
        return 'typing.' + self._name

    def __mro_entries__(self, bases):
        return _alias_mro_entries(self, bases)

    def __instancecheck__(self, obj):
        # CPython checks type(obj) against the origin; isinstance on the origin gives the same answer
        # and also covers Kiln's builtin callables, whose types list no __call__ in their __dict__
        return isinstance(obj, self.__origin__)

    def __subclasscheck__(self, cls):
        # the bare aliases check against their origin: isinstance(x, typing.Sequence) is
        # isinstance(x, collections.abc.Sequence)
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        if not isinstance(cls, _GenericAlias):
            return issubclass(cls, self.__origin__)
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if self._name == 'Callable':
            if len(params) != 2:
                raise TypeError('Callable must be used as Callable[[arg, ...], result].')
            args, result = params
            if args is ...:
                return _CallableAlias(self.__origin__, (..., result), 'Callable', True)
            if isinstance(args, ParamSpec) or (isinstance(args, _GenericAlias) and args._name == 'Concatenate'):
                # a parameter expression stands for the whole argument list (PEP 612)
                return _CallableAlias(self.__origin__, (args, result), 'Callable', True)
            if not isinstance(args, (list, tuple)):
                raise TypeError(f'Callable[args, result]: args must be a list. Got {_type_repr(args)}')
            return _CallableAlias(self.__origin__, tuple(args) + (result,), 'Callable', True)
        if self._name == 'Tuple':
            if params == ((),):
                return _GenericAlias(tuple, (), 'Tuple', False)
            return _GenericAlias(tuple, params, 'Tuple', False)
        if self._nparams >= 0 and len(params) != self._nparams:
            many = 'many' if len(params) > self._nparams else 'few'
            raise TypeError(f'Too {many} arguments for {self!r}; actual {len(params)}, expected {self._nparams}')
        return _GenericAlias(self.__origin__, params, self._name, self._inst)

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f'Type {self._name} cannot be instantiated; use {self.__origin__.__name__}() instead')
        return self.__origin__(*args, **kwargs)

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self._name == other._name

    def __hash__(self):
        return hash((self.__origin__, self._name))

    def __or__(self, other):
        return Union[self, other]


class _SpecialForm(_Final):
    def __init__(self, name, getitem=None):
        self._name = name
        self._getitem = getitem

    def __repr__(self):
        return 'typing.' + self._name

    def __getitem__(self, parameters):
        if self._getitem is None:
            raise TypeError(f'{self!r} is not subscriptable')
        return self._getitem(self, parameters)

    def __call__(self, *args, **kwargs):
        if self._name == 'Any':
            raise TypeError('Any cannot be instantiated')
        raise TypeError(f'Cannot instantiate {self!r}')

    def __instancecheck__(self, obj):
        raise TypeError(f"{self} cannot be used with isinstance()")

    def __subclasscheck__(self, cls):
        if self._name == 'Any':
            # CPython 3.12's Any is a class of its own metaclass: no class derives from it
            return False
        raise TypeError(f"{self} cannot be used with issubclass()")

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        p = _convert(p)
        if isinstance(p, _UnionAlias):
            items = p.__args__
        else:
            items = (p,)
        for q in items:
            if q not in flat:
                flat.append(q)
    if len(flat) == 1:
        return flat[0]
    return _UnionAlias(Union, tuple(flat), 'Union', False)


def _optional_getitem(self, parameters):
    if isinstance(parameters, tuple) and len(parameters) != 1:
        raise TypeError(f'typing.Optional requires a single type. Got {parameters!r}.')
    return Union[parameters, None]


def _single_getitem(self, parameters):
    if isinstance(parameters, tuple) and len(parameters) != 1:
        raise TypeError(f'{self} accepts only single type.')
    return _GenericAlias(self, parameters, self._name, False)


def _literal_getitem(self, parameters):
    return _LiteralAlias(self, parameters, 'Literal', False)


def _annotated_getitem(self, params):
    if not isinstance(params, tuple) or len(params) < 2:
        raise TypeError('Annotated[...] should be used with at least two arguments (a type and an annotation).')
    origin, metadata = params[0], tuple(params[1:])
    if isinstance(origin, _AnnotatedAlias):  # Annotated[Annotated[T, a], b] is Annotated[T, a, b]
        metadata = origin.__metadata__ + metadata
        origin = origin.__origin__
    alias = _AnnotatedAlias(origin, (origin,), None, False)
    alias.__metadata__ = metadata
    return alias


class _AnnotatedAlias(_GenericAlias):
    # Annotated[T, x, ...]: T with its metadata, printed and compared with it as CPython does
    def __repr__(self):
        return 'typing.Annotated[{}, {}]'.format(_type_repr(self.__origin__),
                                                 ', '.join(repr(a) for a in self.__metadata__))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)


def _concat_getitem(self, parameters):
    return _GenericAlias(self, parameters, 'Concatenate', False)


Any = _SpecialForm('Any')
NoReturn = _SpecialForm('NoReturn')
Never = _SpecialForm('Never')
Self = _SpecialForm('Self')
LiteralString = _SpecialForm('LiteralString')
TypeAlias = _SpecialForm('TypeAlias')
Union = _SpecialForm('Union', _union_getitem)
Optional = _SpecialForm('Optional', _optional_getitem)
ClassVar = _SpecialForm('ClassVar', _single_getitem)
Final = _SpecialForm('Final', _single_getitem)
TypeGuard = _SpecialForm('TypeGuard', _single_getitem)
Required = _SpecialForm('Required', _single_getitem)
NotRequired = _SpecialForm('NotRequired', _single_getitem)
Unpack = _SpecialForm('Unpack', _single_getitem)
Literal = _SpecialForm('Literal', _literal_getitem)
Annotated = _SpecialForm('Annotated', _annotated_getitem)
Concatenate = _SpecialForm('Concatenate', _concat_getitem)


class TypeVar(_Final):
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False, infer_variance=False):
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        if infer_variance and (covariant or contravariant):
            raise ValueError('Variance cannot be specified with infer_variance.')
        if len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        self.__name__ = name
        self._constraints = tuple([_convert(c) for c in constraints])
        self._bound = _convert(bound) if bound is not None else None
        self._lazy = None  # PEP 695: (is_constraints, thunk), evaluated at first use
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        self.__infer_variance__ = bool(infer_variance)

    def _evaluate(self):
        if self._lazy is not None:
            constraints, thunk = self._lazy
            value = thunk()
            self._lazy = None
            if constraints:
                self._constraints = tuple([_convert(c) for c in value])
            else:
                self._bound = _convert(value)

    @property
    def __bound__(self):
        self._evaluate()
        return self._bound

    @property
    def __constraints__(self):
        self._evaluate()
        return self._constraints

    def __repr__(self):
        if self.__infer_variance__:
            return self.__name__
        prefix = '+' if self.__covariant__ else '-' if self.__contravariant__ else '~'
        return prefix + self.__name__

    def __typing_subst__(self, arg):
        # What replaces this variable when a hint over it is subscripted (types.GenericAlias and
        # types.UnionType call it too).
        return _convert(arg)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class TypeVarTuple(_Final):
    def __init__(self, name):
        self.__name__ = name

    def __repr__(self):
        return self.__name__


class ParamSpecArgs(_Final):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f'{self.__origin__.__name__}.args'


class ParamSpecKwargs(_Final):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f'{self.__origin__.__name__}.kwargs'


class ParamSpec(_Final):
    def __init__(self, name, *, bound=None, covariant=False, contravariant=False, infer_variance=False):
        self.__name__ = name
        self.__infer_variance__ = bool(infer_variance)
        self.__bound__ = bound
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant
        self.args = ParamSpecArgs(self)
        self.kwargs = ParamSpecKwargs(self)

    def __repr__(self):
        if self.__infer_variance__:
            return self.__name__
        prefix = '+' if self.__covariant__ else '-' if self.__contravariant__ else '~'
        return prefix + self.__name__


class TypeAliasType(_Final):
    # PEP 695's `type X[T] = VALUE` (CPython 3.12's typealiasobject.c): the value is evaluated at the
    # first __value__, so an alias may name what is defined after it.
    def __init__(self, name, value, *, type_params=()):
        if not isinstance(name, str):
            raise TypeError("TypeAliasType() argument 'name' must be str, not " + type(name).__name__)
        if not isinstance(type_params, tuple):
            raise TypeError('type_params must be a tuple')
        self.__name__ = name
        self.__type_params__ = type_params
        self.__parameters__ = type_params
        self._value = value
        self._thunk = None
        try:
            self.__module__ = _sys._getframe(1).f_globals.get('__name__', '__main__')
        except Exception:
            self.__module__ = '__main__'

    @property
    def __value__(self):
        if self._thunk is not None:
            self._value = self._thunk()
            self._thunk = None
        return self._value

    def __repr__(self):
        return self.__name__

    def __getitem__(self, params):
        if not self.__type_params__:
            raise TypeError('Only generic type aliases are subscriptable')
        return _GenericAlias(self, params)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __init_subclass__(cls, *args, **kwargs):
        raise TypeError("type 'typing.TypeAliasType' is not an acceptable base type")

    def __reduce__(self):
        return self.__name__


def _type_param(kind, name, thunk=None):
    # A PEP 695 type parameter, made by a generic definition's annotation scope (the parser's
    # generic_scope). kind: 0 TypeVar (thunk: its bound), 3 TypeVar with constraints (`T: (A, B)`),
    # 1 TypeVarTuple, 2 ParamSpec. A bound or constraints are evaluated lazily, at first use.
    if kind == 1:
        return TypeVarTuple(name)
    if kind == 2:
        return ParamSpec(name, infer_variance=True)
    tv = TypeVar(name, infer_variance=True)
    if thunk is not None:
        tv._lazy = (kind == 3, thunk)
    return tv


def _generic_base(params):
    # the implicit base of `class C[T]` (CPython's _Py_subscript_generic)
    return Generic[params]


def _type_alias(name, thunk, params):
    alias = TypeAliasType(name, None, type_params=params)
    alias._thunk = thunk
    try:
        alias.__module__ = _sys._getframe(1).f_globals.get('__name__', '__main__')
    except Exception:
        pass
    return alias


AnyStr = TypeVar('AnyStr', bytes, str)


class Generic:
    # class Box(Generic[T]) derives from Generic (the alias's __mro_entries__), keeps Generic[T] in
    # __orig_bases__ and gets __parameters__ (T,); Box[int] is an alias of Box.
    __slots__ = ()

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        if cls is Generic or cls is Protocol:
            if not params:
                raise TypeError(f"Parameter list to {cls.__qualname__}[...] cannot be empty")
            for p in params:
                if not isinstance(p, (TypeVar, ParamSpec, TypeVarTuple)):
                    raise TypeError(f"Parameters to {cls.__name__}[...] must all be type variables "
                                    f"or parameter specification variables.")
            if len(set(params)) != len(params):
                raise TypeError(f"Parameters to {cls.__name__}[...] must all be unique")
        return _GenericAlias(cls, params, None, True)

    def __init_subclass__(cls, *args, **kwargs):
        tvars = []
        if '__orig_bases__' in cls.__dict__:
            tvars = list(_collect_parameters(cls.__orig_bases__))
            gvars = None
            for base in cls.__orig_bases__:
                if isinstance(base, _GenericAlias) and base.__origin__ is Generic:
                    if gvars is not None:
                        raise TypeError("Cannot inherit from Generic[...] multiple times.")
                    gvars = list(base.__parameters__)
            if gvars is not None:
                missing = [t for t in tvars if t not in gvars]
                if missing:
                    s_vars = ', '.join(str(t) for t in missing)
                    s_args = ', '.join(str(g) for g in gvars)
                    raise TypeError(f"Some type variables ({s_vars}) are not listed in Generic[{s_args}]")
                tvars = gvars
        cls.__parameters__ = tuple(tvars)


# Protocols (PEP 544) as CPython 3.12 checks them at run time: a class deriving directly from
# Protocol is a protocol; its members are the names its own body and its protocol bases define or
# annotate. isinstance/issubclass against a protocol need @runtime_checkable and then test that the
# members are present (isinstance: on the object, a None value failing for methods; issubclass: in
# the class's MRO dicts, methods-only protocols); classes that subclass a protocol explicitly are
# ordinary ABCs (register() works).
_SPECIAL_NAMES = frozenset({
    '__abstractmethods__', '__annotations__', '__dict__', '__doc__', '__init__', '__module__', '__new__',
    '__slots__', '__subclasshook__', '__weakref__', '__class_getitem__', '__match_args__',
    '__parameters__', '__orig_bases__', '__orig_class__', '__protocol_attrs__',
    '__non_callable_proto_members__', '__type_params__', '__qualname__', '__init_subclass__',
    '_is_protocol', '_is_runtime_protocol', '__firstlineno__', '__static_attributes__',
    '__callable_proto_members_only__',
})


def _get_protocol_attrs(cls):
    attrs = set()
    for base in cls.__mro__[:-1]:  # without object
        if base.__name__ in {'Protocol', 'Generic'}:
            continue
        annotations = base.__dict__.get('__annotations__', {})
        for attr in (*base.__dict__, *annotations):
            if not attr.startswith('_abc_') and attr not in _SPECIAL_NAMES:
                attrs.add(attr)
    return attrs


def _no_init_or_replace_init(self, *args, **kwargs):
    cls = type(self)
    if cls.__dict__.get('_is_protocol', False):
        raise TypeError('Protocols cannot be instantiated')


def _proto_hook(cls, other):
    # the __subclasshook__ of a runtime protocol: every member found in other's MRO dicts
    if not cls.__dict__.get('_is_protocol', False):
        return NotImplemented
    for attr in cls.__protocol_attrs__:
        for base in other.__mro__:
            if attr in base.__dict__:
                if base.__dict__[attr] is None:
                    return NotImplemented
                break
            annotations = base.__dict__.get('__annotations__', {})
            if attr in annotations and getattr(other, '_is_protocol', False):
                break
        else:
            return NotImplemented
    return True


class _ProtocolMeta(_abcmod.ABCMeta):
    def __init__(cls, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if getattr(cls, '_is_protocol', False):
            cls.__protocol_attrs__ = _get_protocol_attrs(cls)

    def __instancecheck__(cls, instance):
        if cls is Protocol:
            return type.__instancecheck__(cls, instance)
        if not getattr(cls, '_is_protocol', False):
            return super().__instancecheck__(instance)
        if not getattr(cls, '_is_runtime_protocol', False):
            raise TypeError("Instance and class checks can only be used with @runtime_checkable protocols")
        # the ABC check without this class's issubclass refusals (CPython allows abc's own calls)
        if _abcmod.ABCMeta.__subclasscheck__(cls, type(instance)):
            return True
        for attr in cls.__protocol_attrs__:
            try:
                val = getattr(instance, attr)
            except AttributeError:
                break
            if val is None and attr not in cls.__non_callable_proto_members__:
                break
        else:
            return True
        return False

    def __subclasscheck__(cls, other):
        if cls is Protocol:
            return type.__subclasscheck__(cls, other)
        if getattr(cls, '_is_protocol', False):
            if not isinstance(other, type):
                raise TypeError('issubclass() arg 1 must be a class')
            if cls.__non_callable_proto_members__ and cls.__dict__.get('__subclasshook__') is _proto_hook_method:
                raise TypeError("Protocols with non-method members don't support issubclass()")
            if not getattr(cls, '_is_runtime_protocol', False):
                raise TypeError("Instance and class checks can only be used with @runtime_checkable protocols")
        return super().__subclasscheck__(other)

    @property
    def __non_callable_proto_members__(cls):
        return {attr for attr in cls.__protocol_attrs__ if not callable(getattr(cls, attr, None))}


_proto_hook_method = classmethod(_proto_hook)


class Protocol(Generic, metaclass=_ProtocolMeta):
    __slots__ = ()
    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if '__subclasshook__' not in cls.__dict__:
            cls.__subclasshook__ = _proto_hook_method
        if cls._is_protocol and cls.__init__ is Protocol.__init__:
            cls.__init__ = _no_init_or_replace_init


def runtime_checkable(cls):
    if not issubclass(cls, Generic) or not getattr(cls, '_is_protocol', False):
        raise TypeError('@runtime_checkable can be only applied to protocol classes, got %r' % cls)
    cls._is_runtime_protocol = True
    return cls


def _alias(origin, nparams, name, inst=True):
    return _SpecialGenericAlias(origin, nparams, name, inst)


List = _alias(list, 1, 'List', False)
Dict = _alias(dict, 2, 'Dict', False)
Set = _alias(set, 1, 'Set', False)
FrozenSet = _alias(set, 1, 'FrozenSet', False)
Tuple = _alias(tuple, -1, 'Tuple', False)
Type = _alias(type, 1, 'Type', False)
Callable = _alias(_abc.Callable, -1, 'Callable')
DefaultDict = _alias(_collections.defaultdict, 2, 'DefaultDict')
OrderedDict = _alias(_collections.OrderedDict, 2, 'OrderedDict')
Counter = _alias(_collections.Counter, 1, 'Counter')
ChainMap = _alias(_collections.ChainMap, 2, 'ChainMap')
Deque = _alias(_collections.deque, 1, 'Deque')
Iterable = _alias(_abc.Iterable, 1, 'Iterable')
Iterator = _alias(_abc.Iterator, 1, 'Iterator')
Reversible = _alias(_abc.Reversible, 1, 'Reversible')
Sized = _alias(_abc.Sized, 0, 'Sized')
Container = _alias(_abc.Container, 1, 'Container')
Collection = _alias(_abc.Collection, 1, 'Collection')
Hashable = _alias(_abc.Hashable, 0, 'Hashable')
Sequence = _alias(_abc.Sequence, 1, 'Sequence')
MutableSequence = _alias(_abc.MutableSequence, 1, 'MutableSequence')
AbstractSet = _alias(_abc.Set, 1, 'AbstractSet')
MutableSet = _alias(_abc.MutableSet, 1, 'MutableSet')
Mapping = _alias(_abc.Mapping, 2, 'Mapping')
MutableMapping = _alias(_abc.MutableMapping, 2, 'MutableMapping')
MappingView = _alias(_abc.MappingView, 1, 'MappingView')
KeysView = _alias(_abc.KeysView, 1, 'KeysView')
ItemsView = _alias(_abc.ItemsView, 2, 'ItemsView')
ValuesView = _alias(_abc.ValuesView, 1, 'ValuesView')
Generator = _alias(_abc.Generator, 3, 'Generator')
Awaitable = _alias(_abc.Awaitable, 1, 'Awaitable')
Coroutine = _alias(_abc.Coroutine, 3, 'Coroutine')
AsyncIterable = _alias(_abc.AsyncIterable, 1, 'AsyncIterable')
AsyncIterator = _alias(_abc.AsyncIterator, 1, 'AsyncIterator')
AsyncGenerator = _alias(_abc.AsyncGenerator, 2, 'AsyncGenerator')
ContextManager = _alias(_abc.Sized, 1, 'ContextManager')
AsyncContextManager = _alias(_abc.Sized, 1, 'AsyncContextManager')
ByteString = _alias(_abc.Sequence, 0, 'ByteString')
Pattern = _alias(str, 1, 'Pattern')
Match = _alias(str, 1, 'Match')
Text = str


@runtime_checkable
class SupportsInt(Protocol):
    __slots__ = ()

    def __int__(self):
        pass


@runtime_checkable
class SupportsFloat(Protocol):
    __slots__ = ()

    def __float__(self):
        pass


@runtime_checkable
class SupportsComplex(Protocol):
    __slots__ = ()

    def __complex__(self):
        pass


@runtime_checkable
class SupportsBytes(Protocol):
    __slots__ = ()

    def __bytes__(self):
        pass


@runtime_checkable
class SupportsIndex(Protocol):
    __slots__ = ()

    def __index__(self):
        pass


@runtime_checkable
class SupportsAbs(Protocol):
    __slots__ = ()

    def __abs__(self):
        pass


@runtime_checkable
class SupportsRound(Protocol):
    __slots__ = ()

    def __round__(self, ndigits=0):
        pass


class IO(Generic):
    pass


class TextIO(IO):
    pass


class BinaryIO(IO):
    pass


# ---- functions ----

def cast(typ, val):
    return val


def assert_type(val, typ):
    return val


def reveal_type(obj):
    import sys
    sys.stderr.write(f'Runtime type is {type(obj).__name__!r}\n')
    return obj


def assert_never(arg):
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError(f'Expected code to be unreachable, but got: {value}')


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        'You should not call an overloaded function. A series of @typing.overload-decorated functions '
        'outside a stub module should always be followed by an implementation that is not @typing.overload-decorated.')


# @overload's registry, as CPython's: module -> qualified name -> first line -> the overload, so
# get_overloads(f) lists a function's overloads in definition order (a redefinition on the same
# line, as in a loop, replaces its earlier one).
_overload_registry = {}


def overload(func):
    f = getattr(func, '__func__', func)
    try:
        lines = _overload_registry.setdefault(f.__module__, {}).setdefault(f.__qualname__, {})
        lines[f.__code__.co_firstlineno] = func
    except AttributeError:
        pass  # not a function (a builtin): nothing to register
    return _overload_dummy


def get_overloads(func):
    f = getattr(func, '__func__', func)
    module = _overload_registry.get(getattr(f, '__module__', None))
    if module is None or getattr(f, '__qualname__', None) not in module:
        return []
    return list(module[f.__qualname__].values())


def clear_overloads():
    _overload_registry.clear()


def final(f):
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def override(method, /):
    # 3.12 (PEP 698): marks the method for type checkers; an unwritable attribute is skipped
    try:
        method.__override__ = True
    except (AttributeError, TypeError):
        pass
    return method


def no_type_check(arg):
    return arg


def no_type_check_decorator(decorator):
    return decorator


def dataclass_transform(**kwargs):
    def decorator(cls_or_fn):
        return cls_or_fn
    return decorator


class NewType:
    # CPython 3.10+: a callable class whose instances return their argument and print as
    # module.name (the module of the line that made it)
    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        try:
            self.__module__ = _sys._getframe(1).f_globals.get('__name__', '__main__')
        except (AttributeError, ValueError):
            pass

    def __mro_entries__(self, bases):
        superclass_name = self.__name__

        class Dummy:
            def __init_subclass__(cls):
                subclass_name = cls.__name__
                raise TypeError(f"Cannot subclass an instance of NewType. Perhaps you were looking for: "
                                f"`{subclass_name} = NewType({subclass_name!r}, {superclass_name})`")

        return (Dummy,)

    def __repr__(self):
        return f'{self.__module__}.{self.__qualname__}'

    def __call__(self, x):
        return x

    def __reduce__(self):
        return self.__qualname__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


def get_origin(tp):
    if isinstance(tp, (_GenericAlias, _SpecialGenericAlias)):
        if isinstance(tp, _GenericAlias) and hasattr(tp, '__metadata__'):
            return Annotated
        return tp.__origin__
    if tp is Generic:
        return Generic
    if isinstance(tp, (_types.GenericAlias, _types.UnionType)):
        return _types.UnionType if isinstance(tp, _types.UnionType) else tp.__origin__
    return None


def get_args(tp):
    if isinstance(tp, _GenericAlias):
        if hasattr(tp, '__metadata__'):
            return (tp.__origin__,) + tp.__metadata__
        args = tp.__args__
        if isinstance(tp, _CallableAlias) and not (len(args) == 2 and (args[0] is ... or _is_param_expr(args[0]))):
            return (list(args[:-1]), args[-1])
        return args
    if isinstance(tp, (_types.GenericAlias, _types.UnionType)):
        return tp.__args__
    return ()


def _eval_hint(v, globalns, localns):
    # A string annotation (a forward reference, or every annotation under
    # `from __future__ import annotations`) is evaluated in the owner's namespace, as CPython's
    # ForwardRef._evaluate does; None stands for NoneType.
    if v is None:
        return type(None)
    if isinstance(v, ForwardRef):
        v = v.__forward_arg__
    if isinstance(v, str):
        v = eval(v, globalns, localns)
        if isinstance(v, (str, ForwardRef)):  # "'str'" under future annotations: a reference again
            return _eval_hint(v, globalns, localns)
        return type(None) if v is None else v
    return v


def _strip_annotations(t):
    # what get_type_hints gives without include_extras: Annotated[T, ...] and Required[T] /
    # NotRequired[T] are T (at the top of a hint; CPython also strips them inside other aliases)
    if isinstance(t, _AnnotatedAlias):
        return _strip_annotations(t.__origin__)
    if isinstance(t, _GenericAlias) and t.__origin__ in (Required, NotRequired):
        return _strip_annotations(t.__args__[0])
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    hints = _get_type_hints(obj, globalns, localns)
    if include_extras:
        return hints
    return {k: _strip_annotations(t) for k, t in hints.items()}


def _get_type_hints(obj, globalns, localns):
    if isinstance(obj, type):
        hints = {}
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get('__annotations__', {}) if '__annotations__' in base.__dict__ else {}
            if globalns is None:
                module = _sys.modules.get(getattr(base, '__module__', None), None)
                base_globals = getattr(module, '__dict__', {})
            else:
                base_globals = globalns
            base_locals = dict(vars(base)) if localns is None else localns
            if localns is None and globalns is None:
                # CPython swaps them so that eval looks in the module first (the pre-3.10 order)
                base_globals, base_locals = base_locals, base_globals
            for k, v in ann.items():
                hints[k] = _eval_hint(v, base_globals, base_locals)
        return hints
    ann = getattr(obj, '__annotations__', None)
    if ann is None:
        return {}
    if globalns is None:
        if isinstance(obj, type(_sys)):
            globalns = obj.__dict__
        else:
            nsobj = obj
            while hasattr(nsobj, '__wrapped__'):
                nsobj = nsobj.__wrapped__
            globalns = getattr(nsobj, '__globals__', {})
        if localns is None:
            localns = globalns
    elif localns is None:
        localns = globalns
    return {k: _eval_hint(v, globalns, localns) for k, v in ann.items()}


def is_typeddict(tp):
    return isinstance(tp, type) and getattr(tp, '__total__', None) is not None and hasattr(tp, '__required_keys__')


# ---- NamedTuple and TypedDict ----

class _NamedTupleMeta(type):
    def __new__(mcls, typename, bases, ns, **kwargs):
        if ns.get('_root', False):
            return super().__new__(mcls, typename, bases, ns)
        types = ns.get('__annotations__', {})
        field_names = list(types)
        defaults = []
        for name in field_names:
            if name in ns:
                defaults.append(ns[name])
            elif defaults:
                s = 's' if len(defaults) > 1 else ''
                raise TypeError(f'Non-default namedtuple field {name} cannot follow default field{s} '
                                f'{", ".join(field_names[len(field_names) - len(defaults) - 1:field_names.index(name)])}')
        nm_tpl = _collections.namedtuple(typename, field_names, defaults=defaults,
                                         module=ns.get('__module__', '__main__'))
        # CPython's _type_check: string annotations become ForwardRef objects
        nm_tpl.__annotations__ = {k: ForwardRef(v, module=ns.get('__module__')) if isinstance(v, str) else v
                                  for k, v in types.items()}
        for key, value in ns.items():
            if key in ('__module__', '__qualname__', '__annotations__', '__doc__') or key in field_names:
                continue
            if key in ('_make', '_asdict', '_replace', '_fields', '_field_defaults', '__new__', '__init__',
                       '__getnewargs__', '__slots__'):
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
            setattr(nm_tpl, key, value)
        return nm_tpl

    def __call__(cls, *args, **kwargs):
        # NamedTuple('Point', [('x', int), ('y', int)]): the functional form.
        if cls is NamedTuple:
            if len(args) == 1:
                fields = kwargs
            else:
                fields = dict(args[1]) if args[1] is not None else {}
            nt = _collections.namedtuple(args[0], list(fields))
            nt.__annotations__ = dict(fields)
            return nt
        return super().__call__(*args, **kwargs)


class NamedTuple(metaclass=_NamedTupleMeta):
    _root = True


class _TypedDictMeta(type):
    def __new__(mcls, name, bases, ns, total=True):
        if ns.get('_root', False):
            return super().__new__(mcls, name, bases, ns)
        annotations = {}
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}) if '__annotations__' in base.__dict__ else {})
        own_annotations = ns.get('__annotations__', {})
        annotations.update(own_annotations)
        ns = dict(ns)
        ns['__annotations__'] = annotations
        ns['__total__'] = total
        # CPython 3.12: inherited keys keep their kind; own keys follow total unless wrapped in
        # Required[...] / NotRequired[...]
        required, optional = set(), set()
        for base in bases:
            base_required = base.__dict__.get('__required_keys__', set())
            required |= base_required
            optional -= base_required
            base_optional = base.__dict__.get('__optional_keys__', set())
            required -= base_optional
            optional |= base_optional
        for key, tp in own_annotations.items():
            origin = getattr(tp, '__origin__', None)
            if origin is Required:
                is_required = True
            elif origin is NotRequired:
                is_required = False
            else:
                is_required = total
            if is_required:
                required.add(key)
                optional.discard(key)
            else:
                optional.add(key)
                required.discard(key)
        ns['__required_keys__'] = frozenset(required)
        ns['__optional_keys__'] = frozenset(optional)
        return super().__new__(mcls, name, (dict_factory_base,), ns)

    def __init__(cls, name, bases, ns, total=True):
        super().__init__(name, bases, ns)

    def __call__(cls, *args, **kwargs):
        if cls is TypedDict:
            name = args[0]
            fields = dict(args[1]) if len(args) > 1 else {}
            return _TypedDictMeta(name, (), {'__annotations__': fields, '__module__': '__main__'},
                                  total=kwargs.get('total', True))
        return dict(*args, **kwargs)


class dict_factory_base:
    pass


class TypedDict(metaclass=_TypedDictMeta):
    _root = True


__all__ = ['AbstractSet', 'Annotated', 'Any', 'AnyStr', 'AsyncContextManager', 'AsyncGenerator', 'AsyncIterable',
           'AsyncIterator', 'Awaitable', 'BinaryIO', 'ByteString', 'Callable', 'ChainMap', 'ClassVar', 'Collection',
           'Concatenate', 'Container', 'ContextManager', 'Coroutine', 'Counter', 'DefaultDict', 'Deque', 'Dict',
           'Final', 'ForwardRef', 'FrozenSet', 'Generator', 'Generic', 'Hashable', 'IO', 'ItemsView', 'Iterable',
           'Iterator', 'KeysView', 'List', 'Literal', 'LiteralString', 'Mapping', 'MappingView', 'Match',
           'MutableMapping', 'MutableSequence', 'MutableSet', 'NamedTuple', 'Never', 'NewType', 'NoReturn',
           'NotRequired', 'Optional', 'OrderedDict', 'ParamSpec', 'ParamSpecArgs', 'ParamSpecKwargs', 'Pattern',
           'Protocol', 'Required', 'Reversible', 'Self', 'Sequence', 'Set', 'Sized', 'SupportsAbs', 'SupportsBytes',
           'SupportsComplex', 'SupportsFloat', 'SupportsIndex', 'SupportsInt', 'SupportsRound', 'Text', 'TextIO',
           'Tuple', 'Type', 'TypeAlias', 'TypeAliasType', 'TypeGuard', 'TypeVar', 'TypeVarTuple', 'TypedDict', 'Union', 'Unpack',
           'ValuesView', 'TYPE_CHECKING', 'assert_never', 'assert_type', 'cast', 'clear_overloads',
           'dataclass_transform', 'final', 'get_args', 'get_origin', 'get_overloads', 'get_type_hints',
           'is_typeddict', 'no_type_check', 'no_type_check_decorator', 'overload', 'override', 'reveal_type',
           'runtime_checkable']
