# datetime: timedelta, date, time, datetime, tzinfo and timezone (fixed offsets, timezone.utc) with
# CPython 3.11's arithmetic, normalisation, comparisons, hashing, str/repr, isoformat/fromisoformat,
# strftime/strptime (the C-locale directives: %a %A %b %B %c %d %f %H %I %j %m %M %p %S %U %w %W %x
# %X %y %Y %z %Z %G %V %u %%), ordinal and ISO-calendar conversions, and now()/today()/
# fromtimestamp() from the host clock through `time` (local time as the host's time module gives
# it). Naive datetimes only know the local zone through time.localtime/mktime.
# Left out: zoneinfo / named time zones; datetime.astimezone() without an argument assumes UTC
# when the host has no zone information; fold is stored but not used to pick an offset.
import time as _time
import math as _math

__all__ = ("date", "datetime", "time", "timedelta", "timezone", "tzinfo", "MINYEAR", "MAXYEAR", "UTC")

MINYEAR = 1
MAXYEAR = 9999

_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_dbm = 0
for _dim in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_dbm)
    _dbm += _dim
del _dbm, _dim

_MONTHNAMES = [None, "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_FULLMONTHNAMES = [None, "January", "February", "March", "April", "May", "June", "July", "August",
                   "September", "October", "November", "December"]
_DAYNAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_FULLDAYNAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _cmp(x, y):
    return 0 if x == y else 1 if x > y else -1


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_before_year(year):
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _days_before_month(year, month):
    return _DAYS_BEFORE_MONTH[month] + (month > 2 and _is_leap(year))


def _ymd2ord(year, month, day):
    return _days_before_year(year) + _days_before_month(year, month) + day


_DI400Y = _days_before_year(401)
_DI100Y = _days_before_year(101)
_DI4Y = _days_before_year(5)


def _ord2ymd(n):
    n -= 1
    n400, n = divmod(n, _DI400Y)
    year = n400 * 400 + 1
    n100, n = divmod(n, _DI100Y)
    n4, n = divmod(n, _DI4Y)
    n1, n = divmod(n, 365)
    year += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    leapyear = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    preceding = _DAYS_BEFORE_MONTH[month] + (month > 2 and leapyear)
    if preceding > n:
        month -= 1
        preceding -= _DAYS_IN_MONTH[month] + (month == 2 and leapyear)
    n -= preceding
    return year, month, n + 1


def _check_int(value, name):
    if isinstance(value, float):
        raise TypeError('integer argument expected, got float')
    if not isinstance(value, int):
        raise TypeError('an integer is required (got type %s)' % type(value).__name__)
    return _c_int(value)


def _c_int(value):
    # CPython's C datetime parses these fields as C ints ("i"): out of range is OverflowError
    # before any range check of the field's own
    if not -2**31 <= value < 2**31:
        if not -2**63 <= value < 2**63:
            raise OverflowError('Python int too large to convert to C long')
        raise OverflowError('signed integer is greater than maximum' if value > 0 else
                            'signed integer is less than minimum')
    return value


def _check_date_fields(year, month, day):
    year = _check_int(year, 'year')
    month = _check_int(month, 'month')
    day = _check_int(day, 'day')
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError('year %d is out of range' % year)
    if not 1 <= month <= 12:
        raise ValueError('month must be in 1..12')
    dim = _days_in_month(year, month)
    if not 1 <= day <= dim:
        raise ValueError('day is out of range for month')
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour = _check_int(hour, 'hour')
    minute = _check_int(minute, 'minute')
    second = _check_int(second, 'second')
    microsecond = _check_int(microsecond, 'microsecond')
    if not 0 <= hour <= 23:
        raise ValueError('hour must be in 0..23')
    if not 0 <= minute <= 59:
        raise ValueError('minute must be in 0..59')
    if not 0 <= second <= 59:
        raise ValueError('second must be in 0..59')
    if not 0 <= microsecond <= 999999:
        raise ValueError('microsecond must be in 0..999999')
    if isinstance(fold, int):
        _c_int(fold)
    if fold not in (0, 1):
        raise ValueError('fold must be either 0 or 1')
    return hour, minute, second, microsecond, fold


def _check_tzinfo(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tz).__name__)


def _format_offset(off, sep=':'):
    if off is None:
        return ''
    if off.days < 0:
        sign = '-'
        off = -off
    else:
        sign = '+'
    hh, mm = divmod(off, timedelta(hours=1))
    mm, ss = divmod(mm, timedelta(minutes=1))
    s = '%s%02d%s%02d' % (sign, hh, sep, mm)
    if ss or ss.microseconds:
        s += '%s%02d' % (sep, ss.seconds)
        if ss.microseconds:
            s += '.%06d' % ss.microseconds
    return s


def _format_time(hh, mm, ss, us, timespec='auto'):
    specs = {'hours': '%02d', 'minutes': '%02d:%02d', 'seconds': '%02d:%02d:%02d',
             'milliseconds': '%02d:%02d:%02d.%03d', 'microseconds': '%02d:%02d:%02d.%06d'}
    if timespec == 'auto':
        timespec = 'microseconds' if us else 'seconds'
    elif timespec == 'milliseconds':
        us //= 1000
    if timespec not in specs:
        raise ValueError('Unknown timespec value')
    fmt = specs[timespec]
    return fmt % (hh, mm, ss, us)[:fmt.count('%')]


def _iso_week1_monday(year):
    THURSDAY = 3
    firstday = _ymd2ord(year, 1, 1)
    firstweekday = (firstday + 6) % 7
    week1monday = firstday - firstweekday
    if firstweekday > THURSDAY:
        week1monday += 7
    return week1monday


def _strftime(fmt, tt, us, tz_obj, offset):
    # tt: (year, month, day, hour, minute, second, weekday(0=Mon), yday)
    year, month, day, hh, mm, ss, wd, yday = tt
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        c = fmt[i]
        if c != '%' or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        d = fmt[i + 1]
        i += 2
        if d == 'Y':
            out.append('%d' % year if year >= 1000 else '%d' % year)
        elif d == 'y':
            out.append('%02d' % (year % 100))
        elif d == 'm':
            out.append('%02d' % month)
        elif d == 'd':
            out.append('%02d' % day)
        elif d == 'H':
            out.append('%02d' % hh)
        elif d == 'I':
            out.append('%02d' % (hh % 12 or 12))
        elif d == 'M':
            out.append('%02d' % mm)
        elif d == 'S':
            out.append('%02d' % ss)
        elif d == 'f':
            out.append('%06d' % us)
        elif d == 'p':
            out.append('AM' if hh < 12 else 'PM')
        elif d == 'a':
            out.append(_DAYNAMES[wd])
        elif d == 'A':
            out.append(_FULLDAYNAMES[wd])
        elif d == 'b' or d == 'h':
            out.append(_MONTHNAMES[month])
        elif d == 'B':
            out.append(_FULLMONTHNAMES[month])
        elif d == 'j':
            out.append('%03d' % yday)
        elif d == 'w':
            out.append('%d' % ((wd + 1) % 7))
        elif d == 'u':
            out.append('%d' % (wd + 1))
        elif d == 'U':
            out.append('%02d' % ((yday + 6 - (wd + 1) % 7) // 7))
        elif d == 'W':
            out.append('%02d' % ((yday + 6 - wd) // 7))
        elif d == 'c':
            out.append('%s %s %2d %02d:%02d:%02d %d' % (_DAYNAMES[wd], _MONTHNAMES[month], day, hh, mm, ss, year))
        elif d == 'x':
            out.append('%02d/%02d/%02d' % (month, day, year % 100))
        elif d == 'X':
            out.append('%02d:%02d:%02d' % (hh, mm, ss))
        elif d == 'z':
            out.append(_format_offset(offset, '') if offset is not None else '')
        elif d == 'Z':
            out.append(tz_obj.tzname(None) if tz_obj is not None and hasattr(tz_obj, 'tzname') and offset is not None else '')
        elif d == 'G' or d == 'V':
            iy, iw, _ = date(year, month, day).isocalendar()
            out.append('%d' % iy if d == 'G' else '%02d' % iw)
        elif d == '%':
            out.append('%')
        else:
            out.append('%' + d)
    return ''.join(out)


class timedelta:
    __slots__ = ('_days', '_seconds', '_microseconds', '_hashcode')

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        # Everything to microseconds exactly where the inputs are ints; floats are rounded half to
        # even at the microsecond, as CPython does.
        total = 0
        fl = 0.0
        has_float = False
        for value, scale in ((weeks, 604800000000), (days, 86400000000), (hours, 3600000000),
                             (minutes, 60000000), (seconds, 1000000), (milliseconds, 1000),
                             (microseconds, 1)):
            if isinstance(value, float):
                has_float = True
                ip = _math.floor(value)
                total += int(ip) * scale
                fl += (value - ip) * scale
            elif isinstance(value, int):
                total += value * scale
            else:
                raise TypeError("unsupported type for timedelta %s component: %s" % ('days', type(value).__name__))
        if has_float:
            total += round(fl)
        self = object.__new__(cls)
        d, rem = divmod(total, 86400000000)
        s, us = divmod(rem, 1000000)
        if abs(d) > 999999999:
            raise OverflowError("days=%d; must have magnitude <= 999999999" % d)
        self._days = d
        self._seconds = s
        self._microseconds = us
        self._hashcode = -1
        return self

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def total_seconds(self):
        return ((self._days * 86400 + self._seconds) * 10 ** 6 + self._microseconds) / 10 ** 6

    def _to_us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    def __repr__(self):
        args = []
        if self._days:
            args.append("days=%d" % self._days)
        if self._seconds:
            args.append("seconds=%d" % self._seconds)
        if self._microseconds:
            args.append("microseconds=%d" % self._microseconds)
        if not args:
            args.append('0')
        return "datetime.timedelta(%s)" % ', '.join(args)

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = "%d:%02d:%02d" % (hh, mm, ss)
        if self._days:
            s = ("%d day%s, " % (self._days, "s" if abs(self._days) != 1 else "")) + s
        if self._microseconds:
            s = s + ".%06d" % self._microseconds
        return s

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta(microseconds=self._to_us() + other._to_us())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta(microseconds=self._to_us() - other._to_us())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta(microseconds=-self._to_us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, bool) or isinstance(other, int):
            return timedelta(microseconds=self._to_us() * other)
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta(microseconds=_divide_and_round(self._to_us() * a, b))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() // other._to_us()
        if isinstance(other, int):
            return timedelta(microseconds=self._to_us() // other)
        return NotImplemented

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() / other._to_us()
        if isinstance(other, int):
            return timedelta(microseconds=_divide_and_round(self._to_us(), other))
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta(microseconds=_divide_and_round(b * self._to_us(), a))
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta(microseconds=self._to_us() % other._to_us())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_us(), other._to_us())
            return q, timedelta(microseconds=r)
        return NotImplemented

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() == other._to_us()
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() != other._to_us()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() < other._to_us()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() <= other._to_us()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() > other._to_us()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() >= other._to_us()
        return NotImplemented

    def __hash__(self):
        return hash((self._days, self._seconds, self._microseconds))

    def __bool__(self):
        return self._days != 0 or self._seconds != 0 or self._microseconds != 0

    def __reduce__(self):
        return (type(self), (self._days, self._seconds, self._microseconds))


def _divide_and_round(a, b):
    q, r = divmod(a, b)
    r *= 2
    greater_than_half = r > b if b > 0 else r < b
    if greater_than_half or r == b and q % 2 == 1:
        q += 1
    return q


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


class date:
    __slots__ = ('_year', '_month', '_day', '_hashcode')

    def __new__(cls, year, month=None, day=None):
        year, month, day = _check_date_fields(year, month, day)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hashcode = -1
        return self

    # copy and pickle rebuild the value from its fields (CPython's C type reduces to its packed
    # bytes; the objects rebuilt are equal)
    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day))

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, hh, mm, ss, weekday, jday, dst = _time.localtime(t)
        return cls(y, m, d)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        s = date_string
        try:
            if len(s) == 10 and s[4] == '-' and s[7] == '-':
                return cls(int(s[0:4]), int(s[5:7]), int(s[8:10]))
            if len(s) == 8 and s.isdigit():
                return cls(int(s[0:4]), int(s[4:6]), int(s[6:8]))
        except ValueError:
            pass
        raise ValueError('Invalid isoformat string: %r' % date_string)

    @classmethod
    def fromisocalendar(cls, year, week, day):
        if not 0 < week < 53:
            out_of_range = True
            if week == 53:
                first_weekday = _ymd2ord(year, 1, 1) % 7
                if first_weekday == 4 or (first_weekday == 3 and _is_leap(year)):
                    out_of_range = False
            if out_of_range:
                raise ValueError("Invalid week: %d" % week)
        if not 0 < day < 8:
            raise ValueError("Invalid weekday: %d (range is [1, 7])" % day)
        day_offset = (week - 1) * 7 + (day - 1)
        day_1 = _iso_week1_monday(year)
        return cls(*_ord2ymd(day_1 + day_offset))

    def __repr__(self):
        return "%s.%s(%d, %d, %d)" % (_modname(self), type(self).__qualname__, self._year, self._month, self._day)

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d 00:00:00 %04d" % (_DAYNAMES[weekday - 1], _MONTHNAMES[self._month], self._day, self._year)

    def strftime(self, fmt):
        return _strftime(fmt, self._tt(), 0, None, None)

    def _tt(self):
        return (self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                _days_before_month(self._year, self._month) + self._day)

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def isoformat(self):
        return "%04d-%02d-%02d" % (self._year, self._month, self._day)

    def __str__(self):
        return self.isoformat()

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def timetuple(self):
        return _time.struct_time((self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                                  _days_before_month(self._year, self._month) + self._day, -1))

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day)

    def _dcmp(self, other):
        return _cmp((self._year, self._month, self._day), (other._year, other._month, other._day))

    def __eq__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime) and not isinstance(self, datetime):
            return self._dcmp(other) == 0
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __lt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._dcmp(other) < 0
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._dcmp(other) <= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._dcmp(other) > 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._dcmp(other) >= 0
        return NotImplemented

    def __hash__(self):
        return hash((self._year, self._month, self._day))

    def __add__(self, other):
        if isinstance(other, timedelta):
            o = self.toordinal() + other.days
            if 0 < o <= _MAXORDINAL:
                return type(self).fromordinal(o)
            raise OverflowError("result out of range")
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        year = self._year
        week1monday = _iso_week1_monday(year)
        today = _ymd2ord(self._year, self._month, self._day)
        week, day = divmod(today - week1monday, 7)
        if week < 0:
            year -= 1
            week1monday = _iso_week1_monday(year)
            week, day = divmod(today - week1monday, 7)
        elif week >= 52:
            if today >= _iso_week1_monday(year + 1):
                year += 1
                week = 0
        return IsoCalendarDate(year, week + 1, day + 1)


class IsoCalendarDate(tuple):
    def __new__(cls, year, week, weekday):
        return tuple.__new__(cls, (year, week, weekday))

    @property
    def year(self):
        return self[0]

    @property
    def week(self):
        return self[1]

    @property
    def weekday(self):
        return self[2]

    def __repr__(self):
        return 'datetime.IsoCalendarDate(year=%d, week=%d, weekday=%d)' % (self[0], self[1], self[2])


def _modname(obj):
    return 'datetime' if type(obj).__module__ in ('datetime', '<frozen datetime>') else type(obj).__module__


_MAXORDINAL = 3652059
date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class tzinfo:
    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("tzinfo subclass must override tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("tzinfo subclass must override utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("tzinfo subclass must override dst()")

    def fromutc(self, dt):
        dtoff = dt.utcoffset()
        dtdst = dt.dst()
        if dtdst is None:
            dtdst = timedelta(0)
        delta = dtoff - dtdst
        if delta:
            dt += delta
            dtdst = dt.dst() or timedelta(0)
        return dt + dtdst


class timezone(tzinfo):
    __slots__ = ('_offset', '_name')

    def __init__(self, offset, name=None):
        if not isinstance(offset, timedelta):
            raise TypeError("offset must be a timedelta")
        if name is not None and not isinstance(name, str):
            raise TypeError("name must be a string")
        if not timedelta(hours=-24) < offset < timedelta(hours=24):
            raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) and "
                             "timedelta(hours=24), not %r." % offset)
        self._offset = offset
        self._name = name

    def __reduce__(self):
        return (type(self), (self._offset,) if self._name is None else (self._offset, self._name))

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is timezone.utc:
            return 'datetime.timezone.utc'
        if self._name is None:
            return "datetime.timezone(%r)" % (self._offset,)
        return "datetime.timezone(%r, %r)" % (self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def utcoffset(self, dt):
        return self._offset

    def tzname(self, dt):
        if self._name is None:
            return self._name_from_offset(self._offset)
        return self._name

    def dst(self, dt):
        return None

    def fromutc(self, dt):
        return dt + self._offset

    @staticmethod
    def _name_from_offset(delta):
        if not delta:
            return 'UTC'
        if delta < timedelta(0):
            sign = '-'
            delta = -delta
        else:
            sign = '+'
        hours, rest = divmod(delta, timedelta(hours=1))
        minutes, rest = divmod(rest, timedelta(minutes=1))
        seconds = rest.seconds
        microseconds = rest.microseconds
        if microseconds:
            return 'UTC%s%02d:%02d:%02d.%06d' % (sign, hours, minutes, seconds, microseconds)
        if seconds:
            return 'UTC%s%02d:%02d:%02d' % (sign, hours, minutes, seconds)
        return 'UTC%s%02d:%02d' % (sign, hours, minutes)


timezone.utc = timezone(timedelta(0))
timezone.min = timezone(-timedelta(hours=23, minutes=59))
timezone.max = timezone(timedelta(hours=23, minutes=59))
UTC = timezone.utc


class time:
    __slots__ = ('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_fold')

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._fold = fold
        return self

    def __reduce__(self):
        args = (self._hour, self._minute, self._second, self._microsecond, self._tzinfo)
        return (type(self), args) if not self._fold else (type(self), args, (None, {'_fold': self._fold}))

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    def _key(self):
        return (self._hour, self._minute, self._second, self._microsecond)

    def __eq__(self, other):
        if isinstance(other, time):
            return self._key() == other._key() and self.utcoffset() == other.utcoffset()
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __lt__(self, other):
        if isinstance(other, time):
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, time):
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, time):
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, time):
            return self._key() >= other._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        if self._microsecond != 0:
            s = ", %d, %d" % (self._second, self._microsecond)
        elif self._second != 0:
            s = ", %d" % self._second
        else:
            s = ""
        s = "%s.%s(%d, %d%s)" % (_modname(self), type(self).__qualname__, self._hour, self._minute, s)
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r" % self._tzinfo + ")"
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def isoformat(self, timespec='auto'):
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    __str__ = isoformat

    @classmethod
    def fromisoformat(cls, time_string):
        h, m, s, us, tz = _parse_isotime(time_string)
        return cls(h, m, s, us, tz)

    def strftime(self, fmt):
        return _strftime(fmt, (1900, 1, 1, self._hour, self._minute, self._second, 0, 1), self._microsecond,
                         self._tzinfo, self.utcoffset())

    def __format__(self, fmt):
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(None)

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(None)

    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(None)

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._hour if hour is None else hour, self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo, fold=self._fold if fold is None else fold)


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


def _parse_isotime(s):
    tz = None
    body = s
    for i in range(len(s)):
        if s[i] in '+-Z' and i > 0:
            body = s[:i]
            t = s[i:]
            if t == 'Z':
                tz = timezone.utc
            else:
                sign = -1 if t[0] == '-' else 1
                parts = t[1:].replace(':', '')
                hh = int(parts[0:2])
                mm = int(parts[2:4]) if len(parts) >= 4 else 0
                ss = int(parts[4:6]) if len(parts) >= 6 else 0
                off = timedelta(hours=hh, minutes=mm, seconds=ss)
                tz = timezone.utc if not off else timezone(sign * off)
            break
    try:
        us = 0
        if '.' in body or ',' in body:
            body, frac = body.replace(',', '.').split('.')
            us = int((frac + '000000')[:6])
        parts = body.split(':') if ':' in body else [body[i:i + 2] for i in range(0, len(body), 2)]
        h = int(parts[0])
        m = int(parts[1]) if len(parts) > 1 else 0
        sec = int(parts[2]) if len(parts) > 2 else 0
        return h, m, sec, us, tz
    except (ValueError, IndexError):
        raise ValueError('Invalid isoformat string: %r' % s)


class datetime(date):
    __slots__ = ('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_fold')

    def __new__(cls, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        year, month, day = _check_date_fields(year, month, day)
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._fold = fold
        self._hashcode = -1
        return self

    def __reduce__(self):
        args = (self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond,
                self._tzinfo)
        return (type(self), args) if not self._fold else (type(self), args, (None, {'_fold': self._fold}))

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    @classmethod
    def _fromtimestamp(cls, t, utc, tz):
        frac, t = _math.modf(t)
        us = round(frac * 1e6)
        if us >= 1000000:
            t += 1
            us -= 1000000
        elif us < 0:
            t -= 1
            us += 1000000
        y, m, d, hh, mm, ss, weekday, jday, dst = (_time.gmtime if utc else _time.localtime)(t)
        ss = min(ss, 59)
        return cls(y, m, d, hh, mm, ss, us, tz)

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo(tz)
        if tz is None:
            return cls._fromtimestamp(t, False, None)
        result = cls._fromtimestamp(t, True, tz)
        return tz.fromutc(result)

    @classmethod
    def utcfromtimestamp(cls, t):
        return cls._fromtimestamp(t, True, None)

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second, time.microsecond,
                   tzinfo, fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        s = date_string
        if len(s) < 10:
            d = date.fromisoformat(s)
            return cls(d.year, d.month, d.day)
        d = date.fromisoformat(s[:10])
        if len(s) == 10:
            return cls(d.year, d.month, d.day)
        if s[10] not in 'T ':
            raise ValueError('Invalid isoformat string: %r' % date_string)
        h, m, sec, us, tz = _parse_isotime(s[11:])
        return cls(d.year, d.month, d.day, h, m, sec, us, tz)

    @classmethod
    def strptime(cls, date_string, format):
        return _strptime(cls, date_string, format)

    def timetuple(self):
        dst = self.dst()
        dst = -1 if dst is None else (1 if dst else 0)
        return _time.struct_time((self._year, self._month, self._day, self._hour, self._minute, self._second,
                                  self.weekday(), _days_before_month(self._year, self._month) + self._day, dst))

    def utctimetuple(self):
        off = self.utcoffset()
        s = self - off if off else self
        return _time.struct_time((s._year, s._month, s._day, s._hour, s._minute, s._second, s.weekday(),
                                  _days_before_month(s._year, s._month) + s._day, 0))

    def timestamp(self):
        if self._tzinfo is None or self.utcoffset() is None:
            return _time.mktime((self._year, self._month, self._day, self._hour, self._minute, self._second,
                                 -1, -1, -1)) + self._microsecond / 1e6
        return (self - _EPOCH).total_seconds()

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo, fold=self._fold)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None, microsecond=None,
                tzinfo=True, *, fold=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day, self._hour if hour is None else hour,
                          self._minute if minute is None else minute, self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo, fold=self._fold if fold is None else fold)

    def astimezone(self, tz=None):
        if tz is None:
            tz = timezone.utc
        elif not isinstance(tz, tzinfo):
            raise TypeError("tz argument must be an instance of tzinfo")
        mytz = self._tzinfo
        if mytz is None or self.utcoffset() is None:
            ts = self.timestamp()
            utc = datetime.utcfromtimestamp(ts)
        else:
            utc = (self - self.utcoffset()).replace(tzinfo=None)
        return tz.fromutc(utc.replace(tzinfo=tz))

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d %02d:%02d:%02d %04d" % (_DAYNAMES[weekday - 1], _MONTHNAMES[self._month], self._day,
                                                  self._hour, self._minute, self._second, self._year)

    def isoformat(self, sep='T', timespec='auto'):
        s = ("%04d-%02d-%02d%c" % (self._year, self._month, self._day, sep) +
             _format_time(self._hour, self._minute, self._second, self._microsecond, timespec))
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    def __repr__(self):
        L = [self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond]
        if L[-1] == 0:
            del L[-1]
        if L[-1] == 0:
            del L[-1]
        s = "%s.%s(%s)" % (_modname(self), type(self).__qualname__, ", ".join(map(str, L)))
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r" % self._tzinfo + ")"
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def __str__(self):
        return self.isoformat(sep=' ')

    def strftime(self, fmt):
        return _strftime(fmt, (self._year, self._month, self._day, self._hour, self._minute, self._second,
                               self.weekday(), _days_before_month(self._year, self._month) + self._day),
                         self._microsecond, self._tzinfo, self.utcoffset())

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(self)

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(self)

    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(self)

    def _us(self):
        return (self.toordinal() * 86400 + self._hour * 3600 + self._minute * 60 + self._second) * 1000000 + \
            self._microsecond

    def _cmpkey(self, other):
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        if (myoff is None) != (otoff is None):
            return None
        a = self._us() - (myoff._to_us() if myoff is not None else 0)
        b = other._us() - (otoff._to_us() if otoff is not None else 0)
        return _cmp(a, b)

    def __eq__(self, other):
        if isinstance(other, datetime):
            c = self._cmpkey(other)
            return c == 0 if c is not None else False
        if isinstance(other, date):
            return False
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def _order(self, other):
        if not isinstance(other, datetime):
            if isinstance(other, date):
                raise TypeError("can't compare %s to %s" % (type(self).__name__, type(other).__name__))
            return None
        c = self._cmpkey(other)
        if c is None:
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        return c

    def __lt__(self, other):
        c = self._order(other)
        return NotImplemented if c is None else c < 0

    def __le__(self, other):
        c = self._order(other)
        return NotImplemented if c is None else c <= 0

    def __gt__(self, other):
        c = self._order(other)
        return NotImplemented if c is None else c > 0

    def __ge__(self, other):
        c = self._order(other)
        return NotImplemented if c is None else c >= 0

    def __hash__(self):
        off = self.utcoffset()
        return hash(self._us() - (off._to_us() if off is not None else 0))

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        total = self._us() + other._to_us()
        days, rem = divmod(total, 86400000000)
        if not 0 < days <= _MAXORDINAL:
            raise OverflowError("date value out of range")
        secs, us = divmod(rem, 1000000)
        hh, rem2 = divmod(secs, 3600)
        mm, ss = divmod(rem2, 60)
        y, m, d = _ord2ymd(days)
        return type(self)(y, m, d, hh, mm, ss, us, self._tzinfo)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + -other
        if not isinstance(other, datetime):
            return NotImplemented
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        if (myoff is None) != (otoff is None):
            raise TypeError("cannot mix naive and timezone-aware time")
        diff = self._us() - other._us()
        if myoff is not None and self._tzinfo is not other._tzinfo:
            diff -= myoff._to_us() - otoff._to_us()
        return timedelta(microseconds=diff)


datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _strptime(cls, s, fmt):
    vals = {'Y': 1900, 'm': 1, 'd': 1, 'H': 0, 'M': 0, 'S': 0, 'f': 0}
    pm = None
    hour12 = None
    tz = None
    i = 0
    j = 0
    n = len(fmt)

    def num(width, name):
        nonlocal j
        k = j
        while k < len(s) and k - j < width and s[k].isdigit():
            k += 1
        if k == j:
            raise ValueError("time data %r does not match format %r" % (s, fmt))
        v = s[j:k]
        j = k
        return v

    def word(names):
        nonlocal j
        for idx, name in enumerate(names):
            if name and s[j:j + len(name)].lower() == name.lower():
                j += len(name)
                return idx
        raise ValueError("time data %r does not match format %r" % (s, fmt))
    while i < n:
        c = fmt[i]
        if c == '%' and i + 1 < n:
            d = fmt[i + 1]
            i += 2
            if d == 'Y':
                vals['Y'] = int(num(4, d))
            elif d == 'y':
                y = int(num(2, d))
                vals['Y'] = 2000 + y if y < 69 else 1900 + y
            elif d in 'mdHMS':
                vals[d] = int(num(2, d))
            elif d == 'I':
                hour12 = int(num(2, d))
            elif d == 'f':
                v = num(6, d)
                vals['f'] = int((v + '000000')[:6])
            elif d == 'p':
                pm = word(['AM', 'PM']) == 1
            elif d == 'b' or d == 'h':
                vals['m'] = word([None] + _MONTHNAMES[1:])
            elif d == 'B':
                vals['m'] = word([None] + _FULLMONTHNAMES[1:])
            elif d == 'a':
                word(_DAYNAMES)
            elif d == 'A':
                word(_FULLDAYNAMES)
            elif d == 'j':
                vals['j'] = int(num(3, d))
            elif d == 'z':
                if s[j:j + 1] == 'Z':
                    j += 1
                    tz = timezone.utc
                else:
                    sign = -1 if s[j:j + 1] == '-' else 1
                    if s[j:j + 1] not in ('+', '-'):
                        raise ValueError("time data %r does not match format %r" % (s, fmt))
                    j += 1
                    hh = int(num(2, d))
                    if s[j:j + 1] == ':':
                        j += 1
                    mm = int(num(2, d))
                    tz = timezone(sign * timedelta(hours=hh, minutes=mm))
            elif d == '%':
                if s[j:j + 1] != '%':
                    raise ValueError("time data %r does not match format %r" % (s, fmt))
                j += 1
            else:
                raise ValueError("'%s' is a bad directive in format '%s'" % (d, fmt))
        else:
            if c.isspace():
                while j < len(s) and s[j].isspace():
                    j += 1
            else:
                if s[j:j + 1] != c:
                    raise ValueError("time data %r does not match format %r" % (s, fmt))
                j += 1
            i += 1
    if j != len(s):
        raise ValueError("unconverted data remains: %s" % s[j:])
    if hour12 is not None:
        vals['H'] = hour12 % 12 + (12 if pm else 0)
    elif pm is not None and pm and vals['H'] < 12:
        pass
    if 'j' in vals:
        d = date.fromordinal(_ymd2ord(vals['Y'], 1, 1) + vals['j'] - 1)
        vals['m'] = d.month
        vals['d'] = d.day
    return cls(vals['Y'], vals['m'], vals['d'], vals['H'], vals['M'], vals['S'], vals['f'], tz)
