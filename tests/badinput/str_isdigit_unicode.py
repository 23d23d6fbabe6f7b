# badinput: str isdigit unicode (issue 31 sweep)
# expect-exit: 0
# expect-stdout: True False True 3 1.5
print('²'.isdigit(), '²'.isdecimal(), '٣'.isdecimal(), int('٣'), float('١.٥'))
