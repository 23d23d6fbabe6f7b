# badinput: datetime bad month
# expect-exit: 1
# expect-stderr: ValueError: month must be in 1..12
import datetime
datetime.date(2020, 13, 1)
