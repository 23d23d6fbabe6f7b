# badinput: round(2**63 - 1, -1) passes INT64_MAX (it wrapped to a negative number)
# expect-exit: 0
# expect-stdout: 9223372036854775810 10000000000000000000 -20 -40
print(round(2**63 - 1, -1), round(9 * 10**18, -19), round(-25, -1), round(-35, -1))
