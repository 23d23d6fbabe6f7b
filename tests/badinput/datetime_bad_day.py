# badinput: datetime with a day past the month's end
# expect-exit: 1
# expect-stderr: ValueError: day is out of range for month
import datetime
datetime.date(2023, 2, 29)
