# badinput: closures bind late
# expect-exit: 2
# expect-stdout: [2, 2, 2]
fs = [lambda: i for i in range(3)]
print([f() for f in fs])
raise SystemExit([f() for f in fs][0])
