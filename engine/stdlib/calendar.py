# calendar: CPython 3.12's calendar module in the C locale. Calendar (week and month iteration
# from any first weekday, the proleptic Gregorian calendar of datetime), TextCalendar (the `cal`-like
# text layout of month() and calendar(), byte for byte), HTMLCalendar (tables with CPython's CSS
# classes), the module functions over one shared TextCalendar (setfirstweekday, monthcalendar,
# prmonth, month, prcal, calendar, week, weekheader), isleap/leapdays/weekday/monthrange, timegm,
# the Month and Day IntEnums with their module-level names, day_name/day_abbr/month_name/month_abbr,
# IllegalMonthError/IllegalWeekdayError. Left out: LocaleTextCalendar/LocaleHTMLCalendar and
# different_locale (Kiln has only the C locale; they raise NotImplementedError), the command line.

import datetime as _datetime
from enum import IntEnum as _IntEnum
from itertools import repeat as _repeat

__all__ = ["IllegalMonthError", "IllegalWeekdayError", "setfirstweekday",
           "firstweekday", "isleap", "leapdays", "weekday", "monthrange",
           "monthcalendar", "prmonth", "month", "prcal", "calendar",
           "timegm", "month_name", "month_abbr", "day_name", "day_abbr",
           "Calendar", "TextCalendar", "HTMLCalendar", "LocaleTextCalendar",
           "LocaleHTMLCalendar", "weekheader",
           "Day", "Month", "JANUARY", "FEBRUARY", "MARCH",
           "APRIL", "MAY", "JUNE", "JULY",
           "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER",
           "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY",
           "SATURDAY", "SUNDAY"]

error = ValueError


class IllegalMonthError(ValueError):
    def __init__(self, month):
        self.month = month

    def __str__(self):
        return "bad month number %r; must be 1-12" % self.month


class IllegalWeekdayError(ValueError):
    def __init__(self, weekday):
        self.weekday = weekday

    def __str__(self):
        return "bad weekday number %r; must be 0 (Monday) to 6 (Sunday)" % self.weekday


def __getattr__(name):
    # the pre-3.12 names January/February still answer, with CPython's DeprecationWarning
    if name in ('January', 'February'):
        import warnings
        warnings.warn(f"The '{name}' attribute is deprecated, use '{name.upper()}' instead",
                      DeprecationWarning, stacklevel=2)
        return 1 if name == 'January' else 2
    raise AttributeError(f"module '{__name__}' has no attribute '{name}'")


class Month(_IntEnum):
    JANUARY = 1
    FEBRUARY = 2
    MARCH = 3
    APRIL = 4
    MAY = 5
    JUNE = 6
    JULY = 7
    AUGUST = 8
    SEPTEMBER = 9
    OCTOBER = 10
    NOVEMBER = 11
    DECEMBER = 12


class Day(_IntEnum):
    MONDAY = 0
    TUESDAY = 1
    WEDNESDAY = 2
    THURSDAY = 3
    FRIDAY = 4
    SATURDAY = 5
    SUNDAY = 6


# CPython's @global_enum: the members are module globals and repr as `calendar.NAME`
def _global_repr(self):
    return f"{self.__class__.__module__}.{self._name_}"


for _cls in (Month, Day):
    _cls.__repr__ = _global_repr
    for _name, _member in _cls.__members__.items():
        globals()[_name] = _member
del _cls, _name, _member

# days per month, index 0 unused; February is 28 here (monthrange adds the leap day)
mdays = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

# the C locale's names, as time.strftime's %A/%a/%B/%b give them
_DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
_MONTH_NAMES = ['', 'January', 'February', 'March', 'April', 'May', 'June', 'July',
                'August', 'September', 'October', 'November', 'December']


class _localized_month:
    # month_name/month_abbr: indexable (slices too) and sized sequences of 13 names, '' first
    def __init__(self, format):
        self.format = format

    def __getitem__(self, i):
        names = [self._name(j) for j in range(13)]
        return names[i]

    def _name(self, j):
        if j == 0:
            return ''
        return _MONTH_NAMES[j] if self.format == '%B' else _MONTH_NAMES[j][:3]

    def __len__(self):
        return 13


class _localized_day:
    def __init__(self, format):
        self.format = format

    def __getitem__(self, i):
        names = [n if self.format == '%A' else n[:3] for n in _DAY_NAMES]
        return names[i]

    def __len__(self):
        return 7


day_name = _localized_day('%A')
day_abbr = _localized_day('%a')
month_name = _localized_month('%B')
month_abbr = _localized_month('%b')


def isleap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def leapdays(y1, y2):
    # leap years in [y1, y2)
    y1 -= 1
    y2 -= 1
    return (y2 // 4 - y1 // 4) - (y2 // 100 - y1 // 100) + (y2 // 400 - y1 // 400)


def weekday(year, month, day):
    # datetime covers years 1..9999; other years take the weekday of the same day 2000 years on
    # (the Gregorian calendar repeats every 400 years), as CPython does
    if not _datetime.MINYEAR <= year <= _datetime.MAXYEAR:
        year = 2000 + year % 400
    return Day(_datetime.date(year, month, day).weekday())


def monthrange(year, month):
    if not 1 <= month <= 12:
        raise IllegalMonthError(month)
    day1 = weekday(year, month, 1)
    ndays = mdays[month] + (month == FEBRUARY and isleap(year))
    return day1, ndays


def _monthlen(year, month):
    return mdays[month] + (month == FEBRUARY and isleap(year))


def _prevmonth(year, month):
    if month == 1:
        return year - 1, 12
    return year, month - 1


def _nextmonth(year, month):
    if month == 12:
        return year + 1, 1
    return year, month + 1


class Calendar(object):
    # Weeks are lists of 7 days starting at firstweekday (0 = Monday ... 6 = Sunday); days outside
    # the month are 0 in the day-number forms and real dates of the adjacent months in the date forms.
    def __init__(self, firstweekday=0):
        self.firstweekday = firstweekday

    def getfirstweekday(self):
        return self._firstweekday % 7

    def setfirstweekday(self, firstweekday):
        self._firstweekday = firstweekday

    firstweekday = property(getfirstweekday, setfirstweekday)

    def iterweekdays(self):
        for i in range(self.firstweekday, self.firstweekday + 7):
            yield i % 7

    def itermonthdates(self, year, month):
        for y, m, d in self.itermonthdays3(year, month):
            yield _datetime.date(y, m, d)

    def itermonthdays(self, year, month):
        day1, ndays = monthrange(year, month)
        days_before = (day1 - self.firstweekday) % 7
        yield from _repeat(0, days_before)
        yield from range(1, ndays + 1)
        days_after = (self.firstweekday - day1 - ndays) % 7
        yield from _repeat(0, days_after)

    def itermonthdays2(self, year, month):
        for i, d in enumerate(self.itermonthdays(year, month), self.firstweekday):
            yield d, i % 7

    def itermonthdays3(self, year, month):
        day1, ndays = monthrange(year, month)
        days_before = (day1 - self.firstweekday) % 7
        days_after = (self.firstweekday - day1 - ndays) % 7
        y, m = _prevmonth(year, month)
        end = _monthlen(y, m) + 1
        for d in range(end - days_before, end):
            yield y, m, d
        for d in range(1, ndays + 1):
            yield year, month, d
        y, m = _nextmonth(year, month)
        for d in range(1, days_after + 1):
            yield y, m, d

    def itermonthdays4(self, year, month):
        for i, (y, m, d) in enumerate(self.itermonthdays3(year, month)):
            yield y, m, d, (self.firstweekday + i) % 7

    def monthdatescalendar(self, year, month):
        dates = list(self.itermonthdates(year, month))
        return [dates[i:i + 7] for i in range(0, len(dates), 7)]

    def monthdays2calendar(self, year, month):
        days = list(self.itermonthdays2(year, month))
        return [days[i:i + 7] for i in range(0, len(days), 7)]

    def monthdayscalendar(self, year, month):
        days = list(self.itermonthdays(year, month))
        return [days[i:i + 7] for i in range(0, len(days), 7)]

    def yeardatescalendar(self, year, width=3):
        months = [self.monthdatescalendar(year, i) for i in range(JANUARY, JANUARY + 12)]
        return [months[i:i + width] for i in range(0, len(months), width)]

    def yeardays2calendar(self, year, width=3):
        months = [self.monthdays2calendar(year, i) for i in range(JANUARY, JANUARY + 12)]
        return [months[i:i + width] for i in range(0, len(months), width)]

    def yeardayscalendar(self, year, width=3):
        months = [self.monthdayscalendar(year, i) for i in range(JANUARY, JANUARY + 12)]
        return [months[i:i + width] for i in range(0, len(months), width)]


class TextCalendar(Calendar):
    # The layout of the Unix `cal` program: w is a day column's width, l the lines per week,
    # c the spaces between months and m the months per row of a year.
    def prweek(self, theweek, width):
        print(self.formatweek(theweek, width), end='')

    def formatday(self, day, weekday, width):
        s = '' if day == 0 else '%2i' % day
        return s.center(width)

    def formatweek(self, theweek, width):
        return ' '.join(self.formatday(d, wd, width) for (d, wd) in theweek)

    def formatweekday(self, day, width):
        names = day_name if width >= 9 else day_abbr
        return names[day][:width].center(width)

    def formatweekheader(self, width):
        return ' '.join(self.formatweekday(i, width) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        s = month_name[themonth]
        if withyear:
            s = "%s %r" % (s, theyear)
        return s.center(width)

    def prmonth(self, theyear, themonth, w=0, l=0):
        print(self.formatmonth(theyear, themonth, w, l), end='')

    def formatmonth(self, theyear, themonth, w=0, l=0):
        w = max(2, w)
        l = max(1, l)
        out = [self.formatmonthname(theyear, themonth, 7 * (w + 1) - 1).rstrip(), '\n' * l,
               self.formatweekheader(w).rstrip(), '\n' * l]
        for week in self.monthdays2calendar(theyear, themonth):
            out.append(self.formatweek(week, w).rstrip())
            out.append('\n' * l)
        return ''.join(out)

    def formatyear(self, theyear, w=2, l=1, c=6, m=3):
        w = max(2, w)
        l = max(1, l)
        c = max(2, c)
        colwidth = (w + 1) * 7 - 1
        out = [repr(theyear).center(colwidth * m + c * (m - 1)).rstrip(), '\n' * l]
        header = self.formatweekheader(w)
        for i, row in enumerate(self.yeardays2calendar(theyear, m)):
            months = range(m * i + 1, min(m * (i + 1) + 1, 13))
            out.append('\n' * l)
            out.append(formatstring([self.formatmonthname(theyear, k, colwidth, False) for k in months],
                                    colwidth, c).rstrip())
            out.append('\n' * l)
            out.append(formatstring([header for k in months], colwidth, c).rstrip())
            out.append('\n' * l)
            height = max(len(cal) for cal in row)
            for j in range(height):
                weeks = [self.formatweek(cal[j], w) if j < len(cal) else '' for cal in row]
                out.append(formatstring(weeks, colwidth, c).rstrip())
                out.append('\n' * l)
        return ''.join(out)

    def pryear(self, theyear, w=0, l=0, c=6, m=3):
        print(self.formatyear(theyear, w, l, c, m), end='')


class HTMLCalendar(Calendar):
    # Tables with CPython's CSS class names; formatyearpage is a whole XHTML page.
    cssclasses = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    cssclasses_weekday_head = cssclasses
    cssclass_noday = "noday"
    cssclass_month_head = "month"
    cssclass_month = "month"
    cssclass_year_head = "year"
    cssclass_year = "year"

    def formatday(self, day, weekday):
        if day == 0:
            return '<td class="%s">&nbsp;</td>' % self.cssclass_noday
        return '<td class="%s">%d</td>' % (self.cssclasses[weekday], day)

    def formatweek(self, theweek):
        return '<tr>%s</tr>' % ''.join(self.formatday(d, wd) for (d, wd) in theweek)

    def formatweekday(self, day):
        return '<th class="%s">%s</th>' % (self.cssclasses_weekday_head[day], day_abbr[day])

    def formatweekheader(self):
        return '<tr>%s</tr>' % ''.join(self.formatweekday(i) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, withyear=True):
        s = '%s %s' % (month_name[themonth], theyear) if withyear else '%s' % month_name[themonth]
        return '<tr><th colspan="7" class="%s">%s</th></tr>' % (self.cssclass_month_head, s)

    def formatmonth(self, theyear, themonth, withyear=True):
        out = ['<table border="0" cellpadding="0" cellspacing="0" class="%s">' % self.cssclass_month, '\n',
               self.formatmonthname(theyear, themonth, withyear=withyear), '\n',
               self.formatweekheader(), '\n']
        for week in self.monthdays2calendar(theyear, themonth):
            out.append(self.formatweek(week))
            out.append('\n')
        out.append('</table>')
        out.append('\n')
        return ''.join(out)

    def formatyear(self, theyear, width=3):
        width = max(width, 1)
        out = ['<table border="0" cellpadding="0" cellspacing="0" class="%s">' % self.cssclass_year, '\n',
               '<tr><th colspan="%d" class="%s">%s</th></tr>' % (width, self.cssclass_year_head, theyear)]
        for i in range(JANUARY, JANUARY + 12, width):
            out.append('<tr>')
            for mo in range(i, min(i + width, 13)):
                out.append('<td>')
                out.append(self.formatmonth(theyear, mo, withyear=False))
                out.append('</td>')
            out.append('</tr>')
        out.append('</table>')
        return ''.join(out)

    def formatyearpage(self, theyear, width=3, css='calendar.css', encoding=None):
        if encoding is None:
            encoding = 'utf-8'
        out = ['<?xml version="1.0" encoding="%s"?>\n' % encoding,
               '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
               '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n',
               '<html>\n', '<head>\n',
               '<meta http-equiv="Content-Type" content="text/html; charset=%s" />\n' % encoding]
        if css is not None:
            out.append('<link rel="stylesheet" type="text/css" href="%s" />\n' % css)
        out.append('<title>Calendar for %d</title>\n' % theyear)
        out.append('</head>\n')
        out.append('<body>\n')
        out.append(self.formatyear(theyear, width))
        out.append('</body>\n')
        out.append('</html>\n')
        return ''.join(out).encode(encoding, "xmlcharrefreplace")


class _NoLocale:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"calendar.{type(self).__name__} is not supported in Kiln: "
                                  "it has only the C locale (use TextCalendar/HTMLCalendar)")


class LocaleTextCalendar(_NoLocale, TextCalendar):
    pass


class LocaleHTMLCalendar(_NoLocale, HTMLCalendar):
    pass


class different_locale(_NoLocale):
    pass


c = TextCalendar()

firstweekday = c.getfirstweekday


def setfirstweekday(firstweekday):
    if not MONDAY <= firstweekday <= SUNDAY:
        raise IllegalWeekdayError(firstweekday)
    c.firstweekday = firstweekday


monthcalendar = c.monthdayscalendar
prweek = c.prweek
week = c.formatweek
weekheader = c.formatweekheader
prmonth = c.prmonth
month = c.formatmonth
calendar = c.formatyear
prcal = c.pryear

_colwidth = 7 * 3 - 1  # what prweek() prints
_spacing = 6  # spaces between month columns


def format(cols, colwidth=_colwidth, spacing=_spacing):
    print(formatstring(cols, colwidth, spacing))


def formatstring(cols, colwidth=_colwidth, spacing=_spacing):
    return (spacing * ' ').join(col.center(colwidth) for col in cols)


EPOCH = 1970
_EPOCH_ORD = _datetime.date(EPOCH, 1, 1).toordinal()


def timegm(tuple):
    # seconds since the epoch of a UTC time tuple (the inverse of time.gmtime)
    year, month, day, hour, minute, second = tuple[:6]
    days = _datetime.date(year, month, 1).toordinal() - _EPOCH_ORD + day - 1
    hours = days * 24 + hour
    minutes = hours * 60 + minute
    return minutes * 60 + second
