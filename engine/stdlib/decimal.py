# decimal: decimal floating point as CPython 3.12's `decimal` (the libmpdec-backed _decimal) behaves,
# following the General Decimal Arithmetic Specification it implements: Decimal values (sign,
# integer coefficient, exponent, or Infinity/NaN/sNaN), contexts (prec, rounding, Emin, Emax,
# capitals, clamp, flags, traps; getcontext/setcontext/localcontext, DefaultContext/BasicContext/
# ExtendedContext), the eight rounding modes, the signal classes, and the operations programs use:
# + - * / // % divmod ** with ints, comparisons (also with floats, flagging FloatOperation), hash
# equal to equal ints/floats, quantize, to_integral*, normalize, sqrt (correctly rounded), exp/ln/
# log10 (computed with 20 guard digits, then rounded once), str/repr/to_eng_string, format()
# specifications, as_tuple/as_integer_ratio, from_float, and Context methods of the same names.
# Trapped signals raise the signal class with the C module's argument, a list of the conditions
# ([<class 'decimal.DivisionByZero'>]); untrapped ones set flags and give the spec's results.
# Left out: the logical operations (logical_and, ...), shifts/rotations, next_plus/next_minus/
# next_toward, the number-class strings and the C module's Context.__reduce__ details.

import math as _math
import re as _re
from collections import namedtuple as _namedtuple

__version__ = "1.70"
__libmpdec_version__ = "2.5.1"

__all__ = [
    "Decimal", "Context", "DecimalTuple", "DefaultContext", "BasicContext", "ExtendedContext",
    "DecimalException", "Clamped", "InvalidOperation", "DivisionByZero", "Inexact", "Rounded",
    "Subnormal", "Overflow", "Underflow", "FloatOperation", "DivisionImpossible",
    "InvalidContext", "ConversionSyntax", "DivisionUndefined",
    "ROUND_DOWN", "ROUND_HALF_UP", "ROUND_HALF_EVEN", "ROUND_CEILING", "ROUND_FLOOR", "ROUND_UP",
    "ROUND_HALF_DOWN", "ROUND_05UP",
    "setcontext", "getcontext", "localcontext",
    "MAX_PREC", "MAX_EMAX", "MIN_EMIN", "MIN_ETINY", "HAVE_THREADS", "HAVE_CONTEXTVAR"]

MAX_PREC = 999999999999999999
MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)
HAVE_THREADS = True
HAVE_CONTEXTVAR = True

ROUND_DOWN = "ROUND_DOWN"
ROUND_HALF_UP = "ROUND_HALF_UP"
ROUND_HALF_EVEN = "ROUND_HALF_EVEN"
ROUND_CEILING = "ROUND_CEILING"
ROUND_FLOOR = "ROUND_FLOOR"
ROUND_UP = "ROUND_UP"
ROUND_HALF_DOWN = "ROUND_HALF_DOWN"
ROUND_05UP = "ROUND_05UP"
_ROUNDINGS = (ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP,
              ROUND_HALF_DOWN, ROUND_05UP)


# ---- signals --------------------------------------------------------------------------------------

class DecimalException(ArithmeticError):
    pass


class Clamped(DecimalException):
    pass


class InvalidOperation(DecimalException):
    pass


class ConversionSyntax(InvalidOperation):
    pass


class DivisionByZero(DecimalException, ZeroDivisionError):
    pass


class DivisionImpossible(InvalidOperation):
    pass


class DivisionUndefined(InvalidOperation, ZeroDivisionError):
    pass


class Inexact(DecimalException):
    pass


class InvalidContext(InvalidOperation):
    pass


class Rounded(DecimalException):
    pass


class Subnormal(DecimalException):
    pass


class Overflow(Inexact, Rounded):
    pass


class Underflow(Inexact, Rounded, Subnormal):
    pass


class FloatOperation(DecimalException, TypeError):
    pass


for _c in (DecimalException, Clamped, InvalidOperation, ConversionSyntax, DivisionByZero,
           DivisionImpossible, DivisionUndefined, Inexact, InvalidContext, Rounded, Subnormal,
           Overflow, Underflow, FloatOperation):
    _c.__module__ = "decimal"
del _c

# the signals in the order the C module's SignalDict holds them, and the order its Context repr
# lists set flags/traps (libmpdec's flag bits)
_SIGNALS = (InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow, Subnormal,
            Inexact, Rounded, Clamped)
_REPR_ORDER = (Clamped, InvalidOperation, DivisionByZero, Inexact, FloatOperation, Overflow,
               Rounded, Subnormal, Underflow)
_CONDITION_SIGNAL = {ConversionSyntax: InvalidOperation, DivisionImpossible: InvalidOperation,
                     DivisionUndefined: InvalidOperation, InvalidContext: InvalidOperation}


# ---- contexts -------------------------------------------------------------------------------------

class _SignalDict(dict):
    def __repr__(self):
        return "{" + ", ".join(f"{k}:{v}" for k, v in self.items()) + "}"


def _signal_dict(init):
    d = _SignalDict((s, False) for s in _SIGNALS)
    if init is None:
        return d
    if isinstance(init, dict):
        for k, v in init.items():
            if k not in d:
                raise KeyError(k)
            d[k] = bool(v)
        return d
    for s in init:
        if s not in d:
            raise KeyError(s)
        d[s] = True
    return d


class Context:
    """The context affects almost all operations and controls rounding, Over/Underflow, raising
    of exceptions and much more."""

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None, capitals=None,
                 clamp=None, flags=None, traps=None):
        dc = DefaultContext if "DefaultContext" in globals() else None
        self.prec = prec if prec is not None else (dc.prec if dc else 28)
        self.rounding = rounding if rounding is not None else (dc.rounding if dc else ROUND_HALF_EVEN)
        self.Emin = Emin if Emin is not None else (dc.Emin if dc else -999999)
        self.Emax = Emax if Emax is not None else (dc.Emax if dc else 999999)
        self.capitals = capitals if capitals is not None else (dc.capitals if dc else 1)
        self.clamp = clamp if clamp is not None else (dc.clamp if dc else 0)
        if traps is None:
            traps = dict(dc.traps) if dc else [InvalidOperation, DivisionByZero, Overflow]
        object.__setattr__(self, "traps", _signal_dict(traps))
        object.__setattr__(self, "flags", _signal_dict(flags))

    def __setattr__(self, name, value):
        if name == "prec":
            if not isinstance(value, int):
                raise TypeError("an integer is required")
            if not 1 <= value <= MAX_PREC:
                raise ValueError("valid range for prec is [1, MAX_PREC]")
        elif name == "rounding":
            if value not in _ROUNDINGS:
                raise TypeError("valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, "
                                "ROUND_UP, ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, "
                                "ROUND_HALF_EVEN,\n   ROUND_05UP]")
        elif name == "Emin":
            if not isinstance(value, int):
                raise TypeError("an integer is required")
            if not MIN_EMIN <= value <= 0:
                raise ValueError("valid range for Emin is [MIN_EMIN, 0]")
        elif name == "Emax":
            if not isinstance(value, int):
                raise TypeError("an integer is required")
            if not 0 <= value <= MAX_EMAX:
                raise ValueError("valid range for Emax is [0, MAX_EMAX]")
        elif name in ("capitals", "clamp"):
            if not isinstance(value, int):
                raise TypeError("an integer is required")
            if value not in (0, 1):
                raise ValueError(f"valid values for {name} are 0 or 1")
        elif name in ("flags", "traps"):
            value = _signal_dict(value)
        else:
            raise AttributeError(f"'decimal.Context' object has no attribute '{name}'")
        object.__setattr__(self, name, value)

    def __repr__(self):
        flags = [s.__name__ for s in _REPR_ORDER if self.flags.get(s)]
        traps = [s.__name__ for s in _REPR_ORDER if self.traps.get(s)]
        return ("Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, capitals=%d, clamp=%d, "
                "flags=[%s], traps=[%s])" % (self.prec, self.rounding, self.Emin, self.Emax,
                                             self.capitals, self.clamp, ", ".join(flags),
                                             ", ".join(traps)))

    def copy(self):
        return Context(self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp,
                       dict(self.flags), dict(self.traps))

    __copy__ = copy

    def _shallow(self):
        c = self.copy()
        object.__setattr__(c, "flags", self.flags)
        object.__setattr__(c, "traps", self.traps)
        return c

    def clear_flags(self):
        for s in self.flags:
            self.flags[s] = False

    def clear_traps(self):
        for s in self.traps:
            self.traps[s] = False

    def Etiny(self):
        return self.Emin - self.prec + 1

    def Etop(self):
        return self.Emax - self.prec + 1

    def radix(self):
        return Decimal(10)

    def _raise(self, condition):
        signal = _CONDITION_SIGNAL.get(condition, condition)
        self.flags[signal] = True
        if self.traps[signal]:
            raise signal([condition])

    def create_decimal(self, num="0"):
        if isinstance(num, str) and (num != num.strip() or "_" in num):
            return Decimal(_NAN_BAD, self)
        d = Decimal(num, self)
        if d._special:
            if d._special in "nN" and len(str(d._int)) > self.prec - self.clamp and d._int:
                self._raise(ConversionSyntax)
                return _NaN
            return d
        return d._fix(self)

    def create_decimal_from_float(self, f):
        return Decimal.from_float(f)._fix(self)

    # arithmetic in this context
    def abs(self, a):
        return _cv(a, True).__abs__(context=self)

    def add(self, a, b):
        return _cv(a, True).__add__(_cv(b, True), context=self)

    def subtract(self, a, b):
        return _cv(a, True).__sub__(_cv(b, True), context=self)

    def multiply(self, a, b):
        return _cv(a, True).__mul__(_cv(b, True), context=self)

    def divide(self, a, b):
        return _cv(a, True).__truediv__(_cv(b, True), context=self)

    def divide_int(self, a, b):
        return _cv(a, True).__floordiv__(_cv(b, True), context=self)

    def remainder(self, a, b):
        return _cv(a, True).__mod__(_cv(b, True), context=self)

    def divmod(self, a, b):
        return _cv(a, True).__divmod__(_cv(b, True), context=self)

    def power(self, a, b, modulo=None):
        return _cv(a, True).__pow__(_cv(b, True), modulo, context=self)

    def minus(self, a):
        return _cv(a, True).__neg__(context=self)

    def plus(self, a):
        return _cv(a, True).__pos__(context=self)

    def sqrt(self, a):
        return _cv(a, True).sqrt(context=self)

    def exp(self, a):
        return _cv(a, True).exp(context=self)

    def ln(self, a):
        return _cv(a, True).ln(context=self)

    def log10(self, a):
        return _cv(a, True).log10(context=self)

    def quantize(self, a, b):
        return _cv(a, True).quantize(_cv(b, True), context=self)

    def normalize(self, a):
        return _cv(a, True).normalize(context=self)

    def compare(self, a, b):
        return _cv(a, True).compare(_cv(b, True), context=self)

    def max(self, a, b):
        return _cv(a, True).max(_cv(b, True), context=self)

    def min(self, a, b):
        return _cv(a, True).min(_cv(b, True), context=self)

    def fma(self, a, b, c):
        return _cv(a, True).fma(b, c, context=self)

    def to_integral_value(self, a):
        return _cv(a, True).to_integral_value(context=self)

    to_integral = to_integral_value

    def to_integral_exact(self, a):
        return _cv(a, True).to_integral_exact(context=self)

    def to_sci_string(self, a):
        return _cv(a, True).__str__(context=self)

    def to_eng_string(self, a):
        return _cv(a, True).to_eng_string(context=self)

    def copy_abs(self, a):
        return _cv(a, True).copy_abs()

    def copy_negate(self, a):
        return _cv(a, True).copy_negate()

    def copy_sign(self, a, b):
        return _cv(a, True).copy_sign(b)

    def is_nan(self, a):
        return _cv(a, True).is_nan()

    def is_zero(self, a):
        return _cv(a, True).is_zero()

    def is_signed(self, a):
        return _cv(a, True).is_signed()

    def is_finite(self, a):
        return _cv(a, True).is_finite()

    def is_infinite(self, a):
        return _cv(a, True).is_infinite()


DefaultContext = Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999, Emax=999999, capitals=1,
                         clamp=0, flags=[], traps=[DivisionByZero, Overflow, InvalidOperation])
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP,
                       traps=[DivisionByZero, Overflow, InvalidOperation, Clamped, Underflow],
                       flags=[])
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, traps=[], flags=[])

_current_context = None


def getcontext():
    """Returns this thread's context (a copy of DefaultContext made at first use)."""
    global _current_context
    if _current_context is None:
        _current_context = DefaultContext.copy()
    return _current_context


def setcontext(context):
    """Set this thread's context to context."""
    global _current_context
    if not isinstance(context, Context):
        raise TypeError("argument must be a context")
    if context is DefaultContext or context is BasicContext or context is ExtendedContext:
        context = context.copy()
        context.clear_flags()
    _current_context = context


class _ContextManager:
    def __init__(self, new_context):
        self.new_context = new_context.copy()

    def __enter__(self):
        self.saved_context = getcontext()
        setcontext(self.new_context)
        return self.new_context

    def __exit__(self, t, v, tb):
        setcontext(self.saved_context)


def localcontext(ctx=None, **kwargs):
    """Return a context manager that makes a copy of ctx (or the current context) the current
    context inside the with statement; keyword arguments set its attributes."""
    if ctx is None:
        ctx = getcontext()
    manager = _ContextManager(ctx)
    for key, value in kwargs.items():
        if key not in ("prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps"):
            raise TypeError(f"'{key}' is an invalid keyword argument for this function")
        setattr(manager.new_context, key, value)
    return manager


DecimalTuple = _namedtuple("DecimalTuple", "sign digits exponent", module="decimal")


# ---- parsing --------------------------------------------------------------------------------------

_parser = _re.compile(r"""
    (?P<sign>[-+])?
    (
        (?=\d|\.\d)
        (?P<int>\d*)
        (\.(?P<frac>\d*))?
        (E(?P<exp>[-+]?\d+))?
    |
        Inf(inity)?
    |
        (?P<signal>s)?
        NaN
        (?P<diag>\d*)
    )
    \Z
""", _re.VERBOSE | _re.IGNORECASE)

_NAN_BAD = "\x00bad"


def _digits_ok(s):
    # underscores only between digits, as CPython's string conversion accepts them
    return not (s.startswith("_") or s.endswith("_") or "__" in s)


# ---- Decimal --------------------------------------------------------------------------------------

def _new(sign, coeff, exp, special=""):
    d = object.__new__(Decimal)
    d._sign = sign
    d._int = coeff
    d._exp = exp
    d._special = special
    return d


_BUILTIN_OPERANDS = (float, str, bytes, list, tuple, dict, set, complex, type(None))


def _cv(other, raiseit=False, op=None, reflected=False):
    # an operand as a Decimal: Decimals and ints convert. A built-in operand of another type is the
    # TypeError CPython gives for the C type (named 'decimal.Decimal'); anything else gives
    # NotImplemented, so a user class's reflected method still runs (or a TypeError for Context
    # methods)
    if isinstance(other, Decimal):
        return other
    if isinstance(other, int):
        return Decimal(other)
    if raiseit:
        raise TypeError("conversion from %s to Decimal is not supported" % type(other).__name__)
    if op is not None and isinstance(other, _BUILTIN_OPERANDS):
        if op == "*" and isinstance(other, (str, bytes, list, tuple)):
            # the sequence's repeat is what CPython tries last
            raise TypeError("can't multiply sequence by non-int of type 'decimal.Decimal'")
        a, b = "decimal.Decimal", type(other).__name__
        if reflected:
            a, b = b, a
        raise TypeError(f"unsupported operand type(s) for {op}: '{a}' and '{b}'")
    return NotImplemented


def _ndigits(n):
    return len(str(n)) if n else 1


class Decimal:
    """Construct a new Decimal object. 'value' can be an integer, string, tuple, or another
    Decimal object. If no value is given, return Decimal('0'). The context does not affect the
    conversion and is only passed to determine if the InvalidOperation trap is active."""

    __slots__ = ("_sign", "_int", "_exp", "_special")

    def __new__(cls, value="0", context=None):
        self = object.__new__(cls)
        if isinstance(value, str):
            s = value.strip()
            m = _parser.match(s.replace("_", "")) if _digits_ok(s) and value != _NAN_BAD else None
            if m is None:
                if context is None:
                    context = getcontext()
                context._raise(ConversionSyntax)
                self._sign, self._int, self._exp, self._special = 0, 0, 0, "n"
                return self
            self._sign = 1 if m.group("sign") == "-" else 0
            intpart = m.group("int")
            if intpart is not None:
                frac = m.group("frac") or ""
                exp = int(m.group("exp") or "0")
                self._int = int(intpart + frac)
                self._exp = exp - len(frac)
                self._special = ""
            else:
                diag = m.group("diag")
                if diag is not None:
                    self._int = int(diag or "0")
                    self._exp = 0
                    self._special = "N" if m.group("signal") else "n"
                else:
                    self._int = 0
                    self._exp = 0
                    self._special = "F"
            return self
        if isinstance(value, int):
            self._sign = 1 if value < 0 else 0
            self._int = abs(int(value))
            self._exp = 0
            self._special = ""
            return self
        if isinstance(value, Decimal):
            self._sign, self._int, self._exp, self._special = (value._sign, value._int,
                                                               value._exp, value._special)
            return self
        if isinstance(value, float):
            if context is None:
                context = getcontext()
            context.flags[FloatOperation] = True
            if context.traps[FloatOperation]:
                raise FloatOperation([FloatOperation])
            d = Decimal.from_float(value)
            self._sign, self._int, self._exp, self._special = d._sign, d._int, d._exp, d._special
            return self
        if isinstance(value, (list, tuple)):
            if len(value) != 3:
                raise ValueError("argument must be a sequence of length 3")
            sign, digits, exp = value
            if sign not in (0, 1):
                raise ValueError("sign must be an integer with the value 0 or 1")
            if not isinstance(digits, tuple) and not isinstance(digits, list):
                raise ValueError("coefficient must be a tuple of digits")
            for dgt in digits:
                if not isinstance(dgt, int) or not 0 <= dgt <= 9:
                    raise ValueError("coefficient must be a tuple of digits")
            coeff = int("".join(str(x) for x in digits) or "0")
            self._sign = sign
            if exp == "F":
                self._int, self._exp, self._special = 0, 0, "F"
            elif exp in ("n", "N"):
                self._int, self._exp, self._special = coeff, 0, exp
            elif isinstance(exp, int):
                self._int, self._exp, self._special = coeff, exp, ""
            else:
                raise ValueError("exponent must be an integer")
            return self
        raise TypeError("conversion from %s to Decimal is not supported" % type(value).__name__)

    @classmethod
    def from_float(cls, f):
        """Converts a float to a decimal number, exactly."""
        if isinstance(f, int):
            d = Decimal(f)
        elif isinstance(f, float):
            if _math.isnan(f):
                d = _new(0, 0, 0, "n")
            elif _math.isinf(f):
                d = _new(1 if f < 0 else 0, 0, 0, "F")
            else:
                sign = 1 if _math.copysign(1.0, f) < 0 else 0
                n, den = abs(f).as_integer_ratio()
                k = den.bit_length() - 1
                d = _new(sign, n * 5 ** k, -k)
        else:
            raise TypeError("argument must be int or float")
        if cls is Decimal:
            return d
        return cls(d)

    def __init_subclass__(cls, **kw):
        pass

    # -- properties ---------------------------------------------------------------------------------
    @property
    def real(self):
        return self

    @property
    def imag(self):
        return Decimal(0)

    def conjugate(self):
        return self

    def adjusted(self):
        if self._special:
            return 0
        return self._exp + _ndigits(self._int) - 1

    def as_tuple(self):
        digits = tuple(int(c) for c in str(self._int)) if (self._int or not self._special) else ()
        if self._special == "F":
            return DecimalTuple(self._sign, (0,), "F")
        if self._special:
            return DecimalTuple(self._sign, digits if self._int else (), self._special)
        return DecimalTuple(self._sign, digits, self._exp)

    def as_integer_ratio(self):
        if self._special:
            if self._special == "F":
                raise OverflowError("cannot convert Infinity to integer ratio")
            raise ValueError("cannot convert NaN to integer ratio")
        if not self._int:
            return 0, 1
        n = self._int
        if self._exp >= 0:
            n, d = n * 10 ** self._exp, 1
        else:
            d = 10 ** -self._exp
            g = _math.gcd(n, d)
            n, d = n // g, d // g
        return (-n if self._sign else n), d

    def is_nan(self):
        return self._special in ("n", "N")

    def is_qnan(self):
        return self._special == "n"

    def is_snan(self):
        return self._special == "N"

    def is_infinite(self):
        return self._special == "F"

    def is_finite(self):
        return not self._special

    def is_zero(self):
        return not self._special and self._int == 0

    def is_signed(self):
        return self._sign == 1

    def is_normal(self, context=None):
        if self._special or not self._int:
            return False
        if context is None:
            context = getcontext()
        return context.Emin <= self.adjusted()

    def is_subnormal(self, context=None):
        if self._special or not self._int:
            return False
        if context is None:
            context = getcontext()
        return self.adjusted() < context.Emin

    def is_canonical(self):
        return True

    def canonical(self):
        return self

    def copy_abs(self):
        return _new(0, self._int, self._exp, self._special)

    def copy_negate(self):
        return _new(1 - self._sign, self._int, self._exp, self._special)

    def copy_sign(self, other, context=None):
        other = _cv(other, True)
        return _new(other._sign, self._int, self._exp, self._special)

    # -- rounding core ------------------------------------------------------------------------------
    def _round_digits(self, digits, rounding):
        # keep `digits` leading digits of the coefficient (digits >= 0): the new coefficient and
        # whether the dropped part was nonzero
        c = self._int
        n = _ndigits(c)
        drop = n - digits
        if drop <= 0:
            return c * 10 ** (-drop), False
        div = 10 ** drop
        q, r = divmod(c, div)
        if r == 0:
            return q, False
        half = div // 2 if div > 1 else 0
        if rounding == ROUND_DOWN:
            up = False
        elif rounding == ROUND_UP:
            up = True
        elif rounding == ROUND_CEILING:
            up = not self._sign
        elif rounding == ROUND_FLOOR:
            up = bool(self._sign)
        elif rounding == ROUND_HALF_UP:
            up = 2 * r >= div
        elif rounding == ROUND_HALF_DOWN:
            up = 2 * r > div
        elif rounding == ROUND_HALF_EVEN:
            up = 2 * r > div or (2 * r == div and q % 2 == 1)
        else:  # ROUND_05UP
            up = q % 10 in (0, 5)
        return (q + 1 if up else q), True

    def _rescale(self, exp, rounding):
        # the value at exponent `exp`, rounded with `rounding` (no flags)
        if self._special:
            return self
        if not self._int:
            return _new(self._sign, 0, exp)
        if self._exp >= exp:
            return _new(self._sign, self._int * 10 ** (self._exp - exp), exp)
        digits = _ndigits(self._int) + self._exp - exp
        if digits < 0:
            tmp = _new(self._sign, 1, exp - 1)
            coeff, _ = tmp._round_digits(0, rounding)
            return _new(self._sign, coeff, exp)
        coeff, _ = self._round_digits(digits, rounding)
        return _new(self._sign, coeff, exp)

    def _round(self, places, rounding):
        if places <= 0:
            raise ValueError("argument should be at least 1 in _round")
        if self._special or not self._int:
            return self
        ans = self._rescale(self.adjusted() + 1 - places, rounding)
        if ans.adjusted() != self.adjusted():
            ans = ans._rescale(ans.adjusted() + 1 - places, rounding)
        return ans

    def _fix(self, context):
        # round to the context's precision and exponent limits, raising its signals
        if self._special:
            if self._special == "n" and self._int and _ndigits(self._int) > context.prec - context.clamp:
                return _new(self._sign, int(str(self._int)[-(context.prec - context.clamp):] or "0"), 0, "n")
            return self
        Etiny = context.Etiny()
        Etop = context.Etop()
        if not self._int:
            exp_max = context.Emax if context.clamp == 0 else Etop
            new_exp = min(max(self._exp, Etiny), exp_max)
            if new_exp != self._exp:
                context._raise(Clamped)
                return _new(self._sign, 0, new_exp)
            return self
        n = _ndigits(self._int)
        exp_min = n + self._exp - context.prec
        if exp_min > Etop:
            return self._overflow(context)
        is_subnormal = exp_min < Etiny
        if is_subnormal:
            exp_min = Etiny
        if self._exp < exp_min:
            digits = n + self._exp - exp_min
            if digits < 0:
                tmp = _new(self._sign, 1, exp_min - 1)
                coeff, inexact = tmp._round_digits(0, context.rounding)
            else:
                coeff, inexact = self._round_digits(digits, context.rounding)
            if _ndigits(coeff) > context.prec:
                coeff //= 10
                exp_min += 1
                if exp_min > Etop:
                    return self._overflow(context)
            ans = _new(self._sign, coeff, exp_min)
            if inexact and is_subnormal:
                context._raise(Underflow)
            if is_subnormal:
                context._raise(Subnormal)
            if inexact:
                context._raise(Inexact)
            context._raise(Rounded)
            if not coeff:
                context._raise(Clamped)
            return ans
        if is_subnormal:
            context._raise(Subnormal)
        if context.clamp == 1 and self._exp > Etop:
            context._raise(Clamped)
            return _new(self._sign, self._int * 10 ** (self._exp - Etop), Etop)
        return self

    def _overflow(self, context):
        context._raise(Inexact)
        context._raise(Rounded)
        r = context.rounding
        sign = self._sign
        if r in (ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_HALF_DOWN, ROUND_UP) or \
                (r == ROUND_CEILING and not sign) or (r == ROUND_FLOOR and sign):
            context._raise(Overflow)
            return _new(sign, 0, 0, "F")
        context._raise(Overflow)
        return _new(sign, 10 ** context.prec - 1, context.Emax - context.prec + 1)

    def _check_nans(self, other=None, context=None):
        # NaN operands: a signaling NaN is InvalidOperation (its quiet copy the result), else the
        # first NaN propagates
        if context is None:
            context = getcontext()
        for x in (self, other):
            if x is not None and x._special == "N":
                context._raise(InvalidOperation)
                return _new(x._sign, x._int, 0, "n")._fix_nan(context)
        for x in (self, other):
            if x is not None and x._special == "n":
                return x._fix_nan(context)
        return None

    def _fix_nan(self, context):
        payload = self._int
        if payload and _ndigits(payload) > context.prec - context.clamp:
            payload = int(str(payload)[-(context.prec - context.clamp):] or "0")
        return _new(self._sign, payload, 0, "n")

    def _invalid(self, context, condition=InvalidOperation):
        context._raise(condition)
        return _NaN

    # -- string conversion --------------------------------------------------------------------------
    def __str__(self, eng=False, context=None):
        sign = "-" if self._sign else ""
        if self._special:
            if self._special == "F":
                return sign + "Infinity"
            name = "NaN" if self._special == "n" else "sNaN"
            return sign + name + (str(self._int) if self._int else "")
        digits = str(self._int)
        leftdigits = self._exp + len(digits)
        if self._exp <= 0 and leftdigits > -6:
            dotplace = leftdigits
        elif not eng:
            dotplace = 1
        elif self._int == 0:
            dotplace = (leftdigits + 1) % 3 - 1
        else:
            dotplace = (leftdigits - 1) % 3 + 1
        if dotplace <= 0:
            intpart = "0"
            fracpart = "." + "0" * (-dotplace) + digits
        elif dotplace >= len(digits):
            intpart = digits + "0" * (dotplace - len(digits))
            fracpart = ""
        else:
            intpart = digits[:dotplace]
            fracpart = "." + digits[dotplace:]
        if leftdigits == dotplace:
            exp = ""
        else:
            if context is None:
                context = getcontext()
            exp = ["e", "E"][context.capitals] + "%+d" % (leftdigits - dotplace)
        return sign + intpart + fracpart + exp

    def to_eng_string(self, context=None):
        return self.__str__(eng=True, context=context)

    def __repr__(self):
        return "Decimal('%s')" % str(self)

    # -- conversions --------------------------------------------------------------------------------
    def __bool__(self):
        return bool(self._special) or self._int != 0

    def __float__(self):
        if self._special:
            if self._special == "N":
                raise ValueError("cannot convert signaling NaN to float")
            if self._special == "n":
                return float("-nan") if self._sign else float("nan")
            return float("-inf") if self._sign else float("inf")
        return float(str(self))

    def __int__(self):
        if self._special:
            if self._special in "nN":
                raise ValueError("cannot convert NaN to integer")
            raise OverflowError("cannot convert Infinity to integer")
        if self._exp >= 0:
            v = self._int * 10 ** self._exp
        else:
            v = self._int // 10 ** (-self._exp)
        return -v if self._sign else v

    __trunc__ = __int__

    def __index__(self):
        raise TypeError("'decimal.Decimal' object cannot be interpreted as an integer")

    def __floor__(self):
        if self._special:
            return self.__int__()
        return int(self._rescale(0, ROUND_FLOOR))

    def __ceil__(self):
        if self._special:
            return self.__int__()
        return int(self._rescale(0, ROUND_CEILING))

    def __round__(self, n=None):
        if n is not None:
            if not isinstance(n, int):
                raise TypeError("optional arg must be an integer")
            return self.quantize(_new(0, 1, -n))
        if self._special:
            if self._special in "nN":
                raise ValueError("cannot convert NaN to integer")
            raise OverflowError("cannot convert Infinity to integer")
        return int(self._rescale(0, ROUND_HALF_EVEN))

    def __complex__(self):
        return complex(float(self))

    def __hash__(self):
        if self._special:
            if self._special == "N":
                raise TypeError("Cannot hash a signaling NaN value")
            if self._special == "n":
                return object.__hash__(self)
            return -314159 if self._sign else 314159
        modulus = 2305843009213693951  # 2**61 - 1
        if self._exp >= 0:
            exp_hash = pow(10, self._exp, modulus)
        else:
            exp_hash = pow(pow(10, modulus - 2, modulus), -self._exp, modulus)
        h = self._int * exp_hash % modulus
        ans = -h if self._sign else h
        return -2 if ans == -1 else ans

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # -- comparison ---------------------------------------------------------------------------------
    def _cmp(self, other):
        # -1, 0, 1 for two non-NaN Decimals
        if self._special or other._special:
            si = (-1 if self._sign else 1) if self._special == "F" else 0
            oi = (-1 if other._sign else 1) if other._special == "F" else 0
            if si or oi:
                if si == oi:
                    return 0
                if si:
                    return si
                return -oi
        if not self._int:
            if not other._int:
                return 0
            return -1 if not other._sign else 1
        if not other._int:
            return 1 if not self._sign else -1
        if self._sign != other._sign:
            return -1 if self._sign else 1
        sa, oa = self.adjusted(), other.adjusted()
        if sa != oa:
            r = 1 if sa > oa else -1
        else:
            e = min(self._exp, other._exp)
            a = self._int * 10 ** (self._exp - e)
            b = other._int * 10 ** (other._exp - e)
            r = (a > b) - (a < b)
        return -r if self._sign else r

    def _compare_operand(self, other, equality_op):
        if isinstance(other, Decimal):
            return other
        if isinstance(other, int):
            return Decimal(other)
        if isinstance(other, float):
            context = getcontext()
            if equality_op:
                context.flags[FloatOperation] = True
            else:
                context._raise(FloatOperation)
            return Decimal.from_float(other)
        try:
            from fractions import Fraction
        except ImportError:
            Fraction = None
        if Fraction is not None and isinstance(other, Fraction):
            return other
        return NotImplemented

    def _fraction_cmp(self, other):
        n, d = other.numerator, other.denominator
        a, b = self.as_integer_ratio()
        x, y = a * d, n * b
        return (x > y) - (x < y)

    def __eq__(self, other):
        other = self._compare_operand(other, True)
        if other is NotImplemented:
            return other
        if not isinstance(other, Decimal):
            if self._special:
                return False
            return self._fraction_cmp(other) == 0
        if self.is_nan() or other.is_nan():
            return False
        return self._cmp(other) == 0

    def _order(self, other, op):
        other = self._compare_operand(other, False)
        if other is NotImplemented:
            return other
        if not isinstance(other, Decimal):
            if self.is_nan():
                getcontext()._raise(InvalidOperation)
                return False
            if self._special:
                return op(1 if not self._sign else -1, 0)
            return op(self._fraction_cmp(other), 0)
        if self.is_nan() or other.is_nan():
            getcontext()._raise(InvalidOperation)
            return False
        return op(self._cmp(other), 0)

    def __lt__(self, other):
        return self._order(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._order(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._order(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._order(other, lambda a, b: a >= b)

    def compare(self, other, context=None):
        other = _cv(other, True)
        if context is None:
            context = getcontext()
        if self.is_nan() or other.is_nan():
            return self._check_nans(other, context)
        return Decimal(self._cmp(other))

    def compare_total(self, other, context=None):
        other = _cv(other, True)
        if self._sign != other._sign:
            return Decimal(-1) if self._sign else Decimal(1)
        key = lambda x: (0 if not x._special else {"F": 1, "N": 2, "n": 3}[x._special])
        ka, kb = key(self), key(other)
        if ka != kb or ka >= 2:
            if ka == kb:
                r = (self._int > other._int) - (self._int < other._int)
            else:
                r = 1 if ka > kb else -1
        else:
            r = self._cmp(other) if ka == 0 else 0
            if r == 0 and ka == 0:
                r = (self._exp > other._exp) - (self._exp < other._exp)
        if self._sign:
            r = -r
        return Decimal(r)

    def max(self, other, context=None):
        other = _cv(other, True)
        if context is None:
            context = getcontext()
        if self.is_nan() or other.is_nan():
            if self._special == "n" and not other.is_nan():
                return other._fix(context)
            if other._special == "n" and not self.is_nan():
                return self._fix(context)
            return self._check_nans(other, context)
        c = self._cmp(other)
        if c == 0:
            c = self.compare_total(other)._cmp(Decimal(0))
        return (other if c < 0 else self)._fix(context)

    def min(self, other, context=None):
        other = _cv(other, True)
        if context is None:
            context = getcontext()
        if self.is_nan() or other.is_nan():
            if self._special == "n" and not other.is_nan():
                return other._fix(context)
            if other._special == "n" and not self.is_nan():
                return self._fix(context)
            return self._check_nans(other, context)
        c = self._cmp(other)
        if c == 0:
            c = self.compare_total(other)._cmp(Decimal(0))
        return (self if c < 0 else other)._fix(context)

    # -- unary --------------------------------------------------------------------------------------
    def __neg__(self, context=None):
        if context is None:
            context = getcontext()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
        if not self._int and not self._special and context.rounding != ROUND_FLOOR:
            ans = self.copy_abs()
        else:
            ans = self.copy_negate()
        return ans._fix(context)

    def __pos__(self, context=None):
        if context is None:
            context = getcontext()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
        if not self._int and not self._special and context.rounding != ROUND_FLOOR:
            ans = self.copy_abs()
        else:
            ans = _new(self._sign, self._int, self._exp, self._special)
        return ans._fix(context)

    def __abs__(self, round=True, context=None):
        if not round:
            return self.copy_abs()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
        if self._sign:
            return self.__neg__(context=context)
        return self.__pos__(context=context)

    # -- addition -----------------------------------------------------------------------------------
    def __add__(self, other, context=None):
        other = _cv(other, op='+', reflected=False)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        if self._special or other._special:
            r = self._check_nans(other, context)
            if r is not None:
                return r
            if self._special == "F":
                if other._special == "F" and self._sign != other._sign:
                    return self._invalid(context)
                return _new(self._sign, 0, 0, "F")
            return _new(other._sign, 0, 0, "F")
        exp = min(self._exp, other._exp)
        negativezero = 1 if (context.rounding == ROUND_FLOOR and self._sign != other._sign) else 0
        if not self._int and not other._int:
            sign = min(self._sign, other._sign)
            if negativezero:
                sign = 1
            return _new(sign, 0, exp)._fix(context)
        if not self._int:
            exp = max(exp, other._exp - context.prec - 1)
            return other._rescale(exp, context.rounding)._fix(context)
        if not other._int:
            exp = max(exp, self._exp - context.prec - 1)
            return self._rescale(exp, context.rounding)._fix(context)
        a, b = self, other
        if a._exp < b._exp:
            a, b = b, a
        # a has the larger exponent; a far smaller b only matters as a sticky digit
        a_len = _ndigits(a._int)
        limit = a._exp + min(-1, a_len - context.prec - 2)
        b_int, b_exp = b._int, b._exp
        if _ndigits(b_int) + b_exp - 1 < limit:
            b_int, b_exp = 1, limit
        a_int = a._int * 10 ** (a._exp - b_exp)
        va = -a_int if a._sign else a_int
        vb = -b_int if b._sign else b_int
        total = va + vb
        if total == 0:
            return _new(negativezero, 0, b_exp)._fix(context)
        return _new(1 if total < 0 else 0, abs(total), b_exp)._fix(context)

    def __radd__(self, other, context=None):
        other = _cv(other, op="+", reflected=True)
        if other is NotImplemented:
            return other
        return other.__add__(self, context=context)

    def __sub__(self, other, context=None):
        other = _cv(other, op='-', reflected=False)
        if other is NotImplemented:
            return other
        if self._special or other._special:
            r = self._check_nans(other, context)
            if r is not None:
                return r
        return self.__add__(other.copy_negate(), context=context)

    def __rsub__(self, other, context=None):
        other = _cv(other, op='-', reflected=True)
        if other is NotImplemented:
            return other
        return other.__sub__(self, context=context)

    # -- multiplication -----------------------------------------------------------------------------
    def __mul__(self, other, context=None):
        other = _cv(other, op='*', reflected=False)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        sign = self._sign ^ other._sign
        if self._special or other._special:
            r = self._check_nans(other, context)
            if r is not None:
                return r
            if self._special == "F":
                if not other._special and not other._int:
                    return self._invalid(context)
                return _new(sign, 0, 0, "F")
            if not self._int:
                return self._invalid(context)
            return _new(sign, 0, 0, "F")
        return _new(sign, self._int * other._int, self._exp + other._exp)._fix(context)

    def __rmul__(self, other, context=None):
        other = _cv(other, op="*", reflected=True)
        if other is NotImplemented:
            return other
        return other.__mul__(self, context=context)

    # -- division -----------------------------------------------------------------------------------
    def __truediv__(self, other, context=None):
        other = _cv(other, op='/', reflected=False)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        sign = self._sign ^ other._sign
        if self._special or other._special:
            r = self._check_nans(other, context)
            if r is not None:
                return r
            if self._special == "F" and other._special == "F":
                return self._invalid(context)
            if self._special == "F":
                return _new(sign, 0, 0, "F")
            context._raise(Clamped)
            return _new(sign, 0, context.Etiny())
        if not other._int:
            if not self._int:
                return self._invalid(context, DivisionUndefined)
            context._raise(DivisionByZero)
            return _new(sign, 0, 0, "F")
        if not self._int:
            exp = self._exp - other._exp
            coeff = 0
        else:
            shift = _ndigits(other._int) - _ndigits(self._int) + context.prec + 1
            exp = self._exp - other._exp - shift
            if shift >= 0:
                coeff, rem = divmod(self._int * 10 ** shift, other._int)
            else:
                coeff, rem = divmod(self._int, other._int * 10 ** (-shift))
            if rem:
                if coeff % 5 == 0:
                    coeff += 1    # a sticky digit: the quotient is not exact
            else:
                ideal = self._exp - other._exp
                while exp < ideal and coeff % 10 == 0:
                    coeff //= 10
                    exp += 1
        return _new(sign, coeff, exp)._fix(context)

    def __rtruediv__(self, other, context=None):
        other = _cv(other, op='/', reflected=True)
        if other is NotImplemented:
            return other
        return other.__truediv__(self, context=context)

    def _divide(self, other, context):
        # (integer quotient, remainder) of finite self by nonzero finite other, or None when the
        # quotient needs more than prec digits
        sign = self._sign ^ other._sign
        ideal_exp = min(self._exp, other._exp)
        expdiff = self.adjusted() - other.adjusted()
        if not self._int or expdiff <= -2:
            return (_new(sign, 0, 0), self._rescale(ideal_exp, context.rounding))
        if expdiff <= context.prec:
            a, b = self._int, other._int
            if self._exp >= other._exp:
                a *= 10 ** (self._exp - other._exp)
            else:
                b *= 10 ** (other._exp - self._exp)
            q, r = divmod(a, b)
            if q < 10 ** context.prec:
                return (_new(sign, q, 0), _new(self._sign, r, ideal_exp))
        return None

    def __divmod__(self, other, context=None):
        other = _cv(other, op='divmod()', reflected=False)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        r = self._check_nans(other, context) if (self._special or other._special) else None
        if r is not None:
            return (r, r)
        sign = self._sign ^ other._sign
        if self._special == "F":
            if other._special == "F":
                ans = self._invalid(context)
                return ans, ans
            return (_new(sign, 0, 0, "F"), self._invalid(context))
        if not other._int and not other._special:
            if not self._int:
                ans = self._invalid(context, DivisionUndefined)
                return ans, ans
            context._raise(DivisionByZero)
            return (_new(sign, 0, 0, "F"), self._invalid(context))
        if other._special == "F":
            return (_new(sign, 0, 0), self._fix(context))
        res = self._divide(other, context)
        if res is None:
            ans = self._invalid(context, DivisionImpossible)
            return ans, ans
        return res[0], res[1]._fix(context)

    def __rdivmod__(self, other, context=None):
        other = _cv(other, op='divmod()', reflected=True)
        if other is NotImplemented:
            return other
        return other.__divmod__(self, context=context)

    def __mod__(self, other, context=None):
        other = _cv(other, op='%', reflected=False)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        if self._special or other._special:
            r = self._check_nans(other, context)
            if r is not None:
                return r
            if self._special == "F":
                return self._invalid(context)
            return self._fix(context)
        if not other._int:
            if not self._int:
                return self._invalid(context, DivisionUndefined)
            return self._invalid(context)
        res = self._divide(other, context)
        if res is None:
            return self._invalid(context, DivisionImpossible)
        return res[1]._fix(context)

    def __rmod__(self, other, context=None):
        other = _cv(other, op='%', reflected=True)
        if other is NotImplemented:
            return other
        return other.__mod__(self, context=context)

    def __floordiv__(self, other, context=None):
        other = _cv(other, op='//', reflected=False)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        sign = self._sign ^ other._sign
        if self._special or other._special:
            r = self._check_nans(other, context)
            if r is not None:
                return r
            if self._special == "F":
                if other._special == "F":
                    return self._invalid(context)
                return _new(sign, 0, 0, "F")
            return _new(sign, 0, 0)
        if not other._int:
            if not self._int:
                return self._invalid(context, DivisionUndefined)
            context._raise(DivisionByZero)
            return _new(sign, 0, 0, "F")
        res = self._divide(other, context)
        if res is None:
            return self._invalid(context, DivisionImpossible)
        return res[0]

    def __rfloordiv__(self, other, context=None):
        other = _cv(other, op='//', reflected=True)
        if other is NotImplemented:
            return other
        return other.__floordiv__(self, context=context)

    def remainder_near(self, other, context=None):
        other = _cv(other, True)
        if context is None:
            context = getcontext()
        if self._special or other._special or not other._int:
            return self.__mod__(other, context=context)
        res = self._divide(other, context)
        if res is None:
            return self._invalid(context, DivisionImpossible)
        q, r = res
        # nearest integer quotient, ties to even
        twice = r.copy_abs().__mul__(2, context=Context(prec=MAX_PREC // 2))
        c = twice._cmp(other.copy_abs())
        if c > 0 or (c == 0 and q._int % 2 == 1):
            exact = Context(prec=MAX_PREC // 2, traps=[])
            r = r.__sub__(other.copy_abs() if not r._sign else other.copy_abs().copy_negate(),
                          context=exact)
        return r._fix(context)

    def fma(self, other, third, context=None):
        other = _cv(other, True)
        third = _cv(third, True)
        if context is None:
            context = getcontext()
        exact = Context(prec=MAX_PREC // 2, traps=[], Emax=MAX_EMAX, Emin=MIN_EMIN)
        product = self.__mul__(other, context=exact)
        return product.__add__(third, context=context)

    # -- power --------------------------------------------------------------------------------------
    def __pow__(self, other, modulo=None, context=None):
        other = _cv(other, op='** or pow()', reflected=False)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        if modulo is not None:
            return self._power_modulo(other, modulo, context)
        if self._special or other._special:
            r = self._check_nans(other, context)
            if r is not None:
                return r
        if not other._special and not other._int:
            if not self._special and not self._int:
                return self._invalid(context)    # 0 ** 0
            return Decimal(1)._fix(context)
        result_sign = 0
        if self._sign:
            if other._special or other._exp < 0 and not other._is_integral():
                if self._int or self._special:
                    return self._invalid(context)
            elif other._is_integral() and other._int_value() % 2 == 1:
                result_sign = 1
            if not self._int and not self._special:
                pass
        if not self._special and not self._int:
            if other._sign:
                context._raise(DivisionByZero)
                return _new(result_sign, 0, 0, "F")
            return _new(result_sign, 0, 0)
        if self._special == "F":
            if other._sign:
                return _new(result_sign, 0, 0)
            return _new(result_sign, 0, 0, "F")
        if other._special == "F":
            one = self.copy_abs()._cmp(Decimal(1))
            if one == 0:
                context._raise(Inexact)
                context._raise(Rounded)
                return _new(result_sign, 10 ** (context.prec - 1), 1 - context.prec)
            if (one > 0) != bool(other._sign):
                return _new(0, 0, 0, "F")
            return _new(0, 0, 0)
        base = self.copy_abs()
        if other._is_integral():
            n = other._int_value()
            # the exact power when it is small enough, else one rounding of a precise power
            digits = _ndigits(base._int) * abs(n)
            if digits <= max(4 * context.prec, 200) + 100:
                if n >= 0:
                    ans = _new(result_sign, base._int ** n, base._exp * n)
                    return ans._fix(context)
                denom = _new(0, base._int ** (-n), base._exp * (-n))
                q = Decimal(1).__truediv__(denom, context=context)
                return _new(result_sign, q._int, q._exp, q._special)._fix(context)
        # general case: exp(y * ln|x|) with guard digits
        return self._pow_general(base, other, result_sign, context)

    def _pow_general(self, base, other, result_sign, context):
        p = context.prec + 20
        work = Context(prec=p, traps=[], Emax=MAX_EMAX, Emin=MIN_EMIN)
        lnx = _ln_fixed(base, p + 10)
        y = other
        # y * ln(x) as a Decimal with p + 10 digits
        prod = _fixed_to_decimal(lnx, p + 10).__mul__(y, context=work)
        if prod.adjusted() > 12:
            if prod._sign:
                return self._underflow_result(result_sign, context)
            return self._overflow_at(result_sign, context)
        val = _exp_value(prod, p)
        ans = _new(result_sign, val._int, val._exp)
        return _round_inexact(ans, context)

    def _underflow_result(self, sign, context):
        context._raise(Underflow)
        context._raise(Subnormal)
        context._raise(Inexact)
        context._raise(Rounded)
        context._raise(Clamped)
        return _new(sign, 0, context.Etiny())

    def _overflow_at(self, sign, context):
        return _new(sign, 1, context.Emax + 1)._fix(context)

    def _power_modulo(self, other, modulo, context):
        modulo = _cv(modulo, True)
        for x in (self, other, modulo):
            if x._special:
                return self._invalid(context)
        if not (self._is_integral() and other._is_integral() and modulo._is_integral()):
            return self._invalid(context)
        if other._sign:
            return self._invalid(context)
        if not modulo._int:
            return self._invalid(context)
        m = modulo._int_value()
        if _ndigits(abs(m)) > context.prec:
            return self._invalid(context)
        if not self._int and not other._int:
            return self._invalid(context)
        sign = self._sign if other._int_value() % 2 else 0
        v = pow(abs(self._int_value()), other._int_value(), abs(m))
        return _new(sign, v, 0)

    def __rpow__(self, other, modulo=None, context=None):
        other = _cv(other, op='** or pow()', reflected=True)
        if other is NotImplemented:
            return other
        return other.__pow__(self, modulo, context=context)

    def _is_integral(self):
        if self._special:
            return False
        if self._exp >= 0:
            return True
        return self._int % 10 ** (-self._exp) == 0

    def _int_value(self):
        v = self._int * 10 ** self._exp if self._exp >= 0 else self._int // 10 ** (-self._exp)
        return -v if self._sign else v

    # -- quantize and integral values ---------------------------------------------------------------
    def quantize(self, exp, rounding=None, context=None):
        exp = _cv(exp, True)
        if context is None:
            context = getcontext()
        if rounding is None:
            rounding = context.rounding
        if self._special or exp._special:
            r = self._check_nans(exp, context)
            if r is not None:
                return r
            if self._special == "F" and exp._special == "F":
                return self
            return self._invalid(context)
        if not (context.Etiny() <= exp._exp <= context.Emax):
            return self._invalid(context)
        if not self._int:
            return _new(self._sign, 0, exp._exp)._fix(context)
        self_adjusted = self.adjusted()
        if self_adjusted > context.Emax:
            return self._invalid(context)
        if self_adjusted - exp._exp + 1 > context.prec:
            return self._invalid(context)
        ans = self._rescale(exp._exp, rounding)
        if ans.adjusted() > context.Emax:
            return self._invalid(context)
        if _ndigits(ans._int) > context.prec:
            return self._invalid(context)
        if ans._int and ans.adjusted() < context.Emin:
            context._raise(Subnormal)
        if ans._exp > self._exp:
            if ans._cmp(self) != 0 or ans._int == 0 and self._int != 0:
                context._raise(Inexact)
            context._raise(Rounded)
        return ans._fix(context)

    def same_quantum(self, other, context=None):
        other = _cv(other, True)
        if self._special or other._special:
            return (self.is_nan() and other.is_nan()) or (self.is_infinite() and other.is_infinite())
        return self._exp == other._exp

    def to_integral_value(self, rounding=None, context=None):
        if context is None:
            context = getcontext()
        if rounding is None:
            rounding = context.rounding
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
            return self
        if self._exp >= 0:
            return self
        return self._rescale(0, rounding)

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        if context is None:
            context = getcontext()
        if rounding is None:
            rounding = context.rounding
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
            return self
        if self._exp >= 0:
            return self
        if not self._int:
            return _new(self._sign, 0, 0)
        ans = self._rescale(0, rounding)
        if ans._cmp(self) != 0:
            context._raise(Inexact)
        context._raise(Rounded)
        return ans

    def normalize(self, context=None):
        if context is None:
            context = getcontext()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
        dup = self._fix(context)
        if dup._special:
            return dup
        if not dup._int:
            return _new(dup._sign, 0, 0)
        exp_max = [context.Emax, context.Etop()][context.clamp]
        c, e = dup._int, dup._exp
        while c % 10 == 0 and e < exp_max:
            c //= 10
            e += 1
        return _new(dup._sign, c, e)

    def reduce(self, context=None):
        return self.normalize(context)

    # -- square root and transcendental functions ------------------------------------------------------
    def sqrt(self, context=None):
        if context is None:
            context = getcontext()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
            if self._special == "F" and not self._sign:
                return self
        if not self._int and not self._special:
            return _new(self._sign, 0, self._exp >> 1)._fix(context)
        if self._sign:
            return self._invalid(context)
        ideal_exp = self._exp >> 1
        c, e = self._int, self._exp
        if e & 1:
            c *= 10
            e -= 1
        # scale so the root has at least prec + 1 digits
        k = max(0, (2 * context.prec + 2 - _ndigits(c) + 1) // 2)
        c2 = c * 100 ** k
        n = _math.isqrt(c2)
        rexp = e // 2 - k
        if n * n == c2:
            while rexp < ideal_exp and n % 10 == 0:
                n //= 10
                rexp += 1
            ans = _new(0, n, rexp)
            if _ndigits(n) <= context.prec:
                return ans._fix(context)
        elif n % 5 == 0:
            n += 1
        ans = _new(0, n, rexp)
        saved = context.rounding
        object.__setattr__(context, "rounding", ROUND_HALF_EVEN)
        try:
            return ans._fix(context)
        finally:
            object.__setattr__(context, "rounding", saved)

    def exp(self, context=None):
        if context is None:
            context = getcontext()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
            return _new(0, 0, 0) if self._sign else self
        if not self._int:
            return Decimal(1)
        if self.adjusted() > 8:
            if self._sign:
                return self._underflow_result(0, context)
            return self._overflow_at(0, context)
        p = context.prec + 20
        val = _exp_value(self, p)
        return _round_inexact(val, context)

    def ln(self, context=None):
        if context is None:
            context = getcontext()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
            if self._sign:
                return self._invalid(context)
            return self
        if not self._int:
            return _new(1, 0, 0, "F")
        if self._sign:
            return self._invalid(context)
        if self._int == 1 and self._exp == 0 or (self._exp < 0 and self._int == 10 ** -self._exp):
            return Decimal(0)
        p = context.prec + 20
        v = _ln_fixed(self, p)
        return _round_inexact(_fixed_to_decimal(v, p), context)

    def log10(self, context=None):
        if context is None:
            context = getcontext()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
            if self._sign:
                return self._invalid(context)
            return self
        if not self._int:
            return _new(1, 0, 0, "F")
        if self._sign:
            return self._invalid(context)
        # an exact power of ten gives an exact integer
        s = str(self._int)
        if s[0] == "1" and s[1:] == "0" * (len(s) - 1):
            return Decimal(len(s) - 1 + self._exp)
        p = context.prec + 20
        v = _ln_fixed(self, p) * 10 ** p // _ln10_fixed(p)
        return _round_inexact(_fixed_to_decimal(v, p), context)

    def logb(self, context=None):
        if context is None:
            context = getcontext()
        if self._special:
            r = self._check_nans(context=context)
            if r is not None:
                return r
            return _new(0, 0, 0, "F")
        if not self._int:
            context._raise(DivisionByZero)
            return _new(1, 0, 0, "F")
        return Decimal(self.adjusted())._fix(context)

    def scaleb(self, other, context=None):
        other = _cv(other, True)
        if context is None:
            context = getcontext()
        if self._special or other._special:
            r = self._check_nans(other, context)
            if r is not None:
                return r
        if other._exp != 0 or other._special:
            return self._invalid(context)
        if self._special:
            return self
        return _new(self._sign, self._int, self._exp + other._int_value())._fix(context)

    def number_class(self, context=None):
        if self.is_snan():
            return "sNaN"
        if self.is_qnan():
            return "NaN"
        s = "-" if self._sign else "+"
        if self._special == "F":
            return s + "Infinity"
        if not self._int:
            return s + "Zero"
        if self.is_subnormal(context):
            return s + "Subnormal"
        return s + "Normal"

    # -- format -------------------------------------------------------------------------------------
    def __format__(self, specifier, context=None, _localeconv=None):
        if context is None:
            context = getcontext()
        spec = _parse_format_specifier(specifier)
        if self._special:
            sign = _format_sign(self._sign, spec)
            body = str(self.copy_abs())
            if spec["type"] == "%":
                body += "%"
            return _format_align(sign, body, spec)
        if spec["type"] is None:
            spec["type"] = ["g", "G"][context.capitals]
        self_ = self
        if spec["type"] == "%":
            self_ = _new(self._sign, self._int, self._exp + 2)
        rounding = context.rounding
        precision = spec["precision"]
        t = spec["type"]
        if precision is not None:
            if t in "eE":
                self_ = self_._round(precision + 1, rounding)
            elif t in "fF%":
                self_ = self_._rescale(-precision, rounding)
            elif t in "gG" and _ndigits(self_._int) > precision:
                self_ = self_._round(precision, rounding)
        if not self_._int and self_._exp > 0 and t in "fF%":
            self_ = self_._rescale(0, rounding)
        if not self_._int and spec["no_neg_0"] and self_._sign:
            adjusted_sign = 0
        else:
            adjusted_sign = self_._sign
        digits = str(self_._int)
        leftdigits = self_._exp + len(digits)
        if t in "eE":
            if not self_._int and precision is not None:
                dotplace = 1 - precision
            else:
                dotplace = 1
        elif t in "fF%":
            dotplace = leftdigits
        else:
            if self_._exp <= 0 and leftdigits > -6:
                dotplace = leftdigits
            else:
                dotplace = 1
        if dotplace < 0:
            intpart = "0"
            fracpart = "0" * (-dotplace) + digits
        elif dotplace > len(digits):
            intpart = digits + "0" * (dotplace - len(digits))
            fracpart = ""
        else:
            intpart = digits[:dotplace] or "0"
            fracpart = digits[dotplace:]
        exp = leftdigits - dotplace
        return _format_number(adjusted_sign, intpart, fracpart, exp, spec)


_NaN = _new(0, 0, 0, "n")


# ---- fixed-point helpers for exp/ln/log10/power ----------------------------------------------------
# Values are integers v meaning v / 10**p.

def _tdiv(a, b):
    # a / b truncated toward zero (b > 0): series terms of either sign then shrink to 0
    return a // b if a >= 0 else -((-a) // b)


def _fixed_to_decimal(v, p):
    return _new(1 if v < 0 else 0, abs(v), -p)


def _round_inexact(val, context):
    # a value computed with guard digits is never exact here: make sure the last digit is not a
    # false tie, then round once, half-even
    c = val._int
    if c % 10 == 0 or c % 10 == 5:
        c = c * 10 + 1
        val = _new(val._sign, c, val._exp - 1)
    saved = context.rounding
    object.__setattr__(context, "rounding", ROUND_HALF_EVEN)
    try:
        ans = val._fix(context)
    finally:
        object.__setattr__(context, "rounding", saved)
    context._raise(Inexact)
    context._raise(Rounded)
    return ans


def _atanh_inv(n, scale):
    # atanh(1/n) * scale
    total = 0
    term = scale // n
    k = 1
    n2 = n * n
    while term:
        total += term // k
        term //= n2
        k += 2
    return total


_LN_CACHE = {}


def _ln2_fixed(p):
    key = ("ln2", p)
    if key not in _LN_CACHE:
        scale = 10 ** (p + 10)
        _LN_CACHE[key] = 2 * _atanh_inv(3, scale) // 10 ** 10
    return _LN_CACHE[key]


def _ln10_fixed(p):
    key = ("ln10", p)
    if key not in _LN_CACHE:
        scale = 10 ** (p + 10)
        # ln 10 = 3 ln 2 + ln(5/4) = 3 ln 2 + 2 atanh(1/9)
        ln2 = 2 * _atanh_inv(3, scale)
        _LN_CACHE[key] = (3 * ln2 + 2 * _atanh_inv(9, scale)) // 10 ** 10
    return _LN_CACHE[key]


def _ln_fixed(d, p):
    # ln of a positive finite Decimal, as v / 10**p
    guard = 10
    P = p + guard
    scale = 10 ** P
    c, e = d._int, d._exp
    # x = c * 10**e = m * 10**(e + nd) with m = c / 10**nd in [0.1, 1)
    nd = _ndigits(c)
    m = c * scale // 10 ** nd          # m * scale, m in [0.1, 1)
    # bring m near 1 by powers of two: m * 2**k in [2/3, 4/3)
    k = 0
    while m < 2 * scale // 3:
        m *= 2
        k += 1
    # ln(m') = 2 atanh((m' - 1) / (m' + 1))
    num = m - scale
    den = m + scale
    z = num * scale // den
    z2 = z * z // scale
    total = 0
    term = z
    j = 1
    while term:
        total += _tdiv(term, j)
        term = _tdiv(term * z2, scale)
        j += 2
    lnm = 2 * total
    ln2 = _ln2_fixed(P)
    ln10 = _ln10_fixed(P)
    v = lnm - k * ln2 + (e + nd) * ln10
    return v // 10 ** guard if v >= 0 else -((-v) // 10 ** guard)


def _exp_value(x, p):
    # exp(x) for a finite Decimal x with |x| < 1e9, as a Decimal with about p + 10 significant digits
    guard = 12
    # x = n * ln10 + r, |r| <= ln10 / 2, so the result is exp(r) * 10**n
    xa = x.adjusted()
    P = p + guard + max(0, xa + 1)
    scale = 10 ** P
    if x._exp >= 0:
        xv = x._int * 10 ** x._exp * scale
    else:
        xv = x._int * scale // 10 ** (-x._exp)
    if x._sign:
        xv = -xv
    ln10 = _ln10_fixed(P)
    n = (2 * xv + ln10) // (2 * ln10)
    r = xv - n * ln10
    # exp(r) by halving r until small, the series, then squaring
    halvings = 0
    while abs(r) > scale // 1000:
        r = _tdiv(r, 2)
        halvings += 1
    total = scale
    term = scale
    j = 1
    while term:
        term = _tdiv(term * r, scale * j)
        total += term
        j += 1
    for _ in range(halvings):
        total = total * total // scale
    return _new(0, total, -P + n)


# ---- format() specifications ----------------------------------------------------------------------

_fmt_re = _re.compile(r"""\A
(?:
   (?P<fill>.)?
   (?P<align>[<>=^])
)?
(?P<sign>[-+ ])?
(?P<no_neg_0>z)?
(?P<alt>\#)?
(?P<zeropad>0)?
(?P<minimumwidth>\d+)?
(?P<thousands_sep>[,_])?
(?:\.(?P<precision>\d+))?
(?P<type>[eEfFgGn%])?
\Z
""", _re.VERBOSE | _re.DOTALL)


def _parse_format_specifier(format_spec):
    m = _fmt_re.match(format_spec)
    if m is None:
        raise ValueError("Invalid format specifier")
    d = m.groupdict()
    fill = d["fill"]
    align = d["align"]
    d["zeropad"] = d["zeropad"] is not None
    if d["zeropad"]:
        if fill is not None:
            raise ValueError("Fill character conflicts with '0' in format specifier: " + format_spec)
        if align is not None:
            raise ValueError("Alignment conflicts with '0' in format specifier: " + format_spec)
    d["fill"] = fill or ("0" if d["zeropad"] else " ")
    d["align"] = align or ("=" if d["zeropad"] else ">")
    if d["sign"] is None:
        d["sign"] = "-"
    d["minimumwidth"] = int(d["minimumwidth"] or "0")
    if d["precision"] is not None:
        d["precision"] = int(d["precision"])
    if d["precision"] == 0 and d["type"] in ("g", "G", None):
        d["precision"] = 1
    if d["type"] == "n":
        d["type"] = "g"
        if d["thousands_sep"] is None:
            d["thousands_sep"] = ""
    d["thousands_sep"] = d["thousands_sep"] or ""
    d["no_neg_0"] = d["no_neg_0"] is not None
    d["alt"] = d["alt"] is not None
    return d


def _format_sign(is_negative, spec):
    if is_negative:
        return "-"
    if spec["sign"] in " +":
        return spec["sign"]
    return ""


def _group(digits, sep, min_width):
    # groups of three digits from the right joined by `sep` (possibly empty), zero-padded so the
    # result (separators included) is at least min_width wide
    groups = []
    while True:
        n = min(max(len(digits), min_width, 1), 3)
        groups.append("0" * (n - len(digits)) + digits[-n:])
        digits = digits[:-n]
        min_width -= n
        if not digits and min_width <= 0:
            break
        min_width -= len(sep)
    return sep.join(reversed(groups))


def _format_number(is_negative, intpart, fracpart, exp, spec):
    sign = _format_sign(is_negative, spec)
    if fracpart or spec["alt"]:
        fracpart = "." + fracpart
    if exp != 0 or spec["type"] in "eE":
        echar = {"E": "E", "e": "e", "G": "E", "g": "e"}[spec["type"]]
        fracpart += "{0}{1:+}".format(echar, exp)
    if spec["type"] == "%":
        fracpart += "%"
    if spec["zeropad"]:
        min_width = spec["minimumwidth"] - len(fracpart) - len(sign)
    else:
        min_width = 0
    intpart = _group(intpart, spec["thousands_sep"], min_width)
    return _format_align(sign, intpart + fracpart, spec)


def _format_align(sign, body, spec):
    minimumwidth = spec["minimumwidth"]
    fill = spec["fill"]
    padding = fill * (minimumwidth - len(sign) - len(body))
    align = spec["align"]
    if align == "<":
        result = sign + body + padding
    elif align == ">":
        result = padding + sign + body
    elif align == "=":
        result = sign + padding + body
    else:
        half = len(padding) // 2
        result = padding[:half] + sign + body + padding[half:]
    return result


try:
    import numbers as _numbers
    _numbers.Number.register(Decimal)
except Exception:
    pass
