# badinput: UnicodeDecodeError made with one argument
# expect-exit: 1
# expect-stderr: TypeError: function takes exactly 5 arguments (1 given)
raise UnicodeDecodeError("bad bytes")
