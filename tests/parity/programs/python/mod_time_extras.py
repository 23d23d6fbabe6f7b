# time: struct_time from gmtime, strftime/asctime on fixed times, mktime round trips.
import time

t = time.gmtime(0)
print(t)
print(t.tm_year, t.tm_mon, t.tm_mday, t.tm_wday, t.tm_yday, t[0], t[:3], len(t), tuple(t)[3:6])
t2 = time.gmtime(1700000000)
print(t2)
print(time.strftime("%Y-%m-%d %H:%M:%S", t2), time.strftime("%a %A %b %B %j %p %y %%", t2))
print(time.asctime(t2), time.asctime(time.gmtime(86400 * 5)))
print(time.strftime("%d/%m/%Y", (2024, 2, 29, 13, 5, 9, 3, 60, 0)))
now = time.time()
print(abs(time.mktime(time.localtime(now)) - int(now)) < 1.0, type(time.localtime()).__name__)
print(type(time.monotonic_ns()).__name__, time.monotonic_ns() > 0, type(time.ctime()).__name__)
print(isinstance(time.gmtime(), tuple), time.gmtime(3600.9).tm_hour)
