# fractions: Fraction, exact rationals over Python ints: construction from ints, strings ('3/4',
# '-1.25e-3', ' 7 '), floats (exactly, as_integer_ratio) and Fractions; + - * / // % divmod ** (integer
# powers exact, others through float), abs/neg/pos, comparisons with ints, floats and Fractions,
# CPython's numeric hash (equal values hash alike across int/float/Fraction), limit_denominator,
# from_float, as_integer_ratio, float/int/round/floor/ceil/trunc, str and repr. Left out: Decimal
# (Kiln has no decimal module).
import math as _math

__all__ = ['Fraction']

_PyHASH_MODULUS = 2 ** 61 - 1
_PyHASH_INF = 314159


def _parse(s):
    t = s.strip().replace('_', '')
    if not t:
        raise ValueError('Invalid literal for Fraction: %r' % s)
    if '/' in t:
        num, _, den = t.partition('/')
        num = num.strip()
        den = den.strip()
        digits = num[1:] if num[:1] in ('+', '-') else num
        if not digits.isdigit() or not den.isdigit():
            raise ValueError('Invalid literal for Fraction: %r' % s)
        return int(num), int(den)
    sign = 1
    if t[0] in '+-':
        sign = -1 if t[0] == '-' else 1
        t = t[1:]
    exp = 0
    if 'e' in t or 'E' in t:
        t, _, e = t.replace('E', 'e').partition('e')
        if not e or not e.lstrip('+-').isdigit():
            raise ValueError('Invalid literal for Fraction: %r' % s)
        exp = int(e)
    if '.' in t:
        ip, _, fp = t.partition('.')
    else:
        ip, fp = t, ''
    if (ip and not ip.isdigit()) or (fp and not fp.isdigit()) or (not ip and not fp):
        raise ValueError('Invalid literal for Fraction: %r' % s)
    num = int(ip + fp) if (ip + fp) else 0
    den = 10 ** len(fp)
    if exp >= 0:
        num *= 10 ** exp
    else:
        den *= 10 ** -exp
    return sign * num, den


class Fraction:
    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int or isinstance(numerator, bool):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            if isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            if isinstance(numerator, float):
                n, d = numerator.as_integer_ratio()  # CPython's errors for nan and inf
                self._numerator = n
                self._denominator = d
                return self
            if isinstance(numerator, str):
                n, d = _parse(numerator)
                numerator, denominator = n, d
            elif isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            elif hasattr(numerator, 'numerator') and hasattr(numerator, 'denominator'):
                numerator, denominator = numerator.numerator, numerator.denominator
            else:
                raise TypeError("argument should be a string or a Rational instance")
        else:
            if isinstance(numerator, Fraction) or isinstance(denominator, Fraction):
                a = Fraction(numerator)
                b = Fraction(denominator)
                numerator = a._numerator * b._denominator
                denominator = a._denominator * b._numerator
            elif not isinstance(numerator, int) or not isinstance(denominator, int):
                raise TypeError("both arguments should be Rational instances")
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        g = _math.gcd(numerator, denominator)
        if denominator < 0:
            g = -g
        self._numerator = numerator // g
        self._denominator = denominator // g
        return self

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)" % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        raise NotImplementedError("Fraction.from_decimal: Kiln has no decimal module")

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction(p1, q1)
        return Fraction(p0 + k * p1, q0 + k * q1)

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def __repr__(self):
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    @staticmethod
    def _coerce(other):
        if isinstance(other, Fraction):
            return other
        if isinstance(other, int):
            return Fraction(other)
        return None

    def _op(self, other, fop, iop):
        o = Fraction._coerce(other)
        if o is not None:
            return fop(self, o)
        if isinstance(other, float):
            return iop(float(self), other)
        return NotImplemented

    def _rop(self, other, fop, iop):
        o = Fraction._coerce(other)
        if o is not None:
            return fop(o, self)
        if isinstance(other, float):
            return iop(other, float(self))
        return NotImplemented

    @staticmethod
    def _add(a, b):
        return Fraction(a._numerator * b._denominator + b._numerator * a._denominator, a._denominator * b._denominator)

    @staticmethod
    def _sub(a, b):
        return Fraction(a._numerator * b._denominator - b._numerator * a._denominator, a._denominator * b._denominator)

    @staticmethod
    def _mul(a, b):
        return Fraction(a._numerator * b._numerator, a._denominator * b._denominator)

    @staticmethod
    def _div(a, b):
        if b._numerator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % b._denominator)
        return Fraction(a._numerator * b._denominator, a._denominator * b._numerator)

    @staticmethod
    def _floordiv(a, b):
        return (a._numerator * b._denominator) // (a._denominator * b._numerator)

    @staticmethod
    def _mod(a, b):
        da, db = a._denominator, b._denominator
        return Fraction((a._numerator * db) % (b._numerator * da), da * db)

    def __add__(self, other):
        return self._op(other, Fraction._add, lambda x, y: x + y)

    def __radd__(self, other):
        return self._rop(other, Fraction._add, lambda x, y: x + y)

    def __sub__(self, other):
        return self._op(other, Fraction._sub, lambda x, y: x - y)

    def __rsub__(self, other):
        return self._rop(other, Fraction._sub, lambda x, y: x - y)

    def __mul__(self, other):
        return self._op(other, Fraction._mul, lambda x, y: x * y)

    def __rmul__(self, other):
        return self._rop(other, Fraction._mul, lambda x, y: x * y)

    def __truediv__(self, other):
        return self._op(other, Fraction._div, lambda x, y: x / y)

    def __rtruediv__(self, other):
        return self._rop(other, Fraction._div, lambda x, y: x / y)

    def __floordiv__(self, other):
        return self._op(other, Fraction._floordiv, lambda x, y: x // y)

    def __rfloordiv__(self, other):
        return self._rop(other, Fraction._floordiv, lambda x, y: x // y)

    def __mod__(self, other):
        return self._op(other, Fraction._mod, lambda x, y: x % y)

    def __rmod__(self, other):
        return self._rop(other, Fraction._mod, lambda x, y: x % y)

    def __divmod__(self, other):
        return (self // other, self % other)

    def __rdivmod__(self, other):
        return (other // self, other % self)

    def __pow__(self, other):
        if isinstance(other, int) or (isinstance(other, Fraction) and other._denominator == 1):
            power = other if isinstance(other, int) else other._numerator
            if power >= 0:
                return Fraction(self._numerator ** power, self._denominator ** power)
            if self._numerator == 0:
                raise ZeroDivisionError('Fraction(%s, 0)' % (self._denominator ** -power))
            return Fraction(self._denominator ** -power, self._numerator ** -power)
        return float(self) ** float(other)

    def __rpow__(self, other):
        if self._denominator == 1 and self._numerator >= 0:
            return other ** self._numerator
        if isinstance(other, int):
            return Fraction(other) ** self
        return other ** float(self)

    def __pos__(self):
        return Fraction(self._numerator, self._denominator)

    def __neg__(self):
        return Fraction(-self._numerator, self._denominator)

    def __abs__(self):
        return Fraction(abs(self._numerator), self._denominator)

    def __int__(self):
        if self._numerator < 0:
            return -(-self._numerator // self._denominator)
        return self._numerator // self._denominator

    __trunc__ = __int__

    def __float__(self):
        return self._numerator / self._denominator

    def __floor__(self):
        return self._numerator // self._denominator

    def __ceil__(self):
        return -(-self._numerator // self._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            if remainder * 2 > self._denominator:
                return floor + 1
            return floor if floor % 2 == 0 else floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __hash__(self):
        try:
            dinv = pow(self._denominator, _PyHASH_MODULUS - 2, _PyHASH_MODULUS)
        except ValueError:
            dinv = 0
        if not dinv:
            hash_ = _PyHASH_INF
        else:
            hash_ = abs(self._numerator) % _PyHASH_MODULUS * dinv % _PyHASH_MODULUS
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def _cmp_key(self, other):
        if isinstance(other, Fraction):
            return self._numerator * other._denominator, other._numerator * self._denominator
        if isinstance(other, int):
            return self._numerator, other * self._denominator
        if isinstance(other, float):
            if other != other or other in (float('inf'), float('-inf')):
                return float(self), other
            o = Fraction(other)
            return self._numerator * o._denominator, o._numerator * self._denominator
        return None

    def __eq__(self, other):
        k = self._cmp_key(other)
        return NotImplemented if k is None else k[0] == k[1]

    def __lt__(self, other):
        k = self._cmp_key(other)
        return NotImplemented if k is None else k[0] < k[1]

    def __le__(self, other):
        k = self._cmp_key(other)
        return NotImplemented if k is None else k[0] <= k[1]

    def __gt__(self, other):
        k = self._cmp_key(other)
        return NotImplemented if k is None else k[0] > k[1]

    def __ge__(self, other):
        k = self._cmp_key(other)
        return NotImplemented if k is None else k[0] >= k[1]

    def __bool__(self):
        return self._numerator != 0

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


try:
    import numbers as _numbers
    _numbers.Rational.register(Fraction)
except ImportError:
    pass
