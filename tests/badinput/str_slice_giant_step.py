# badinput: str slice giant step (issue 31 sweep)
# expect-exit: 0
# expect-stdout: f  a
print('abcdef'[::-(2**63)], 'abcdef'[2**63:], 'abcdef'[-2**63::2**62])
