# badinput: datetime.fromtimestamp(1e17): within time_t, but the year does not fit the C library's tm (EOVERFLOW)
# expect-exit: 1
# expect-stderr: OSError: [Errno 75] Value too large for defined data type
import datetime
print(datetime.datetime.fromtimestamp(1e17))
