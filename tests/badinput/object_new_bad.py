# badinput: object new bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: object.__new__(int) is not safe, use int.__new__()
object.__new__(int)
