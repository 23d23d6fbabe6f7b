# badinput: ranges at the int64 edges: lengths, indexing and membership without overflow
# expect-exit: 0
# expect-stdout: 4 4611686018427387904 -4611686018427387904 True True False 4
r = range(-2**63, 2**63 - 1, 2**62)
print(len(r), r[-1], r[1], 2**62 in r, -2**63 in r, (2**63 - 1) in r, len(range(0, 2**62, 2**60)))
