# time, the parts in Kiln's Python (the native factory in engine/vm/stdlib.cpp and host_sys.cpp
# runs first: time, perf_counter, monotonic, sleep, localtime, gmtime, mktime, strftime, ...):
# strptime (the C-locale directives datetime.strptime takes), timezone/altzone/daylight/tzname
# from the host's local time rules, monotonic_ns/perf_counter_ns/process_time_ns where missing.


def strptime(string, format="%a %b %d %H:%M:%S %Y"):
    import datetime as _dt
    d = _dt.datetime.strptime(string, format)
    return struct_time((d.year, d.month, d.day, d.hour, d.minute, d.second, d.weekday(),
                        d.timetuple()[7], -1))


def _zone_info():
    off = int(mktime(gmtime(0)))
    jan = localtime(mktime((2021, 1, 1, 12, 0, 0, 0, 1, -1)))
    jul = localtime(mktime((2021, 7, 1, 12, 0, 0, 0, 182, -1)))
    dst = 1 if (jan[8] > 0 or jul[8] > 0) else 0
    name = strftime('%Z', localtime(0)) or ('UTC' if off == 0 else '')
    return off, dst, name


timezone, daylight, _name = _zone_info()
altzone = timezone - 3600 if daylight else timezone
tzname = (_name, _name)
del _name

if 'monotonic_ns' not in globals():
    def monotonic_ns():
        return int(monotonic() * 1e9)

if 'perf_counter_ns' not in globals():
    def perf_counter_ns():
        return int(perf_counter() * 1e9)

if 'process_time_ns' not in globals():
    def process_time_ns():
        return int(process_time() * 1e9)

if 'thread_time' not in globals():
    def thread_time():
        return process_time()


# get_clock_info(name): what CPython 3.12 on Linux reports for each clock (Kiln reads the same
# clock_gettime clocks natively; the browser build's clocks stand in for them)
_CLOCKS = {
    'monotonic': ('clock_gettime(CLOCK_MONOTONIC)', True, False),
    'perf_counter': ('clock_gettime(CLOCK_MONOTONIC)', True, False),
    'process_time': ('clock_gettime(CLOCK_PROCESS_CPUTIME_ID)', True, False),
    'thread_time': ('clock_gettime(CLOCK_THREAD_CPUTIME_ID)', True, False),
    'time': ('clock_gettime(CLOCK_REALTIME)', False, True),
}


def get_clock_info(name):
    import types
    if not isinstance(name, str):
        raise TypeError('get_clock_info() argument 1 must be str, not %s' % type(name).__name__)
    if name not in _CLOCKS:
        raise ValueError('unknown clock')
    implementation, monotonic_, adjustable = _CLOCKS[name]
    return types.SimpleNamespace(implementation=implementation, monotonic=monotonic_, adjustable=adjustable,
                                 resolution=1e-09)
