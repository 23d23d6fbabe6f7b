# badinput: %-format with a precision of 10**6 writes every digit (a huge precision came out empty)
# expect-exit: 0
# expect-stdout: 1000002 000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
print(len("%.*f" % (10**6, 1.0)), ("%.*f" % (10**6, 1e-300))[-200:-110])
