# badinput: ExitStack callback raising
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
import contextlib
with contextlib.ExitStack() as s:
    s.callback(lambda: 1/0)
