# badinput: exec() of bytes holding a NUL
# expect-exit: 1
# expect-stderr: SyntaxError: source code string cannot contain null bytes
exec(b"print(1)\0")
