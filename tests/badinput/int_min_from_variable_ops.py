# badinput: INT64_MIN built at run time, then //, %, divmod, pow and shifts
# expect-exit: 0
# expect-stdout: 9223372036854775808 0 9223372036854775808 -1 -18446744073709551616 9223372036854775807
x = int("-9223372036854775808")
y = -1
print(x // y, x % y, x ** 1 // y, x >> 63, x << 1, ~x)
