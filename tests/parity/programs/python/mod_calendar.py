# calendar: leap rules, weekday/monthrange (Day enum results), Calendar iteration from other first
# weekdays, TextCalendar's month and year layouts, HTMLCalendar tables, timegm, the enums and the
# module-level names, and CPython's errors for bad months and weekdays.
import calendar

print([y for y in range(1896, 1910) if calendar.isleap(y)], calendar.isleap(2000), calendar.isleap(2100))
print(calendar.leapdays(1900, 2024), calendar.leapdays(2024, 1900), calendar.leapdays(1, 10000))
print(calendar.weekday(2024, 2, 29), repr(calendar.weekday(1969, 7, 20)), calendar.weekday(12000, 1, 1))
print(calendar.monthrange(2024, 2), calendar.monthrange(2023, 2), calendar.monthrange(1900, 12))
print(calendar.MONDAY, calendar.SUNDAY, repr(calendar.FRIDAY), calendar.JANUARY, repr(calendar.DECEMBER))
print(calendar.Month(3).name, calendar.Day.WEDNESDAY.value, calendar.Day(6) == 6, list(calendar.Month)[:3])
print(calendar.day_name[0], calendar.day_abbr[6], calendar.month_name[1], calendar.month_abbr[12])
print(list(calendar.month_name), len(calendar.day_abbr), list(calendar.day_abbr), calendar.month_abbr[1:4])
print(calendar.monthcalendar(2024, 3))
print(calendar.firstweekday())
print(calendar.month(2024, 2), end='')
print(calendar.month(2023, 10, 3, 2), end='')
print(calendar.weekheader(2), '|', calendar.weekheader(9), '|', calendar.weekheader(1))
calendar.setfirstweekday(calendar.SUNDAY)
print(calendar.firstweekday(), calendar.weekheader(3))
print(calendar.month(2021, 8), end='')
calendar.setfirstweekday(0)
print(calendar.calendar(2024), end='')
print(calendar.calendar(2023, 2, 1, 4, 4)[:400])
c = calendar.Calendar(firstweekday=6)
print(list(c.iterweekdays()), c.getfirstweekday())
print(list(c.itermonthdays(2024, 6))[:10])
print(list(c.itermonthdays2(2024, 6))[:8])
print(list(c.itermonthdays3(2024, 6))[:3], list(c.itermonthdays4(2024, 6))[-2:])
print([str(d) for d in c.monthdatescalendar(2024, 6)[0]])
print(len(c.yeardayscalendar(2024)), len(c.yeardayscalendar(2024, 4)[0]), c.yeardays2calendar(2024, 6)[1][0][0])
print(c.yeardatescalendar(2024)[0][0][0][0])
t = calendar.TextCalendar(2)
print(t.formatmonth(2024, 1, 4), end='')
print(repr(t.formatweek([(1, 0), (2, 1), (0, 2)], 3)), repr(t.formatday(7, 0, 4)), repr(t.formatmonthname(2024, 5, 20, False)))
h = calendar.HTMLCalendar()
print(h.formatmonth(2024, 2))
print(h.formatyear(2024, 4)[:300])
print(h.formatyearpage(2024)[:200])
print(calendar.timegm((2024, 3, 1, 12, 30, 15, 0, 0, 0)), calendar.timegm((1970, 1, 1, 0, 0, 0)), calendar.timegm((1969, 12, 31, 23, 59, 59)))
import time
print(calendar.timegm(time.gmtime(1700000000)))
print(calendar.formatstring(['a', 'bb', 'ccc'], 5, 2) + '|')
for bad in [(lambda: calendar.monthrange(2024, 13)), (lambda: calendar.setfirstweekday(7)),
            (lambda: calendar.month(2024, 0)), (lambda: calendar.weekday(2024, 2, 30))]:
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__, e, isinstance(e, calendar.error))
e = calendar.IllegalMonthError(14)
print(e.month, str(e), calendar.IllegalWeekdayError(-1))
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    print(calendar.January, calendar.February, w[0].category.__name__, str(w[0].message))
try:
    calendar.March
except AttributeError as e:
    print(e)
print(sorted(calendar.__all__)[:8], len(calendar.__all__))
