# badinput: a datetime field mutated past C int (hour 9 -> 1 << 62): CPython's C datetime parses the fields as C ints, OverflowError, not the field's ValueError (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: OverflowError: signed integer is greater than maximum
import datetime
print(datetime.datetime(2024, 1, 1, 1 << 62))
