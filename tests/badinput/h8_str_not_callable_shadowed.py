# badinput: str shadowed by a variable
# expect-exit: 1
# expect-stderr: TypeError: 'str' object is not callable
str = 'hello'
str(5)
