# enum: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique with CPython 3.11's behaviour: members
# are singleton instances made when the class is created (definition order, aliases for repeated
# values), lookup by value (Color(1)) and name (Color['RED']), iteration, len, `in`, reprs
# (<Color.RED: 1>, <enum 'Color'>), str/format (Color.RED; the value for IntEnum/StrEnum), hash by
# name, _missing_, custom __init__ taking the value's items, the functional API, Flag algebra and
# pseudo-members (<Perm.R|W: 6>). IntEnum/StrEnum members, and those of enums mixing in str or int
# (class Format(str, Enum)), are not int/str subclasses in Kiln: they compare, hash, index and do
# arithmetic/str methods through their value.

__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag', 'ReprEnum', 'auto', 'unique',
           'global_enum', 'property', 'verify', 'member', 'nonmember', 'FlagBoundary', 'STRICT', 'CONFORM',
           'EJECT', 'KEEP', 'EnumCheck', 'CONTINUOUS', 'NAMED_FLAGS', 'UNIQUE']

_property = property


class auto:
    _counter = [0]

    def __init__(self, value=None):
        self.value = value
        auto._counter[0] += 1
        self._order = auto._counter[0]

    def __repr__(self):
        return 'auto(%r)' % (self.value,)


class member:
    def __init__(self, value):
        self.value = value


class nonmember:
    def __init__(self, value):
        self.value = value


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_' and name[-3] != '_'


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == '_' and name[1:2] != '_' and name[-2:-1] != '_'


def _is_private(cls_name, name):
    pattern = '_%s__' % (cls_name.lstrip('_'),)
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith('__')


def _is_descriptor(obj):
    if isinstance(obj, (_property, classmethod, staticmethod)):
        return True
    if type(obj).__name__ in ('function', 'builtin_function_or_method', 'method'):
        return True
    return hasattr(type(obj), '__get__') or hasattr(type(obj), '__set__') or hasattr(type(obj), '__delete__')


def _enum_bases(bases):
    return [b for b in bases if isinstance(b, EnumType)]


_SUNDER_ALLOWED = ('_order_', '_generate_next_value_', '_numeric_repr_', '_missing_', '_ignore_',
                   '_iter_member_', '_iter_member_by_value_', '_iter_member_by_def_')
_defining_stdlib = [True]  # this module's own classes use Kiln's private _sunder_ hooks


class _EnumDict(dict):
    # The class body's namespace (EnumType.__prepare__): CPython 3.12's checks as each name is
    # stored, so a member name used twice, or reused by a method, fails at that line.
    def __init__(self, cls_name=''):
        super().__init__()
        self._cls_name = cls_name
        self._member_names = {}
        self._ignore = []

    def __setitem__(self, key, value):
        if _is_private(self._cls_name, key):
            pass
        elif _is_sunder(key):
            if key not in _SUNDER_ALLOWED and not _defining_stdlib[0]:
                raise ValueError('_sunder_ names, such as %r, are reserved for future Enum use' % (key,))
            if key == '_ignore_':
                self._ignore = value.replace(',', ' ').split() if isinstance(value, str) else list(value)
                already = set(self._ignore) & set(self._member_names)
                if already:
                    raise ValueError('_ignore_ cannot specify already set names: %r' % (already,))
        elif _is_dunder(key):
            pass
        elif key in self._member_names:
            raise TypeError('%r already defined as %r' % (key, self[key]))
        elif key in self._ignore or isinstance(value, nonmember) or _is_descriptor(value):
            pass
        else:
            if key in self:
                raise TypeError('%r already defined as %r' % (key, self[key]))
            self._member_names[key] = None
        super().__setitem__(key, value)

    def update(self, members, **more_members):
        try:
            for name in members.keys():
                self[name] = members[name]
        except AttributeError:
            for name, value in members:
                self[name] = value
        for name, value in more_members.items():
            self[name] = value


class EnumType(type):
    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        return _EnumDict(cls)

    def __new__(metacls, cls, bases, classdict, boundary=None, _simple=False, **kwds):
        members = []       # (name, value) in definition order
        others = {}
        ignore = classdict.get('_ignore_', [])
        if isinstance(ignore, str):
            ignore = ignore.replace(',', ' ').split()
        for base in _enum_bases(bases):
            if base._member_names_:
                raise TypeError(f"<enum '{cls}'> cannot extend {base!r}")
        first_enum = _enum_bases(bases)[0] if _enum_bases(bases) else None
        for key, value in classdict.items():
            if key in ignore or key == '_ignore_':
                continue
            if isinstance(value, nonmember):
                others[key] = value.value
            elif isinstance(value, member):
                members.append((key, value.value))
            elif _is_dunder(key) or _is_sunder(key) or _is_private(cls, key) or _is_descriptor(value):
                others[key] = value
            else:
                members.append((key, value))
        # Kiln's str and int cannot be subclassed: a mixed-in data type (`class Format(str, Enum)`)
        # is replaced by a base delegating to the member's value, and named by _member_type_.
        if str in bases or int in bases:
            mixins = {str: _StrMixin, int: _IntMixin}
            others['_member_type_'] = [b for b in bases if b in mixins][0]
            bases = tuple([mixins.get(b, b) for b in bases])
        others['_member_names_'] = []
        others['_member_map_'] = {}
        others['_value2member_map_'] = {}
        others['_unhashable_values_'] = []
        enum_class = super().__new__(metacls, cls, bases, others, **kwds)
        # auto() values: _generate_next_value_(name, start, count, last_values).
        gen = getattr(enum_class, '_generate_next_value_', None)
        last_values = []
        for index in range(len(members)):
            name, value = members[index]
            if isinstance(value, auto):
                if value.value is None:
                    value.value = gen(name, 1, len(last_values), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any([isinstance(v, auto) for v in value]):
                value = tuple([v.value if isinstance(v, auto) else v for v in value])
            members[index] = (name, value)
            last_values.append(value)
        for name, value in members:
            enum_class._add_member_(name, value)
        return enum_class

    def __init__(cls, name, bases, classdict, boundary=None, _simple=False, **kwds):
        super().__init__(name, bases, classdict)
        if boundary is not None:  # a Flag's handling of values outside its members (FlagBoundary)
            type.__setattr__(cls, '_boundary_', boundary)

    def _add_member_(cls, name, value):
        args = value if isinstance(value, tuple) else (value,)
        # An alias: a later name for a value already taken.
        for m in cls._member_map_.values():
            if m._value_ == value or (m._value_ is value):
                if type(m._value_) is type(value) or m._value_ == value:
                    cls._member_map_[name] = m
                    type.__setattr__(cls, name, m)
                    return
        new = getattr(cls, '__new_member__', None)
        if new is not None:
            obj = new(cls, *args)
            if not hasattr(obj, '_value_'):
                object.__setattr__(obj, '_value_', value)
        else:
            obj = object.__new__(cls)
            object.__setattr__(obj, '_value_', cls._convert_value_(value))
        object.__setattr__(obj, '_name_', name)
        object.__setattr__(obj, '__objclass__', cls)
        # A user-defined __init__ receives the value's items (Planet's (mass, radius)).
        init = None
        for k in cls.__mro__:
            if '__init__' in k.__dict__:
                if k not in _BUILTIN_ENUMS and k is not object:
                    init = k.__dict__['__init__']
                break
        if init is not None:
            init(obj, *args)
        cls._member_names_.append(name)
        cls._member_map_[name] = obj
        try:
            cls._value2member_map_[obj._value_] = obj
        except TypeError:
            cls._unhashable_values_.append(obj._value_)
        type.__setattr__(cls, name, obj)

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type, start=start)

    def _create_(cls, class_name, names, module=None, qualname=None, type=None, start=1):
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        items = []
        if names and isinstance(names[0], str) and not isinstance(names, dict):
            last = []
            for count, name in enumerate(names):
                value = cls._generate_next_value_(name, start, count, last[:])
                last.append(value)
                items.append((name, value))
        elif isinstance(names, dict):
            items = list(names.items())
        else:
            items = [(n, v) for n, v in names]
        classdict = {'__module__': module if module is not None else '__main__'}
        for n, v in items:
            classdict[n] = v
        bases = (cls,) if type is None else (type, cls)
        return EnumType(class_name, bases, classdict)

    def __iter__(cls):
        return iter([cls._member_map_[n] for n in cls._member_names_])

    def __reversed__(cls):
        return iter([cls._member_map_[n] for n in reversed(cls._member_names_)])

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __contains__(cls, value):
        # 3.12: a member, or the value of one (3.11 raised TypeError for non-members)
        if isinstance(value, cls):
            return True
        return value in cls._value2member_map_ or value in cls._unhashable_values_

    def __getitem__(cls, name):
        return cls._member_map_[name]

    @_property
    def __members__(cls):
        return dict(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return f"<flag '{cls.__name__}'>"
        return f"<enum '{cls.__name__}'>"

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {}) if '_member_map_' in cls.__dict__ else {}
        if name in member_map:
            raise AttributeError(f'cannot reassign member {name!r}')
        super().__setattr__(name, value)

    def __delattr__(cls, name):
        if name in cls._member_map_:
            raise AttributeError(f'cannot delete member {name!r}')
        super().__delattr__(name)


EnumMeta = EnumType
Flag = None
_BUILTIN_ENUMS = []


class Enum(metaclass=EnumType):
    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            pass
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        raise TypeError(f'error in {cls.__name__}._missing_: returned {result!r} instead of None or a valid member')

    def __init__(self, *args, **kwds):
        pass

    @classmethod
    def _convert_value_(cls, value):
        return value

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        raise TypeError(f'unable to sort non-numeric values')

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        return f'<{type(self).__name__}.{self._name_}: {self._value_!r}>'

    def __str__(self):
        return f'{type(self).__name__}.{self._name_}'

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __setattr__(self, name, value):
        # _value_/_name_ stay assignable, as in CPython (a custom __init__ may set self._value_).
        if name in ('name', 'value'):
            raise AttributeError(f"cannot set attribute '{name}'")
        object.__setattr__(self, name, value)

    @_property
    def name(self):
        return self._name_

    @_property
    def value(self):
        return self._value_


class ReprEnum(Enum):
    # str() and format() show the value (IntEnum, StrEnum, IntFlag in 3.11).
    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)


def _value_of(x):
    return x._value_ if isinstance(x, Enum) else x


class _ValueDelegate:
    # Operators and methods of the value type, for IntEnum/StrEnum members.
    def __eq__(self, other):
        return self._value_ == _value_of(other)

    def __ne__(self, other):
        return self._value_ != _value_of(other)

    def __lt__(self, other):
        return self._value_ < _value_of(other)

    def __le__(self, other):
        return self._value_ <= _value_of(other)

    def __gt__(self, other):
        return self._value_ > _value_of(other)

    def __ge__(self, other):
        return self._value_ >= _value_of(other)

    def __hash__(self):
        return hash(self._value_)

    def __getattr__(self, name):
        if name.startswith('__') or name in ('_value_', '_name_'):
            raise AttributeError(name)
        return getattr(self._value_, name)

    def __len__(self):
        return len(self._value_)

    def __add__(self, o):
        return self._value_ + _value_of(o)

    def __radd__(self, o):
        return _value_of(o) + self._value_

    def __mul__(self, o):
        return self._value_ * _value_of(o)

    def __rmul__(self, o):
        return _value_of(o) * self._value_


class _IntOps(_ValueDelegate):
    # int's operators, for IntEnum members and members of `class X(int, Enum)` enums.
    def __int__(self):
        return self._value_

    def __index__(self):
        return self._value_

    def __float__(self):
        return float(self._value_)

    def __bool__(self):
        return self._value_ != 0

    def __sub__(self, o):
        return self._value_ - _value_of(o)

    def __rsub__(self, o):
        return _value_of(o) - self._value_

    def __truediv__(self, o):
        return self._value_ / _value_of(o)

    def __floordiv__(self, o):
        return self._value_ // _value_of(o)

    def __mod__(self, o):
        return self._value_ % _value_of(o)

    def __pow__(self, o):
        return self._value_ ** _value_of(o)

    def __neg__(self):
        return -self._value_

    def __and__(self, o):
        return self._value_ & _value_of(o)

    def __or__(self, o):
        return self._value_ | _value_of(o)

    def __lshift__(self, o):
        return self._value_ << _value_of(o)

    def __rshift__(self, o):
        return self._value_ >> _value_of(o)


class IntEnum(_IntOps, ReprEnum):
    @classmethod
    def _convert_value_(cls, value):
        return int(value)


class _IntMixin(_IntOps):
    # Stands for int in the bases of `class Num(int, Enum)`: members are the enum's (str() and
    # format() show Num.ONE, as CPython 3.11's mixed-in enums do) and compute through their value.
    @classmethod
    def _convert_value_(cls, value):
        return int(*value) if isinstance(value, tuple) else int(value)


class _StrMixin(_ValueDelegate):
    # Stands for str in the bases of `class Format(str, Enum)` (a str-valued enum that compares equal
    # to its strings): the value is str(value) as str.__new__ makes it; str's methods act on the value.
    @classmethod
    def _convert_value_(cls, value):
        return str(*value) if isinstance(value, tuple) else str(value)

    def __contains__(self, x):
        return x in self._value_


class StrEnum(_ValueDelegate, ReprEnum):
    @classmethod
    def _convert_value_(cls, value):
        if not isinstance(value, str):
            raise TypeError(f'{value!r} is not a string')
        return value

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    def __contains__(self, x):
        return x in self._value_


class Flag(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        high = 0
        for v in last_values:
            if v > high:
                high = v
        bit = 1
        while bit <= high:
            bit <<= 1
        return bit

    @classmethod
    def _missing_(cls, value):
        # CPython 3.12's composite members: the canonical members whose bits are in value; bits that
        # no member has are refused (STRICT, Flag's default), dropped (CONFORM), returned as a plain
        # int (EJECT) or kept in the value and shown in the name (KEEP, IntFlag's default).
        if not isinstance(value, int):
            raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        singles_mask = 0
        multi_mask = 0
        for m in cls._member_map_.values():
            v = m._value_
            if v and v & (v - 1) == 0:
                singles_mask |= v
            else:
                multi_mask |= v
        flag_mask = singles_mask | multi_mask
        all_bits = 2 ** flag_mask.bit_length() - 1
        boundary = getattr(cls, '_boundary_', None)
        neg_value = None
        if not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask):
            if boundary is STRICT:
                max_bits = max(value.bit_length(), flag_mask.bit_length())
                raise ValueError('%r invalid value %r\n    given %s\n  allowed %s' % (
                    cls, value, _bin(value, max_bits), _bin(flag_mask, max_bits)))
            elif boundary is CONFORM:
                value = value & flag_mask
            elif boundary is EJECT:
                return value
            elif boundary is KEEP:
                if value < 0:
                    value = max(all_bits + 1, 2 ** value.bit_length()) + value
        if value < 0:
            neg_value = value
            value = all_bits + 1 + value
        unknown = value & ~flag_mask
        aliases = value & ~singles_mask
        member_value = value & singles_mask
        if unknown and boundary is not KEEP:
            raise ValueError('%s(%r) -->  unknown values %r [%s]' % (cls.__name__, value, unknown, bin(unknown)))
        pseudo = object.__new__(cls)
        object.__setattr__(pseudo, '_value_', value)
        name = None
        if member_value or aliases:
            members = list(cls._decompose_(member_value))
            combined = 0
            for m in members:
                combined |= m._value_
            if aliases:
                both = member_value | aliases
                for pm in cls._member_map_.values():
                    if pm not in members and pm._value_ and pm._value_ & both == pm._value_:
                        members.append(pm)
                        combined |= pm._value_
                value = both
            unknown = value ^ combined
            name = '|'.join([m._name_ for m in members])
            if not combined:
                name = None
            elif unknown and boundary is STRICT:
                raise ValueError('%r: no members with value %r' % (cls, unknown))
            elif unknown:
                name += '|%s' % getattr(cls, '_numeric_repr_', repr)(unknown)
        object.__setattr__(pseudo, '_name_', name)
        pseudo = cls._value2member_map_.setdefault(value, pseudo)
        if neg_value is not None:
            cls._value2member_map_[neg_value] = pseudo
        return pseudo

    @classmethod
    def _decompose_(cls, value):
        # Single-bit canonical members whose bits are in value, in definition order.
        out = []
        for name in cls._member_names_:
            m = cls._member_map_[name]
            v = m._value_
            if v and v & (v - 1) == 0 and v & value == v:
                out.append(m)
        return out

    def __iter__(self):
        return iter(type(self)._decompose_(self._value_))

    def __len__(self):
        return len(type(self)._decompose_(self._value_))

    def __contains__(self, other):
        if not isinstance(other, type(self)):
            raise TypeError(f"unsupported operand type(s) for 'in': '{type(other).__qualname__}' and "
                            f"'{type(self).__qualname__}'")
        return other._value_ & self._value_ == other._value_

    def __bool__(self):
        return bool(self._value_)

    def __repr__(self):
        if self._name_ is None:
            return f'<{type(self).__name__}: {self._value_!r}>'
        return f'<{type(self).__name__}.{self._name_}: {self._value_!r}>'

    def __str__(self):
        if self._name_ is None:
            return f'{type(self).__name__}({self._value_!r})'
        return f'{type(self).__name__}.{self._name_}'

    def __hash__(self):
        return hash(self._value_)

    def __or__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return type(self)(self._value_ | other._value_)

    def __and__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return type(self)(self._value_ & other._value_)

    def __xor__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return type(self)(self._value_ ^ other._value_)

    def __invert__(self):
        all_bits = 0
        for m in type(self)._member_map_.values():
            all_bits |= m._value_
        return type(self)(all_bits & ~self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


class IntFlag(_ValueDelegate, Flag):
    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)

    def __int__(self):
        return self._value_

    def __index__(self):
        return self._value_

    def __or__(self, other):
        if isinstance(other, int):
            return type(self)(self._value_ | other)
        return Flag.__or__(self, other)

    def __and__(self, other):
        if isinstance(other, int):
            return type(self)(self._value_ & other)
        return Flag.__and__(self, other)

    def __xor__(self, other):
        if isinstance(other, int):
            return type(self)(self._value_ ^ other)
        return Flag.__xor__(self, other)

    # int | flag (flags = 0; flags |= re.IGNORECASE) gives a member too, as in CPython
    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


_BUILTIN_ENUMS.extend([Enum, ReprEnum, IntEnum, StrEnum, Flag, IntFlag])


def unique(enumeration):
    duplicates = []
    for name, m in enumeration.__members__.items():
        if name != m._name_:
            duplicates.append((name, m._name_))
    if duplicates:
        alias_details = ', '.join([f'{alias} -> {name}' for alias, name in duplicates])
        raise ValueError(f'duplicate values found in {enumeration!r}: {alias_details}')
    return enumeration


def _global_enum_repr(self):
    module = self.__class__.__module__.split('.')[-1]
    return '%s.%s' % (module, self._name_)


def _global_flag_repr(self):
    module = self.__class__.__module__.split('.')[-1]
    cls_name = self.__class__.__name__
    if self._name_ is None:
        return '%s.%s(%r)' % (module, cls_name, self._value_)
    v = self._value_
    if v and v & (v - 1) == 0:
        return '%s.%s' % (module, self._name_)
    if getattr(type(self), '_boundary_', None) is not KEEP:
        return '|'.join(['%s.%s' % (module, name) for name in self._name_.split('|')])
    # KEEP: bits no member has are shown as numbers ('re.IGNORECASE|0x400')
    return '|'.join([n if n[0].isdigit() else '%s.%s' % (module, n) for n in self._name_.split('|')])


def _global_str(self):
    if self._name_ is None:
        return '%s(%r)' % (self.__class__.__name__, self._value_)
    return self._name_


def global_enum(cls, update_str=False):
    # CPython's enum.global_enum (re.RegexFlag, ssl's enums): members print as module-level names
    # ('re.IGNORECASE') and are exported into the defining module's namespace.
    import sys
    if issubclass(cls, Flag):
        type.__setattr__(cls, '__repr__', _global_flag_repr)
    else:
        type.__setattr__(cls, '__repr__', _global_enum_repr)
    # IntFlag is a ReprEnum in CPython (str() shows the value); Kiln's derives from Flag directly
    if not (issubclass(cls, ReprEnum) or issubclass(cls, IntFlag)) or update_str:
        type.__setattr__(cls, '__str__', _global_str)
    module = sys.modules.get(cls.__module__)
    if module is not None:
        for name, member in cls.__members__.items():
            setattr(module, name, member)
    return cls


property = _property


class FlagBoundary(StrEnum):
    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT, CONFORM, EJECT, KEEP = FlagBoundary.STRICT, FlagBoundary.CONFORM, FlagBoundary.EJECT, FlagBoundary.KEEP
# the defaults of CPython 3.12: Flag refuses unknown bits, IntFlag keeps them
if '_boundary_' not in Flag.__dict__:
    type.__setattr__(Flag, '_boundary_', STRICT)
if '_boundary_' not in IntFlag.__dict__:
    type.__setattr__(IntFlag, '_boundary_', KEEP)


def _bin(num, max_bits=None):
    # enum.bin: two's complement digits after a sign part ('0b0' or '0b1'), padded to max_bits
    ceiling = 2 ** num.bit_length()
    if num >= 0:
        s = bin(num + ceiling).replace('1', '0', 1)
    else:
        s = bin(~num ^ (ceiling - 1) + ceiling)
    sign = s[:3]
    digits = s[3:]
    if max_bits is not None and len(digits) < max_bits:
        digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return '%s %s' % (sign, digits)


class EnumCheck(StrEnum):
    CONTINUOUS = 'no skipped integer values'
    NAMED_FLAGS = 'multi-flag aliases may not contain unnamed flags'
    UNIQUE = 'one name per value'


CONTINUOUS, NAMED_FLAGS, UNIQUE = EnumCheck.CONTINUOUS, EnumCheck.NAMED_FLAGS, EnumCheck.UNIQUE


def verify(*checks):
    def decorator(enumeration):
        if UNIQUE in checks:
            unique(enumeration)
        return enumeration
    return decorator

_defining_stdlib[0] = False
