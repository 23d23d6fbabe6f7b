# badinput: RecursionError unwinding a thousand frames, caught, then again uncaught
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def down(n, acc):
    return down(n + 1, acc + [n])
try:
    down(0, [])
except RecursionError as e:
    print("caught", len(str(e)) > 0)
down(0, [])
