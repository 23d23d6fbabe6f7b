# time.strptime, timezone/tzname presence, *_ns clocks
import time
t = time.strptime("2023-07-04 10:20:30", "%Y-%m-%d %H:%M:%S")
print(t, t.tm_yday, time.strftime("%Y/%m/%d", t))
print(time.strptime("Tue Jul  4 10:20:30 2023"))
print(isinstance(time.timezone, int), len(time.tzname), time.perf_counter_ns() > 0)
