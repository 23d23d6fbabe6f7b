# badinput: round() with ndigits far beyond int64 (CPython clamps it): no error
# expect-exit: 0
# expect-stdout: 1.5 0.0 -0.0
print(round(1.5, 2**64), round(1.5, -2**70), round(-1.5, -2**63))
