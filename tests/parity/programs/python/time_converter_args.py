# time.gmtime / localtime / ctime take None, a float (rounded down) or an integer (__index__), as
# CPython's _PyTime_ObjectToTime_t converts them, and name the type of anything else.
import time


class Seconds:
    def __index__(self):
        return 90061


for bad in (object(), 'x', [1]):
    try:
        time.gmtime(bad)
    except TypeError as e:
        print('TypeError:', e)
print(time.gmtime(86400.9).tm_mday, time.gmtime(-0.5).tm_year, time.gmtime(True).tm_sec)
print(time.gmtime(Seconds()).tm_hour, time.ctime(0.9) == time.ctime(0), time.localtime(None).tm_year > 2000)
